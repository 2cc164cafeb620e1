#include "schedule/task_mix.hpp"

#include "workload/llm_model.hpp"
#include "util/file_names.hpp"
#include "util/integer_math.hpp"

#include <algorithm>
#include <filesystem>

#include "util/json_document.hpp"
#include "util/text_file.hpp"
#include "workload/model.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

namespace {

// A fully-connected layer over a mini-batch is a GEMM (batch x inputs) x (inputs x outputs), so
// that dataflows see the batch as rows; GEMMs stack batches along M; convolutions along N.
Layer with_batch(Layer l, std::int64_t batch) {
    if (l.type == LayerType::FullyConnected) {
        const std::int64_t rows = std::max<std::int64_t>(1, l.size(Dim::N)) * batch;
        Layer g = Layer::gemm(l.name, rows, l.size(Dim::K), l.size(Dim::C));
        return g;
    }
    if (batch <= 1) return l;
    if (l.type == LayerType::Gemm)
        l.set(Dim::M, l.size(Dim::M) * batch);
    else
        l.set(Dim::N, std::max<std::int64_t>(1, l.size(Dim::N)) * batch);
    return l;
}

// A relative model file is looked for beside the mix file first (so bundled mixes can name
// tables in models/), then where it is written.
std::string resolve_model(const std::string& model, const std::string& mix_file) {
    if (model.find('/') == std::string::npos && model.find('.') == std::string::npos) return model;  // a bundled name
    const std::filesystem::path p(model);
    if (p.is_relative()) {
        const std::filesystem::path beside = std::filesystem::path(mix_file).parent_path() / p;
        std::error_code ec;
        if (!beside.parent_path().empty() && std::filesystem::is_regular_file(beside, ec)) return beside.string();
    }
    return model;
}

const JsonObjectSchema kMixFields{"mix", {"format", "version", "name", "description", "order", "models"}};
const JsonObjectSchema kMixEntryFields{"mix.models[]", {"model", "llm", "prompt", "decode_steps", "batch", "copies"}};

// An LLM request's layers: its prefill, then each decode step's, named "prefill/q_proj",
// "step3/q_proj"; the model's name is the configuration's.
Model llm_request_model(const MixEntry& e) {
    const LlmConfig config = load_llm_config(e.llm);
    LlmRequest r;
    r.phase = LlmPhase::Prefill;
    r.batch = e.batch;
    r.prompt = e.prompt;
    Model out = build_llm_model(config, r, e.llm);
    for (Layer& l : out.layers) l.name = "prefill/" + l.name;
    for (std::int64_t step = 1; step <= e.decode_steps; ++step) {
        LlmRequest d;
        d.phase = LlmPhase::Decode;
        d.batch = e.batch;
        d.context = e.prompt + step;
        for (Layer l : build_llm_model(config, d, e.llm).layers) {
            l.name = "step" + std::to_string(step) + "/" + l.name;
            out.layers.push_back(std::move(l));
        }
    }
    out.name = config.name;
    out.llm.reset();
    return out;
}

}  // namespace

std::vector<const JsonObjectSchema*> task_mix_schemas() { return {&kMixFields, &kMixEntryFields}; }

std::string Job::label() const { return model + "#" + std::to_string(copy + 1) + "/" + layer.name; }

TaskMix parse_task_mix_json(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    const auto& root = doc.root();
    if (!root.is_object()) doc.fail("", "a task mix file must be a JSON object with \"models\"");
    doc.check_fields(root, "", kMixFields);
    doc.check_format("mapscape-mix", 1, "task mix");
    TaskMix mix;
    mix.name = doc.string_or(root, "", "name", std::filesystem::path(file_name).stem().string());
    mix.description = doc.string_or(root, "", "description", "");
    const std::string order = doc.string_or(root, "", "order", "interleaved");
    if (order != "interleaved" && order != "sequential")
        doc.fail("/order", "unknown job order \"" + order + "\" (interleaved or sequential)");
    mix.sequential = order == "sequential";
    const auto& models = doc.array(root, "", "models");
    if (models.empty()) doc.fail("/models", "the task mix has no models");
    for (std::size_t i = 0; i < models.size(); ++i) {
        const std::string p = json_child("/models", i);
        if (!models[i].is_object()) doc.fail(p, "each entry must be an object with \"model\"");
        doc.check_fields(models[i], p, kMixEntryFields);
        MixEntry e;
        const bool llm = models[i].contains("llm");
        if (llm == models[i].contains("model")) doc.fail(p, "each entry names a \"model\" or an \"llm\" configuration (one of them)");
        if (!llm)
            for (const char* key : {"prompt", "decode_steps"})
                if (models[i].contains(key))
                    doc.fail(json_child(p, key), "\"" + std::string(key) + "\" belongs to an LLM request ({\"llm\": \"gpt2\", ...})");
        e.batch = doc.integer_or(models[i], p, "batch", 1, 1, 1 << 20);
        e.copies = static_cast<int>(doc.integer_or(models[i], p, "copies", 1, 1, 10000));
        if (llm) {
            e.llm = resolve_model(doc.string(models[i], p, "llm"), file_name);
            e.prompt = doc.integer(models[i], p, "prompt", 1, 1 << 20);
            e.decode_steps = doc.integer_or(models[i], p, "decode_steps", 0, 0, 4096);
        } else {
            e.model = resolve_model(doc.string(models[i], p, "model"), file_name);
        }
        // Resolve now, so that a bad model name points at this entry.
        try {
            if (llm)
                (void)llm_request_model(e);
            else
                (void)load_model(e.model);
        } catch (const InputError& err) {
            doc.fail(json_child(p, llm ? "llm" : "model"), err.diagnostic().message);
        }
        mix.entries.push_back(std::move(e));
    }
    return mix;
}

std::vector<std::string> bundled_mix_names() {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& f : std::filesystem::directory_iterator(models_directory(), ec)) {
        const std::string stem = f.path().stem().string();
        if (f.path().extension() == ".json" && stem.rfind("mix_", 0) == 0) names.push_back(stem.substr(4));
    }
    std::sort(names.begin(), names.end());
    return names;
}

TaskMix load_task_mix(const std::string& name_or_path) {
    const std::string bundled = models_directory() + "/mix_" + name_or_path + ".json";
    if (name_or_path.find('/') == std::string::npos && path_exists(bundled))
        return parse_task_mix_json(read_text_file(bundled), bundled);
    if (name_or_path.find('/') == std::string::npos && name_or_path.find('.') == std::string::npos) {
        std::string known;
        for (const auto& n : bundled_mix_names()) known += (known.empty() ? "" : ", ") + n;
        throw InputError({name_or_path, 0, 0}, "no task mix called \"" + name_or_path + "\"" +
                                                   did_you_mean(name_or_path, bundled_mix_names()) + " (bundled: " + known + ")");
    }
    return parse_task_mix_json(read_text_file(name_or_path), name_or_path);
}

std::vector<Job> build_jobs(const TaskMix& mix) {
    struct Instance {
        std::string model;
        int copy;
        std::vector<Layer> layers;
        std::vector<int> layer_numbers;  // in the model (repeats share theirs)
    };
    std::vector<Instance> instances;
    for (const MixEntry& e : mix.entries) {
        const Model m = e.llm.empty() ? load_model(e.model) : llm_request_model(e);
        std::vector<Layer> layers;
        std::vector<int> numbers;
        for (std::size_t i = 0; i < m.layers.size(); ++i) {
            // An LLM request's layers hold its batch already (in their token rows).
            Layer l = e.llm.empty() ? with_batch(m.layers[i], e.batch) : m.layers[i];
            if (l.name.empty()) l.name = "layer" + std::to_string(i + 1);
            // A layer the network runs several times is that many jobs, one after the other.
            const std::int64_t runs = over_runs(l, std::int64_t{1});
            l.repeat_count = 1;
            for (std::int64_t r = 0; r < runs; ++r) {
                layers.push_back(l);
                numbers.push_back(static_cast<int>(i) + 1);
                if (runs > 1) layers.back().name += " [" + std::to_string(r + 1) + "/" + std::to_string(runs) + "]";
            }
        }
        for (int c = 0; c < e.copies; ++c) instances.push_back({m.name, c, layers, numbers});
    }
    std::vector<Job> jobs;
    auto add = [&](const Instance& in, std::size_t k) {
        Job j;
        j.id = static_cast<int>(jobs.size());
        j.model = in.model;
        j.copy = in.copy;
        j.layer_number = in.layer_numbers[k];
        j.layer = in.layers[k];
        j.macs = exact_macs(j.layer);
        jobs.push_back(std::move(j));
    };
    if (mix.sequential) {
        for (const Instance& in : instances)
            for (std::size_t k = 0; k < in.layers.size(); ++k) add(in, k);
        return jobs;
    }
    std::size_t longest = 0;
    for (const Instance& in : instances) longest = std::max(longest, in.layers.size());
    for (std::size_t k = 0; k < longest; ++k)
        for (const Instance& in : instances)
            if (k < in.layers.size()) add(in, k);
    return jobs;
}

std::vector<std::vector<Job>> split_groups(const std::vector<Job>& jobs, int group_size) {
    std::vector<std::vector<Job>> groups;
    const auto size = static_cast<std::size_t>(std::max(1, group_size));
    for (std::size_t i = 0; i < jobs.size(); i += size)
        groups.emplace_back(jobs.begin() + static_cast<std::ptrdiff_t>(i),
                            jobs.begin() + static_cast<std::ptrdiff_t>(std::min(jobs.size(), i + size)));
    return groups;
}

}  // namespace mapscape
