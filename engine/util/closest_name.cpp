#include "util/closest_name.hpp"

#include <algorithm>
#include <cctype>

namespace mapscape {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
    if (prefix.size() > text.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (lower(text[i]) != lower(prefix[i])) return false;
    return true;
}

}  // namespace

int edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment: Levenshtein plus swaps of neighbours ("serach" -> "search" is one).
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1, 0));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& known) {
    if (typed.empty()) return std::nullopt;
    // Leading dashes of options do not count as letters the user could have mistyped.
    const auto core = [](std::string_view s) { return s.substr(std::min(s.find_first_not_of('-'), s.size())); };
    const std::string_view t = core(typed);
    const int allowed = std::max<int>(1, static_cast<int>(t.size()) / 3);
    std::optional<std::string> best;
    int best_distance = allowed + 1;
    bool tied = false;  // another name as close: for one or two letters ("Q": C? K? M?), no guess
    for (const std::string& name : known) {
        const std::string_view k = core(name);
        if (k.empty() || name == typed) continue;
        int distance = edit_distance(t, k);
        // A prefix either way ("--thread" for "--threads", "resnet" for "resnet18") counts as close.
        if (distance > allowed && t.size() >= 3 && (starts_with_ignoring_case(k, t) || starts_with_ignoring_case(t, k)))
            distance = allowed;
        // A shortened name with a typo in it ("copy" for "copies"): as close as allowed.
        if (distance > allowed && t.size() >= 4 && k.size() > t.size() && edit_distance(t, k.substr(0, t.size())) <= 1)
            distance = allowed;
        if (distance < best_distance) {
            best_distance = distance;
            best = name;
            tied = false;
        } else if (distance == best_distance) {
            tied = true;
        }
    }
    if (tied && t.size() <= 2) return std::nullopt;
    return best;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known) {
    const auto name = closest_name(typed, known);
    return name ? " (did you mean \"" + *name + "\"?)" : std::string();
}

}  // namespace mapscape
