// SPDX-License-Identifier: MIT
// Internal to core/labels: the small pieces the label layout (label_layout.cpp) is made of.
#pragma once

#include "core/labels/label_geometry.h"
#include "core/labels/label_layout.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace roofline::detail {

// Width in characters of the longest line, and the number of lines.
inline std::pair<size_t, size_t> textExtent(const std::string& s)
{
    size_t widest = 0, current = 0, lines = 1;
    for (unsigned char c : s) {
        if (c == '\n') {
            widest = std::max(widest, current);
            current = 0;
            ++lines;
        } else if ((c & 0xC0) != 0x80) {
            ++current;
        }
    }
    return {std::max(widest, current), lines};
}

/// The key's line for a label: its own key text, else its text on one line.
inline std::string keyLine(const PlotLabel& l)
{
    if (!l.keyText.empty())
        return l.keyText;
    std::string s = l.text;
    for (size_t at = s.find('\n'); at != std::string::npos; at = s.find('\n', at))
        s.replace(at, 1, " \xC2\xB7 ");
    return s;
}

inline bool isName(const PlotLabel& l)
{
    return l.role == LabelRole::PointLabel || l.role == LabelRole::LeverLabel;
}

/// A place for a text: its box, how the text is anchored in it, and the leader line to it.
struct Choice {
    using Box = geom::Box;
    using Segment = geom::Segment;
    Box box;
    PlotLabel::Align align = PlotLabel::Align::Left;
    PlotLabel::VAlign valign = PlotLabel::VAlign::Middle;
    bool leader = false;
    Segment line;
    double cost = std::numeric_limits<double>::infinity(); ///< LabelCosts::infeasible a rule broken
};

/// Room kept for a name's number while the names are placed. `reach` bounds its box and its
/// leader line: a text that does not meet it meets neither.
struct Room {
    size_t owner;
    Choice place;
    geom::Box reach;
};

inline geom::Box reachOf(const Choice& c)
{
    geom::Box b = c.box;
    if (c.leader)
        for (const geom::Pt& q : {c.line.a, c.line.b})
            b = {std::min(b.x0, q.x), std::min(b.y0, q.y), std::max(b.x1, q.x), std::max(b.y1, q.y)};
    return b;
}

/// The directions a label looks in for free space around its point, as unit vectors: the same
/// few dozen for every label, worked out once.
template <int N> const std::array<geom::Pt, N>& directions()
{
    static const std::array<geom::Pt, N> units = [] {
        std::array<geom::Pt, N> u {};
        for (int k = 0; k < N; ++k) {
            const double angle = 2.0 * M_PI * k / N;
            u[static_cast<size_t>(k)] = {std::cos(angle), std::sin(angle)};
        }
        return u;
    }();
    return units;
}

/// layoutLabels; `logs` (if given): each point's natural logarithms.
LabelLayoutResult layoutLabels(const PlotSpec& spec, const LabelMetrics& m, const std::vector<PlotXY>* logs);

} // namespace roofline::detail
