// Splits MAESTRO's text formats into tokens the way MAESTRO does (space, tab and , - > ( ) : ;
// separate tokens; "//" starting a token comments out the rest of the line), except that braces
// are tokens of their own even without surrounding spaces. Tokens keep their line and column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

struct Token {
    std::string text;
    int line = 0;
    int column = 0;
    std::size_t offset = 0;  // byte offset of the first character
    std::size_t end = 0;     // one past the last character
};

std::vector<Token> tokenize_maestro(std::string_view text);

}  // namespace mapscape
