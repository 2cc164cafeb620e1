// Diagnostics for bad user input: where it is (file, line, column) and what is wrong.
#pragma once

#include <stdexcept>
#include <string>

namespace mapscape {

struct SourceLocation {
    std::string file;
    int line = 0;    // 1-based; 0 = unknown
    int column = 0;  // 1-based; 0 = unknown
};

struct Diagnostic {
    SourceLocation where;
    std::string message;

    // "FILE:LINE:COL: message", leaving out the parts that are unknown.
    std::string to_string() const;
};

// Thrown by loaders and readers for input the user must fix. Never thrown from the cost model.
class InputError : public std::runtime_error {
public:
    explicit InputError(Diagnostic diagnostic);
    InputError(SourceLocation where, std::string message);
    const Diagnostic& diagnostic() const { return diagnostic_; }

private:
    Diagnostic diagnostic_;
};

// A file the user named does not exist (front ends may say so their own way: the Python module
// raises FileNotFoundError).
class MissingFileError : public InputError {
public:
    using InputError::InputError;
};

}  // namespace mapscape
