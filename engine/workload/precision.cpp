#include "workload/precision.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace mapscape {

namespace {

struct FormatInfo {
    NumberFormat format;
    std::string_view name;
    int bits;
    bool floating;
};

constexpr std::array<FormatInfo, 7> kFormats{{
    {NumberFormat::Int4, "int4", 4, false},
    {NumberFormat::Int8, "int8", 8, false},
    {NumberFormat::Int16, "int16", 16, false},
    {NumberFormat::Int32, "int32", 32, false},
    {NumberFormat::Fp16, "fp16", 16, true},
    {NumberFormat::Bf16, "bf16", 16, true},
    {NumberFormat::Fp32, "fp32", 32, true},
}};

const FormatInfo* info(NumberFormat f) {
    for (const auto& i : kFormats)
        if (i.format == f) return &i;
    return nullptr;
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string known_formats() {
    std::string s;
    for (const auto& i : kFormats) s += (s.empty() ? "" : ", ") + std::string(i.name);
    return s;
}

}  // namespace

int format_bits(NumberFormat f) {
    const FormatInfo* i = info(f);
    return i ? i->bits : 0;
}

bool is_floating_point(NumberFormat f) {
    const FormatInfo* i = info(f);
    return i && i->floating;
}

std::string_view format_name(NumberFormat f) {
    const FormatInfo* i = info(f);
    return i ? i->name : std::string_view{};
}

bool parse_number_format(std::string_view name, NumberFormat& out) {
    const std::string n = lower(trim(name));
    for (const auto& i : kFormats)
        if (i.name == n) {
            out = i.format;
            return true;
        }
    return false;
}

const std::vector<NumberFormat>& number_formats() {
    static const std::vector<NumberFormat> all = [] {
        std::vector<NumberFormat> v;
        for (const auto& i : kFormats) v.push_back(i.format);
        return v;
    }();
    return all;
}

NumberFormat format_of_word(std::int64_t bytes) {
    switch (bytes) {
        case 1: return NumberFormat::Int8;
        case 2: return NumberFormat::Int16;
        case 4: return NumberFormat::Fp32;
        default: return NumberFormat::Unspecified;
    }
}

std::string parse_precision(std::string_view text, TensorPrecision& out) {
    TensorPrecision p;
    text = trim(text);
    if (text.empty()) return "a precision is a number format (" + known_formats() + ") or input=F,weight=F,output=F";
    if (text.find('=') == std::string_view::npos) {
        NumberFormat f{};
        if (!parse_number_format(text, f))
            return "unknown number format \"" + std::string(text) + "\" (known: " + known_formats() + ")";
        out = uniform_precision(f);
        return {};
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view part = trim(text.substr(start, comma - start));
        const std::size_t eq = part.find('=');
        if (eq == std::string_view::npos) return "\"" + std::string(part) + "\" is not TENSOR=FORMAT";
        const std::string tensor = lower(trim(part.substr(0, eq)));
        NumberFormat f{};
        if (!parse_number_format(part.substr(eq + 1), f))
            return "unknown number format \"" + std::string(trim(part.substr(eq + 1))) + "\" (known: " + known_formats() + ")";
        if (tensor == "input") p.input = f;
        else if (tensor == "weight") p.weight = f;
        else if (tensor == "output") p.output = f;
        else return "unknown tensor \"" + tensor + "\" (input, weight or output)";
        start = comma + 1;
    }
    out = p;
    return {};
}

std::string precision_text(const TensorPrecision& p) {
    if (!p.specified()) return {};
    if (p.uniform()) return std::string(format_name(p.input));
    std::string s;
    auto add = [&](const char* tensor, NumberFormat f) {
        if (f == NumberFormat::Unspecified) return;
        s += (s.empty() ? "" : ",") + std::string(tensor) + "=" + std::string(format_name(f));
    };
    add("input", p.input);
    add("weight", p.weight);
    add("output", p.output);
    return s;
}

TensorPrecision with_defaults(TensorPrecision p, const TensorPrecision& fallback) {
    if (p.input == NumberFormat::Unspecified) p.input = fallback.input;
    if (p.weight == NumberFormat::Unspecified) p.weight = fallback.weight;
    if (p.output == NumberFormat::Unspecified) p.output = fallback.output;
    return p;
}

}  // namespace mapscape
