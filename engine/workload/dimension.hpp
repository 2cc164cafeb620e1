// Loop dimensions of DNN layers, named as in MAESTRO's data-centric notation.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace mapscape {

// Declared in the byte order of their names ("C" < "G" < ... < "X" < "X'" < "Y" < "Y'"):
// MAESTRO keeps dimensions in name-sorted tables, and the order in which it fills in missing
// directives follows that order, so the cost model depends on it.
enum class Dim : std::uint8_t {
    C,   // input channels (CONV) / reduction dim K of a GEMM is called K, not C
    G,   // groups (grouped CONV)
    K,   // output channels (CONV), or the reduction dimension of a GEMM
    M,   // GEMM rows
    N,   // batch (CONV), or GEMM columns
    R,   // filter rows
    S,   // filter columns
    X,   // input columns
    Xo,  // output columns, written X'
    Y,   // input rows
    Yo,  // output rows, written Y'
};

inline constexpr int kNumDims = 11;
inline constexpr std::array<Dim, kNumDims> kAllDims = {Dim::C, Dim::G, Dim::K, Dim::M,  Dim::N, Dim::R,
                                                       Dim::S, Dim::X, Dim::Xo, Dim::Y, Dim::Yo};

constexpr int index_of(Dim d) { return static_cast<int>(d); }
std::string_view dim_name(Dim d);
std::optional<Dim> parse_dim(std::string_view name);

// A set of dimensions as a bit mask, cheap to copy and test in the cost model's hot path.
class DimSet {
public:
    constexpr DimSet() = default;
    constexpr DimSet(std::initializer_list<Dim> dims) {
        for (Dim d : dims) insert(d);
    }
    constexpr void insert(Dim d) { bits_ |= bit(d); }
    constexpr void erase(Dim d) { bits_ &= static_cast<std::uint16_t>(~bit(d)); }
    constexpr bool contains(Dim d) const { return (bits_ & bit(d)) != 0; }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr DimSet operator|(DimSet o) const { return from_bits(bits_ | o.bits_); }
    constexpr bool operator==(const DimSet&) const = default;
    constexpr std::uint16_t bits() const { return bits_; }
    // Bit i stands for the dimension with index_of(d) == i (so bit order is name order).
    static constexpr DimSet from_bits(unsigned b) {
        DimSet s;
        s.bits_ = static_cast<std::uint16_t>(b);
        return s;
    }

private:
    static constexpr std::uint16_t bit(Dim d) { return static_cast<std::uint16_t>(1u << index_of(d)); }
    std::uint16_t bits_ = 0;
};

}  // namespace mapscape
