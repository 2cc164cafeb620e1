// The accelerator editor's Precision box: one number format for the layers that have none of
// their own, as the CLI's --precision gives it. A study stores only each layer's precision, so
// which layers the box governs is the box's last choice (recorded by the document while the
// study is open) or, in a study just opened, inferred from the layers.
#pragma once

#include <optional>

#include "workload/model.hpp"

namespace mapscape::ui {

// What the box shows: `applied`, the precision it last gave, when known; else unspecified (the
// word size) while any layer has none; else the precision most layers share (the first of a tie).
TensorPrecision shown_default_precision(const Model& model, const std::optional<TensorPrecision>& applied);

// The model with `to` on every layer that has no precision or has `from` (the box's previous
// choice); layers with another precision keep theirs.
Model with_default_precision(Model model, const TensorPrecision& from, const TensorPrecision& to);

}  // namespace mapscape::ui
