// SPDX-License-Identifier: MIT
// Kernels drawn at one point: one name for them all (part of the label layout, label_layout.h).
#pragma once

#include "core/labels/label_geometry.h"
#include "core/plot/plot_spec.h"

#include <functional>
#include <vector>

namespace roofline::detail {

/// Among the kernels' names `order` lists (indices into `labels`), those whose points are drawn
/// within `within` pixels of each other (their markers one on the other) and whose verdicts read
/// alike become one name: the heaviest kernel's label takes every name of the group, joined
/// ("gemm_a, gemm_b"), the verdict they share and their summed weight, and is placed (beside the
/// point, or numbered in the key) as any name; the others' texts are cleared and they leave
/// `order`. Returns how many names were merged into another.
int mergeCoincidentNames(std::vector<PlotLabel>& labels, std::vector<size_t>& order,
    const std::function<geom::Pt(const PlotXY&)>& px, double within = 2.0);

} // namespace roofline::detail
