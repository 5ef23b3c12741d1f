// SPDX-License-Identifier: MIT
// Internal to core/io: an Nsight Compute CSV export read into its launches and their metrics in SI
// units, before any counting rule is applied (the kernels: ncu_csv.cpp; the ceilings:
// ncu_ceilings.cpp).
#pragma once

#include "core/common/result.h"
#include "core/model/precision.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace roofline::ncu {

/// The distinct metric names of one export, each with a small number: a launch keeps its values
/// as (number, value) pairs, not a map of strings (10^6 launches x a dozen metrics).
class MetricNames {
public:
    int intern(std::string_view name)
    {
        if (auto it = m_ids.find(std::string(name)); it != m_ids.end())
            return it->second;
        m_names.emplace_back(name);
        m_ids.emplace(m_names.back(), static_cast<int>(m_names.size() - 1));
        return static_cast<int>(m_names.size() - 1);
    }
    /// -1 when no launch has it.
    int find(const std::string& name) const
    {
        const auto it = m_ids.find(name);
        return it == m_ids.end() ? -1 : it->second;
    }
    const std::string& name(int id) const { return m_names[static_cast<size_t>(id)]; }
    int size() const { return static_cast<int>(m_names.size()); }
    /// Ids in the order of their names (sums over several metrics add in one fixed order).
    std::vector<int> sortedIds() const
    {
        std::vector<int> ids(m_names.size());
        for (size_t i = 0; i < ids.size(); ++i)
            ids[i] = static_cast<int>(i);
        std::sort(ids.begin(), ids.end(), [&](int a, int b) { return name(a) < name(b); });
        return ids;
    }

private:
    std::deque<std::string> m_names; ///< stable: m_ids' keys are copies, ids index this
    std::unordered_map<std::string, int> m_ids;
};

struct Launch {
    std::string id;
    std::string name;
    std::string device; ///< set where it changes from the launch before (one name, 10^6 launches)
    std::string computeCapability; ///< the CC column ("8.0"), set as `device` is
    std::string shape; ///< "grid (2, 66, 1), block (384, 1, 1)": launches of one kernel group by name and shape
    int line = 0;
    std::vector<std::pair<int, double>> metrics; ///< (MetricNames id, SI value)

    void set(int metric, double value)
    {
        for (auto& [m, v] : metrics)
            if (m == metric) {
                v = value; // a repeated row: the last one counts, as before
                return;
            }
        metrics.emplace_back(metric, value);
    }
    std::optional<double> get(int metric) const
    {
        if (metric >= 0)
            for (const auto& [m, v] : metrics)
                if (m == metric)
                    return v;
        return std::nullopt;
    }
};

/// Every launch of an export with its metrics.
struct Table {
    MetricNames names;
    std::vector<Launch> launches;
    std::string source; ///< "ncu details" or "ncu raw"
    char decimal = '.'; ///< the file's decimal separator
    int headerLine = 0;
    /// Metrics given in a unit the reader does not know (their values are NaN), by metric id.
    std::map<int, std::string> unknownUnits;
    /// The device's own name, where the export carries it (`device__attribute_display_name`,
    /// ncu 2023 on: the Device column is then an index). Empty when it does not.
    std::string deviceName;
};

/// The offset of the header line: the first CSV line with both "ID" and "Kernel Name" fields.
std::optional<size_t> headerOffset(std::string_view text);

/// The export's launches. Errors: no header row, or a header and no launches.
Result<Table> readTable(std::string_view text, const std::string& file);

bool endsWith(const std::string& s, const std::string& suffix);
/// The precision a tensor-core counter's source names ("fp8", "bf16" ...).
std::optional<Precision> tensorPrecision(const std::string& src);

} // namespace roofline::ncu
