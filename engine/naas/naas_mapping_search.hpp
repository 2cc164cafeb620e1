// NAAS's mapping search (DAC'21, Sec. II-B): a candidate mapping is a vector in [0,1]^n, per
// array level a loop order and a tile size per loop dimension; the level's parallel dimension
// and cluster size are the accelerator's (its connectivity, from its map space). An evolution
// strategy (the outer search's CMA-ES) samples the vectors.
//   importance  one gene per dimension and level: the loop order sorts the dimensions by it,
//               the most important outermost;
//   index       one gene per level indexes the permutations of the dimensions.
// Tiles are ratios of the enclosing level's tile (of the layer's dimension at the outermost
// level), so one vector means the same on any layer shape. Samples are counted, invalid
// mappings rejected and the best kept as every mapping search does (search/driver.hpp).
#pragma once

#include <stop_token>

#include "naas/naas_encoding.hpp"
#include "search/driver.hpp"

namespace mapscape {

SearchResult run_naas_mapping_search(const SearchProblem& problem, NaasEncoding encoding, SearchSink* sink = nullptr,
                                     std::stop_token stop = {});

}  // namespace mapscape
