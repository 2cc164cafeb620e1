#include "arch/maestro_hw_file.hpp"
#include "util/integer_math.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <sstream>
#include <vector>

#include "mapping/maestro_lexer.hpp"
#include "util/closest_name.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape {

Accelerator parse_maestro_hw_text(std::string_view text, const std::string& file_name,
                                  const Accelerator& base) {
    Accelerator acc = base;
    acc.num_pes = 1;
    acc.pe_hierarchy.clear();
    acc.offchip_bw_elements_per_cycle = kIntMax;
    std::int64_t l1_elements = kIntMax, l2_elements = kIntMax, noc_bw = kIntMax, noc_latency = 1;

    const auto tokens = tokenize_maestro(text);
    std::vector<const std::int64_t*> given;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& key = tokens[i];
        const SourceLocation at{file_name, key.line, key.column};
        std::int64_t* target = nullptr;
        if (key.text == "num_pes") target = &acc.num_pes;
        else if (key.text == "l1_size_cstr") target = &l1_elements;
        else if (key.text == "l2_size_cstr") target = &l2_elements;
        else if (key.text == "noc_bw_cstr") target = &noc_bw;
        else if (key.text == "offchip_bw_cstr") target = &acc.offchip_bw_elements_per_cycle;
        else if (key.text == "NoC_NumHops") target = &noc_latency;
        else
            throw InputError(at, "unknown key '" + key.str() + "'" +
                                     did_you_mean(key.text, {"num_pes", "l1_size_cstr", "l2_size_cstr", "noc_bw_cstr", "offchip_bw_cstr", "NoC_NumHops"}) +
                                     " (expected num_pes, l1_size_cstr, l2_size_cstr, "
                                     "noc_bw_cstr, offchip_bw_cstr or NoC_NumHops)");
        if (i + 1 >= tokens.size() || tokens[i + 1].line != key.line)
            throw InputError(at, key.str() + " has no value");
        const Token& vt = tokens[++i];
        std::int64_t v = 0;
        auto [p, ec] = std::from_chars(vt.text.data(), vt.text.data() + vt.text.size(), v);
        const SourceLocation vat{file_name, vt.line, vt.column};
        if (ec != std::errc() || p != vt.text.data() + vt.text.size())
            throw InputError(vat, "the value of " + key.str() + " must be a whole number, not '" +
                                      vt.str() + "'");
        if (v > kIntMax) throw InputError(vat, "the value of " + key.str() + " is too large");
        if (written_negative(text, vt)) v = -v;
        const bool may_be_zero = key.text == "NoC_NumHops";
        if (v < (may_be_zero ? 0 : 1))
            throw InputError(vat, "the value of " + key.str() + " must be at least " +
                                      (may_be_zero ? "0" : "1") + ", not " + std::to_string(v));
        if (std::find(given.begin(), given.end(), target) != given.end())
            throw InputError(at, key.str() + " is given twice");
        given.push_back(target);
        *target = v;
    }
    // Sizes in the file count elements (MAESTRO has no word size).
    acc.l1_size_bytes = l1_elements * acc.word_size_bytes;
    acc.l2_size_bytes = l2_elements * acc.word_size_bytes;
    for (auto& level : acc.noc) level = NocLevel{noc_bw, 1, noc_latency};
    return acc;
}

Accelerator read_maestro_hw_file(const std::string& path, const Accelerator& base) {
    return parse_maestro_hw_text(read_text_file(path), path, base);
}

std::string write_maestro_hw_text(const Accelerator& acc) {
    std::ostringstream os;
    os << "num_pes: " << acc.num_pes << "\n";
    os << "l1_size_cstr: " << acc.l1_size_elements() << "\n";
    os << "l2_size_cstr: " << acc.l2_size_elements() << "\n";
    os << "noc_bw_cstr: " << acc.noc[0].bandwidth_elements_per_cycle << "\n";
    os << "offchip_bw_cstr: " << acc.offchip_bw_elements_per_cycle << "\n";
    os << "NoC_NumHops: " << acc.noc[0].head_latency_cycles() << "\n";
    return os.str();
}

}  // namespace mapscape
