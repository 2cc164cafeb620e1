// The fixed-length encoding the black-box baselines search in (GAMMA paper, Table 4): a point of
// [0,1)^n for a fixed number of cluster levels. Per level: one gene for the parallel dimension,
// one random key per dimension (the loop order is the keys' ascending order, which suits
// continuous optimizers better than a permutation index), one gene per tileable dimension (tile
// = 1 + floor(u * bound), bound being the enclosing level's tile, as GAMMA samples tiles), and for
// inner levels one gene for the number of parallel units (absent on S1, where it is fixed).
#pragma once

#include <cstddef>

#include "search/genome.hpp"

namespace mapscape {

class VectorEncoding {
public:
    VectorEncoding(const GenomeSpace& space, int levels);

    int levels() const { return levels_; }
    std::size_t size() const { return size_; }
    // The genome of a point; coordinates outside [0,1) are clamped. The genome is repaired.
    void decode(const double* x, Genome& out) const;

private:
    const GenomeSpace* space_;
    int levels_;
    std::size_t size_ = 0;
};

}  // namespace mapscape
