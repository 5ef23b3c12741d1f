// SPDX-License-Identifier: MIT
// Measured ceilings from the *.peak_sustained figures of an Nsight Compute export.
#include "core/io/ncu_csv.h"
#include "core/io/ncu_table.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace roofline {

Result<HardwareProfile> ncuCeilings(std::string_view text, const std::string& file)
{
    auto table = ncu::readTable(text, file);
    if (!table)
        return table.error();
    HardwareProfile p;
    p.vendor = "Measured";
    p.category = "measured";
    p.achievable = 1.0;
    std::map<Precision, double> peaks;
    double dram = 0, l2 = 0, l1 = 0;
    const ncu::MetricNames& names = table->names;
    auto id = [&](const std::string& name) { return names.find(name); };
    for (const ncu::Launch& l : table->launches) {
        // Many exports write the device as an index ("0"): then the compute capability names it.
        const bool index = !l.device.empty() && std::all_of(l.device.begin(), l.device.end(), ::isdigit);
        if (p.name.empty() && !l.device.empty() && !index)
            p.name = "Sustained peaks (ncu: " + l.device + ")";
        else if (p.name.empty() && !l.computeCapability.empty())
            p.name = "Sustained peaks (ncu: compute capability " + l.computeCapability + ")";
        const double sm = l.get(id("sm__cycles_elapsed.avg.per_second")).value_or(0);
        auto rate = [&](const std::string& m, double perInst) {
            for (const std::string prefix : {"sm__", "smsp__"})
                if (auto v = l.get(id(prefix + m + ".peak_sustained")))
                    return *v * perInst * sm;
            return 0.0;
        };
        peaks[Precision::FP64]
            = std::max(peaks[Precision::FP64], rate("sass_thread_inst_executed_op_dfma_pred_on.sum", 2));
        peaks[Precision::FP32]
            = std::max(peaks[Precision::FP32], rate("sass_thread_inst_executed_op_ffma_pred_on.sum", 2));
        peaks[Precision::FP16]
            = std::max(peaks[Precision::FP16], rate("sass_thread_inst_executed_op_hfma_pred_on.sum", 4));
        std::vector<std::pair<std::string, double>> byName; // in name order, as the sums always were
        for (const auto& [metricId, value] : l.metrics)
            byName.emplace_back(names.name(metricId), value);
        std::sort(byName.begin(), byName.end());
        for (const auto& [name, value] : byName) {
            const std::string prefix = "sm__ops_path_tensor_src_", suffix = ".sum.peak_sustained";
            if (name.rfind(prefix, 0) != 0 || !ncu::endsWith(name, suffix)
                || name.find("sparsity_on") != std::string::npos)
                continue;
            const std::string src = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
            if (auto pr = ncu::tensorPrecision(src))
                peaks[*pr] = std::max(peaks[*pr], value * sm);
        }
        auto bw = [&](const char* bytes, const char* clock) {
            const auto b = l.get(id(bytes));
            const auto c = l.get(id(clock));
            return b && c ? *b * *c : 0.0;
        };
        dram = std::max(dram, bw("dram__bytes.sum.peak_sustained", "dram__cycles_elapsed.avg.per_second"));
        // The SpeedOfLight_RooflineChart section names its peaks for display, per cycle, FLOPs
        // already counting an FMA as two: "Theoretical Predicated-On FFMA Operations" x "SM
        // Frequency", "Theoretical DRAM Bytes Accessible" x "DRAM Frequency".
        peaks[Precision::FP32]
            = std::max(peaks[Precision::FP32], bw("Theoretical Predicated-On FFMA Operations", "SM Frequency"));
        peaks[Precision::FP64]
            = std::max(peaks[Precision::FP64], bw("Theoretical Predicated-On DFMA Operations", "SM Frequency"));
        dram = std::max(dram, bw("Theoretical DRAM Bytes Accessible", "DRAM Frequency"));
        l2 = std::max(l2, bw("lts__t_bytes.sum.peak_sustained", "lts__cycles_elapsed.avg.per_second"));
        l1 = std::max(l1, bw("l1tex__t_bytes.sum.peak_sustained", "l1tex__cycles_elapsed.avg.per_second"));
    }
    for (const auto& [pr, v] : peaks)
        if (v > 0 && std::isfinite(v))
            p.peaks[pr] = v;
    if (p.peaks.empty() || !(dram > 0))
        return Error {file, table->headerLine, 0,
            "this ncu export carries no peak_sustained figures (with sm__cycles_elapsed.avg.per_second and "
            "dram__cycles_elapsed.avg.per_second) and no SpeedOfLight_RooflineChart section; collect them with "
            "ncu --set roofline"};
    p.memory.push_back({"DRAM", dram, std::nullopt});
    if (l2 > 0)
        p.memory.push_back({"L2", l2, std::nullopt});
    if (l1 > 0)
        p.memory.push_back({"L1", l1, std::nullopt});
    if (p.name.empty())
        p.name = "Sustained peaks (ncu)";
    p.notes.push_back("Peaks from the *.peak_sustained figures (or the SpeedOfLight_RooflineChart section) of an ncu "
                      "export, at the clocks the profile ran at; the achievable fraction is 1.");
    p.sources.push_back({"Nsight Compute export: " + file, {}, true});
    return p;
}

} // namespace roofline
