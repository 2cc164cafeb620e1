#include "mapping/dataflow_text.hpp"

#include <algorithm>

#include "mapping/maestro_file.hpp"
#include "util/diagnostic.hpp"

namespace mapscape {

std::string dataflow_text(const Mapping& m) {
    std::string out;
    bool inner = false;
    for (const Directive& d : m.directives) {
        if (d.kind == DirectiveKind::Cluster) inner = true;
        out += (inner && d.kind != DirectiveKind::Cluster ? "  " : "") + to_maestro_text(d) + "\n";
    }
    return out;
}

Mapping parse_dataflow_text(std::string_view text, const Layer& layer, const std::string& source) {
    // Put the directives into a one-layer network and read that; the header's lines are
    // subtracted from the positions of errors.
    Layer named = layer;
    named.name = "L";
    std::string network = write_maestro_text("N", {{named, Mapping{}}});
    const std::size_t close = network.rfind("\t}\n");  // end of the layer block
    const std::string head = network.substr(0, close) + "\t\tDataflow {\n";
    const int head_lines = static_cast<int>(std::count(head.begin(), head.end(), '\n'));
    network = head + std::string(text) + "\n\t\t}\n" + network.substr(close);
    try {
        const MaestroNetwork net = parse_maestro_text(network, source);
        if (net.layers.size() != 1 || net.layers[0].mapping.empty())
            throw InputError({source, 1, 1}, "no directives");
        return net.layers[0].mapping;
    } catch (const InputError& e) {
        Diagnostic d = e.diagnostic();
        d.where.file = source;
        d.where.line = std::max(1, d.where.line - head_lines);
        throw InputError(d);
    }
}

}  // namespace mapscape
