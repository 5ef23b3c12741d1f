// SPDX-License-Identifier: MIT
// Internal to core/plot: the markers a label must avoid, as boxes (a few hundred points) or as a
// density (thousands), and which points count as markers in a thinned figure.
#pragma once

#include "core/plot/label_geometry.h"
#include "core/plot/plot_spec.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

namespace roofline::detail {

using geom::Box;

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
    /// The summed overlap of `q` with the obstacles; infinity once the overlaps found pass
    /// `limit` by more than summing them in another order (or rounding the limit) could move a
    /// sum. A search that needs only whether a place beats its best gives most places up at
    /// their first marker, and keeps every place it kept before.
    double cost(const Box& q, double limit = std::numeric_limits<double>::infinity()) const
    {
        ++m_tick;
        m_hits.clear();
        double found = 0.0;
        const double over = limit * (1.0 + 1e-9);
        forCells(q, [&](size_t cell) {
            if (found > over)
                return;
            for (int id : m_cells[cell])
                if (m_seen[static_cast<size_t>(id)] != m_tick) {
                    m_seen[static_cast<size_t>(id)] = m_tick;
                    const double o = m_boxes[static_cast<size_t>(id)].overlap(q);
                    if (o > 0.0) {
                        m_hits.push_back(id);
                        if ((found += o) > over)
                            return;
                    }
                }
        });
        if (found > over)
            return std::numeric_limits<double>::infinity();
        std::sort(m_hits.begin(), m_hits.end()); // in the order added: a full scan's sum
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

} // namespace roofline::detail
