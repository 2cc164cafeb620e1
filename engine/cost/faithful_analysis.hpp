// The faithful analysis (`--analysis faithful`): what the dataflow does, as the reference
// simulator executes it (engine/reference/loop_nest_simulator.hpp states the policies), computed
// in closed form instead of element by element. Partial tiles are counted exactly (no MAC is
// lost or refused for it), a filter dimension may be split over time or over sub-clusters (a
// row-stationary PE holds one filter row), and a mapping that skips MACs is invalid.
//
// How: a level's steps fall into kinds by where each loop stands (first, middle, last position)
// and which loop advanced; every step of a kind moves the same amounts, so each kind is analysed
// once, with exact box arithmetic on the tiles (multicast as a union over sub-clusters, reuse as
// the overlap with each sub-cluster's previous tile), and weighted by how many steps it stands
// for. An inner level restarts per tile of the level above, so its figures depend on that tile's
// shape only and are computed once per distinct shape. At the top level, kinds whose tiles are
// translates of an earlier kind's (outer loops at other positions, windows away from the edges)
// reuse its figures; only their weights and DRAM traffic differ.
#pragma once

#include "arch/accelerator.hpp"
#include "cost/top_level_outcome.hpp"
#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// Fills `out` (runtime, MACs, accesses, buffer requirements; problem set when the mapping cannot
// run). Padding (layer.padding) is made at the global buffer's read port: its zeros are never
// fetched from DRAM or read from L2, they travel the NoC and the MACs on them are done, as a
// dense array does them.
void analyze_faithful(const Layer& layer, const Accelerator& accelerator, const Mapping& mapping,
                      TopLevelOutcome& out);

// For tests: whether step kinds that are translates reuse an earlier kind's figures (on by
// default; off, every kind is worked out, which must give the same figures). Process-wide.
void set_faithful_kind_reuse(bool on);

}  // namespace mapscape
