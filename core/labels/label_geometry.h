// SPDX-License-Identifier: MIT
// Boxes, rotated boxes and segments in pixels (y down), and whether they touch: what the label
// layout avoids and what the figure tests measure.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

namespace roofline::geom {

struct Pt {
    double x = 0.0, y = 0.0;
};

/// An axis-aligned box, x0 <= x1, y0 <= y1.
struct Box {
    double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
    double width() const { return x1 - x0; }
    double height() const { return y1 - y0; }
    Box grown(double by) const { return {x0 - by, y0 - by, x1 + by, y1 + by}; }
    bool contains(const Box& o) const { return o.x0 >= x0 && o.y0 >= y0 && o.x1 <= x1 && o.y1 <= y1; }
    /// The area the two share (0 when they only touch).
    double overlap(const Box& o) const
    {
        const double w = std::min(x1, o.x1) - std::max(x0, o.x0);
        const double h = std::min(y1, o.y1) - std::max(y0, o.y0);
        return w > 0 && h > 0 ? w * h : 0.0;
    }
};

struct Segment {
    Pt a, b;
};

/// A rotated box (text written along a line): its corners in order.
struct Quad {
    std::array<Pt, 4> p;
    static Quad of(const Box& b) { return {{{{b.x0, b.y0}, {b.x1, b.y0}, {b.x1, b.y1}, {b.x0, b.y1}}}}; }
    Box bounds() const
    {
        Box b {p[0].x, p[0].y, p[0].x, p[0].y};
        for (const Pt& q : p) {
            b.x0 = std::min(b.x0, q.x);
            b.y0 = std::min(b.y0, q.y);
            b.x1 = std::max(b.x1, q.x);
            b.y1 = std::max(b.y1, q.y);
        }
        return b;
    }
};

/// Whether segment s passes through the inside of box b (Liang-Barsky clipping).
inline bool crosses(const Segment& s, const Box& b)
{
    if ((s.a.x <= b.x0 && s.b.x <= b.x0) || (s.a.x >= b.x1 && s.b.x >= b.x1) || (s.a.y <= b.y0 && s.b.y <= b.y0)
        || (s.a.y >= b.y1 && s.b.y >= b.y1))
        return false; // wholly on one side of it (the common case, and cheap)
    double t0 = 0.0, t1 = 1.0;
    const double dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {s.a.x - b.x0, b.x1 - s.a.x, s.a.y - b.y0, b.y1 - s.a.y};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] <= 0.0)
                return false; // parallel to this edge and outside (or on) it
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 >= t1)
            return false;
    }
    return true;
}

/// Whether two segments cross (touching ends do not count).
inline bool crosses(const Segment& s, const Segment& t)
{
    auto side
        = [](const Pt& a, const Pt& b, const Pt& c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); };
    const double d1 = side(t.a, t.b, s.a), d2 = side(t.a, t.b, s.b);
    const double d3 = side(s.a, s.b, t.a), d4 = side(s.a, s.b, t.b);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

namespace detail {
// The extent of a convex polygon's corners along the axis (ax, ay).
template <size_t N> std::pair<double, double> project(const std::array<Pt, N>& p, double ax, double ay)
{
    double lo = p[0].x * ax + p[0].y * ay, hi = lo;
    for (const Pt& q : p) {
        const double v = q.x * ax + q.y * ay;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    return {lo, hi};
}
} // namespace detail

/// Whether two rotated boxes share some inside (separating axes).
inline bool overlaps(const Quad& a, const Quad& b)
{
    for (const Quad* q : {&a, &b})
        for (int i = 0; i < 2; ++i) {
            const double ax = q->p[i + 1].y - q->p[i].y, ay = q->p[i].x - q->p[i + 1].x;
            const auto [alo, ahi] = detail::project(a.p, ax, ay);
            const auto [blo, bhi] = detail::project(b.p, ax, ay);
            const double eps = 1e-9 * (std::abs(ax) + std::abs(ay)) * (1.0 + std::abs(alo) + std::abs(blo));
            if (ahi <= blo + eps || bhi <= alo + eps)
                return false;
        }
    return true;
}

inline bool overlaps(const Quad& a, const Box& b)
{
    return overlaps(a, Quad::of(b));
}

/// Whether segment s passes through the inside of the rotated box q.
inline bool crosses(const Segment& s, const Quad& q)
{
    // In the box's own frame (its first edge along x), the box is axis-aligned.
    const double ux = q.p[1].x - q.p[0].x, uy = q.p[1].y - q.p[0].y;
    const double vx = q.p[3].x - q.p[0].x, vy = q.p[3].y - q.p[0].y;
    const double lu = std::hypot(ux, uy), lv = std::hypot(vx, vy);
    if (!(lu > 0 && lv > 0))
        return false;
    auto local = [&](const Pt& p) {
        const double dx = p.x - q.p[0].x, dy = p.y - q.p[0].y;
        return Pt {(dx * ux + dy * uy) / lu, (dx * vx + dy * vy) / lv};
    };
    return crosses(Segment {local(s.a), local(s.b)}, Box {0, 0, lu, lv});
}

} // namespace roofline::geom
