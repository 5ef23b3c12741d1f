// SPDX-License-Identifier: MIT
// A point and an axis range in data coordinates (intensity, FLOP/s): what a session's view and a
// figure share.
#pragma once

namespace roofline {

struct PlotXY {
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(const PlotXY& a, const PlotXY& b) { return a.x == b.x && a.y == b.y; }
};

struct AxisRange {
    double lo = 1.0;
    double hi = 10.0;
    friend bool operator==(const AxisRange& a, const AxisRange& b) { return a.lo == b.lo && a.hi == b.hi; }
};

} // namespace roofline
