// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/kernel.h"
#include "core/model/precision.h"
#include "core/plot/plot_spec.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roofline {

/// What the figure shows beyond the data: fixed ranges, title, extra roofs.
struct ViewSettings {
    std::optional<AxisRange> x;
    std::optional<AxisRange> y;
    std::string title;
    bool showAchievable = false;
    bool showLabels = true; ///< a label next to each kernel
    bool sizeByTimeShare = false; ///< marker area follows the kernel's share of total time

    friend bool operator==(const ViewSettings& a, const ViewSettings& b)
    {
        return a.x == b.x && a.y == b.y && a.title == b.title && a.showAchievable == b.showAchievable
            && a.showLabels == b.showLabels && a.sizeByTimeShare == b.sizeByTimeShare;
    }
    friend bool operator!=(const ViewSettings& a, const ViewSettings& b) { return !(a == b); }
};

/// One analysis: an accelerator, a precision, kernels, and how the figure looks.
struct Session {
    std::string hardwareId = "h100-sxm5";
    Precision precision = Precision::BF16;
    std::optional<double> achievable; ///< overrides the profile's achievable fraction
    std::vector<Kernel> kernels;
    ViewSettings view;

    friend bool operator==(const Session& a, const Session& b)
    {
        return a.hardwareId == b.hardwareId && a.precision == b.precision && a.achievable == b.achievable
            && a.kernels == b.kernels && a.view == b.view;
    }
    friend bool operator!=(const Session& a, const Session& b) { return !(a == b); }
};

std::ostream& operator<<(std::ostream& os, const Session& s);

} // namespace roofline
