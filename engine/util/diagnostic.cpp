#include "util/diagnostic.hpp"

namespace mapscape {

std::string Diagnostic::to_string() const {
    std::string text;
    if (!where.file.empty()) text += where.file + ":";
    if (where.line > 0) {
        text += std::to_string(where.line) + ":";
        if (where.column > 0) text += std::to_string(where.column) + ":";
    }
    if (!text.empty()) text += " ";
    return text + message;
}

InputError::InputError(Diagnostic diagnostic)
    : std::runtime_error(diagnostic.to_string()), diagnostic_(std::move(diagnostic)) {}

InputError::InputError(SourceLocation where, std::string message)
    : InputError(Diagnostic{std::move(where), std::move(message)}) {}

}  // namespace mapscape
