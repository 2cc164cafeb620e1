#include "sweep/sweep_spec.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <set>

#include "arch/presets.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"
#include "workload/layer_selection.hpp"

namespace mapscape {

namespace {

constexpr std::int64_t kMaxRuns = 10'000'000;  // beyond this a spec is almost surely a mistake

const std::set<std::string> kKnownFields = {"format", "version", "name", "kind", "models", "accelerators",
                                            "systems", "algorithms", "objectives", "budgets", "seeds",
                                            "gamma_population", "maestro_as_is"};

bool looks_like_path(const std::string& name) {
    return name.find('/') != std::string::npos || name.ends_with(".json") || name.ends_with(".csv") ||
           name.ends_with(".m");
}

// A relative path in a spec is relative to the spec's directory.
std::string resolve_path(const std::string& name, const std::string& base_directory) {
    if (!looks_like_path(name) || base_directory.empty()) return name;
    const std::filesystem::path p(name);
    return p.is_absolute() ? name : (std::filesystem::path(base_directory) / p).lexically_normal().string();
}

class SpecReader {
public:
    SpecReader(const JsonDocument& doc, std::string base_directory)
        : doc_(doc), root_(doc.root()), base_(std::move(base_directory)) {}

    SweepSpec read() {
        if (!root_.is_object()) doc_.fail("", "a sweep spec must be a JSON object");
        doc_.check_format("mapscape-sweep", kSweepSpecFormatVersion, "sweep spec");
        for (const auto& [key, value] : root_.items())
            if (!kKnownFields.contains(key)) unknown_field(key);
        SweepSpec s;
        s.file = doc_.file();
        s.name = doc_.string_or(root_, "", "name", std::filesystem::path(doc_.file()).stem().string());
        s.kind = kind();
        s.gamma_population = static_cast<int>(doc_.integer_or(root_, "", "gamma_population", 200, 2, 100000));
        if (root_.contains("maestro_as_is")) {
            if (!root_["maestro_as_is"].is_boolean()) doc_.fail("/maestro_as_is", "\"maestro_as_is\" must be true or false");
            s.maestro_as_is = root_["maestro_as_is"].get<bool>();
        }
        s.models = models();
        s.accelerators = accelerators();
        s.systems = string_axis<TargetSystem>("systems", {"S2"}, [](const std::string& t) { return parse_system(t); },
                                              "a target system: S1, S2 or S3",
                                              [](TargetSystem x) { return std::string(system_name(x)); });
        s.algorithms = algorithms(s.gamma_population);
        s.objectives = string_axis<Objective>(
            "objectives", {"latency"}, [](const std::string& t) { return parse_objective(t); },
            "an objective: latency, energy, power, edp, area, lap, or a product such as latency*energy^2",
            [](const Objective& o) { return o.name(); });
        s.budgets = integer_axis("budgets", {10000}, 1, std::numeric_limits<std::int32_t>::max());
        for (std::int64_t seed : integer_axis("seeds", {1}, 0, std::numeric_limits<std::int64_t>::max()))
            s.seeds.push_back(static_cast<std::uint64_t>(seed));
        const double runs = static_cast<double>(s.models.size()) * static_cast<double>(s.accelerators.size()) *
                            static_cast<double>(s.systems.size()) * static_cast<double>(s.algorithms.size()) *
                            static_cast<double>(s.objectives.size()) * static_cast<double>(s.budgets.size()) *
                            static_cast<double>(s.seeds.size());
        if (runs > static_cast<double>(kMaxRuns))
            doc_.fail("", "the spec's axes make " + std::to_string(static_cast<long long>(runs)) + " runs, more than " +
                              std::to_string(kMaxRuns) + "; split the study into several specs");
        return s;
    }

private:
    [[noreturn]] void unknown_field(const std::string& key) const {
        std::string hint;
        for (const std::string& known : kKnownFields)
            if (known.starts_with(key) || key.starts_with(known)) hint = " (did you mean \"" + known + "\"?)";
        if (key == "area_budgets_mm2")
            doc_.fail(json_child("", key), "\"area_budgets_mm2\" is an axis of co-design sweeps, which this build cannot run");
        doc_.fail(json_child("", key), "unknown field \"" + key + "\"" + hint);
    }

    RunKind kind() const {
        const std::string k = doc_.string_or(root_, "", "kind", "search");
        if (k == "search") return RunKind::Search;
        if (k == "codesign")
            doc_.fail("/kind", "run kind \"codesign\" (searching the accelerator under an area budget) is not available in "
                               "this build; only \"search\" is");
        doc_.fail("/kind", "unknown run kind \"" + k + "\" (this build runs \"search\")");
    }

    // The array at `key` (required unless `fallback` is given), each entry checked to be unique.
    const nlohmann::json* axis(const std::string& key, bool required) const {
        if (!root_.contains(key)) {
            if (required) doc_.fail("", "missing field \"" + key + "\" (a list)");
            return nullptr;
        }
        const auto& v = root_[key];
        if (!v.is_array()) doc_.fail(json_child("", key), "\"" + key + "\" must be a list");
        if (v.empty()) doc_.fail(json_child("", key), "\"" + key + "\" must list at least one value");
        return &v;
    }

    void check_unique(std::vector<std::string>& seen, const std::string& value, const std::string& pointer,
                      const std::string& key) const {
        if (std::find(seen.begin(), seen.end(), value) != seen.end())
            doc_.fail(pointer, "\"" + value + "\" appears twice in \"" + key + "\" (its runs would be the same runs)");
        seen.push_back(value);
    }

    std::vector<SweepModel> models() const {
        std::vector<SweepModel> out;
        std::vector<std::string> seen;
        const auto& list = *axis("models", true);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string p = json_child("/models", i);
            SweepModel m;
            std::string where = p;
            if (list[i].is_string()) {
                m.name = list[i].get<std::string>();
            } else if (list[i].is_object()) {
                for (const auto& [key, value] : list[i].items())
                    if (key != "model" && key != "layers")
                        doc_.fail(json_child(p, key), "unknown field \"" + key + "\" (a model entry has \"model\" and \"layers\")");
                m.name = doc_.string(list[i], p, "model");
                m.layers = doc_.string_or(list[i], p, "layers", "all");
                where = json_child(p, "model");
            } else {
                doc_.fail(p, "a model is a name or a file (a string), or {\"model\": ..., \"layers\": \"1-4\"}");
            }
            try {
                m.model = load_model(resolve_path(m.name, base_));
            } catch (const InputError& e) {
                doc_.fail(where, "cannot load model \"" + m.name + "\": " + e.diagnostic().to_string());
            }
            if (m.model.layers.empty()) doc_.fail(where, "model \"" + m.name + "\" has no layers");
            const std::string selection_at = list[i].is_object() && list[i].contains("layers") ? json_child(p, "layers") : p;
            m.layer_numbers = parse_layer_selection(m.layers, m.model.layers.size(), doc_.location(selection_at));
            check_unique(seen, m.name + " layers " + m.layers, p, "models");
            out.push_back(std::move(m));
        }
        return out;
    }

    std::vector<SweepAccelerator> accelerators() const {
        std::vector<SweepAccelerator> out;
        std::vector<std::string> seen;
        const auto& list = *axis("accelerators", true);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string p = json_child("/accelerators", i);
            if (!list[i].is_string()) doc_.fail(p, "an accelerator is a preset id or a file (a string)");
            SweepAccelerator a;
            a.name = list[i].get<std::string>();
            try {
                a.accelerator = load_platform(resolve_path(a.name, base_));
            } catch (const InputError& e) {
                doc_.fail(p, "cannot load accelerator \"" + a.name + "\": " + e.diagnostic().to_string());
            }
            check_unique(seen, a.name, p, "accelerators");
            out.push_back(std::move(a));
        }
        return out;
    }

    std::vector<SweepAlgorithm> algorithms(int population) const {
        std::vector<SweepAlgorithm> out;
        std::vector<std::string> seen;
        const auto& list = *axis("algorithms", true);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string p = json_child("/algorithms", i);
            if (!list[i].is_string()) doc_.fail(p, "an algorithm is a name (a string)");
            const std::string name = list[i].get<std::string>();
            auto a = parse_algorithm(name);
            if (!a) {
                std::string known;
                for (const auto& n : algorithm_names()) known += (known.empty() ? "" : ", ") + n;
                doc_.fail(p, "unknown algorithm \"" + name + "\" (known: " + known + ")");
            }
            a->gamma.population = population;
            check_unique(seen, a->name(), p, "algorithms");
            out.push_back({a->name(), *a});
        }
        return out;
    }

    template <class T, class Parse, class Name>
    std::vector<T> string_axis(const std::string& key, const std::vector<std::string>& fallback, Parse parse,
                               const std::string& what, Name canonical_name) const {
        std::vector<T> out;
        std::vector<std::string> seen;
        const nlohmann::json* list = axis(key, false);
        if (!list) {
            for (const std::string& v : fallback) out.push_back(*parse(v));
            return out;
        }
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string p = json_child(json_child("", key), i);
            const auto& v = (*list)[i];
            if (!v.is_string()) doc_.fail(p, "each entry of \"" + key + "\" must be " + what);
            const auto parsed = parse(v.get<std::string>());
            if (!parsed) doc_.fail(p, "\"" + v.get<std::string>() + "\" is not " + what);
            check_unique(seen, canonical_name(*parsed), p, key);
            out.push_back(*parsed);
        }
        return out;
    }

    // A list of whole numbers, or a range: {"from": A, "to": B} with "step" (default 1) or
    // "times" (a geometric range: A, A*times, ... up to B).
    std::vector<std::int64_t> integer_axis(const std::string& key, const std::vector<std::int64_t>& fallback,
                                           std::int64_t min, std::int64_t max) const {
        if (!root_.contains(key)) return fallback;
        const std::string p = json_child("", key);
        const auto& v = root_[key];
        std::vector<std::int64_t> out;
        if (v.is_object()) {
            for (const auto& [field, value] : v.items())
                if (field != "from" && field != "to" && field != "step" && field != "times")
                    doc_.fail(json_child(p, field), "unknown field \"" + field + "\" (a range has \"from\", \"to\" and \"step\" or \"times\")");
            const std::int64_t from = doc_.integer(v, p, "from", min, max);
            const std::int64_t to = doc_.integer(v, p, "to", from, max);
            if (v.contains("step") && v.contains("times")) doc_.fail(p, "a range has \"step\" or \"times\", not both");
            if (v.contains("times")) {
                const std::int64_t times = doc_.integer(v, p, "times", 2, 1'000'000);
                if (from == 0) doc_.fail(json_child(p, "from"), "a geometric range cannot start at 0");
                for (std::int64_t x = from;; x *= times) {
                    out.push_back(x);
                    if (x > to / times) break;  // the next one would pass `to` (or overflow)
                }
            } else {
                const std::int64_t step = doc_.integer_or(v, p, "step", 1, 1, std::numeric_limits<std::int64_t>::max());
                if ((to - from) / step >= kMaxRuns) doc_.fail(p, "the range has more than " + std::to_string(kMaxRuns) + " values");
                for (std::int64_t x = from;; x += step) {
                    out.push_back(x);
                    if (x > to - step) break;
                }
            }
            return out;
        }
        if (!v.is_array()) doc_.fail(p, "\"" + key + "\" must be a list of whole numbers or a range {\"from\": A, \"to\": B}");
        if (v.empty()) doc_.fail(p, "\"" + key + "\" must list at least one value");
        std::vector<std::string> seen;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string at = json_child(p, i);
            if (!v[i].is_number_integer() || (v[i].is_number_unsigned() && v[i].get<std::uint64_t>() > static_cast<std::uint64_t>(max)))
                doc_.fail(at, "each entry of \"" + key + "\" must be a whole number in [" + std::to_string(min) + ", " +
                                  std::to_string(max) + "], not " + v[i].dump());
            const std::int64_t x = v[i].get<std::int64_t>();
            if (x < min || x > max)
                doc_.fail(at, v[i].dump() + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
            check_unique(seen, std::to_string(x), at, key);
            out.push_back(x);
        }
        return out;
    }

    const JsonDocument& doc_;
    const nlohmann::json& root_;
    std::string base_;
};

}  // namespace

std::string_view run_kind_name(RunKind kind) {
    switch (kind) {
        case RunKind::Search: return "search";
    }
    return "search";
}

SweepSpec parse_sweep_spec(std::string_view text, const std::string& file_name, const std::string& base_directory) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    return SpecReader(doc, base_directory).read();
}

SweepSpec load_sweep_spec(const std::string& path) {
    return parse_sweep_spec(read_text_file(path), path, std::filesystem::path(path).parent_path().string());
}

}  // namespace mapscape
