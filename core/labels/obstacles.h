// SPDX-License-Identifier: MIT
// Internal to core/labels: the markers a label must avoid, as boxes (a few hundred points) or as a
// density (thousands), and which points count as markers in a thinned figure.
#pragma once

#include "core/labels/label_geometry.h"
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
// every point otherwise.
class LayoutMarkers {
public:
    LayoutMarkers(const PlotSpec& spec, const std::vector<PlotXY>* logs)
        : m_spec(spec)
        , m_logs(logs && logs->size() == spec.points.size() ? logs : nullptr)
        , m_grid(spec.x, spec.y)
    { }
    /// f(i, logs) for every marker, in order.
    template <typename F> void all(F&& f) const
    {
        const bool many = m_spec.crowded();
        CellSet seen = ThinningGrid::cellSet(many ? m_spec.points.size() : 0);
        for (size_t i = 0; i < m_spec.points.size(); ++i) {
            const PlotXY ln
                = m_logs ? (*m_logs)[i] : PlotXY {std::log(m_spec.points[i].at.x), std::log(m_spec.points[i].at.y)};
            if (many) {
                const ThinningGrid::Cell c = m_grid.cellOfLogs(ln.x, ln.y, m_spec.points[i]);
                if (!seen.insert(c.x, c.y, c.kind))
                    continue;
            }
            f(i, ln);
        }
    }

private:
    const PlotSpec& m_spec;
    const std::vector<PlotXY>* m_logs;
    ThinningGrid m_grid;
};

} // namespace roofline::detail
