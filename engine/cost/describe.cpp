// Sentences for the reasons a mapping cannot run.
#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "workload/layer.hpp"

namespace mapscape {

std::string describe(const InvalidityDetail& d, const Layer& layer, const Accelerator& acc) {
    const std::string level = d.level >= 0 ? " in cluster level " + std::to_string(d.level) : "";
    const std::string dim(dim_name(d.dim));
    switch (d.kind) {
        case Invalidity::None: return "";
        case Invalidity::LayerShape: {
            std::string p = layer_problem(layer);
            return "the layer is malformed: " + (p.empty() ? std::string("bad dimensions") : p);
        }
        case Invalidity::AcceleratorSpec: {
            std::string p = accelerator_problem(acc);
            return "the accelerator is malformed: " + (p.empty() ? std::string("bad values") : p);
        }
        case Invalidity::EmptyMapping: return "the mapping has no directives";
        case Invalidity::MapSizeNotPositive:
            return "a map size, offset or cluster size" + level + " is below 1";
        case Invalidity::FilterTileNotWhole:
            return "TemporalMap on " + dim + level + " has size " + std::to_string(d.value) +
                   "; a temporal tile of a filter dimension must cover the whole filter (size = "
                   "offset = " + std::to_string(d.limit) + "), as MAESTRO requires";
        case Invalidity::TooManyLevels:
            return "the mapping has " + std::to_string(d.value) + " cluster levels; at most " +
                   std::to_string(d.limit) + " are supported";
        case Invalidity::ClustersExceedPEs:
            return "the cluster sizes multiply to " + std::to_string(d.value) +
                   " sub-units but the accelerator has " + std::to_string(d.limit) + " PEs";
        case Invalidity::NoSpatialMap: return "no SpatialMap" + level + ": every cluster level needs one";
        case Invalidity::TooManySpatialMaps:
            return std::to_string(d.value) + " SpatialMaps" + level + "; at most 2 are allowed";
        case Invalidity::TooManyDirectives: return "too many directives" + level;
        case Invalidity::DimensionNotInLevel:
            return "dimension " + dim + " is mapped" + level + " but the " +
                   std::string(layer_type_name(layer.type)) +
                   " layer has no such dimension there (inner levels only see the input-tensor "
                   "dimensions)";
        case Invalidity::InputAndOutputMapped:
            return "both " + dim + " and " + dim + "' are mapped" + level;
        case Invalidity::NoValidIteration: return "no iteration step of the mapping does any work";
        case Invalidity::ZeroSubClusterRuntime:
            return "the inner clusters never do any work (e.g. a dimension mapped twice in one "
                   "level); MAESTRO crashes with a division by zero on such mappings";
        case Invalidity::ReusedUnrolledDimension:
            return "a fully unrolled temporal dimension changes between steps; MAESTRO aborts "
                   "on such mappings";
        case Invalidity::ArithmeticOverflow:
            return "access counts overflow 64-bit arithmetic";
        case Invalidity::TooManyCases:
            return "the mapping has more than " + std::to_string(d.limit) +
                   " iteration cases to analyse (too many directives with partial tiles in one level)";
        case Invalidity::L1Overflow:
            return "L1 requirement " + std::to_string(d.value) + " B exceeds the L1 size " +
                   std::to_string(d.limit) + " B";
        case Invalidity::OverLatencyBudget:
            return "latency " + std::to_string(d.value) + " cycles exceeds the budget of " +
                   std::to_string(d.limit) + " cycles";
        case Invalidity::BelowComputeBound:
            return "modelled runtime " + std::to_string(d.value) + " cycles is below the compute bound of " +
                   std::to_string(d.limit) +
                   " cycles (MACs / (PEs x SIMD lanes)); MAESTRO's model undercounts some partial tiles";
        case Invalidity::MacsUndercounted:
            return "the analysis counts " + std::to_string(d.value) + " MACs of the layer's " + std::to_string(d.limit) +
                   " (MAESTRO's model undercounts some partial tiles), so its energy and runtime are too low";
        case Invalidity::MacsSkipped:
            return "the mapping does " + std::to_string(d.value) + " of the layer's " + std::to_string(d.limit) +
                   " MACs (a tile's windows leave some outputs to no step)";
        case Invalidity::L2Overflow:
            return "L2 requirement " + std::to_string(d.value) + " B exceeds the L2 size " +
                   std::to_string(d.limit) + " B";
    }
    return "invalid mapping";
}

}  // namespace mapscape
