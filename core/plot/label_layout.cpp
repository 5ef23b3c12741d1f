// SPDX-License-Identifier: MIT
// Where each kernel's name goes: a side of its point that covers the least of the other points,
// the lines and the other text (layoutPointLabels).
#include "core/plot/plot_internal.h"
#include "core/plot/plot_spec.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace roofline {
namespace {

struct Box {
    double x0, y0, x1, y1;
    double overlap(const Box& o) const
    {
        const double w = std::min(x1, o.x1) - std::max(x0, o.x0);
        const double h = std::min(y1, o.y1) - std::max(y0, o.y0);
        return w > 0 && h > 0 ? w * h : 0.0;
    }
};

// What labels must avoid, bucketed on a coarse pixel grid so a label's cost looks only at the
// obstacles near it (a 10^5-point cloud is 10^5 obstacles). The overlaps are summed in the
// order the obstacles were added, so the cost is exactly that of a scan over all of them.
class Obstacles {
public:
    Obstacles(double width, double height)
        : m_cw(std::max(1.0, width / kGrid))
        , m_ch(std::max(1.0, height / kGrid))
        , m_cells(kGrid * kGrid)
    { }
    void push_back(const Box& b)
    {
        const int id = static_cast<int>(m_boxes.size());
        m_boxes.push_back(b);
        m_seen.push_back(0);
        forCells(b, [&](size_t cell) { m_cells[cell].push_back(id); });
    }
    double cost(const Box& q) const
    {
        ++m_tick;
        m_hits.clear();
        forCells(q, [&](size_t cell) {
            for (int id : m_cells[cell])
                if (m_seen[static_cast<size_t>(id)] != m_tick) {
                    m_seen[static_cast<size_t>(id)] = m_tick;
                    if (m_boxes[static_cast<size_t>(id)].overlap(q) > 0.0)
                        m_hits.push_back(id);
                }
        });
        std::sort(m_hits.begin(), m_hits.end());
        double sum = 0.0;
        for (int id : m_hits)
            sum += m_boxes[static_cast<size_t>(id)].overlap(q);
        return sum;
    }

private:
    static constexpr int kGrid = 64;
    template <typename F> void forCells(const Box& b, F&& f) const
    {
        // Boxes beyond the plot area land in the border cells.
        auto cx = [&](double x) { return std::clamp(static_cast<int>(std::floor(x / m_cw)), 0, kGrid - 1); };
        auto cy = [&](double y) { return std::clamp(static_cast<int>(std::floor(y / m_ch)), 0, kGrid - 1); };
        if (!(b.x0 <= b.x1 && b.y0 <= b.y1)) // NaN or empty: nothing to index or find
            return;
        for (int j = cy(b.y0); j <= cy(b.y1); ++j)
            for (int i = cx(b.x0); i <= cx(b.x1); ++i)
                f(static_cast<size_t>(j * kGrid + i));
    }
    double m_cw, m_ch;
    std::vector<std::vector<int>> m_cells;
    std::vector<Box> m_boxes;
    mutable std::vector<unsigned> m_seen;
    mutable unsigned m_tick = 0;
    mutable std::vector<int> m_hits;
};

// A crowded figure's markers are counted rather than listed as obstacles: their centres on a
// grid of kCell-pixel cells as a summed-area table per marker radius. A label's cost is then two
// rectangle sums per radius, whatever the number of points: a marker whose centre is inside the
// box counts its whole area, one that only reaches into it half its area. (10^5 markers as boxes
// took 30-70 ms to index and query; this takes a few.) Cells of 2 x 2 pixels place a centre
// within a pixel of where it is, for a table a quarter of the plot's pixels: zeroing and summing
// one a pixel each was a quarter of a crowded figure's geometry on every toggle.
class MarkerDensity {
public:
    static constexpr double kCell = 2.0;
    MarkerDensity(double width, double height)
        : m_w(std::max(1, static_cast<int>(std::ceil(width / kCell))))
        , m_h(std::max(1, static_cast<int>(std::ceil(height / kCell))))
    { }
    void add(double x, double y, double r) // small, to be inlined: it is called for every marker
    {
        x /= kCell;
        y /= kCell;
        if (!(x >= 0 && y >= 0 && x < m_w && y < m_h))
            return; // off the plot area: it covers no label worth placing
        if (r != m_lastR || !m_last)
            selectLayer(r);
        ++m_last[at(static_cast<int>(x) + 1, static_cast<int>(y) + 1)];
    }
    /// Turns the counts into running sums; call once, after the last add(). Row by row: a
    /// running sum of the row's counts, plus the sums of the row above (which vectorizes).
    void finish()
    {
        const size_t stride = static_cast<size_t>(m_w) + 1;
        for (auto& [r, layer] : m_layers) {
            if (layer.empty())
                continue;
            for (int j = 1; j <= m_h; ++j) {
                std::uint32_t* row = layer.data() + static_cast<size_t>(j) * stride;
                const std::uint32_t* above = row - stride;
                std::uint32_t run = 0;
                for (int i = 1; i <= m_w; ++i) {
                    run += row[i];
                    row[i] = above[i] + run;
                }
            }
        }
    }
    double cost(const Box& q) const
    {
        double sum = 0.0;
        for (const auto& [r, layer] : m_layers) {
            const double inside = count(layer, q);
            const double reach = count(layer, {q.x0 - r, q.y0 - r, q.x1 + r, q.y1 + r}) - inside;
            const double area = 4.0 * r * r;
            sum += inside * area + reach * area / 2;
        }
        return sum;
    }

private:
    size_t at(int i, int j) const
    {
        return static_cast<size_t>(j) * static_cast<size_t>(m_w + 1) + static_cast<size_t>(i);
    }
    // The layer of radius r (made on its first marker), kept for the markers after it.
    void selectLayer(double r)
    {
        const int radius = std::max(1, static_cast<int>(std::lround(r)));
        std::vector<std::uint32_t>& layer = m_layers[radius]; // map nodes stay put
        if (layer.empty())
            layer.assign(static_cast<size_t>(m_w + 1) * static_cast<size_t>(m_h + 1), 0);
        m_last = layer.data();
        m_lastR = r;
    }
    // Centres with x in [x0, x1) and y in [y0, y1) (pixels), to the cell.
    double count(const std::vector<std::uint32_t>& sat, const Box& b) const
    {
        auto clampX = [&](double v) { return std::clamp(static_cast<int>(std::ceil(v / kCell)), 0, m_w); };
        auto clampY = [&](double v) { return std::clamp(static_cast<int>(std::ceil(v / kCell)), 0, m_h); };
        if (!(b.x0 <= b.x1 && b.y0 <= b.y1))
            return 0.0;
        const int i0 = clampX(b.x0), i1 = clampX(b.x1), j0 = clampY(b.y0), j1 = clampY(b.y1);
        return static_cast<double>(sat[at(i1, j1)]) - sat[at(i0, j1)] - sat[at(i1, j0)] + sat[at(i0, j0)];
    }
    int m_w, m_h;
    std::map<int, std::vector<std::uint32_t>> m_layers; ///< by marker radius in pixels
    std::uint32_t* m_last = nullptr; ///< the counts of the last radius added
    double m_lastR = -1.0;
};

// The markers the label layout counts: with thousands of points one per thinning cell and kind,
// the first in order (a figure and its thinned version then place their names identically),
// every point otherwise. `unthinned` (if given): every point but these positions is alone in its
// cell and kind already (the figure was thinned as it was built), so only those few are looked
// up instead of every point going into a set.
class LayoutMarkers {
public:
    LayoutMarkers(const PlotSpec& spec, const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
        : m_spec(spec)
        , m_logs(logs && logs->size() == spec.points.size() ? logs : nullptr)
        , m_grid(spec.x, spec.y)
    {
        constexpr size_t kFewUnthinned = 256;
        m_few = spec.crowded() && unthinned && unthinned->size() <= kFewUnthinned;
        if (!m_few)
            return;
        // The first unthinned point of each cell and kind (the list is in order).
        m_isUnthinned.assign(spec.points.size(), false);
        for (size_t i : *unthinned) {
            if (i >= spec.points.size())
                continue;
            m_isUnthinned[i] = true;
            const std::uint64_t k = key(i, logsOf(i));
            if (std::none_of(m_firstAt.begin(), m_firstAt.end(), [&](const auto& e) { return e.first == k; }))
                m_firstAt.push_back({k, i});
        }
        // A point can only share a cell with one of them if its cell's column is one of theirs:
        // a bit per column (mod 64) spares the other points the whole cell and the search.
        for (const auto& e : m_firstAt)
            m_columns |= std::uint64_t {1} << ((e.first >> 32) % 64);
    }
    /// f(i, logs) for every marker, in order.
    template <typename F> void all(F&& f) const
    {
        if (m_few) {
            std::vector<bool> taken = covers();
            walk(0, m_spec.points.size(), taken, f);
            rest(taken, f);
            return;
        }
        const bool many = m_spec.crowded();
        CellSet seen = ThinningGrid::cellSet(many ? m_spec.points.size() : 0);
        for (size_t i = 0; i < m_spec.points.size(); ++i) {
            const PlotXY ln = logsOf(i);
            if (many) {
                const ThinningGrid::Cell c = m_grid.cellOfLogs(ln.x, ln.y, m_spec.points[i]);
                if (!seen.insert(c.x, c.y, c.kind))
                    continue;
            }
            f(i, ln);
        }
    }

private:
    /// Which of the first unthinned points a point before them already covers (one per entry).
    std::vector<bool> covers() const { return std::vector<bool>(m_firstAt.size(), false); }
    /// f(i, logs) for the markers among points [begin, end), noting in `taken` the first
    /// unthinned points they cover (with few unthinned points only).
    template <typename F> void walk(size_t begin, size_t end, std::vector<bool>& taken, F&& f) const
    {
        for (size_t i = begin; i < end; ++i) {
            if (m_isUnthinned[i])
                continue;
            const PlotXY ln = logsOf(i);
            if (!m_firstAt.empty() && (m_columns >> (m_grid.columnOfLog(ln.x) % 64) & 1)) {
                const std::uint64_t k = key(i, ln);
                auto e = std::find_if(m_firstAt.begin(), m_firstAt.end(), [&](const auto& a) { return a.first == k; });
                if (e != m_firstAt.end()) {
                    if (e->second < i)
                        continue; // the unthinned point before it counts
                    taken[static_cast<size_t>(e - m_firstAt.begin())] = true;
                }
            }
            f(i, ln);
        }
    }
    /// f for the first unthinned points no earlier point covered (after the walk).
    template <typename F> void rest(const std::vector<bool>& taken, F&& f) const
    {
        for (size_t e = 0; e < m_firstAt.size(); ++e)
            if (!taken[e])
                f(m_firstAt[e].second, logsOf(m_firstAt[e].second));
    }

    PlotXY logsOf(size_t i) const // as the figure took them, or once here
    {
        return m_logs ? (*m_logs)[i] : PlotXY {std::log(m_spec.points[i].at.x), std::log(m_spec.points[i].at.y)};
    }
    std::uint64_t key(size_t i, const PlotXY& ln) const
    {
        const ThinningGrid::Cell c = m_grid.cellOfLogs(ln.x, ln.y, m_spec.points[i]);
        return (static_cast<std::uint64_t>(c.x) << 32) | (static_cast<std::uint64_t>(c.y) << 5) | c.kind;
    }
    const PlotSpec& m_spec;
    const std::vector<PlotXY>* m_logs;
    ThinningGrid m_grid;
    bool m_few = false;
    std::vector<std::pair<std::uint64_t, size_t>> m_firstAt;
    std::vector<bool> m_isUnthinned;
    std::uint64_t m_columns = 0;
};

// Width in characters of the longest line, and the number of lines.
std::pair<size_t, size_t> textExtent(const std::string& s)
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

/// The point-label layout of one figure: what labels must avoid (markers, lines, fixed text,
/// the legend), then a side for each movable label, cheapest first.
class LabelLayout {
public:
    using A = PlotLabel::Align;
    using V = PlotLabel::VAlign;

    LabelLayout(PlotSpec& spec, const LabelMetrics& m)
        : m_spec(spec)
        , m_m(m)
        , m_lx0(std::log(spec.x.lo))
        , m_lx1(std::log(spec.x.hi))
        , m_ly0(std::log(spec.y.lo))
        , m_ly1(std::log(spec.y.hi))
        , m_obstacles(m.width, m.height)
        , m_density(m.width, m.height)
        , m_crowded(spec.crowded())
    { }

    void run(const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
    {
        addMarkers(logs, unthinned);
        addLines();
        addFixedLabels();
        addSlopeLabels();
        addLegend();
        placeCeilingLabels();
        placePointLabels();
    }

private:
    /// Pixel position (y down) of a data point in the nominal plot area, from its logarithms.
    std::pair<double, double> pxOfLogs(double lnX, double lnY) const
    {
        return {(lnX - m_lx0) / (m_lx1 - m_lx0) * m_m.width, (1.0 - (lnY - m_ly0) / (m_ly1 - m_ly0)) * m_m.height};
    }
    std::pair<double, double> px(const PlotXY& p) const { return pxOfLogs(std::log(p.x), std::log(p.y)); }
    double costOf(const Box& box) const { return m_obstacles.cost(box) + (m_crowded ? m_density.cost(box) : 0.0); }

    /// With thousands of points, one marker per thinning cell and kind, counted: a figure and its
    /// thinned version then place their names identically (repeated points would add their
    /// overlaps). Fewer points are boxes of their own.
    void addMarkers(const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
    {
        LayoutMarkers(m_spec, logs, unthinned).all([&](size_t i, const PlotXY& ln) {
            const auto [x, y] = pxOfLogs(ln.x, ln.y);
            const double r = m_m.markerRadius * m_spec.points[i].size;
            if (m_crowded)
                m_density.add(x, y, r);
            else
                m_obstacles.push_back({x - r, y - r, x + r, y + r});
        });
        m_density.finish();
    }

    /// A line as a row of small boxes.
    void addLine(PlotXY a, PlotXY b)
    {
        const auto [x0, y0] = px(a);
        const auto [x1, y1] = px(b);
        const double len = std::hypot(x1 - x0, y1 - y0);
        const int steps = std::max(1, static_cast<int>(len / 6.0));
        for (int i = 0; i <= steps; ++i) {
            const double t = static_cast<double>(i) / steps;
            const double x = x0 + (x1 - x0) * t, y = y0 + (y1 - y0) * t;
            m_obstacles.push_back({x - 2, y - 2, x + 2, y + 2});
        }
    }

    /// The roofs, the ridge guide, the LLM trajectory and the levers' arrows.
    void addLines()
    {
        for (const auto& c : m_spec.ceilings)
            for (size_t i = 1; i < c.points.size(); ++i)
                addLine(c.points[i - 1], c.points[i]);
        if (m_spec.ridge > m_spec.x.lo && m_spec.ridge < m_spec.x.hi)
            addLine({m_spec.ridge, m_spec.y.lo}, {m_spec.ridge, m_spec.peak});
        for (size_t i = 1; i < m_spec.trajectory.size(); ++i)
            addLine(m_spec.trajectory[i - 1], m_spec.trajectory[i]);
        for (const auto& arrow : m_spec.arrows)
            addLine(arrow.from, arrow.to);
    }

    /// The box a label covers for a given side of its anchor.
    Box boxFor(const PlotLabel& label, A align, V valign) const
    {
        const auto [x, y] = px(label.at);
        const auto [chars, lines] = textExtent(label.text);
        const double w = chars * m_m.charWidth;
        const double h = lines * m_m.lineHeight;
        const double gap = label.role == LabelRole::PointLabel ? m_m.markerRadius + 3 : 4;
        double bx = align == A::Left ? x + gap : align == A::Right ? x - gap - w : x - w / 2;
        const double by = valign == V::Middle ? y - h / 2 : valign == V::Above ? y - gap - h : y + gap;
        if (valign != V::Middle && align != A::Center)
            bx = align == A::Left ? x + 2 : x - 2 - w; // diagonal: hug the anchor
        return Box {bx, by, bx + w, by + h};
    }

    static bool isFixed(const PlotLabel& label)
    {
        return (label.role == LabelRole::PeakLabel || label.role == LabelRole::RegionLabel) && !label.along;
    }

    /// Fixed (unrotated) labels stay where they are and are avoided.
    void addFixedLabels()
    {
        for (const auto& label : m_spec.labels)
            if (isFixed(label)) {
                m_obstacles.push_back(boxFor(label, label.align, label.valign));
                m_textBoxes.push_back(boxFor(label, label.align, label.valign));
            }
    }

    /// A label written along a roof (its bandwidth, centred above the slope) is avoided too: a
    /// row of small boxes along the text, just above (or below) the line.
    void addSlopeLabels()
    {
        for (const auto& label : m_spec.labels) {
            if (!label.along || label.role != LabelRole::SlopeLabel)
                continue;
            const auto [ax, ay] = px(label.at);
            const auto [bx, by] = px(*label.along);
            const double len = std::hypot(bx - ax, by - ay);
            if (!(len > 0))
                continue;
            const double ux = (bx - ax) / len, uy = (by - ay) / len; // along the text (pixels, y down)
            double nx = uy, ny = -ux; // a normal; flipped so that it points to the text's side
            if ((ny > 0) == (label.valign == V::Above)) {
                nx = -nx;
                ny = -ny;
            }
            const double h = m_m.lineHeight;
            const double half = textExtent(label.text).first * m_m.charWidth / 2;
            for (double t = -half; t <= half; t += h / 2) {
                const double cx = ax + ux * t + nx * h * 0.7, cy = ay + uy * t + ny * h * 0.7;
                m_obstacles.push_back({cx - h / 2, cy - h / 2, cx + h / 2, cy + h / 2});
            }
        }
    }

    /// The legend sits in the top-left corner: one line per distinct ceiling, the ridge, the
    /// point kinds.
    void addLegend()
    {
        std::set<std::string> legends;
        for (const auto& c : m_spec.ceilings)
            legends.insert(c.legend);
        size_t longest = 0;
        for (const auto& l : legends)
            longest = std::max(longest, textExtent(l).first);
        const double entries = static_cast<double>(legends.size()) + 1 + (m_spec.points.empty() ? 0 : 2);
        m_obstacles.push_back({0, 0, 60 + longest * m_m.charWidth * 0.95, 12 + entries * 19.0});
    }

    /// Ceiling labels (horizontal lines) slide along their line, above or below it.
    void placeCeilingLabels()
    {
        for (auto& label : m_spec.labels) {
            if (label.role != LabelRole::CeilingLabel || label.along)
                continue;
            double best = -1.0;
            double bestX = label.at.x;
            V bestV = V::Above;
            for (double t : {0.985, 0.8, 0.62, 0.45, 0.3}) {
                for (V v : {V::Above, V::Below}) {
                    PlotLabel trial = label;
                    trial.at.x = std::exp(m_lx0 + (m_lx1 - m_lx0) * t);
                    const Box box = boxFor(trial, A::Right, v);
                    double cost = costOf(box);
                    if (box.x0 < 0 || box.y0 < 0 || box.y1 > m_m.height)
                        cost += 1e6;
                    if (best < 0 || cost < best) {
                        best = cost;
                        bestX = trial.at.x;
                        bestV = v;
                    }
                    if (cost < 1e-9)
                        break;
                }
                if (best < 1e-9)
                    break;
            }
            label.at.x = bestX;
            label.align = A::Right;
            label.valign = bestV;
            m_obstacles.push_back(boxFor(label, A::Right, bestV));
        }
    }

    /// The cheapest side of eight around the anchor. A label cut by the plot's edge cannot be
    /// read, while one crossing a line can: any side inside the plot beats any side outside it
    /// (then the least outside wins).
    std::pair<A, V> cheapestSide(const PlotLabel& label) const
    {
        static const std::pair<A, V> sides[]
            = {{A::Left, V::Middle}, {A::Right, V::Middle}, {A::Center, V::Above}, {A::Center, V::Below},
                {A::Left, V::Above}, {A::Left, V::Below}, {A::Right, V::Above}, {A::Right, V::Below}};
        const Box plotArea {0, 0, m_m.width, m_m.height};
        double best = -1.0;
        std::pair<A, V> choice = sides[0];
        for (const auto& side : sides) {
            const Box box = boxFor(label, side.first, side.second);
            double cost = costOf(box);
            const bool inside = box.x0 >= 0 && box.y0 >= 0 && box.x1 <= m_m.width && box.y1 <= m_m.height;
            if (!inside)
                cost += ((box.x1 - box.x0) * (box.y1 - box.y0) - plotArea.overlap(box)) * 2.0 + 1e7;
            if (best < 0 || cost < best) {
                best = cost;
                choice = side;
            }
            if (cost < 1e-9)
                break;
        }
        return choice;
    }

    /// Point and lever labels each take their cheapest side. A crowded figure (thousands of
    /// points, or more names than a reader can take in, a dozen) leaves out a name that could
    /// only sit on another name or outside the plot: the kernel stays in the table and the
    /// analysis.
    void placePointLabels()
    {
        const auto pointLabels = std::count_if(m_spec.labels.begin(), m_spec.labels.end(),
            [](const PlotLabel& l) { return l.role == LabelRole::PointLabel; });
        const bool dense = m_crowded || pointLabels > 12;
        for (auto& label : m_spec.labels) {
            if (label.role != LabelRole::PointLabel && label.role != LabelRole::LeverLabel)
                continue;
            std::tie(label.align, label.valign) = cheapestSide(label);
            const Box chosen = boxFor(label, label.align, label.valign);
            bool onText = chosen.x0 < 0 || chosen.y0 < 0 || chosen.x1 > m_m.width || chosen.y1 > m_m.height;
            for (const Box& t : m_textBoxes)
                onText |= t.overlap(chosen) > 0.0;
            if (onText && dense && label.role == LabelRole::PointLabel) {
                label.text.clear();
                continue;
            }
            m_textBoxes.push_back(chosen);
            m_obstacles.push_back(chosen);
        }
        m_spec.labels.erase(std::remove_if(m_spec.labels.begin(), m_spec.labels.end(),
                                [](const PlotLabel& l) { return l.role == LabelRole::PointLabel && l.text.empty(); }),
            m_spec.labels.end());
    }

    PlotSpec& m_spec;
    const LabelMetrics& m_m;
    double m_lx0, m_lx1, m_ly0, m_ly1;
    Obstacles m_obstacles;
    MarkerDensity m_density;
    bool m_crowded;
    std::vector<Box> m_textBoxes; ///< what a name must not sit on: fixed labels, names placed
};

} // namespace

void layoutPointLabels(PlotSpec& spec, const LabelMetrics& m)
{
    detail::layoutLabels(spec, m, nullptr, nullptr);
}

std::vector<size_t> labelLayoutMarkers(
    const PlotSpec& spec, const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
{
    std::vector<size_t> out;
    LayoutMarkers(spec, logs, unthinned).all([&](size_t i, const PlotXY&) { out.push_back(i); });
    std::sort(out.begin(), out.end());
    return out;
}

void detail::layoutLabels(
    PlotSpec& spec, const LabelMetrics& m, const std::vector<PlotXY>* logs, const std::vector<size_t>* unthinned)
{
    LabelLayout(spec, m).run(logs, unthinned);
}

} // namespace roofline
