// SPDX-License-Identifier: MIT
#include "core/io/precision_flops.h"

#include "core/common/text.h"
#include "core/model/units.h"

#include <algorithm>
#include <numeric>

namespace roofline {

PrecisionFlops& PrecisionFlops::operator+=(const PrecisionFlops& o)
{
    for (std::size_t p = 0; p < flops.size(); ++p) {
        flops[p] += o.flops[p];
        matrix[p] += o.matrix[p];
    }
    return *this;
}

double PrecisionFlops::total() const
{
    return std::accumulate(flops.begin(), flops.end(), 0.0);
}

Precision PrecisionFlops::top() const
{
    return static_cast<Precision>(std::max_element(flops.begin(), flops.end()) - flops.begin());
}

void LeftOutPrecisions::add(const std::string& kernel, const PrecisionFlops& f)
{
    const Precision top = f.top();
    std::string parts;
    for (const Precision p : kAllPrecisions)
        if (p != top && f[p] > 0)
            parts += (parts.empty() ? "" : ", ") + precisionLabel(p) + " " + formatQuantity(f[p], Dimension::Flops);
    if (parts.empty())
        return;
    const double share = 100.0 * (f.total() - f[top]) / f.total();
    m_items.push_back(quoted(kernel) + " (" + parts + ": " + formatNumber(share, 2) + "% of its work)");
}

std::string LeftOutPrecisions::note() const
{
    if (m_items.empty())
        return {};
    const std::string names = firstOf(m_items.size(), 5, [&](std::size_t i) { return m_items[i]; });
    return std::to_string(m_items.size()) + (m_items.size() == 1 ? " kernel" : " kernels")
        + " also did floating-point work in other precisions, left out (a kernel counts, and is judged by, "
          "the precision that did the most): "
        + names;
}

} // namespace roofline
