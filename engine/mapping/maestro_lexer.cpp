#include "mapping/maestro_lexer.hpp"

#include <array>

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
    tokens.reserve(text.size() / 6 + 16);  // MAESTRO files: about one token per 4-8 bytes
    int line = 1;
    std::size_t line_start = 0;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        const unsigned char cls = class_of(c);
        if (cls == kNewline) {
            ++line;
            line_start = ++i;
            continue;
        }
        if (cls == kSeparator) {
            ++i;
            continue;
        }
        if (cls == kSlash && i + 1 < n && text[i + 1] == '/') {
            while (i < n && text[i] != '\n') ++i;
            continue;
        }
        const std::size_t start = i;
        if (cls == kBrace) {
            ++i;
        } else {
            // A '/' inside a word (e.g. "a//b") belongs to it, as in MAESTRO.
            ++i;
            while (i < n) {
                const unsigned char k = class_of(text[i]);
                if (k != kWord && k != kSlash) break;
                ++i;
            }
        }
        tokens.push_back({text.substr(start, i - start), line, static_cast<int>(start - line_start) + 1, start, i});
    }
    return tokens;
}

}  // namespace mapscape
