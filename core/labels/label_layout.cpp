// SPDX-License-Identifier: MIT
// Where every text of a figure goes (layoutLabels): the roof's own labels slide along their lines,
// each kernel's name takes a free side of its point or free space nearby with a leader line, and
// a name with no room left becomes a number at the point and a line of the key. No text may
// overlap another or the legend, no roof, ceiling or ridge line may run through one, and all stay
// inside the plot area; markers, headroom drops and leader crossings only cost (label_costs.h).
#include "core/labels/label_layout.h"
#include "core/labels/coincident.h"
#include "core/labels/label_geometry.h"
#include "core/labels/label_parts.h"
#include "core/labels/obstacles.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

namespace roofline {
namespace {

using detail::Choice;
using detail::directions;
using detail::isName;
using detail::keyLine;
using detail::mergeCoincidentNames;
using detail::Room;
using detail::textExtent;
using geom::Box;
using geom::Pt;
using geom::Quad;
using geom::Segment;

class LabelLayout {
public:
    using A = PlotLabel::Align;
    using V = PlotLabel::VAlign;

    LabelLayout(const PlotSpec& spec, const LabelMetrics& m)
        : m_spec(spec)
        , m_m(m)
        , m_c(m.costs)
        , m_x(m.x ? *m.x : spec.x)
        , m_y(m.y ? *m.y : spec.y)
        , m_lx0(std::log(m_x.lo))
        , m_lx1(std::log(m_x.hi))
        , m_ly0(std::log(m_y.lo))
        , m_ly1(std::log(m_y.hi))
        , m_area {m.costs.frameInset, m.costs.frameInset, m.width - m.costs.frameInset, m.height - m.costs.frameInset}
        , m_markers(m.width, m.height)
        , m_drops(m.width, m.height)
        , m_density(m.width, m.height)
        , m_crowded(spec.crowded())
    { }

    LabelLayoutResult run(const std::vector<PlotXY>* logs)
    {
        m_out.labels = m_spec.labels;
        for (auto& l : m_out.labels) {
            l.textAt.reset();
            l.leader.reset();
            l.keyNumber = 0;
        }
        addMarkers(logs);
        addLines();
        addLegend();
        placePinnedNames();
        forRole(LabelRole::RegionLabel, [&](PlotLabel& l) { placeRegionLabel(l); });
        forRole(LabelRole::SlopeLabel, [&](PlotLabel& l) { placeAlongLine(l); });
        forRole(LabelRole::PeakLabel, [&](PlotLabel& l) { placeOnFlatLine(l); });
        forRole(LabelRole::RidgeLabel, [&](PlotLabel& l) { placeAlongLine(l); });
        forRole(LabelRole::CeilingLabel, [&](PlotLabel& l) { l.along ? placeAlongLine(l) : placeOnFlatLine(l); });
        placeNames();
        return std::move(m_out);
    }

private:
    // --- pixels --------------------------------------------------------------------------------

    Pt pxOfLogs(double lnX, double lnY) const
    {
        return {(lnX - m_lx0) / (m_lx1 - m_lx0) * m_m.width, (1.0 - (lnY - m_ly0) / (m_ly1 - m_ly0)) * m_m.height};
    }
    Pt px(const PlotXY& p) const { return pxOfLogs(std::log(p.x), std::log(p.y)); }
    PlotXY dataAt(const Pt& p) const
    {
        return {std::exp(m_lx0 + p.x / m_m.width * (m_lx1 - m_lx0)),
            std::exp(m_ly0 + (1.0 - p.y / m_m.height) * (m_ly1 - m_ly0))};
    }
    TextSize sizeOf(const std::string& text, LabelRole role) const
    {
        if (m_m.measure)
            return m_m.measure(text, role);
        const auto [chars, lines] = textExtent(text);
        return {chars * m_m.charWidth, lines * m_m.lineHeight};
    }
    /// The box of a text of `size` anchored at `p` (align and valign around it).
    static Box boxAt(const Pt& p, const TextSize& size, A a, V v)
    {
        const double x0 = a == A::Left ? p.x : a == A::Right ? p.x - size.first : p.x - size.first / 2;
        const double y0 = v == V::Below ? p.y : v == V::Above ? p.y - size.second : p.y - size.second / 2;
        return {x0, y0, x0 + size.first, y0 + size.second};
    }
    static Pt anchorOf(const Box& b, A a, V v)
    {
        const double x = a == A::Left ? b.x0 : a == A::Right ? b.x1 : (b.x0 + b.x1) / 2;
        const double y = v == V::Below ? b.y0 : v == V::Above ? b.y1 : (b.y0 + b.y1) / 2;
        return {x, y};
    }
    template <typename F> void forRole(LabelRole role, F&& f)
    {
        for (auto& l : m_out.labels)
            if (l.role == role && !l.text.empty())
                f(l);
    }

    // --- what text avoids ----------------------------------------------------------------------

    /// Markers: boxes with a few hundred points, a density with thousands (counted once per
    /// thinning cell and kind, so a figure and its thinned version place names alike).
    void addMarkers(const std::vector<PlotXY>* logs)
    {
        detail::LayoutMarkers(m_spec, logs).all([&](size_t i, const PlotXY& ln) {
            const Pt p = pxOfLogs(ln.x, ln.y);
            const double r = m_m.markerRadius * m_spec.points[i].size;
            if (m_crowded)
                m_density.add(p.x, p.y, r);
            else
                m_markers.push_back({p.x - r, p.y - r, p.x + r, p.y + r});
        });
        m_density.finish();
        if (!m_crowded)
            for (const auto& p : m_spec.points)
                m_radius[{p.at.x, p.at.y}] = std::max(m_radius[{p.at.x, p.at.y}], m_m.markerRadius * p.size);
    }

    void addPolyline(const std::vector<PlotXY>& pts, std::vector<Segment>& to) const
    {
        for (size_t i = 1; i < pts.size(); ++i)
            to.push_back({px(pts[i - 1]), px(pts[i])});
    }

    /// Roofs, ceilings, the ridge guide and (with a few kernels) the headroom drops are lines no
    /// text may cross; a crowded figure's drops (boxes on a grid, so a text looks only at those
    /// near it), level links, the LLM trajectory and the levers' arrows only cost.
    void addLines()
    {
        for (const auto& c : m_spec.ceilings)
            addPolyline(c.points, m_lines);
        if (m_spec.ridge > m_x.lo && m_spec.ridge < m_x.hi)
            m_lines.push_back({px({m_spec.ridge, m_y.lo}), px({m_spec.ridge, m_spec.peak})});
        // A figure of a few kernels keeps its dashed drops clear of text, as it keeps its roofs;
        // a crowded one has one per named kernel, which then only cost.
        for (const auto& d : m_spec.drops) { // vertical: thin boxes, looked up by place
            const Pt a = px(d.from), b = px(d.to);
            if (m_crowded)
                m_drops.push_back({a.x - 1.0, std::min(a.y, b.y), a.x + 1.0, std::max(a.y, b.y)});
            else
                m_lines.push_back({a, b});
        }
        for (const auto& d : m_spec.levelLinks)
            m_soft.push_back({px(d.from), px(d.to)});
        addPolyline(m_spec.trajectory, m_soft);
        addPolyline(m_spec.trajectoryBeyondMemory, m_soft);
        for (const auto& a : m_spec.arrows)
            m_soft.push_back({px(a.from), px(a.to)});
    }

    /// The legend, where the renderer put it, or estimated in the top-left corner: one line per
    /// distinct ceiling, the ridge, the point kinds.
    void addLegend()
    {
        if (m_m.legend) {
            const auto& b = *m_m.legend;
            m_texts.push_back({b[0], b[1], b[2], b[3]});
            return;
        }
        std::vector<std::string> legends;
        for (const auto& c : m_spec.ceilings)
            if (std::find(legends.begin(), legends.end(), c.legend) == legends.end())
                legends.push_back(c.legend);
        size_t longest = 0;
        for (const auto& l : legends)
            longest = std::max(longest, textExtent(l).first);
        const double entries = static_cast<double>(legends.size()) + 1 + (m_spec.points.empty() ? 0 : 2);
        m_texts.push_back({0, 0, 60 + longest * m_m.charWidth * 0.95, 12 + entries * 19.0});
    }

    // --- the rules -----------------------------------------------------------------------------

    /// How many rules a text at `b` breaks: outside the plot, on another text, crossed by a line.
    /// `firstOnly`: stop at the first (whether it breaks any: blocked()).
    int violations(const Box& b, bool firstOnly = false) const
    {
        int n = m_area.contains(b) ? 0 : 1;
        const Box g = b.grown(m_c.clearance);
        auto count = [&](bool broken) {
            n += broken;
            return broken && firstOnly;
        };
        if (firstOnly && n)
            return n;
        for (const Segment& s : m_lines)
            if (count(geom::crosses(s, g)))
                return n;
        for (const Box& t : m_texts)
            if (count(t.overlap(g) > 0.0))
                return n;
        for (const Room& r : m_rooms)
            if (r.owner != m_current && r.reach.overlap(g) > 0.0
                && count(r.place.box.overlap(g) > 0.0 || (r.place.leader && geom::crosses(r.place.line, b))))
                return n;
        for (const Quad& q : m_quads)
            if (count(geom::overlaps(q, g)))
                return n;
        for (const Segment& s : m_leaders)
            if (count(geom::crosses(s, b)))
                return n;
        return n;
    }
    bool blocked(const Box& b) const { return violations(b, true) > 0; }
    int violations(const Quad& q) const
    {
        int n = m_area.contains(q.bounds()) ? 0 : 1;
        for (const Box& t : m_texts)
            n += geom::overlaps(q, t.grown(m_c.clearance));
        for (const Quad& o : m_quads)
            n += geom::overlaps(q, o);
        for (const Segment& s : m_lines)
            n += geom::crosses(s, q);
        for (const Segment& s : m_leaders)
            n += geom::crosses(s, q);
        return n;
    }
    /// What a text at `b` covers that it may, but should not: another kernel's marker (it
    /// hides it: the most), drops and trajectories, leader lines; infinity when the markers
    /// alone cost over `budget` (a search gives that place up).
    double softCost(const Box& b, double budget = std::numeric_limits<double>::infinity()) const
    {
        const double markers = m_markers.cost(b, budget / m_c.markerCover);
        if (std::isinf(markers))
            return markers;
        double c
            = m_c.markerCover * (markers + (m_crowded ? m_density.cost(b) : 0.0)) + m_c.dropCover * m_drops.cost(b);
        for (const Segment& s : m_soft)
            c += geom::crosses(s, b) ? m_c.softLineCrossed : 0.0;
        return c;
    }
    /// A leader line may not run through a text; crossing a line or another leader costs.
    double leaderCost(const Segment& s) const
    {
        for (const Box& t : m_texts)
            if (geom::crosses(s, t))
                return m_c.infeasible;
        for (const Quad& q : m_quads)
            if (geom::crosses(s, q))
                return m_c.infeasible;
        for (const Room& r : m_rooms)
            if (r.owner != m_current
                && (geom::crosses(s, r.place.box) || (r.place.leader && geom::crosses(s, r.place.line))))
                return m_c.infeasible;
        if (crossesALeader(s)) // two names that swap: a number in the key instead
            return m_c.infeasible;
        double c = 0.0;
        for (const Segment& l : m_lines)
            c += geom::crosses(s, l) ? m_c.leaderCrossesLine : 0.0;
        for (const Segment& l : m_soft)
            c += geom::crosses(s, l) ? m_c.leaderCrossesSoft : 0.0;
        return c;
    }
    bool crossesALeader(const Segment& s) const
    {
        return std::any_of(m_leaders.begin(), m_leaders.end(), [&](const Segment& l) { return geom::crosses(s, l); });
    }
    /// The cost of a text at `b` (LabelCosts::infeasible per broken rule on top).
    double costAt(const Box& b) const { return violations(b) * m_c.infeasible + softCost(b); }
    bool feasible(double cost) const { return cost < m_c.infeasible; }

    /// A roof label with no place that breaks no rule is left out: the subtitle and the legend
    /// give its value.
    bool leaveOut(PlotLabel& l, double cost) const
    {
        if (feasible(cost))
            return false;
        l.text.clear();
        return true;
    }

    void take(PlotLabel& l, const Box& b, A a, V v)
    {
        l.align = a;
        l.valign = v;
        l.textAt = dataAt(anchorOf(b, a, v));
        m_texts.push_back(b);
    }

    // --- the roof's own labels -----------------------------------------------------------------

    /// The regions' names at the bottom, either side of the ridge; raised if a line is there.
    void placeRegionLabel(PlotLabel& l)
    {
        const TextSize size = sizeOf(l.text, l.role);
        const Pt at = px(l.at);
        Box best {};
        double bestCost = -1.0;
        for (double up : {0.0, 0.06, 0.12, 0.18, 0.24}) {
            const Box b = boxAt({at.x, at.y - up * m_m.height}, size, l.align, l.valign);
            const double c = costAt(b) + up * m_c.regionRaised;
            if (bestCost < 0 || c < bestCost) {
                best = b;
                bestCost = c;
            }
            if (feasible(c))
                break;
        }
        if (!leaveOut(l, bestCost))
            take(l, best, l.align, l.valign);
    }

    /// A flat ceiling's label (the peak, another precision, a compared part) slides along its
    /// line from the right edge towards where the line starts, above it, else below it. A place
    /// ending well left of the line's start labels nothing (a compared part's name floated over
    /// the slopes): it breaks a rule, and with no other place the legend names the line.
    void placeOnFlatLine(PlotLabel& l)
    {
        const TextSize size = sizeOf(l.text, l.role);
        const double y = px(l.at).y;
        double start = 0.0; // where the flat line begins: the leftmost vertex at its height
        bool found = false;
        for (const auto& c : m_spec.ceilings)
            for (const auto& p : c.points)
                if (std::abs(p.y - l.at.y) <= 1e-9 * l.at.y) {
                    const double x = px(p).x;
                    start = found ? std::min(start, x) : x;
                    found = true;
                }
        Box best {};
        V bestV = V::Above;
        double bestCost = -1.0;
        for (double t = 0.985; t > 0.05; t -= 0.06) {
            const double x = t * m_m.width;
            if (x - size.first < start && bestCost >= 0 && feasible(bestCost))
                break;
            for (V v : {V::Above, V::Below}) {
                const Box b = boxAt({x, v == V::Above ? y - 3 : y + 3}, size, A::Right, v);
                const double c = costAt(b) + (0.985 - t) * m_c.flatSlid + (v == V::Below ? m_c.flatBelow : 0.0)
                    + (b.x1 < start - m_c.flatEndsBeforeItsLine ? m_c.infeasible
                            : b.x0 < start                      ? m_c.flatPastItsStart
                                                                : 0.0);
                if (bestCost < 0 || c < bestCost) {
                    best = b;
                    bestV = v;
                    bestCost = c;
                }
            }
            if (bestCost < 1.0)
                break;
        }
        if (!leaveOut(l, bestCost))
            take(l, best, A::Right, bestV);
    }

    /// The corners of a text written along the line from `at` to `along`, as the renderer draws
    /// it: aligned and padded around `at`, then turned about it.
    Quad quadAlong(const PlotLabel& l, const PlotXY& at, const PlotXY& along) const
    {
        const Pt a = px(at), b = px(along);
        const double angle = std::atan2(b.y - a.y, b.x - a.x);
        const auto [w, h] = sizeOf(l.text, l.role);
        const auto pad = alongLinePadding(l);
        const double boxW = w + pad[0] + pad[2], boxH = h + pad[1] + pad[3];
        const double bx = l.align == A::Left ? 0.0 : l.align == A::Right ? -boxW : -boxW / 2;
        const double by = l.valign == V::Below ? 0.0 : l.valign == V::Above ? -boxH : -boxH / 2;
        const double x0 = bx + pad[0], y0 = by + pad[1];
        const double c = std::cos(angle), s = std::sin(angle);
        Quad q;
        const Pt corners[4] = {{x0, y0}, {x0 + w, y0}, {x0 + w, y0 + h}, {x0, y0 + h}};
        for (int i = 0; i < 4; ++i)
            q.p[static_cast<size_t>(i)]
                = {a.x + corners[i].x * c - corners[i].y * s, a.y + corners[i].x * s + corners[i].y * c};
        return q;
    }

    /// A label written along a line (a slope's bandwidth, the ridge, the link roof) slides along
    /// it and may change sides; the first place that breaks no rule wins.
    void placeAlongLine(PlotLabel& l)
    {
        if (!l.along)
            return;
        const PlotXY at = l.at, along = *l.along;
        auto point = [&](double s) {
            return PlotXY {at.x * std::pow(along.x / at.x, s), at.y * std::pow(along.y / at.y, s)};
        };
        const V sides[2] = {l.valign, l.valign == V::Above ? V::Below : V::Above};
        Quad best = quadAlong(l, at, along);
        PlotXY bestAt = at;
        V bestV = l.valign;
        double bestCost = -1.0;
        for (V v : sides) {
            for (double s : {0.0, 0.35, -0.3, 0.7, -0.6, 1.05, 1.4, -0.9}) {
                PlotLabel trial = l;
                trial.valign = v;
                const PlotXY a = point(s), b = point(s + 1.0);
                const Quad q = quadAlong(trial, a, b);
                const double c = violations(q) * m_c.infeasible + softCost(q.bounds()) * m_c.alongCoverShare
                    + std::abs(s) * m_c.alongSlid + (v != l.valign ? m_c.alongOtherSide : 0.0);
                if (bestCost < 0 || c < bestCost) {
                    best = q;
                    bestAt = a;
                    bestV = v;
                    bestCost = c;
                }
            }
            if (feasible(bestCost))
                break;
        }
        if (leaveOut(l, bestCost))
            return;
        const PlotXY direction = point(1.0);
        l.along = PlotXY {bestAt.x * direction.x / at.x, bestAt.y * direction.y / at.y};
        l.at = bestAt;
        l.valign = bestV;
        m_quads.push_back(best);
    }

    // --- names ---------------------------------------------------------------------------------

    double radiusAt(const PlotXY& at) const
    {
        const auto it = m_radius.find({at.x, at.y});
        return it == m_radius.end() ? m_m.markerRadius : it->second;
    }

    /// The cheapest place for a text of `size` at the point `at` (radius r): a side of it, else
    /// free space up to `reach` pixels away with a leader line.
    Choice bestPlace(const Pt& p, const TextSize& size, double r, double gap, double reach) const
    {
        static const std::pair<A, V> sides[]
            = {{A::Left, V::Middle}, {A::Right, V::Middle}, {A::Center, V::Above}, {A::Center, V::Below},
                {A::Left, V::Above}, {A::Left, V::Below}, {A::Right, V::Above}, {A::Right, V::Below}};
        Choice best;
        int rank = 0;
        for (const auto& [a, v] : sides) {
            const double dx = a == A::Left ? 1 : a == A::Right ? -1 : 0;
            const double dy = v == V::Below ? 1 : v == V::Above ? -1 : 0;
            const bool diagonal = dx != 0 && dy != 0;
            const Pt anchor {p.x + dx * (diagonal ? 2.0 : gap), p.y + dy * gap};
            const Box b = boxAt(anchor, size, a, v);
            const double c = costAt(b) + m_c.sideRank * rank++;
            if (c < best.cost)
                best = {b, a, v, false, {}, c};
            if (c < 1.0 + m_c.sideRank * rank)
                return best; // a free side: nothing nearer is better
        }
        // Free space nearby: the text's box set at an anchor `d` pixels out in one of 16
        // directions, aligned nine ways around it, joined to the point by a leader line.
        static const A aligns[] = {A::Left, A::Center, A::Right};
        static const V valigns[] = {V::Middle, V::Above, V::Below};
        // A small text (a key number) looks closer: more directions, finer steps; and, when
        // there is no room anywhere near, it may sit on its own point.
        const bool small = size.first < 30.0;
        if (small) {
            const Box on = boxAt(p, size, A::Center, V::Middle);
            const double c = m_c.numberOnItsPoint + costAt(on) - m_c.markerCover * m_markers.cost(on);
            if (c < best.cost)
                best = {on, A::Center, V::Middle, false, {}, c};
        }
        const Pt* units = small ? directions<24>().data() : directions<16>().data();
        const int count = small ? 24 : 16;
        for (double d = small ? 8.0 : 12.0; d <= reach; d *= small ? 1.25 : 1.4)
            for (const Pt* u = units; u != units + count; ++u) {
                const Pt anchor {p.x + u->x * (r + d), p.y + u->y * (r + d)};
                for (A a : aligns)
                    for (V v : valigns) {
                        const Box b = boxAt(anchor, size, a, v);
                        const Pt near {std::clamp(p.x, b.x0, b.x1), std::clamp(p.y, b.y0, b.y1)};
                        const double dx = near.x - p.x, dy = near.y - p.y;
                        const double len = std::sqrt(dx * dx + dy * dy); // (hypot guards overflows pixels never reach)
                        if (!(len > r + 4.0))
                            continue; // the box is on or against the point: that is a side, not a leader
                        double c = m_c.leaderBase + len * m_c.leaderPerPixel;
                        if (c >= best.cost || blocked(b) || (c += softCost(b, best.cost - c)) >= best.cost)
                            continue; // (a leader's place breaks no rule: the sides are the fallback)
                        const double f = (r + 1.0) / len;
                        const Segment line {{p.x + (near.x - p.x) * f, p.y + (near.y - p.y) * f}, near};
                        c += leaderCost(line);
                        if (c < best.cost)
                            best = {b, a, v, true, line, c};
                    }
            }
        return best;
    }

    /// Names in order of weight (levers and LLM phases first), each at its best place; those
    /// with no place that breaks no rule are numbered in figure order and go to the key.
    void placeNames()
    {
        std::vector<size_t> order;
        for (size_t i = 0; i < m_out.labels.size(); ++i) {
            PlotLabel& l = m_out.labels[i];
            if (!isName(l) || l.text.empty())
                continue;
            if (const Pt at = px(l.at); at.x < 0 || at.x > m_m.width || at.y < 0 || at.y > m_m.height) {
                l.text.clear(); // out of the view: nothing drawn to name
                m_out.outside += l.role == LabelRole::PointLabel;
                continue;
            }
            if (!l.textAt) // (not put by hand: placePinnedNames)
                order.push_back(i);
        }
        mergeCoincidentNames(m_out.labels, order, [this](const PlotXY& p) { return px(p); });
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            const PlotLabel &la = m_out.labels[a], &lb = m_out.labels[b];
            const bool leverA = la.role == LabelRole::LeverLabel, leverB = lb.role == LabelRole::LeverLabel;
            return leverA != leverB ? leverA : la.weight > lb.weight;
        });
        // First a number's room at every point, heaviest first: a name must leave the other
        // kernels room for theirs, so that a kernel whose name finds no place still has its
        // number at its point (a digit or two).
        const std::string widest(std::to_string(order.size()).size(), '8');
        for (size_t i : order) {
            const PlotLabel& l = m_out.labels[i];
            const double r = radiusAt(l.at);
            setCurrent(i);
            const Choice room = bestPlace(px(l.at), sizeOf(widest, LabelRole::KeyNumber), r, r + 1.0, m_c.numberReach);
            if (feasible(room.cost))
                m_rooms.push_back({i, room, detail::reachOf(room)});
        }
        std::vector<size_t> keyed;
        for (size_t i : order) {
            PlotLabel& l = m_out.labels[i];
            const double r = radiusAt(l.at);
            setCurrent(i);
            Choice c = bestPlace(px(l.at), sizeOf(l.text, l.role), r, r + 3.0, m_c.nameReach);
            if (!feasible(c.cost)) {
                const auto room = roomOf(i);
                // The number's room, unless a leader placed since runs across the line to it.
                c = room != m_rooms.end() && !(room->place.leader && crossesALeader(room->place.line))
                    ? room->place
                    : bestPlace(px(l.at), sizeOf(widest, LabelRole::KeyNumber), r, r + 1.0, m_c.numberReach);
                if (!feasible(c.cost)) { // not even a number fits: counted under the key
                    freeRoom(i);
                    l.text.clear();
                    ++m_out.unnamed;
                    continue;
                }
                keyed.push_back(i);
            }
            freeRoom(i);
            place(l, c);
        }
        setCurrent(kNone);
        std::sort(keyed.begin(), keyed.end());
        for (size_t i : keyed) {
            PlotLabel& l = m_out.labels[i];
            m_out.key.push_back(keyLine(l));
            l.keyNumber = static_cast<int>(m_out.key.size());
        }
    }

    /// Names the user put by hand go first: the roof's labels and the other names keep clear.
    void placePinnedNames()
    {
        for (PlotLabel& l : m_out.labels)
            if (const Pt at = px(l.at); isName(l) && !l.text.empty() && l.pinned && at.x >= 0 && at.x <= m_m.width
                && at.y >= 0 && at.y <= m_m.height)
                placePinned(l);
    }

    /// A name the user put by hand: kept where it was put (its centre; moved in just enough to
    /// stay whole inside the plot), joined to its point by a leader when it is away from it; the
    /// names placed after it keep clear of it. False when that place is not inside the plot (a
    /// zoom): the name is then placed as any other.
    bool placePinned(PlotLabel& l)
    {
        const Pt centre = px(*l.pinned), p = px(l.at);
        Box b = boxAt(centre, sizeOf(l.text, l.role), A::Center, V::Middle);
        if (!m_area.contains(Box {centre.x, centre.y, centre.x, centre.y}) || b.width() > m_area.width()
            || b.height() > m_area.height())
            return false;
        const double dx = std::max(m_area.x0 - b.x0, 0.0) - std::max(b.x1 - m_area.x1, 0.0);
        const double dy = std::max(m_area.y0 - b.y0, 0.0) - std::max(b.y1 - m_area.y1, 0.0);
        b = {b.x0 + dx, b.y0 + dy, b.x1 + dx, b.y1 + dy};
        Choice c {b, A::Center, V::Middle, false, {}, 0.0};
        const Pt near {std::clamp(p.x, b.x0, b.x1), std::clamp(p.y, b.y0, b.y1)};
        const double lx = near.x - p.x, ly = near.y - p.y, len = std::sqrt(lx * lx + ly * ly);
        const double r = radiusAt(l.at);
        if (len > r + 4.0) {
            const double f = (r + 1.0) / len;
            c.leader = true;
            c.line = {{p.x + lx * f, p.y + ly * f}, near};
        }
        place(l, c);
        return true;
    }

    // --- the room kept for each name's number ---------------------------------------------------

    std::vector<Room>::const_iterator roomOf(size_t owner) const
    {
        return std::find_if(m_rooms.begin(), m_rooms.end(), [&](const Room& r) { return r.owner == owner; });
    }
    /// The label being placed: its own room is free to it.
    void setCurrent(size_t label) { m_current = label; }
    void freeRoom(size_t owner)
    {
        if (const auto at = roomOf(owner); at != m_rooms.end())
            m_rooms.erase(at);
    }

    void place(PlotLabel& l, const Choice& c)
    {
        take(l, c.box, c.align, c.valign);
        if (c.leader) {
            l.leader = std::array<PlotXY, 2> {dataAt(c.line.a), dataAt(c.line.b)};
            m_leaders.push_back(c.line);
        }
    }

    const PlotSpec& m_spec;
    const LabelMetrics& m_m;
    const LabelCosts& m_c;
    AxisRange m_x, m_y;
    double m_lx0, m_lx1, m_ly0, m_ly1;
    Box m_area;
    detail::Obstacles m_markers;
    detail::Obstacles m_drops; ///< the headroom drops, 2 px wide
    detail::MarkerDensity m_density;
    bool m_crowded;
    std::map<std::pair<double, double>, double> m_radius; ///< marker radius by position
    std::vector<Box> m_texts; ///< texts placed, the legend
    std::vector<Quad> m_quads; ///< texts written along lines
    std::vector<Segment> m_lines; ///< roofs, ceilings, the ridge guide: never through a text
    std::vector<Segment> m_soft; ///< level links, trajectory, arrows
    std::vector<Segment> m_leaders;
    static constexpr size_t kNone = static_cast<size_t>(-1);
    std::vector<Room> m_rooms; ///< room kept for a name's number, in label order
    size_t m_current = kNone; ///< the label being placed (its own room is free to it)
    LabelLayoutResult m_out;
};

} // namespace

LabelLayoutResult detail::layoutLabels(const PlotSpec& spec, const LabelMetrics& m, const std::vector<PlotXY>* logs)
{
    return LabelLayout(spec, m).run(logs);
}

} // namespace roofline
