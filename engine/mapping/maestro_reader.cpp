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

bool is_ascii(std::string_view text) {
    unsigned char any = 0;
    for (const char c : text) any |= static_cast<unsigned char>(c);
    return any < 0x80;
}

class MaestroParser {
public:
    MaestroParser(std::string_view text, std::string file)
        : text_(text), file_(std::move(file)), tokens_(tokenize_maestro(text)) {}

    MaestroNetwork parse() {
        if (!is_ascii(text_))
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
                const Token& kw = next();
                parse_network(kw);
                saw_network = true;
            } else if (t.text == "Accelerator") {
                const Token& kw = next();
                skip_block(kw, "Accelerator");
                net_.warnings.push_back({where(kw),
                                         "Accelerator block ignored (MAESTRO ignores it too); "
                                         "describe the hardware with a HW file or --hw"});
            } else {
                error(t, "expected 'Network', 'Constant' or 'Accelerator', found '" + t.str() + "'");
            }
        }
        if (!saw_network) error_at_end("no 'Network { ... }' block in the file");
        if (net_.layers.empty()) error_at_end("the network has no layers");
        return std::move(net_);
    }

private:
    bool at_end() const { return pos_ >= tokens_.size(); }
    const Token& peek() const { return tokens_[pos_]; }
    const Token& next() {
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
    // `what` is a callable returning the description, built only for a message: a 990-layer
    // file has 10k directives, and building each one's description took a fifth of the parse.
    template <class What>
    void expect_punctuation(std::size_t index, std::string_view expected, const What& what) const {
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
                throw InputError(location_of(i), std::string("expected '") + expected[k] + "' in " + what() + ", found '" + c + "'");
            throw InputError(location_of(i), std::string("unexpected '") + c + "' after " + what());
        }
        if (k < expected.size())
            throw InputError(location_of(matched_end), std::string("missing '") + expected[k] + "' " +
                                                    (expected[k] == ';' ? "after " : "in ") + what());
    }

    // The source text of tokens first..last, with single spaces, for messages.
    std::string source_of(std::size_t first, std::size_t last) const {
        return collapse_spaces(text_.substr(tokens_[first].offset, tokens_[last].end - tokens_[first].offset));
    }

    // The next token must be `text`; messages say it comes "after <after_what>".
    const Token& expect_after(std::string_view text, std::string_view after_what) {
        if (at_end())
            error_at_end("unexpected end of file: expected '" + std::string(text) + "' after " + std::string(after_what));
        const Token& t = next();
        if (t.text != text)
            error(t, "expected '" + std::string(text) + "' after " + std::string(after_what) + ", found '" + t.str() + "'");
        return t;
    }

    // Raw source text between two tokens, e.g. a layer name written "Conv2d-1".
    std::string text_between(const Token& after, const Token& before) const {
        return collapse_spaces(text_.substr(after.end, before.offset - after.end));
    }

    void skip_block(const Token& keyword, const std::string& what) {
        const Token& open = expect_after("{", what);
        int depth = 1;
        while (depth > 0) {
            if (at_end())
                throw InputError(where(keyword), "unterminated " + what + " block (missing '}')");
            const Token& t = next();
            if (t.text == "{") ++depth;
            if (t.text == "}") --depth;
        }
        (void)open;
    }

    // `what` (a callable returning the name of the value, e.g. "the size of K") is built only
    // for a message.
    template <class What>
    std::int64_t parse_integer(const Token& t, const What& what) const {
        std::int64_t value = 0;
        const char* b = t.text.data();
        const char* e = b + t.text.size();
        auto [p, ec] = std::from_chars(b, e, value);
        if (ec == std::errc() && p == e && written_negative(text_, t))
            error(t, what() + " must be at least 1, not -" + t.str());
        if (ec == std::errc::result_out_of_range || (ec == std::errc() && p == e && value > kMaxValue))
            error(t, what() + " " + t.str() + " is too large (at most " + std::to_string(kMaxValue) + ")");
        if (ec != std::errc() || p != e)
            error(t, "expected " + what() + " (a whole number" +
                         (constants_.empty() ? std::string() : " or a Constant name") +
                         "), found '" + t.str() + "'");
        return value;
    }

    template <class What>
    std::int64_t positive(const Token& t, std::int64_t value, const What& what) const {
        if (value < 1) error(t, what() + " must be at least 1, not " + std::to_string(value));
        return value;
    }

    const std::int64_t* constant(std::string_view name) const {
        if (constants_.empty()) return nullptr;
        const auto it = constants_.find(name);
        return it == constants_.end() ? nullptr : &it->second;
    }

    void parse_constant() {
        if (at_end()) error_at_end("unexpected end of file after 'Constant'");
        const Token& name = next();
        if (name.text == "{" || name.text == "}") error(name, "expected a constant name");
        if (at_end()) error_at_end("unexpected end of file: Constant " + name.str() + " has no value");
        const Token& value = next();
        const std::int64_t v = parse_integer(value, [&] { return "the value of Constant " + name.str(); });
        constants_.insert_or_assign(name.str(), v);
        net_.constants.emplace_back(name.str(), v);
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
            const Token& t = next();
            if (t.text == "}") return;
            if (t.text != "Layer") error(t, "expected 'Layer' or '}' in the Network block, found '" + t.str() + "'");
            parse_layer(t);
        }
    }

    Dim parse_dim_token(const Token& t, std::string_view context) const {
        auto d = parse_dim(t.text);
        if (!d)
            error(t, "unknown dimension '" + t.str() + "' " + std::string(context) +
                         " (expected N, G, K, C, R, S, Y, X, Y', X', or M, N, K for GEMM)");
        return *d;
    }

    struct SizeExpression {
        std::int64_t value = 0;
        bool sz = false;  // Sz(DIM): the punctuation after it starts with its ')'
    };

    // A size: a number, a Constant name, or Sz(DIM) of a dimension this layer declared.
    SizeExpression parse_size(const Layer& layer, const char* what) {
        const Token& t = next();
        if (t.text == "Sz") {
            if (at_end()) error_at_end("unexpected end of file after Sz");
            expect_punctuation(pos_ - 1, "(", [] { return std::string("Sz(...)"); });
            const Token& dt = next();
            const Dim d = parse_dim_token(dt, "in Sz()");
            if (!layer.has(d))
                error(dt, "Sz(" + dt.str() + "): dimension " + dt.str() +
                              " is not declared in this layer's Dimensions (which must come "
                              "before the Dataflow)");
            return {layer.size(d), true};
        }
        if (const std::int64_t* value = constant(t.text))
            return {positive(t, *value, [&] { return what + (" (Constant " + t.str() + ")"); }), false};
        const auto name = [what] { return std::string(what); };
        return {positive(t, parse_integer(t, name), name), false};
    }

    void parse_dim_list(Layer& layer, const Token& keyword, bool strides, DimSet& declared) {
        expect_after("{", keyword.text);
        // The callers pass the Stride or Dimensions keyword.
        const std::string_view in_keyword = strides ? "in Stride" : "in Dimensions";
        while (true) {
            if (at_end())
                throw InputError(where(keyword), "unterminated " + keyword.str() + " block");
            const Token& t = next();
            if (t.text == "}") return;
            const Dim d = parse_dim_token(t, in_keyword);
            if (at_end()) error_at_end("unexpected end of file: " + t.str() + " has no value");
            const Token& vt = next();
            const auto what = [&] { return (strides ? "the stride of " : "the size of ") + t.str(); };
            const std::int64_t* named = strides ? nullptr : constant(vt.text);
            const std::int64_t v = named ? *named : parse_integer(vt, what);
            positive(vt, v, what);
            if (declared.contains(d)) {
                // MAESTRO keeps the first value; follow it, but say so.
                net_.warnings.push_back({where(t), (strides ? "stride of " : "dimension ") + t.str() +
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
        expect_after("{", "Dataflow");
        while (true) {
            if (at_end()) throw InputError(where(keyword), "unterminated Dataflow block");
            const Token& t = next();
            if (t.text == "}") return;
            const std::size_t keyword_index = pos_ - 1;
            if (t.text == "TemporalMap" || t.text == "SpatialMap") {
                const bool spatial = t.text == "SpatialMap";
                if (at_end()) error_at_end("unexpected end of file in " + t.str());
                const auto what = [&t] { return t.str() + "(size,offset) DIM"; };
                expect_punctuation(keyword_index, "(", what);
                const SizeExpression size = parse_size(layer, "the map size");
                if (at_end()) error_at_end("unexpected end of file in " + t.str());
                // Sz(DIM)'s ')' comes first.
                expect_punctuation(pos_ - 1, size.sz ? ")," : ",", what);
                const SizeExpression offset = parse_size(layer, "the map offset");
                if (at_end()) error_at_end("unexpected end of file in " + t.str());
                expect_punctuation(pos_ - 1, offset.sz ? "))" : ")", what);
                const Token& dt = next();
                const Dim d = parse_dim_token(dt, spatial ? "in SpatialMap" : "in TemporalMap");
                expect_punctuation(pos_ - 1, ";", [&] { return "'" + source_of(keyword_index, pos_ - 1) + "'"; });
                mapping.directives.push_back(spatial ? Directive::spatial(d, size.value, offset.value)
                                                     : Directive::temporal(d, size.value, offset.value));
            } else if (t.text == "Cluster") {
                if (at_end()) error_at_end("unexpected end of file in Cluster");
                const auto what = [] { return std::string("Cluster(size,P|L)"); };
                expect_punctuation(keyword_index, "(", what);
                const SizeExpression size = parse_size(layer, "the cluster size");
                if (at_end()) error_at_end("unexpected end of file in Cluster");
                expect_punctuation(pos_ - 1, size.sz ? ")," : ",", what);
                const Token& kt = next();
                if (kt.text != "P" && kt.text != "L")
                    error(kt, "expected P (physical) or L (logical) in Cluster, found '" + kt.str() + "'");
                expect_punctuation(pos_ - 1, ");", what);
                mapping.directives.push_back(Directive::cluster(
                    size.value, kt.text == "L" ? ClusterKind::Logical : ClusterKind::Physical));
            } else {
                error(t, "expected TemporalMap, SpatialMap, Cluster or '}' in the Dataflow, found '" +
                             t.str() + "'");
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
            const Token& t = next();
            if (t.text == "}") break;
            if (t.text == "Type") {
                if (at_end()) error_at_end("unexpected end of file after Type");
                const Token& tt = next();
                if (tt.text == "FC" || tt.text == "POOL" || tt.text == "LSTM" ||
                    tt.text == "RESIDUAL_IDENTITY")
                    error(tt, "layer type " + tt.str() +
                                  " is not supported by MAESTRO's analysis; write FC as a CONV "
                                  "with R, S, Y, X = 1");
                auto type = parse_layer_type(tt.text);
                if (!type || *type == LayerType::FullyConnected)
                    error(tt, "unknown layer type '" + tt.str() +
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
                             entry.layer.name + ", found '" + t.str() + "'");
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
    std::map<std::string, std::int64_t, std::less<>> constants_;
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
