// Writer for MAESTRO network + dataflow files.
#include <sstream>

#include "mapping/maestro_file.hpp"

namespace mapscape {

std::string maestro_safe_name(std::string_view name) {
    std::string out;
    for (char c : name) {
        switch (c) {
            case ' ': case '\t': case '\r': case '\n': case ',': case '-': case '>': case '(':
            case ')': case ':': case ';': case '{': case '}':
                out += '_';
                break;
            default:
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
        os << "\tLayer " << maestro_safe_name(layer.name) << " {\n";
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
