// Splits MAESTRO's text formats into tokens the way MAESTRO does (space, tab and , - > ( ) : ;
// separate tokens; "//" starting a token comments out the rest of the line), except that braces
// are tokens of their own even without surrounding spaces. Tokens keep their line and column.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

// A token views the text it was cut from (no copy: a 990-layer file has 100k tokens), so the
// text must outlive it.
struct Token {
    std::string_view text;
    int line = 0;
    int column = 0;
    std::size_t offset = 0;  // byte offset of the first character
    std::size_t end = 0;     // one past the last character

    std::string str() const { return std::string(text); }
};

std::vector<Token> tokenize_maestro(std::string_view text);

// Whether a number token was written with a minus sign: the tokenizer, like MAESTRO's, drops
// '-' as a separator, so "-1" would otherwise read as 1.
bool written_negative(std::string_view text, const Token& token);

}  // namespace mapscape
