// A number as JSON, or null where it is not finite (JSON has no infinity or NaN: "nothing found",
// "no bound" are null in every document Mapscape writes).
#pragma once

#include <cmath>

#include <nlohmann/json.hpp>

namespace mapscape {

template <typename Json = nlohmann::ordered_json>
Json number_or_null(double v) {
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

}  // namespace mapscape
