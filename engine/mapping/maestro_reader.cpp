// Reader for MAESTRO network + dataflow files.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <map>

#include "mapping/maestro_file.hpp"
#include "mapping/maestro_lexer.hpp"
#include "util/text_file.hpp"
#include "util/utf8.hpp"

namespace mapscape {

namespace {

constexpr std::int64_t kMaxValue = std::numeric_limits<std::int32_t>::max();

std::string collapse_spaces(std::string_view raw) {
    std::string out;
    bool space = false;
    for (char c : raw) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

class MaestroParser {
public:
    MaestroParser(std::string_view text, std::string file)
        : text_(text), file_(std::move(file)), tokens_(tokenize_maestro(text)) {}

    MaestroNetwork parse() {
        for (const Token& t : tokens_)
            if (const std::size_t bad = first_invalid_utf8(t.text); bad != std::string_view::npos) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(t.text[bad])));
                throw InputError(location_of(t.offset + bad),
                                 std::string("invalid UTF-8 byte ") + hex + " (MAESTRO files must be UTF-8 text)");
            }
        bool saw_network = false;
        while (!at_end()) {
            const Token& t = peek();
            if (t.text == "Constant") {
                next();
                parse_constant();
            } else if (t.text == "Network") {
                const Token kw = next();
                parse_network(kw);
                saw_network = true;
            } else if (t.text == "Accelerator") {
                const Token kw = next();
                skip_block(kw, "Accelerator");
                net_.warnings.push_back({where(kw),
                                         "Accelerator block ignored (MAESTRO ignores it too); "
                                         "describe the hardware with a HW file or --hw"});
            } else {
                error(t, "expected 'Network', 'Constant' or 'Accelerator', found '" + t.text + "'");
            }
        }
        if (!saw_network) error_at_end("no 'Network { ... }' block in the file");
        if (net_.layers.empty()) error_at_end("the network has no layers");
        return std::move(net_);
    }

private:
    bool at_end() const { return pos_ >= tokens_.size(); }
    const Token& peek() const { return tokens_[pos_]; }
    Token next() {
        if (at_end()) error_at_end("unexpected end of file");
        return tokens_[pos_++];
    }
    SourceLocation where(const Token& t) const { return {file_, t.line, t.column}; }
    [[noreturn]] void error(const Token& t, const std::string& message) const {
        throw InputError(where(t), message);
    }
    // Where the file ends, line and column, so that even an empty file's error has both.
    [[noreturn]] void error_at_end(const std::string& message) const {
        throw InputError(location_of(text_.size()), message);
    }
    SourceLocation location_of(std::size_t offset) const {
        int line = 1;
        std::size_t line_start = 0;
        for (std::size_t i = 0; i < offset && i < text_.size(); ++i)
            if (text_[i] == '\n') {
                ++line;
                line_start = i + 1;
            }
        return {file_, line, static_cast<int>(offset - line_start) + 1};
    }

    // MAESTRO's tokenizer drops punctuation, so it reads "TemporalMap(2,2 C" or a directive
    // without its ';' as if they were complete. Whoever wrote them made a mistake, so the
    // punctuation between token `index` and the next one (or the end of the text) must be
    // exactly `expected`, whitespace and comments aside. `what` is the construct, for messages.
    void expect_punctuation(std::size_t index, std::string_view expected, const std::string& what) const {
        const std::size_t from = tokens_[index].end;
        const std::size_t to = index + 1 < tokens_.size() ? tokens_[index + 1].offset : text_.size();
        std::size_t k = 0, matched_end = from;
        for (std::size_t i = from; i < to; ++i) {
            const char c = text_[i];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
            if (c == '/' && i + 1 < to && text_[i + 1] == '/') {
                while (i < to && text_[i] != '\n') ++i;
                continue;
            }
            if (k < expected.size() && c == expected[k]) {
                ++k;
                matched_end = i + 1;
                continue;
            }
            if (k < expected.size())
                throw InputError(location_of(i), std::string("expected '") + expected[k] + "' in " + what + ", found '" + c + "'");
            throw InputError(location_of(i), std::string("unexpected '") + c + "' after " + what);
        }
        if (k < expected.size())
            throw InputError(location_of(matched_end), std::string("missing '") + expected[k] + "' " +
                                                    (expected[k] == ';' ? "after " : "in ") + what);
    }

    // The source text of tokens first..last, with single spaces, for messages.
    std::string source_of(std::size_t first, std::size_t last) const {
        return collapse_spaces(text_.substr(tokens_[first].offset, tokens_[last].end - tokens_[first].offset));
    }

    Token expect(std::string_view text, const std::string& context) {
        if (at_end())
            error_at_end("unexpected end of file: expected '" + std::string(text) + "' " + context);
        const Token t = next();
        if (t.text != text)
            error(t, "expected '" + std::string(text) + "' " + context + ", found '" + t.text + "'");
        return t;
    }

    // Raw source text between two tokens, e.g. a layer name written "Conv2d-1".
    std::string text_between(const Token& after, const Token& before) const {
        return collapse_spaces(text_.substr(after.end, before.offset - after.end));
    }

    void skip_block(const Token& keyword, const std::string& what) {
        const Token open = expect("{", "after " + what);
        int depth = 1;
        while (depth > 0) {
            if (at_end())
                throw InputError(where(keyword), "unterminated " + what + " block (missing '}')");
            const Token t = next();
            if (t.text == "{") ++depth;
            if (t.text == "}") --depth;
        }
        (void)open;
    }

    std::int64_t parse_integer(const Token& t, const std::string& what) const {
        std::int64_t value = 0;
        const char* b = t.text.data();
        const char* e = b + t.text.size();
        auto [p, ec] = std::from_chars(b, e, value);
        if (ec == std::errc::result_out_of_range || (ec == std::errc() && p == e && value > kMaxValue))
            error(t, what + " " + t.text + " is too large (at most " + std::to_string(kMaxValue) + ")");
        if (ec != std::errc() || p != e)
            error(t, "expected " + what + " (a whole number" +
                         (constants_.empty() ? std::string() : " or a Constant name") +
                         "), found '" + t.text + "'");
        return value;
    }

    std::int64_t positive(const Token& t, std::int64_t value, const std::string& what) const {
        if (value < 1) error(t, what + " must be at least 1, not " + std::to_string(value));
        return value;
    }

    void parse_constant() {
        if (at_end()) error_at_end("unexpected end of file after 'Constant'");
        const Token name = next();
        if (name.text == "{" || name.text == "}") error(name, "expected a constant name");
        if (at_end()) error_at_end("unexpected end of file: Constant " + name.text + " has no value");
        const Token value = next();
        const std::int64_t v = parse_integer(value, "the value of Constant " + name.text);
        constants_[name.text] = v;
        net_.constants.emplace_back(name.text, v);
    }

    void parse_network(const Token& keyword) {
        std::size_t start = pos_;
        while (!at_end() && peek().text != "{") ++pos_;
        if (at_end()) throw InputError(where(keyword), "'Network' without '{'");
        if (pos_ > start) net_.name = text_between(keyword, peek());
        next();  // {
        while (true) {
            if (at_end())
                throw InputError(where(keyword), "unterminated Network block (missing '}')");
            const Token t = next();
            if (t.text == "}") return;
            if (t.text != "Layer") error(t, "expected 'Layer' or '}' in the Network block, found '" + t.text + "'");
            parse_layer(t);
        }
    }

    Dim parse_dim_token(const Token& t, const std::string& context) const {
        auto d = parse_dim(t.text);
        if (!d)
            error(t, "unknown dimension '" + t.text + "' " + context +
                         " (expected N, G, K, C, R, S, Y, X, Y', X', or M, N, K for GEMM)");
        return *d;
    }

    struct SizeExpression {
        std::int64_t value = 0;
        bool sz = false;  // Sz(DIM): the punctuation after it starts with its ')'
    };

    // A size: a number, a Constant name, or Sz(DIM) of a dimension this layer declared.
    SizeExpression parse_size(const Layer& layer, const std::string& what) {
        const Token t = next();
        if (t.text == "Sz") {
            if (at_end()) error_at_end("unexpected end of file after Sz");
            expect_punctuation(pos_ - 1, "(", "Sz(...)");
            const Token dt = next();
            const Dim d = parse_dim_token(dt, "in Sz()");
            if (!layer.has(d))
                error(dt, "Sz(" + dt.text + "): dimension " + dt.text +
                              " is not declared in this layer's Dimensions (which must come "
                              "before the Dataflow)");
            return {layer.size(d), true};
        }
        if (auto it = constants_.find(t.text); it != constants_.end())
            return {positive(t, it->second, what + " (Constant " + t.text + ")"), false};
        return {positive(t, parse_integer(t, what), what), false};
    }

    static std::string after(const SizeExpression& e, std::string_view punctuation) {
        return (e.sz ? ")" : "") + std::string(punctuation);
    }

    void parse_dim_list(Layer& layer, const Token& keyword, bool strides, DimSet& declared) {
        expect("{", "after " + keyword.text);
        while (true) {
            if (at_end())
                throw InputError(where(keyword), "unterminated " + keyword.text + " block");
            const Token t = next();
            if (t.text == "}") return;
            const Dim d = parse_dim_token(t, "in " + keyword.text);
            if (at_end()) error_at_end("unexpected end of file: " + t.text + " has no value");
            const Token vt = next();
            std::int64_t v = 0;
            if (auto it = constants_.find(vt.text); it != constants_.end() && !strides)
                v = it->second;
            else
                v = parse_integer(vt, (strides ? "the stride of " : "the size of ") + t.text);
            positive(vt, v, (strides ? "the stride of " : "the size of ") + t.text);
            if (declared.contains(d)) {
                // MAESTRO keeps the first value; follow it, but say so.
                net_.warnings.push_back({where(t), (strides ? "stride of " : "dimension ") + t.text +
                                                       " is given twice; using the first value, as MAESTRO does"});
                continue;
            }
            declared.insert(d);
            if (strides)
                layer.set_stride(d, v);
            else
                layer.set(d, v);
        }
    }

    void parse_dataflow(const Layer& layer, Mapping& mapping, const Token& keyword) {
        expect("{", "after Dataflow");
        while (true) {
            if (at_end()) throw InputError(where(keyword), "unterminated Dataflow block");
            const Token t = next();
            if (t.text == "}") return;
            const std::size_t keyword_index = pos_ - 1;
            if (t.text == "TemporalMap" || t.text == "SpatialMap") {
                const bool spatial = t.text == "SpatialMap";
                if (at_end()) error_at_end("unexpected end of file in " + t.text);
                const std::string what = t.text + "(size,offset) DIM";
                expect_punctuation(keyword_index, "(", what);
                const SizeExpression size = parse_size(layer, "the map size");
                if (at_end()) error_at_end("unexpected end of file in " + t.text);
                expect_punctuation(pos_ - 1, after(size, ","), what);
                const SizeExpression offset = parse_size(layer, "the map offset");
                if (at_end()) error_at_end("unexpected end of file in " + t.text);
                expect_punctuation(pos_ - 1, after(offset, ")"), what);
                const Token dt = next();
                const Dim d = parse_dim_token(dt, "in " + t.text);
                expect_punctuation(pos_ - 1, ";", "'" + source_of(keyword_index, pos_ - 1) + "'");
                mapping.directives.push_back(spatial ? Directive::spatial(d, size.value, offset.value)
                                                     : Directive::temporal(d, size.value, offset.value));
            } else if (t.text == "Cluster") {
                if (at_end()) error_at_end("unexpected end of file in Cluster");
                const std::string what = "Cluster(size,P|L)";
                expect_punctuation(keyword_index, "(", what);
                const SizeExpression size = parse_size(layer, "the cluster size");
                if (at_end()) error_at_end("unexpected end of file in Cluster");
                expect_punctuation(pos_ - 1, after(size, ","), what);
                const Token kt = next();
                if (kt.text != "P" && kt.text != "L")
                    error(kt, "expected P (physical) or L (logical) in Cluster, found '" + kt.text + "'");
                expect_punctuation(pos_ - 1, ");", what);
                mapping.directives.push_back(Directive::cluster(
                    size.value, kt.text == "L" ? ClusterKind::Logical : ClusterKind::Physical));
            } else {
                error(t, "expected TemporalMap, SpatialMap, Cluster or '}' in the Dataflow, found '" +
                             t.text + "'");
            }
        }
    }

    void parse_layer(const Token& keyword) {
        std::size_t start = pos_;
        while (!at_end() && peek().text != "{") ++pos_;
        if (at_end()) throw InputError(where(keyword), "'Layer' without '{'");
        MaestroLayer entry;
        entry.location = where(keyword);
        entry.layer.name = pos_ > start ? text_between(keyword, peek()) : std::string("Layer");
        next();  // {
        bool has_type = false;
        DimSet dims_declared, strides_declared;
        while (true) {
            if (at_end())
                throw InputError(where(keyword), "unterminated Layer " + entry.layer.name +
                                                     " (missing '}')");
            const Token t = next();
            if (t.text == "}") break;
            if (t.text == "Type") {
                if (at_end()) error_at_end("unexpected end of file after Type");
                const Token tt = next();
                if (tt.text == "FC" || tt.text == "POOL" || tt.text == "LSTM" ||
                    tt.text == "RESIDUAL_IDENTITY")
                    error(tt, "layer type " + tt.text +
                                  " is not supported by MAESTRO's analysis; write FC as a CONV "
                                  "with R, S, Y, X = 1");
                auto type = parse_layer_type(tt.text);
                if (!type || *type == LayerType::FullyConnected)
                    error(tt, "unknown layer type '" + tt.text +
                                  "' (expected CONV, DSCONV, NGCONV, TRCONV or GEMM)");
                entry.layer.type = *type;
                has_type = true;
            } else if (t.text == "Stride") {
                parse_dim_list(entry.layer, t, true, strides_declared);
            } else if (t.text == "Dimensions") {
                parse_dim_list(entry.layer, t, false, dims_declared);
            } else if (t.text == "Dataflow") {
                if (entry.has_dataflow) error(t, "a second Dataflow block in the same layer");
                parse_dataflow(entry.layer, entry.mapping, t);
                entry.has_dataflow = true;
            } else {
                error(t, "expected Type, Stride, Dimensions, Dataflow or '}' in Layer " +
                             entry.layer.name + ", found '" + t.text + "'");
            }
        }
        if (!has_type) throw InputError(entry.location, "Layer " + entry.layer.name + " has no Type");
        if (dims_declared.empty())
            throw InputError(entry.location, "Layer " + entry.layer.name + " has no Dimensions");
        if (std::string p = layer_problem(entry.layer); !p.empty())
            throw InputError(entry.location, "Layer " + entry.layer.name + ": " + p);
        net_.layers.push_back(std::move(entry));
    }

    std::string_view text_;
    std::string file_;
    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
    std::map<std::string, std::int64_t> constants_;
    MaestroNetwork net_;
};

}  // namespace

MaestroNetwork parse_maestro_text(std::string_view text, const std::string& file_name) {
    return MaestroParser(text, file_name).parse();
}

MaestroNetwork read_maestro_file(const std::string& path) {
    const std::string text = read_text_file(path);
    return parse_maestro_text(text, path);
}

}  // namespace mapscape
