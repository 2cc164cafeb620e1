// JSON input with source positions: parse errors and later semantic errors both point at the
// file, line and column of the offending value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "util/diagnostic.hpp"
#include "util/json_schema.hpp"

namespace mapscape {

class JsonDocument {
public:
    // Throws InputError with line and column on malformed JSON.
    static JsonDocument parse(std::string_view text, std::string file_name);
    static JsonDocument read(const std::string& path);

    const nlohmann::json& root() const { return root_; }
    const std::string& file() const { return file_; }

    // Where the value at a JSON pointer ("/layers/3/K") starts; the nearest known ancestor if
    // the pointer itself is absent.
    SourceLocation location(const std::string& pointer) const;
    [[noreturn]] void fail(const std::string& pointer, const std::string& message) const;
    // Checks the "format" (absent means `format`) and "version" (absent means 1; newer than
    // `newest` is refused with a request to upgrade) of the object at `pointer` (the root by
    // default). `what` names the kind of document.
    void check_format(const std::string& format, std::int64_t newest, const std::string& what,
                      const std::string& pointer = "") const;

    // Typed access with errors that name the field and where it is.
    std::int64_t integer(const nlohmann::json& object, const std::string& pointer,
                         const std::string& key, std::int64_t min, std::int64_t max) const;
    std::int64_t integer_or(const nlohmann::json& object, const std::string& pointer,
                            const std::string& key, std::int64_t fallback, std::int64_t min,
                            std::int64_t max) const;
    double number_or(const nlohmann::json& object, const std::string& pointer,
                     const std::string& key, double fallback, double min, double max) const;
    std::string string(const nlohmann::json& object, const std::string& pointer,
                       const std::string& key) const;
    std::string string_or(const nlohmann::json& object, const std::string& pointer,
                          const std::string& key, const std::string& fallback) const;
    const nlohmann::json& object(const nlohmann::json& parent, const std::string& pointer,
                                 const std::string& key) const;
    const nlohmann::json& array(const nlohmann::json& parent, const std::string& pointer,
                                const std::string& key) const;
    // Refuses a field of `object` that `schema` does not list: "FILE:LINE:COL: path.to.field:
    // unknown field "l1_size" (did you mean "l1_size_bytes"?)"; with no close name, the known
    // ones are listed.
    void check_fields(const nlohmann::json& object, const std::string& pointer, const JsonObjectSchema& schema) const;
    // The message check_fields gives for `key` of the object at `pointer`.
    [[noreturn]] void unknown_field(const std::string& pointer, const std::string& key, const JsonObjectSchema& schema) const;

    // How deeply arrays and objects may nest in any input: far beyond every format's own depth,
    // and shallow enough that no reader's recursion can exhaust the stack.
    static constexpr int kMaxNestingDepth = 64;

private:
    nlohmann::json root_;
    std::string file_;
    std::unordered_map<std::string, std::pair<int, int>> positions_;
};

// "/a/b" + "c" -> "/a/b/c", escaping as JSON pointers require.
std::string json_child(const std::string& pointer, const std::string& key);
std::string json_child(const std::string& pointer, std::size_t index);

}  // namespace mapscape
