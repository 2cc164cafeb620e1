#include "mapping/maestro_lexer.hpp"

namespace mapscape {

namespace {
bool is_separator(char c) {
    switch (c) {
        case ' ': case '\t': case '\r': case ',': case '-': case '>': case '(': case ')':
        case ':': case ';':
            return true;
        default:
            return false;
    }
}
}  // namespace

std::vector<Token> tokenize_maestro(std::string_view text) {
    std::vector<Token> tokens;
    int line = 1;
    std::size_t line_start = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = ++i;
            continue;
        }
        if (is_separator(c)) {
            ++i;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        Token t;
        t.line = line;
        t.column = static_cast<int>(i - line_start) + 1;
        t.offset = i;
        if (c == '{' || c == '}') {
            t.text = std::string(1, c);
            ++i;
        } else {
            std::size_t j = i;
            while (j < text.size() && text[j] != '\n' && !is_separator(text[j]) && text[j] != '{' &&
                   text[j] != '}')
                ++j;
            t.text = std::string(text.substr(i, j - i));
            i = j;
        }
        t.end = i;
        tokens.push_back(std::move(t));
    }
    return tokens;
}

}  // namespace mapscape
