// SPDX-License-Identifier: MIT
// A profiler export's launches summed into kernels: one kernel per launch ("gemm #3"), or with
// aggregation one per name. Shared by the Nsight Compute and rocprof-compute importers.
#pragma once

#include <cstddef>
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

    /// The sum a launch adds to: a new one named "name #id", or with aggregation the one of its name.
    Sum& sumFor(const std::string& name, const std::string& id, int line)
    {
        if (m_aggregate) {
            const auto [it, inserted] = m_byName.emplace(name, m_sums.size());
            if (!inserted)
                return m_sums[it->second];
        }
        Sum s;
        s.k.name = m_aggregate ? name : name + " #" + id;
        s.k.launches = 0;
        s.k.time = 0.0;
        s.line = line;
        m_sums.push_back(std::move(s));
        return m_sums.back();
    }
    std::vector<Sum>& all() { return m_sums; }

private:
    bool m_aggregate;
    std::vector<Sum> m_sums;
    std::map<std::string, std::size_t> m_byName;
};

} // namespace roofline
