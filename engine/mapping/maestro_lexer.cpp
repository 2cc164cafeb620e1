#include "mapping/maestro_lexer.hpp"

#include <array>
#include <cstring>

namespace mapscape {

namespace {

enum CharClass : unsigned char { kWord, kSeparator, kNewline, kBrace, kSlash };

// One table lookup per character instead of a chain of comparisons.
constexpr std::array<unsigned char, 256> make_classes() {
    std::array<unsigned char, 256> classes{};
    for (unsigned char c : std::string_view(" \t\r,->():;")) classes[c] = kSeparator;
    classes['\n'] = kNewline;
    classes['{'] = kBrace;
    classes['}'] = kBrace;
    classes['/'] = kSlash;
    return classes;
}
constexpr std::array<unsigned char, 256> kClasses = make_classes();

unsigned char class_of(char c) { return kClasses[static_cast<unsigned char>(c)]; }

}  // namespace

std::vector<Token> tokenize_maestro(std::string_view text) {
    std::vector<Token> tokens;
    tokens.reserve(text.size() / 4 + 16);  // MAESTRO files: about one token per 5 bytes
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* p = begin;
    const char* line_start = begin;
    int line = 1;
    while (p < end) {
        const unsigned char cls = class_of(*p);
        if (cls == kSeparator) {
            ++p;
            continue;
        }
        if (cls == kNewline) {
            ++line;
            line_start = ++p;
            continue;
        }
        if (cls == kSlash && p + 1 < end && p[1] == '/') {
            const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
            p = newline ? static_cast<const char*>(newline) : end;
            continue;
        }
        const char* const start = p++;
        // A brace is a token of its own; a '/' inside a word (e.g. "a//b") belongs to it, as in MAESTRO.
        if (cls != kBrace)
            while (p < end && (class_of(*p) == kWord || class_of(*p) == kSlash)) ++p;
        const auto offset = static_cast<std::size_t>(start - begin);
        tokens.push_back({std::string_view(start, static_cast<std::size_t>(p - start)), line,
                          static_cast<int>(start - line_start) + 1, offset, static_cast<std::size_t>(p - begin)});
    }
    return tokens;
}

bool written_negative(std::string_view text, const Token& token) {
    return token.offset > 0 && token.offset <= text.size() && text[token.offset - 1] == '-' && !token.text.empty() &&
           token.text.front() >= '0' && token.text.front() <= '9';
}

}  // namespace mapscape
