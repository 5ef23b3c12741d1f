// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/precision.h"
#include "core/model/units.h"

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
    /// s a collective takes however small (NCCL's latency on the link); none: 5 us is assumed.
    std::optional<double> latency;

    friend bool operator==(const Interconnect& a, const Interconnect& b)
    {
        return a.name == b.name && a.bandwidth == b.bandwidth && a.latency == b.latency;
    }
};

/// Where figures come from: a datasheet, a vendor page or a measurement, and which of the
/// profile's figures it gives ("bf16", "HBM3e", "interconnect": see HardwareProfile::figures).
struct Source {
    std::string ref; ///< "NVIDIA H100 datasheet: https://..."
    std::vector<std::string> backs; ///< figures this source gives; empty: background reading
    bool measured = false; ///< a measurement, not a vendor figure

    friend bool operator==(const Source& a, const Source& b)
    {
        return a.ref == b.ref && a.backs == b.backs && a.measured == b.measured;
    }
};

/// One value public sources give for a figure, and who gives it.
struct Candidate {
    double value = 0.0; ///< FLOP/s or byte/s
    std::string source;

    friend bool operator==(const Candidate& a, const Candidate& b)
    {
        return a.value == b.value && a.source == b.source;
    }
};

/// Public sources that disagree on a figure: every value they give. The profile uses one of
/// them; the others are shown beside it as a range.
struct Disagreement {
    std::string figure; ///< "fp4", "HBM3E", "interconnect", "HBM3 capacity"
    std::vector<Candidate> candidates;

    friend bool operator==(const Disagreement& a, const Disagreement& b)
    {
        return a.figure == b.figure && a.candidates == b.candidates;
    }
};

/// A precision's rates on each kind of unit, where the part has two (H100 FP64: 33.5 TFLOP/s on
/// the CUDA cores, 66.9 on the tensor cores). The profile's peak is one of them.
struct UnitPeaks {
    std::optional<double> vector, matrix; ///< FLOP/s

    std::optional<double> of(ComputeUnit u) const { return u == ComputeUnit::Vector ? vector : matrix; }
    friend bool operator==(const UnitPeaks& a, const UnitPeaks& b)
    {
        return a.vector == b.vector && a.matrix == b.matrix;
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
    std::optional<double> launchLatency; ///< s per kernel launch; absent: launchLatencyOf's default
    std::map<Precision, double> sparse; ///< vendor figures with 2:4 sparsity: notes, never a roof
    std::map<Precision, UnitPeaks> units; ///< per-unit rates where a precision has two
    std::map<Precision, Precision> accumulate; ///< the accumulate a peak assumes, where it changes the rate
    std::vector<std::string> derived; ///< figures computed from sourced ones (units x clock x ops)
    std::vector<Disagreement> disagreements;
    std::vector<std::string> notes;
    std::vector<Source> sources;
    std::string file; ///< where it was loaded from (not compared)

    bool hasPrecision(Precision p) const { return peaks.count(p) != 0; }
    /// Peak for p, or nullopt if the part has no such rate.
    std::optional<double> peak(Precision p) const;
    /// The rate of p on unit u when the profile gives one (units), else nullopt.
    std::optional<double> unitPeak(Precision p, ComputeUnit u) const
    {
        const auto it = units.find(p);
        return it == units.end() ? std::nullopt : it->second.of(u);
    }
    /// The main memory level (HBM/DRAM).
    const MemoryLevel& mainMemory() const { return memory.front(); }
    double mainBandwidth() const { return *memory.front().bandwidth; }
    /// Precisions the part has, widest first.
    std::vector<Precision> precisions() const;
    /// Ridge P_peak / B_mem at the main memory level, nullopt if the precision is missing.
    std::optional<double> ridge(Precision p) const;
    /// The precision a user most likely wants first: bf16, else fp16, fp32, the first one.
    Precision defaultPrecision() const;
    /// The figures a source can back: each precision with a peak ("bf16"), each memory level
    /// with a bandwidth (its name), and "interconnect" when there is one.
    std::vector<std::string> figures() const;
    /// Figures no source backs (a shipped profile has none).
    std::vector<std::string> unsourced() const;
    /// The disagreement recorded for a figure, or null.
    const Disagreement* disagreementOn(const std::string& figure) const;

    friend bool operator==(const HardwareProfile& a, const HardwareProfile& b);
    friend bool operator!=(const HardwareProfile& a, const HardwareProfile& b) { return !(a == b); }
};

/// After an edit (the profile editor): `edited` keeps the records of `original` that still hold
/// for its figures: each source's backs that are still figures (a source whose ref is unchanged
/// keeps them), sparse figures above the dense peak, accumulates of precisions it has, derived
/// figures it has, and disagreements whose candidates still include the value it uses.
void carryRecords(const HardwareProfile& original, HardwareProfile& edited);

/// s: the profile's launch latency, else 4 us for accelerators (gpu, npu, tpu: NVIDIA measures a
/// 2.9 us kernel at 3.8 us a launch back to back, CUDA Graphs blog) and 0 for CPUs (no such wall).
double launchLatencyOf(const HardwareProfile& p);

/// The value a profile uses for a figure (a peak, a level's bandwidth, the interconnect, or a
/// level's capacity as "HBM3 capacity"), if any.
std::optional<double> figureValue(const HardwareProfile& p, const std::string& figure);
/// Whether a figure is a rate of compute (FLOP/s), of bytes (byte/s) or a capacity (byte).
bool isPeakFigure(const HardwareProfile& p, const std::string& figure);
bool isCapacityFigure(const std::string& figure);
Dimension figureDimension(const HardwareProfile& p, const std::string& figure);

std::ostream& operator<<(std::ostream& os, const MemoryLevel& m);
std::ostream& operator<<(std::ostream& os, const Source& s);
std::ostream& operator<<(std::ostream& os, const HardwareProfile& p);

} // namespace roofline
