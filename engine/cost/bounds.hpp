// Lower bounds of a layer's cost on an accelerator, over every mapping a search accepts (one
// the model does not undercount: see SearchConstraints::reject_below_compute_bound): what no
// mapping can beat, so that a result can say how far it is from what is possible and a user
// knows whether searching longer can pay.
//
//  * runtime: every MAC on one of PEs x SIMD lanes units, one per cycle. Off-chip traffic sets
//    no floor under MAESTRO's model, which overlaps the double-buffered L2's refills with
//    computation and truncates each step's refill time.
//  * energy: every MAC once; the L1 traffic the model charges per MAC (each of the three
//    operands read once, each partial sum written once); every input and weight element
//    fetched from DRAM into L2 at least once and every output written back once, with the L2
//    and L1 accesses that go with them.
//  * area and power: the PEs with the smallest buffers (one element each).
#pragma once

#include <cstdint>
#include <vector>

#include "arch/accelerator.hpp"
#include "mapping/map_space.hpp"
#include "search/objective.hpp"
#include "workload/layer.hpp"

namespace mapscape {

struct LayerBound {
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    double area_um2 = 0;
    double power_mw = 0;
};

LayerBound layer_bound(const Layer& layer, const Accelerator& accelerator);

// The least L1 (elements per PE) any mapping of the layer needs: MAESTRO's figure is twice the
// innermost tiles of input, weight and output, and a filter is held whole unless its rows
// (columns) are spread over the units of the innermost level, one each, which only some map
// spaces allow. MAESTRO sizes the output tile in the input's coordinates (its Y and X tiles), so
// even one output takes r x s: 6 r s in all (ResNet-18's 7x7 first layer needs 294, its 3x3
// layers 54; tests/engine/test_bounds.cpp finds mappings that need exactly that).
std::int64_t min_l1_elements(const Layer& layer, bool filter_rows_spread = false, bool filter_columns_spread = false);
// The same on an accelerator with this map space: filter rows (columns) are spread where an inner
// level may parallelise them.
std::int64_t min_l1_elements(const Layer& layer, const MapSpace& space);
// The most units a mapping with `levels` cluster levels can keep busy: the product of the layer's
// `levels` largest parallelisable dimensions (a dimension split at two levels splits its own size).
std::int64_t max_busy_units(const Layer& layer, int levels);

// The bound of a metric, and of an objective (a product of metric powers, each term bounded
// by its metric's bound: all metrics are positive).
double metric_bound(Metric metric, const LayerBound& bound);
double objective_bound(const Objective& objective, const LayerBound& bound);
// The sum over layers of their objective bounds: the bound of a whole-model search's total.
double objective_bound_sum(const Objective& objective, const std::vector<Layer>& layers, const Accelerator& accelerator);

}  // namespace mapscape
