#include "cli/accelerator_options.hpp"
#include "cli/option_checks.hpp"
#include "cli/technology_options.hpp"

#include "arch/maestro_hw_file.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::cli {

void AcceleratorOptions::add_to(CLI::App& c) {
    c.add_option("--hw", hw_file, "MAESTRO HW file; replaces the PE, buffer, NoC and off-chip options (not given with them)")
        ->check(readable_file());
    replaced_by_hw_file = {
        c.add_option("--num-pes", num_pes, "number of PEs (MAESTRO default 7)")->check(count_in_range(1, 2147483647, "PEs")),
        c.add_option("--l1-size", l1_size, "L1 size per PE, elements")->check(count_in_range(1, 2147483647, "elements")),
        c.add_option("--l2-size", l2_size, "L2 size, elements")->check(count_in_range(1, 2147483647, "elements")),
        c.add_option("--noc-bw", noc_bw, "NoC bandwidth, elements/cycle")->check(count_in_range(1, 2147483647, "elements per cycle")),
        c.add_option("--noc-hops", noc_hops, "NoC hops (multiplies the hop latency)")->check(count_in_range(0, 1000000, "hops")),
        c.add_option("--noc-hop-latency", noc_hop_latency, "NoC latency per hop, cycles (MAESTRO default 0)")
            ->check(count_in_range(0, 1000000, "cycles")),
        c.add_option("--offchip-bw", offchip_bw, "off-chip bandwidth, elements/cycle")->check(count_in_range(1, 2147483647, "elements per cycle")),
    };
    c.add_option("--simd-lanes", simd_lanes, "ALUs per PE")->check(count_in_range(1, 1024, "lanes"));
    add_technology_options(c, technology);
}

Accelerator AcceleratorOptions::build() const {
    Accelerator acc = maestro_cli_defaults();
    acc.num_pes = num_pes;
    acc.simd_lanes = simd_lanes;
    acc.l1_size_bytes = l1_size;
    acc.l2_size_bytes = l2_size;
    acc.offchip_bw_elements_per_cycle = offchip_bw;
    set_uniform_noc(acc, noc_bw, noc_hops, noc_hop_latency);
    if (!hw_file.empty()) {
        // The file sets every one of these: a value given beside it would be dropped unseen.
        for (const CLI::Option* o : replaced_by_hw_file)
            if (o->count() > 0)
                throw InputError({o->get_name(), 0, 0}, "the HW file (--hw " + hw_file +
                                                            ") sets this; give the value in the file, or leave out --hw");
        acc = read_maestro_hw_file(hw_file, acc);
        acc.name = hw_file;
    }
    if (std::string p = accelerator_problem(acc); !p.empty())
        throw InputError({hw_file, 0, 0}, p);
    apply_technology_choice(technology, acc);
    return acc;
}

}  // namespace mapscape::cli
