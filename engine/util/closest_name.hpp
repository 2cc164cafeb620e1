// "Did you mean ...?": the known name closest to what the user typed, for error messages about
// misspelled commands, options, models, presets and fields.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mapscape {

// Edits (insertions, deletions, substitutions, swaps of two neighbouring characters) that turn
// `a` into `b`, ignoring case.
int edit_distance(std::string_view a, std::string_view b);

// The known name a typo most likely meant: the closest one within about a third of its length
// (at least one edit), or one that starts with what was typed (or that it starts with). Nothing
// when no name is close, so a message never suggests something unrelated.
std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& known);

// " (did you mean \"NAME\"?)" or "", to append to a message.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known);

}  // namespace mapscape
