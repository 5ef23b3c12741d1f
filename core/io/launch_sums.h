// SPDX-License-Identifier: MIT
// A profiler export's launches summed into kernels: one kernel per launch ("gemm #3"), or with
// aggregation one per name. Shared by the Nsight Compute and rocprof-compute importers.
#pragma once

#include "core/common/text.h"
#include "core/io/kernel_io.h"

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace roofline {

/// `Sum` holds a Kernel `k` and the `line` it starts on, plus what its importer adds up.
template <typename Sum> class LaunchSums {
public:
    explicit LaunchSums(bool aggregate)
        : m_aggregate(aggregate)
    { }

    /// The sum a launch adds to: a new one named "name #id", or with aggregation the one of its
    /// name and `shape` (a kernel run on two grids is two kernels: "name (grid ...)").
    Sum& sumFor(const std::string& name, const std::string& id, int line, const std::string& shape = {})
    {
        if (m_aggregate) {
            const auto [it, inserted] = m_byName.emplace(name + '\x1f' + shape, m_sums.size());
            if (!inserted)
                return m_sums[it->second];
            m_shapes.emplace_back(name, shape);
        }
        Sum s;
        s.k.name = m_aggregate ? name : name + " #" + id;
        s.k.launches = 0;
        s.k.time = 0.0;
        s.line = line;
        m_sums.push_back(std::move(s));
        return m_sums.back();
    }
    /// The sums; with aggregation, a name summed under several shapes says its shape.
    std::vector<Sum>& all()
    {
        std::map<std::string, int> shapesOf;
        for (const auto& [name, shape] : m_shapes)
            ++shapesOf[name];
        for (std::size_t i = 0; i < m_shapes.size(); ++i)
            if (shapesOf[m_shapes[i].first] > 1 && !m_shapes[i].second.empty())
                m_sums[i].k.name = m_shapes[i].first + " (" + m_shapes[i].second + ")";
        m_shapes.clear();
        return m_sums;
    }

private:
    bool m_aggregate;
    std::vector<Sum> m_sums;
    std::map<std::string, std::size_t> m_byName;
    std::vector<std::pair<std::string, std::string>> m_shapes; ///< each sum's name and shape (aggregated)
};

/// "2 launches have <what><separator>'memcpy' (ID 3, line 28), ... and 4 more": one note for the
/// launches (`noun`: "launch", "dispatch") left out for one reason. `L` has name, id and line;
/// `detail` adds to each one's parentheses (": 16.8 MB in 20.2 us, 832 GB/s").
template <typename L>
std::string launchNote(const std::vector<L>& ls, const std::string& noun, const std::string& what,
    const char* separator = kNotOnTheRoofline, const std::function<std::string(const L&)>& detail = {})
{
    const bool one = ls.size() == 1;
    return std::to_string(ls.size()) + " " + noun
        + (one                       ? ""
                : noun.back() == 'h' ? "es"
                                     : "s")
        + (one ? " has " : " have ") + what + separator + firstOf(ls.size(), 5, [&](std::size_t i) {
              return roofline::quoted(ls[i].name) + " (ID " + printable(ls[i].id) + ", line "
                  + std::to_string(ls[i].line) + (detail ? detail(ls[i]) : std::string()) + ")";
          });
}

} // namespace roofline
