// A set of 64-bit fingerprints in one flat open-addressing table. Searches remember every
// genome they have tried; a node-based set of millions of entries takes tens of milliseconds
// just to free, which the user would wait through after pressing Stop. This one is a single
// allocation, and inserting touches one or two cache lines.
#pragma once

#include <cstdint>
#include <vector>

namespace mapscape {

class FingerprintSet {
public:
    // Adds `value`; returns whether it was not there yet.
    bool insert(std::uint64_t value) {
        if (value == kEmpty) {
            const bool fresh = !has_empty_value_;
            has_empty_value_ = true;
            size_ += fresh;
            return fresh;
        }
        if (2 * (size_ + 1) > slots_.size()) grow();
        if (!place(slots_, value)) return false;
        ++size_;
        return true;
    }
    std::size_t size() const { return size_; }

private:
    static constexpr std::uint64_t kEmpty = 0;

    static std::size_t slot_of(std::uint64_t value, std::size_t mask) {
        // Fingerprints may be structured; spread their bits before masking (splitmix64 finalizer).
        value ^= value >> 30;
        value *= 0xbf58476d1ce4e5b9ULL;
        value ^= value >> 27;
        value *= 0x94d049bb133111ebULL;
        value ^= value >> 31;
        return static_cast<std::size_t>(value) & mask;
    }
    // Linear probing; false when the value is already present.
    static bool place(std::vector<std::uint64_t>& slots, std::uint64_t value) {
        const std::size_t mask = slots.size() - 1;
        for (std::size_t i = slot_of(value, mask);; i = (i + 1) & mask) {
            if (slots[i] == value) return false;
            if (slots[i] == kEmpty) {
                slots[i] = value;
                return true;
            }
        }
    }
    void grow() {
        std::vector<std::uint64_t> bigger(slots_.empty() ? 1024 : 2 * slots_.size(), kEmpty);
        for (std::uint64_t v : slots_)
            if (v != kEmpty) place(bigger, v);
        slots_.swap(bigger);
    }

    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
    bool has_empty_value_ = false;
};

}  // namespace mapscape
