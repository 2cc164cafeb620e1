// Writer for MAESTRO network + dataflow files.
#include <algorithm>
#include <sstream>

#include "mapping/maestro_file.hpp"
#include "util/utf8.hpp"

namespace mapscape {

std::string maestro_safe_name(std::string_view name) {
    std::string out;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        const auto b = static_cast<unsigned char>(c);
        switch (c) {
            case ' ': case '\t': case '\r': case '\n': case ',': case '-': case '>': case '(':
            case ')': case ':': case ';': case '{': case '}':
                out += '_';
                continue;
            default:
                break;
        }
        if (b < 0x20 || b == 0x7F) {  // control characters
            out += '_';
        } else if (b >= 0x80) {  // keep well-formed UTF-8 characters whole, replace stray bytes
            if (const std::size_t n = utf8_char_length(name, i); n > 1) {
                out.append(name.substr(i, n));
                i += n - 1;
            } else {
                out += '_';
            }
        } else {
            out += c;
        }
    }
    // A name starting with "//" would be read as a comment.
    if (out.size() >= 2 && out[0] == '/' && out[1] == '/') out[0] = '_';
    if (out.empty()) out = "unnamed";
    return out;
}

std::string write_maestro_text(const std::string& network_name,
                               const std::vector<std::pair<Layer, Mapping>>& layers) {
    std::ostringstream os;
    os << "// Written by Mapscape.\n";
    os << "Network " << maestro_safe_name(network_name) << " {\n";
    for (const auto& [original, mapping] : layers) {
        const Layer layer = original.type == LayerType::FullyConnected ? analysed_form(original) : original;
        const std::string written_name = maestro_safe_name(layer.name);
        if (written_name != layer.name) {
            // MAESTRO cannot hold this name as written; keep it in a comment (control
            // characters, which could end the comment, and bytes that are not UTF-8 as '?').
            std::string readable_name;
            for (std::size_t i = 0; i < layer.name.size();) {
                const std::size_t n = utf8_char_length(layer.name, i);
                const auto b = static_cast<unsigned char>(layer.name[i]);
                readable_name += n == 0 || b < 0x20 || b == 0x7F ? std::string("?") : layer.name.substr(i, n);
                i += std::max<std::size_t>(n, 1);
            }
            os << "\t// Layer name: " << readable_name << "\n";
        }
        os << "\tLayer " << written_name << " {\n";
        os << "\t\tType: " << layer_type_name(layer.type) << "\n";
        if (is_convolution_like(layer.type)) {
            // MAESTRO attaches strides by name; write every non-unit one (and X, Y always).
            os << "\t\tStride { X: " << layer.stride(Dim::X) << ", Y: " << layer.stride(Dim::Y);
            for (Dim d : kAllDims)
                if (d != Dim::X && d != Dim::Y && layer.stride(d) != 1)
                    os << ", " << dim_name(d) << ": " << layer.stride(d);
            os << " }\n";
        }
        os << "\t\tDimensions { ";
        bool first = true;
        const Dim order[] = {Dim::N, Dim::G, Dim::K, Dim::C, Dim::M, Dim::R, Dim::S,
                             Dim::Y, Dim::Yo, Dim::X, Dim::Xo};
        for (Dim d : order) {
            if (!layer.has(d)) continue;
            if (layer.type == LayerType::Gemm && d == Dim::N) continue;  // written after M
            os << (first ? "" : ", ") << dim_name(d) << ": " << layer.size(d);
            first = false;
            if (layer.type == LayerType::Gemm && d == Dim::M && layer.has(Dim::N))
                os << ", N: " << layer.size(Dim::N);
        }
        os << " }\n";
        if (!mapping.directives.empty()) {
            os << "\t\tDataflow {\n";
            for (const auto& d : mapping.directives) os << "\t\t\t" << to_maestro_text(d) << "\n";
            os << "\t\t}\n";
        }
        os << "\t}\n";
    }
    os << "}\n";
    return os.str();
}

}  // namespace mapscape
