// Number formats and each tensor's precision. A layer's weights, inputs and outputs (the
// partial sums a PE accumulates and the outputs it writes back) each have a format; a buffer
// holds elements of that width, links move its bytes and a MAC costs by its operand types.
// Unspecified means "the accelerator's word size" (word_size_bytes), which is all MAESTRO's
// model knows; the `maestro` technology uses the word size for every tensor, as MAESTRO does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

enum class NumberFormat : std::uint8_t { Unspecified, Int4, Int8, Int16, Int32, Fp16, Bf16, Fp32 };

// Bits of one element; 0 for Unspecified.
int format_bits(NumberFormat f);
bool is_floating_point(NumberFormat f);
std::string_view format_name(NumberFormat f);  // "int8", "fp16", ... ("" for Unspecified)
// Accepts the names above (any case); false when the name is unknown.
bool parse_number_format(std::string_view name, NumberFormat& out);
// Every format with a width, narrowest integer first: int4, int8, int16, int32, fp16, bf16, fp32.
const std::vector<NumberFormat>& number_formats();
// The format an accelerator word of `bytes` holds when nothing else is said: 1 -> int8,
// 2 -> int16, 4 -> fp32; any other size: Unspecified (its elements are word_size_bytes wide).
NumberFormat format_of_word(std::int64_t bytes);

struct TensorPrecision {
    NumberFormat input = NumberFormat::Unspecified;
    NumberFormat weight = NumberFormat::Unspecified;
    NumberFormat output = NumberFormat::Unspecified;  // partial sums and outputs

    bool specified() const {
        return input != NumberFormat::Unspecified || weight != NumberFormat::Unspecified ||
               output != NumberFormat::Unspecified;
    }
    bool uniform() const { return input == weight && weight == output; }
    bool operator==(const TensorPrecision&) const = default;
};

inline TensorPrecision uniform_precision(NumberFormat f) { return {f, f, f}; }

// "int8" (every tensor), or "input=int8,weight=int4,output=int32" (any subset; the others stay
// Unspecified). Returns an empty string on success, else what is wrong.
std::string parse_precision(std::string_view text, TensorPrecision& out);
// The inverse: "int8" when uniform, else "input=...,weight=...,output=..." ("" when unspecified).
std::string precision_text(const TensorPrecision& p);
// Fills each unspecified tensor of `p` from `fallback`.
TensorPrecision with_defaults(TensorPrecision p, const TensorPrecision& fallback);

}  // namespace mapscape
