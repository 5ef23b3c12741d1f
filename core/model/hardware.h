// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/precision.h"

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roofline {

/// One level of the memory hierarchy: HBM/DRAM first, then L2, L1/shared.
struct MemoryLevel {
    std::string name; ///< "HBM3", "L2", "L1/shared"
    std::optional<double> bandwidth; ///< byte/s; absent where no public figure exists
    std::optional<double> capacity; ///< byte

    friend bool operator==(const MemoryLevel& a, const MemoryLevel& b)
    {
        return a.name == b.name && a.bandwidth == b.bandwidth && a.capacity == b.capacity;
    }
};

struct Interconnect {
    std::string name; ///< "NVLink 4", "ICI"
    double bandwidth = 0.0; ///< byte/s, total per chip, bidirectional

    friend bool operator==(const Interconnect& a, const Interconnect& b)
    {
        return a.name == b.name && a.bandwidth == b.bandwidth;
    }
};

/// A hardware profile as read from hardware_profiles/<id>.yaml. Peaks are dense (no sparsity).
struct HardwareProfile {
    std::string id; ///< lower-case kebab, e.g. "h100-sxm5"
    std::string name; ///< "NVIDIA H100 SXM5 80GB"
    std::string vendor; ///< "NVIDIA"
    std::string category; ///< gpu, tpu, npu, cpu, soc
    std::vector<std::string> aliases;
    std::map<Precision, double> peaks; ///< FLOP/s (OP/s for int8), dense
    std::vector<MemoryLevel> memory; ///< at least one; [0] has a bandwidth
    std::optional<Interconnect> interconnect;
    double achievable = 0.85; ///< fraction of peak real kernels reach
    std::vector<std::string> notes;
    std::vector<std::string> sources;
    std::string file; ///< where it was loaded from (not compared)

    bool hasPrecision(Precision p) const { return peaks.count(p) != 0; }
    /// Peak for p, or nullopt if the part has no such rate.
    std::optional<double> peak(Precision p) const;
    /// The main memory level (HBM/DRAM).
    const MemoryLevel& mainMemory() const { return memory.front(); }
    double mainBandwidth() const { return *memory.front().bandwidth; }
    /// Precisions the part has, widest first.
    std::vector<Precision> precisions() const;
    /// Ridge P_peak / B_mem at the main memory level, nullopt if the precision is missing.
    std::optional<double> ridge(Precision p) const;
    /// The precision a user most likely wants first: bf16, else fp16, fp32, the first one.
    Precision defaultPrecision() const;

    friend bool operator==(const HardwareProfile& a, const HardwareProfile& b);
    friend bool operator!=(const HardwareProfile& a, const HardwareProfile& b) { return !(a == b); }
};

std::ostream& operator<<(std::ostream& os, const MemoryLevel& m);
std::ostream& operator<<(std::ostream& os, const HardwareProfile& p);

} // namespace roofline
