#include "util/json_document.hpp"

#include <cmath>
#include <optional>
#include <tuple>
#include <vector>

#include "util/closest_name.hpp"
#include "util/json_text.hpp"
#include "util/text_file.hpp"

namespace mapscape {

namespace {

// Walks well-formed JSON text and records where each value starts, keyed by JSON pointer.
class PositionScanner {
public:
    PositionScanner(std::string_view text, std::unordered_map<std::string, std::pair<int, int>>& out)
        : text_(text), out_(out) {}

    void run() {
        skip_space();
        value("");
    }

private:
    void value(const std::string& pointer) {
        skip_space();
        if (i_ >= text_.size()) return;
        out_[pointer] = {line_, col()};
        const char c = text_[i_];
        if (c == '{') {
            advance();
            skip_space();
            if (peek() == '}') return advance();
            std::unordered_map<std::string, std::pair<int, int>> keys;  // this object's, where each is
            while (i_ < text_.size()) {
                skip_space();
                const std::pair<int, int> at{line_, col()};
                const std::string key = string_literal();
                if (const auto [first, fresh] = keys.emplace(key, at); !fresh && !duplicate_)
                    duplicate_ = Duplicate{key, at, first->second};
                skip_space();
                if (peek() == ':') advance();
                value(json_child(pointer, key));
                skip_space();
                if (peek() == ',') {
                    advance();
                    continue;
                }
                if (peek() == '}') advance();
                return;
            }
        } else if (c == '[') {
            advance();
            skip_space();
            if (peek() == ']') return advance();
            std::size_t index = 0;
            while (i_ < text_.size()) {
                value(json_child(pointer, index++));
                skip_space();
                if (peek() == ',') {
                    advance();
                    continue;
                }
                if (peek() == ']') advance();
                return;
            }
        } else if (c == '"') {
            string_literal();
        } else {
            while (i_ < text_.size() && std::string_view(",]} \t\r\n").find(text_[i_]) == std::string_view::npos)
                advance();
        }
    }

    std::string string_literal() {
        std::string s;
        if (peek() != '"') return s;
        advance();
        while (i_ < text_.size() && text_[i_] != '"') {
            if (text_[i_] == '\\' && i_ + 1 < text_.size()) {
                advance();
                s += text_[i_];
            } else {
                s += text_[i_];
            }
            advance();
        }
        advance();
        return s;
    }

    char peek() const { return i_ < text_.size() ? text_[i_] : '\0'; }
    void advance() {
        if (i_ >= text_.size()) return;
        if (text_[i_] == '\n') {
            ++line_;
            line_start_ = i_ + 1;
        }
        ++i_;
    }
    void skip_space() {
        while (i_ < text_.size() && std::string_view(" \t\r\n").find(text_[i_]) != std::string_view::npos)
            advance();
    }
    int col() const { return static_cast<int>(i_ - line_start_) + 1; }

public:
    // The first key given twice in one object: where again, and where first.
    struct Duplicate {
        std::string key;
        std::pair<int, int> again, first;
    };
    std::optional<Duplicate> duplicate_;

private:
    std::string_view text_;
    std::unordered_map<std::string, std::pair<int, int>>& out_;
    std::size_t i_ = 0;
    std::size_t line_start_ = 0;
    int line_ = 1;
};

std::pair<int, int> line_column(std::string_view text, std::size_t byte) {
    int line = 1;
    std::size_t start = 0;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i)
        if (text[i] == '\n') {
            ++line;
            start = i + 1;
        }
    return {line, static_cast<int>(byte - start) + 1};
}

std::string type_name(const nlohmann::json& v) { return v.type_name(); }

// The byte where arrays and objects first nest deeper than `limit`, or npos. Iterative, so a
// hostile file of 50,000 brackets is refused before anything recursive (the position scanner,
// the readers) sees it.
std::size_t too_deep_at(std::string_view text, int limit) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::string_view::npos;
}

}  // namespace

std::string json_child(const std::string& pointer, const std::string& key) {
    std::string escaped;
    for (char c : key) {
        if (c == '~') escaped += "~0";
        else if (c == '/') escaped += "~1";
        else escaped += c;
    }
    return pointer + "/" + escaped;
}

std::string json_child(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

JsonDocument JsonDocument::parse(std::string_view text, std::string file_name) {
    JsonDocument doc;
    doc.file_ = std::move(file_name);
    if (const std::size_t at = too_deep_at(text, kMaxNestingDepth); at != std::string_view::npos) {
        const auto [line, column] = line_column(text, at);
        throw InputError({doc.file_, line, column}, "arrays and objects nest more than " + std::to_string(kMaxNestingDepth) +
                                                        " levels deep: no Mapscape file nests so deeply");
    }
    try {
        doc.root_ = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is one past the offending character.
        const auto [line, column] = line_column(text, e.byte > 0 ? e.byte - 1 : 0);
        // nlohmann's text repeats the position; keep only what is wrong.
        std::string what = e.what();
        const auto pos = what.find("parse error");
        if (pos != std::string::npos) what = what.substr(pos);
        if (const auto colon = what.find(": "); colon != std::string::npos && what.find(", column ") < colon)
            what = what.substr(colon + 2);
        throw InputError({doc.file_, line, column}, "malformed JSON: " + what);
    } catch (const nlohmann::json::exception& e) {
        // Other parse failures (a number out of range) carry no position: find the number.
        std::string what = e.what();
        if (const auto bracket = what.find("] "); bracket != std::string::npos) what = what.substr(bracket + 2);
        int line = 0, column = 0;
        if (const auto q1 = what.find('\''), q2 = what.rfind('\''); q1 != std::string::npos && q2 > q1) {
            const auto at = text.find(what.substr(q1 + 1, q2 - q1 - 1));
            if (at != std::string_view::npos) std::tie(line, column) = line_column(text, at);
        }
        throw InputError({doc.file_, line, column}, "malformed JSON: " + what);
    }
    PositionScanner scanner(text, doc.positions_);
    scanner.run();
    // nlohmann keeps the last of a key given twice; a file that says two things is refused
    // rather than read as one of them.
    if (const auto& d = scanner.duplicate_)
        throw InputError({doc.file_, d->again.first, d->again.second},
                         "\"" + d->key + "\" is given twice in one object (first at " + std::to_string(d->first.first) + ":" +
                             std::to_string(d->first.second) + "): say it once");
    return doc;
}

JsonDocument JsonDocument::read(const std::string& path) { return parse(read_text_file(path), path); }

SourceLocation JsonDocument::location(const std::string& pointer) const {
    std::string p = pointer;
    while (true) {
        if (auto it = positions_.find(p); it != positions_.end())
            return {file_, it->second.first, it->second.second};
        if (p.empty()) return {file_, 0, 0};
        p = p.substr(0, p.rfind('/'));
    }
}

void JsonDocument::fail(const std::string& pointer, const std::string& message) const {
    throw InputError(location(pointer), message);
}

std::int64_t JsonDocument::integer(const nlohmann::json& o, const std::string& pointer,
                                   const std::string& key, std::int64_t min, std::int64_t max) const {
    const std::string at = json_child(pointer, key);
    if (!o.contains(key)) fail(pointer, "missing field \"" + key + "\"");
    const auto& v = o[key];
    if (!v.is_number_integer()) {
        if (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>() &&
            std::abs(v.get<double>()) < 9e15)
            return integer_or(o, pointer, key, 0, min, max);
        fail(at, "\"" + key + "\" must be a whole number, not " + type_name(v) + " " + json_text(v));
    }
    // A whole number past 2^63 - 1 arrives unsigned: quoted as written, never wrapped negative.
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
        fail(at, "\"" + key + "\" = " + json_text(v) + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    const std::int64_t x = v.get<std::int64_t>();
    if (x < min || x > max)
        fail(at, "\"" + key + "\" = " + std::to_string(x) + " is out of range [" +
                     std::to_string(min) + ", " + std::to_string(max) + "]");
    return x;
}

std::int64_t JsonDocument::integer_or(const nlohmann::json& o, const std::string& pointer,
                                      const std::string& key, std::int64_t fallback,
                                      std::int64_t min, std::int64_t max) const {
    if (!o.contains(key)) return fallback;
    const auto& v = o[key];
    const std::string at = json_child(pointer, key);
    std::int64_t x = 0;
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
        fail(at, "\"" + key + "\" = " + json_text(v) + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    if (v.is_number_integer())
        x = v.get<std::int64_t>();
    else if (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>() &&
             std::abs(v.get<double>()) < 9e15)
        x = static_cast<std::int64_t>(v.get<double>());
    else
        fail(at, "\"" + key + "\" must be a whole number, not " + type_name(v) + " " + json_text(v));
    if (x < min || x > max)
        fail(at, "\"" + key + "\" = " + std::to_string(x) + " is out of range [" +
                     std::to_string(min) + ", " + std::to_string(max) + "]");
    return x;
}

double JsonDocument::number_or(const nlohmann::json& o, const std::string& pointer,
                               const std::string& key, double fallback, double min,
                               double max) const {
    if (!o.contains(key)) return fallback;
    const auto& v = o[key];
    if (!v.is_number()) fail(json_child(pointer, key), "\"" + key + "\" must be a number");
    const double x = v.get<double>();
    if (!(x >= min && x <= max))
        fail(json_child(pointer, key), "\"" + key + "\" = " + json_text(v) + " is out of range");
    return x;
}

std::string JsonDocument::string(const nlohmann::json& o, const std::string& pointer,
                                 const std::string& key) const {
    if (!o.contains(key)) fail(pointer, "missing field \"" + key + "\"");
    const auto& v = o[key];
    if (!v.is_string())
        fail(json_child(pointer, key), "\"" + key + "\" must be a string, not " + type_name(v));
    return v.get<std::string>();
}

std::string JsonDocument::string_or(const nlohmann::json& o, const std::string& pointer,
                                    const std::string& key, const std::string& fallback) const {
    if (!o.contains(key)) return fallback;
    return string(o, pointer, key);
}

const nlohmann::json& JsonDocument::object(const nlohmann::json& parent, const std::string& pointer,
                                           const std::string& key) const {
    if (!parent.contains(key)) fail(pointer, "missing field \"" + key + "\"");
    const auto& v = parent[key];
    if (!v.is_object()) fail(json_child(pointer, key), "\"" + key + "\" must be an object");
    return v;
}

const nlohmann::json& JsonDocument::array(const nlohmann::json& parent, const std::string& pointer,
                                          const std::string& key) const {
    if (!parent.contains(key)) fail(pointer, "missing field \"" + key + "\"");
    const auto& v = parent[key];
    if (!v.is_array()) fail(json_child(pointer, key), "\"" + key + "\" must be an array");
    return v;
}

void JsonDocument::check_fields(const nlohmann::json& object, const std::string& pointer, const JsonObjectSchema& schema) const {
    if (!object.is_object()) return;
    for (auto it = object.begin(); it != object.end(); ++it)
        if (!schema.has(it.key())) unknown_field(pointer, it.key(), schema);
}

void JsonDocument::unknown_field(const std::string& pointer, const std::string& key, const JsonObjectSchema& schema) const {
    const std::string at = json_child(pointer, key);
    std::string hint = did_you_mean(key, schema.fields);
    if (hint.empty()) {
        hint = " (" + schema.name + " fields: ";
        for (std::size_t i = 0; i < schema.fields.size(); ++i) hint += (i ? ", " : "") + schema.fields[i];
        hint += ")";
    }
    fail(at, json_path_text(at) + ": unknown field \"" + key + "\"" + hint);
}

void JsonDocument::check_format(const std::string& format, std::int64_t newest, const std::string& what,
                                const std::string& pointer) const {
    const nlohmann::json& object = pointer.empty() ? root_ : root_.at(nlohmann::json::json_pointer(pointer));
    const std::string found = string_or(object, pointer, "format", format);
    if (found != format) fail(json_child(pointer, "format"), "this is a \"" + found + "\" file, not a " + format);
    const std::int64_t version = integer_or(object, pointer, "version", 1, 0, 2147483647);
    if (version > newest)
        fail(json_child(pointer, "version"), what + " format version " + std::to_string(version) + " is newer than this Mapscape understands (" +
                             std::to_string(newest) + "); please upgrade");
}

}  // namespace mapscape
