#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <limits>

#include "mapping/maestro_file.hpp"
#include "util/file_names.hpp"
#include "util/integer_math.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"
#include "workload/model.hpp"
#include "workload/llm_model.hpp"
#include "workload/onnx_import.hpp"
#include "util/data_paths.hpp"
#include "util/json_text.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
    if (s.size() < suffix.size()) return false;
    std::string tail = s.substr(s.size() - suffix.size());
    std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
    return tail == suffix;
}

const JsonObjectSchema kModelFields{"model", {"format", "version", "name", "description", "source", "llm", "not_mapped", "layers"}};
const JsonObjectSchema kLlmFields{"model.llm", {"config", "phase", "batch", "prompt", "context", "precision", "attended", "kv_cache_layers"}};
const JsonObjectSchema kUnmappedFields{"model.not_mapped[]", {"op", "reason", "count", "operations"}};
// A layer's own fields; its dimensions (N, G, M, K, C, R, S, Y, X, Y', X') come from dimension.hpp.
const JsonObjectSchema kLayerFields = [] {
    JsonObjectSchema s{"model.layers[]", {"name", "type", "stride", "stride_y", "stride_x", "padding", "repeat", "precision", "comment"}};
    for (Dim d : kAllDims) s.fields.emplace_back(dim_name(d));
    return s;
}();

}  // namespace

std::vector<const JsonObjectSchema*> model_schemas() { return {&kModelFields, &kLlmFields, &kLayerFields, &kUnmappedFields}; }

nlohmann::ordered_json layer_to_json(const Layer& l) {
    nlohmann::ordered_json j;
    j["name"] = l.name;
    j["type"] = std::string(layer_type_name(l.type));
    for (Dim d : {Dim::N, Dim::G, Dim::M, Dim::K, Dim::C, Dim::R, Dim::S, Dim::Y, Dim::X, Dim::Yo,
                  Dim::Xo})
        if (l.has(d)) j[std::string(dim_name(d))] = l.size(d);
    if (is_convolution_like(l.type)) {
        if (l.stride(Dim::Y) == l.stride(Dim::X)) {
            j["stride"] = l.stride(Dim::Y);
        } else {
            j["stride_y"] = l.stride(Dim::Y);
            j["stride_x"] = l.stride(Dim::X);
        }
    }
    if (l.padding != std::array<std::int64_t, 4>{}) j["padding"] = l.padding;
    if (l.repeat_count != 1) j["repeat"] = l.repeat_count;
    if (l.precision.specified()) j["precision"] = precision_text(l.precision);
    return j;
}

nlohmann::ordered_json model_to_json(const Model& m) {
    nlohmann::ordered_json j;
    j["format"] = "mapscape-model";
    j["version"] = 1;
    j["name"] = m.name;
    if (!m.description.empty()) j["description"] = m.description;
    if (!m.source.empty()) j["source"] = m.source;
    if (m.llm) {
        const LlmWorkload& w = *m.llm;
        nlohmann::ordered_json l;
        l["config"] = w.config;
        l["phase"] = std::string(llm_phase_name(w.request.phase));
        l["batch"] = w.request.batch;
        if (w.request.phase == LlmPhase::Prefill)
            l["prompt"] = w.request.prompt;
        else
            l["context"] = w.request.context;
        if (w.request.precision.specified()) l["precision"] = precision_text(w.request.precision);
        l["attended"] = w.attended_tokens;
        l["kv_cache_layers"] = w.kv_cache_layers;
        j["llm"] = std::move(l);
    }
    if (!m.unmapped.empty()) {
        j["not_mapped"] = nlohmann::ordered_json::array();
        for (const UnmappedOperator& u : m.unmapped) {
            nlohmann::ordered_json o;
            o["op"] = u.op_type;
            if (!u.reason.empty()) o["reason"] = u.reason;
            o["count"] = u.count;
            o["operations"] = u.operations;
            j["not_mapped"].push_back(std::move(o));
        }
    }
    j["layers"] = nlohmann::ordered_json::array();
    for (const auto& l : m.layers) j["layers"].push_back(layer_to_json(l));
    return j;
}

std::string model_to_json_text(const Model& m) {
    nlohmann::ordered_json header = model_to_json(m);
    header.erase("layers");
    nlohmann::ordered_json unmapped = header.contains("not_mapped") ? header["not_mapped"] : nlohmann::ordered_json();
    header.erase("not_mapped");
    nlohmann::ordered_json llm = header.contains("llm") ? header["llm"] : nlohmann::ordered_json();
    header.erase("llm");
    std::string text = json_text(header, 2);
    text.pop_back();  // the closing brace
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    // One line per entry of the lists, with spaces after separators (they read better so).
    auto one_line = [](const nlohmann::ordered_json& value) {
        std::string spaced;
        bool in_string = false;
        bool escaped = false;
        for (char c : json_text(value)) {
            spaced += c;
            if (in_string) {
                if (escaped) escaped = false;
                else if (c == '\\') escaped = true;
                else if (c == '"') in_string = false;
                continue;
            }
            if (c == '"') in_string = true;
            else if (c == ',' || c == ':') spaced += ' ';
        }
        return spaced;
    };
    if (!llm.is_null()) text += ",\n  \"llm\": " + one_line(llm);
    if (!unmapped.is_null()) {
        text += ",\n  \"not_mapped\": [\n";
        for (std::size_t i = 0; i < unmapped.size(); ++i)
            text += "    " + one_line(unmapped[i]) + (i + 1 < unmapped.size() ? ",\n" : "\n");
        text += "  ]";
    }
    text += ",\n  \"layers\": [\n";
    for (std::size_t i = 0; i < m.layers.size(); ++i)
        text += "    " + one_line(layer_to_json(m.layers[i])) + (i + 1 < m.layers.size() ? ",\n" : "\n");
    text += "  ]\n}\n";
    return text;
}

Layer layer_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& ptr) {
    if (!v.is_object()) doc.fail(ptr, "a layer must be a JSON object");
    doc.check_fields(v, ptr, kLayerFields);
    Layer l;
    l.name = doc.string_or(v, ptr, "name", "");
    const std::string type = doc.string(v, ptr, "type");
    auto t = parse_layer_type(type);
    if (!t) doc.fail(json_child(ptr, "type"), "unknown layer type \"" + type +
                                                  "\" (expected CONV, DSCONV, NGCONV, TRCONV, GEMM or FC)");
    l.type = *t;
    for (Dim d : kAllDims) {
        const std::string key(dim_name(d));
        if (v.contains(key)) l.set(d, doc.integer(v, ptr, key, 1, kIntMax));
    }
    if (!is_convolution_like(l.type))
        for (const char* key : {"stride", "stride_y", "stride_x"})
            if (v.contains(key))
                doc.fail(json_child(ptr, key), "\"" + std::string(key) + "\" does not belong to a " + type +
                                                   " layer (only convolutions slide with a stride)");
    const std::int64_t stride = doc.integer_or(v, ptr, "stride", 1, 1, kIntMax);
    l.set_stride(Dim::Y, doc.integer_or(v, ptr, "stride_y", stride, 1, kIntMax));
    l.set_stride(Dim::X, doc.integer_or(v, ptr, "stride_x", stride, 1, kIntMax));
    if (v.contains("padding")) {
        // [rows before, rows after, columns before, columns after], inside Y and X.
        const std::string pp = json_child(ptr, "padding");
        if (!is_convolution_like(l.type)) doc.fail(pp, "\"padding\" does not belong to a " + type + " layer");
        const auto& pad = doc.array(v, ptr, "padding");
        if (pad.size() != 4) doc.fail(pp, "\"padding\" must list 4 numbers: rows before, rows after, columns before, columns after");
        for (std::size_t i = 0; i < 4; ++i) {
            if (!pad[i].is_number_integer() || pad[i].get<std::int64_t>() < 0 || pad[i].get<std::int64_t>() > kIntMax)
                doc.fail(json_child(pp, i), "padding must be a whole number of rows or columns, 0 or more");
            l.padding[i] = pad[i].get<std::int64_t>();
        }
    }
    l.repeat_count = doc.integer_or(v, ptr, "repeat", 1, 1, kIntMax);  // files before repeat counts: 1
    if (v.contains("precision")) {
        const std::string text = doc.string(v, ptr, "precision");
        if (std::string why = parse_precision(text, l.precision); !why.empty()) doc.fail(json_child(ptr, "precision"), why);
    }
    if (std::string p = layer_problem(l); !p.empty())
        doc.fail(ptr, "layer " + (l.name.empty() ? std::string("(unnamed)") : "\"" + l.name + "\"") + ": " + p);
    return l;
}

namespace {

LlmWorkload llm_workload_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& ptr) {
    doc.check_fields(v, ptr, kLlmFields);
    LlmWorkload w;
    w.config = doc.string(v, ptr, "config");
    const std::string phase = doc.string(v, ptr, "phase");
    const auto parsed = parse_llm_phase(phase);
    if (!parsed) doc.fail(json_child(ptr, "phase"), "phase \"" + phase + "\" is neither prefill nor decode");
    w.request.phase = *parsed;
    w.request.batch = doc.integer(v, ptr, "batch", 1, 65536);
    if (w.request.phase == LlmPhase::Prefill) {
        w.request.prompt = doc.integer(v, ptr, "prompt", 1, kIntMax);
        w.request.context = w.request.prompt;
    } else {
        w.request.context = doc.integer(v, ptr, "context", 1, kIntMax);
    }
    if (v.contains("precision")) {
        const std::string text = doc.string(v, ptr, "precision");
        if (std::string why = parse_precision(text, w.request.precision); !why.empty()) doc.fail(json_child(ptr, "precision"), why);
    }
    w.attended_tokens = doc.integer(v, ptr, "attended", 1, kIntMax);
    const auto& names = doc.array(v, ptr, "kv_cache_layers");
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!names[i].is_string()) doc.fail(json_child(json_child(ptr, "kv_cache_layers"), i), "a layer name (a string)");
        w.kv_cache_layers.push_back(names[i].get<std::string>());
    }
    return w;
}

}  // namespace

Model model_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& pointer) {
    if (!v.is_object()) doc.fail(pointer, "a model must be a JSON object with \"layers\"");
    doc.check_fields(v, pointer, kModelFields);
    doc.check_format("mapscape-model", 1, "model", pointer);
    Model m;
    m.name = doc.string_or(v, pointer, "name", std::filesystem::path(doc.file()).stem().string());
    m.description = doc.string_or(v, pointer, "description", "");
    m.source = doc.string_or(v, pointer, "source", "");
    if (v.contains("llm")) m.llm = llm_workload_from_json(doc, doc.object(v, pointer, "llm"), json_child(pointer, "llm"));
    if (v.contains("not_mapped")) {
        const auto& unmapped = doc.array(v, pointer, "not_mapped");
        const std::string unmapped_ptr = json_child(pointer, "not_mapped");
        for (std::size_t i = 0; i < unmapped.size(); ++i) {
            const std::string p = json_child(unmapped_ptr, i);
            if (!unmapped[i].is_object()) doc.fail(p, "each entry of not_mapped must be an object with \"op\"");
            doc.check_fields(unmapped[i], p, kUnmappedFields);
            UnmappedOperator u;
            u.op_type = doc.string(unmapped[i], p, "op");
            u.reason = doc.string_or(unmapped[i], p, "reason", "");
            u.count = doc.integer_or(unmapped[i], p, "count", 1, 1, std::numeric_limits<std::int64_t>::max());
            u.operations = doc.integer_or(unmapped[i], p, "operations", 0, 0, std::numeric_limits<std::int64_t>::max());
            m.unmapped.push_back(std::move(u));
        }
    }
    const auto& layers = doc.array(v, pointer, "layers");
    const std::string layers_ptr = json_child(pointer, "layers");
    if (layers.empty()) doc.fail(layers_ptr, "the model has no layers");
    for (std::size_t i = 0; i < layers.size(); ++i) {
        Layer l = layer_from_json(doc, layers[i], json_child(layers_ptr, i));
        if (l.name.empty()) l.name = "layer" + std::to_string(i + 1);
        m.layers.push_back(std::move(l));
    }
    return m;
}

Model parse_model_json(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    return model_from_json(doc, doc.root(), "");
}

Model parse_gamma_csv(std::string_view text, const std::string& file_name) {
    Model m;
    m.name = std::filesystem::path(file_name).stem().string();
    m.source = "GAMMA layer table " + std::filesystem::path(file_name).filename().string();
    int line_no = 0;
    std::size_t pos = 0;
    bool header = true;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) {
            if (end >= text.size()) break;
            continue;
        }
        if (header) {  // GAMMA's first row names the columns, which are read by position
            header = false;
            std::string names;
            for (char c : line)
                if (c != ' ' && c != '\t') names += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            // GAMMA's tables: convolutions, and its GEMM and FC tables (the same positions).
            if (names != "K,C,Y,X,R,S,T" && names != "M,N,K,0,0,0,T" && names != "O,I,0,0,0,0,T")
                throw InputError({file_name, line_no, 1},
                                 "the first row must be GAMMA's header K,C,Y,X,R,S,T (columns are read by position, not by "
                                 "name; M,N,K,0,0,0,T and O,I,0,0,0,0,T are taken too), found \"" + std::string(line) + "\"");
            continue;
        }
        std::int64_t v[7];
        int count = 0;
        std::size_t field_start = 0;
        SourceLocation type_at{file_name, line_no, 1};  // where the T column starts
        for (std::size_t i = 0; i <= line.size(); ++i) {
            if (i < line.size() && line[i] != ',') continue;
            std::string_view field = line.substr(field_start, i - field_start);
            while (!field.empty() && (field.front() == ' ' || field.front() == '\t')) field.remove_prefix(1);
            while (!field.empty() && (field.back() == ' ' || field.back() == '\t')) field.remove_suffix(1);
            const SourceLocation at{file_name, line_no, static_cast<int>(field_start) + 1};
            if (count >= 7) throw InputError(at, "more than 7 columns (expected K,C,Y,X,R,S,T)");
            std::int64_t x = 0;
            auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), x);
            if (ec != std::errc() || p != field.data() + field.size() || x < 0 || x > kIntMax)
                throw InputError(at, "expected a whole number, found '" + std::string(field) + "'");
            if (count == 6) type_at = at;
            v[count++] = x;
            field_start = i + 1;
        }
        const SourceLocation row{file_name, line_no, 1};
        if (count != 7)
            throw InputError(row, "expected 7 columns K,C,Y,X,R,S,T, found " + std::to_string(count));
        const std::string name = "layer" + std::to_string(m.layers.size() + 1);
        Layer l;
        switch (v[6]) {
            case 0: l = Layer::fully_connected(name, v[0], v[1]); break;
            case 1: l = Layer::conv(name, v[0], v[1], v[4], v[5], v[2], v[3]); break;
            case 2: l = Layer::depthwise(name, v[1], v[4], v[5], v[2], v[3]); break;
            case 3: l = Layer::gemm(name, v[0], v[1], v[2]); break;
            default:
                throw InputError(type_at,
                                 "unknown layer type code T = " + std::to_string(v[6]) +
                                     " (0 FC, 1 CONV, 2 depthwise CONV, 3 GEMM)");
        }
        if (std::string p = layer_problem(l); !p.empty()) throw InputError(row, p);
        m.layers.push_back(std::move(l));
    }
    if (m.layers.empty()) throw InputError({file_name, std::max(line_no, 1), 1}, "the table has no layer rows");
    return m;
}

Model load_model_file(const std::string& path) {
    if (ends_with(path, ".json")) return parse_model_json(read_text_file(path), path);
    if (ends_with(path, ".csv")) return parse_gamma_csv(read_text_file(path), path);
    if (ends_with(path, ".m")) {
        const MaestroNetwork net = read_maestro_file(path);
        Model m;
        m.name = net.name.empty() ? std::filesystem::path(path).stem().string() : net.name;
        m.source = "MAESTRO network file " + std::filesystem::path(path).filename().string();
        for (const auto& e : net.layers) m.layers.push_back(e.layer);
        return m;
    }
    if (ends_with(path, ".onnx")) return import_onnx_model(path);
    throw InputError({path, 0, 0}, "unknown model file type (expected .json, .csv, .m or .onnx)");
}

Model merge_identical_layers(const Model& model) {
    Model out = model;
    out.layers.clear();
    for (const Layer& l : model.layers) {
        // Layers of one shape at different precisions (a quantized graph's float first layer) cost
        // differently: they stay apart.
        auto same = std::find_if(out.layers.begin(), out.layers.end(),
                                 [&](const Layer& kept) { return same_shape(kept, l) && kept.precision == l.precision; });
        if (same == out.layers.end())
            out.layers.push_back(l);
        else
            same->repeat_count += l.repeat_count;
    }
    return out;
}

std::string models_directory() {
    if (const char* env = std::getenv("MAPSCAPE_MODELS_DIR"); env && *env) return env;
    return data_directory() + "/models";
}

std::vector<std::string> bundled_model_names() {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(models_directory(), ec)) {
        if (entry.path().extension() != ".json") continue;
        const std::string stem = entry.path().stem().string();
        if (stem.rfind("mix_", 0) == 0) continue;  // job mixes, not models
        names.push_back(stem);
    }
    std::sort(names.begin(), names.end());
    return names;
}

Model load_bundled_model(const std::string& name) {
    const std::string path = models_directory() + "/" + name + ".json";
    if (!path_exists(path)) {
        std::string known;
        for (const auto& n : bundled_model_names()) known += (known.empty() ? "" : ", ") + n;
        throw InputError({name, 0, 0}, "no bundled model called \"" + name + "\"" +
                                           did_you_mean(name, bundled_model_names()) + " (known: " + known + ")");
    }
    return load_model_file(path);
}

Model load_model(const std::string& name_or_path) {
    if (is_llm_reference(name_or_path)) return load_llm_reference(name_or_path);
    if (path_exists(name_or_path) && !is_directory_path(name_or_path))
        return load_model_file(name_or_path);
    // Bundled names have neither a directory nor an extension: "nothere.m" is a file that is
    // missing ("cannot open"), not a model name nobody bundled.
    if (name_or_path.find('/') != std::string::npos || std::filesystem::path(name_or_path).has_extension())
        return load_model_file(name_or_path);
    return load_bundled_model(name_or_path);
}

}  // namespace mapscape
