// SPDX-License-Identifier: MIT
// The kernels of an Nsight Compute export: the counting rules (docs/profilers.md) applied to
// each launch, launches summed by name when asked.
#include "core/io/ncu_csv.h"

#include "core/common/text.h"
#include "core/io/kernel_fields.h"
#include "core/io/launch_sums.h"
#include "core/io/ncu_table.h"
#include "core/io/precision_flops.h"
#include "core/model/units.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace roofline {
using ncu::Launch;
using ncu::MetricNames;

namespace {

/// The metrics the import reads, looked up once per file.
struct KnownMetrics {
    explicit KnownMetrics(const MetricNames& n)
    {
        auto id = [&](const char* name) { return n.find(name); };
        static const char* const ops[] = {"dadd", "dmul", "dfma", "fadd", "fmul", "ffma", "hadd", "hmul", "hfma"};
        for (size_t o = 0; o < 9; ++o)
            for (size_t p = 0; p < 2; ++p) {
                const std::string name = std::string(p == 0 ? "sm__" : "smsp__") + "sass_thread_inst_executed_op_"
                    + ops[o] + "_pred_on.sum";
                sass[o][p] = n.find(name);
                // ncu 2023 on, --set roofline: the count as a rate per elapsed cycle of its unit.
                sassRate[o][p] = n.find(name + ".per_cycle_elapsed");
            }
        tensorInst[0] = id("sm__inst_executed_pipe_tensor.sum");
        tensorInst[1] = id("smsp__inst_executed_pipe_tensor.sum");
        dramBytes = id("dram__bytes.sum");
        dramRate = id("dram__bytes.sum.per_second");
        l2Rate = id("lts__t_bytes.sum.per_second");
        l1Rate = id("l1tex__t_bytes.sum.per_second");
        dramRead = id("dram__bytes_read.sum");
        dramWrite = id("dram__bytes_write.sum");
        dramOpRead = id("dram__bytes_op_read.sum");
        dramOpWrite = id("dram__bytes_op_write.sum");
        dramSectors = id("dram__sectors.sum");
        l2Bytes = id("lts__t_bytes.sum");
        l2Sectors = id("lts__t_sectors.sum");
        l1Bytes = id("l1tex__t_bytes.sum");
        timeSum = id("gpu__time_duration.sum");
        timeAvg = id("gpu__time_duration.avg");
        cycles = id("sm__cycles_elapsed.avg");
        cyclesPerSecond = id("sm__cycles_elapsed.avg.per_second");
        smspCycles = id("smsp__cycles_elapsed.avg");
        smspCyclesPerSecond = id("smsp__cycles_elapsed.avg.per_second");
        // Tensor-core operations: sm__ops_path_tensor_src_*.sum (not the per-op breakdowns), by
        // precision, in name order.
        const std::string prefix = "sm__ops_path_tensor_src_";
        // The peaks at the clock each launch ran (--set roofline): FMA issue rates of the CUDA cores
        // (FP64, FP32, FP16 half2), the DRAM's bytes a cycle, each tensor source's operations.
        static const char* const fmas[] = {"dfma", "ffma", "hfma"};
        for (size_t f = 0; f < 3; ++f)
            fmaPeak[f]
                = n.find(std::string("sm__sass_thread_inst_executed_op_") + fmas[f] + "_pred_on.sum.peak_sustained");
        dramPeak = id("dram__bytes.sum.peak_sustained");
        dramClock = id("dram__cycles_elapsed.avg.per_second");
        // A source no precision names (int1, int4) is not floating-point work.
        for (int i : n.sortedIds()) {
            const std::string& name = n.name(i);
            if (name.rfind(prefix, 0) == 0 && ncu::endsWith(name, ".sum") && name.find("_op_") == std::string::npos)
                if (auto p = ncu::tensorPrecision(name.substr(prefix.size()))) {
                    tensorOps.emplace_back(i, *p);
                    tensorPeaks.push_back({n.find(name + ".peak_sustained_elapsed.per_second"), *p,
                        name.find("sparsity_off") == std::string::npos && *p != Precision::FP64});
                }
        }
    }
    int sass[9][2]; ///< {dadd, dmul, dfma, fadd, fmul, ffma, hadd, hmul, hfma} x {sm__, smsp__}
    int sassRate[9][2]; ///< the same .per_cycle_elapsed
    int tensorInst[2];
    int dramBytes, dramRead, dramWrite, dramOpRead, dramOpWrite, dramSectors, l2Bytes, l2Sectors, l1Bytes;
    int dramRate, l2Rate, l1Rate; ///< byte/s: x the duration where the export has no count
    int timeSum, timeAvg, cycles, cyclesPerSecond, smspCycles, smspCyclesPerSecond;
    /// Every metric the counting rules read (a unit the reader does not know is an error for these).
    std::vector<int> used() const
    {
        std::vector<int> ids {dramBytes, dramRead, dramWrite, dramOpRead, dramOpWrite, dramSectors, l2Bytes, l2Sectors,
            l1Bytes, dramRate, l2Rate, l1Rate, timeSum, timeAvg, cycles, cyclesPerSecond, smspCycles,
            smspCyclesPerSecond, tensorInst[0], tensorInst[1]};
        for (const auto& op : sass)
            ids.insert(ids.end(), std::begin(op), std::end(op));
        for (const auto& op : sassRate)
            ids.insert(ids.end(), std::begin(op), std::end(op));
        for (const auto& [id, precision] : tensorOps)
            ids.push_back(id);
        return ids;
    }
    std::vector<std::pair<int, Precision>> tensorOps;
    int fmaPeak[3]; ///< dfma, ffma, hfma .sum.peak_sustained (inst/cycle)
    int dramPeak, dramClock; ///< byte/cycle, cycle/s
    /// A tensor source's operations a second at the clock it ran. ncu gives the 2:4-sparse rate
    /// for a source that has one (16-bit, TF32, INT8, FP8 sparsity_on): the dense rate, which
    /// its roofline chart draws, is half (`halve`); FP64 and FP8 sparsity_off are dense already.
    struct TensorPeak {
        int id;
        Precision precision;
        bool halve;
    };
    std::vector<TensorPeak> tensorPeaks;
};

std::optional<double> metric(const Launch& l, std::initializer_list<int> ids)
{
    for (int id : ids)
        if (auto v = l.get(id))
            return v;
    return std::nullopt;
}

/// The elapsed cycles of the SMs (unit 0) or their sub-partitions (1): counted, or their clock
/// times the launch's duration (ncu 2023 on gives only the clock).
std::optional<double> elapsedCycles(const Launch& l, const KnownMetrics& m, size_t unit)
{
    if (auto c = l.get(unit == 0 ? m.cycles : m.smspCycles))
        return c;
    const auto hz = l.get(unit == 0 ? m.cyclesPerSecond : m.smspCyclesPerSecond);
    const auto t = metric(l, {m.timeSum, m.timeAvg});
    if (hz && t)
        return *hz * *t;
    return std::nullopt;
}

/// SASS op `op` (m.sass's order) under the sm__ or smsp__ prefix: its count, or its rate per
/// elapsed cycle times the unit's elapsed cycles (how ncu's roofline sections give it).
double sass(const Launch& l, const KnownMetrics& m, size_t op, bool& found)
{
    for (size_t unit = 0; unit < 2; ++unit)
        if (auto v = l.get(m.sass[op][unit])) {
            found = true;
            return *v;
        }
    for (size_t unit = 0; unit < 2; ++unit)
        if (auto rate = l.get(m.sassRate[op][unit]))
            if (auto cycles = elapsedCycles(l, m, unit)) {
                found = true;
                return *rate * *cycles;
            }
    return 0.0;
}

struct Work {
    double flops = 0.0; ///< over every precision
    PrecisionFlops byPrecision;
    bool anyFlopMetric = false;
    bool uncountedTensor = false; ///< tensor instructions whose FLOPs this export cannot tell
    double& at(Precision p) { return byPrecision[p]; }
};

/// `cc`: the compute capability of the device the launch ran on ("" when the export has none).
Work countWork(const Launch& l, const KnownMetrics& m, const std::string& cc)
{
    Work w;
    bool found = false;
    // CUDA cores: an FMA is two FLOPs. FP16 counts half2 lanes as NCU 2025's Half chart does:
    // 2 x hadd + 2 x hmul + 4 x hfma.
    const double fp64 = sass(l, m, 0, found) + sass(l, m, 1, found) + 2 * sass(l, m, 2, found);
    const double fp32 = sass(l, m, 3, found) + sass(l, m, 4, found) + 2 * sass(l, m, 5, found);
    const double fp16 = 2 * sass(l, m, 6, found) + 2 * sass(l, m, 7, found) + 4 * sass(l, m, 8, found);
    w.anyFlopMetric = found;
    w.at(Precision::FP64) += fp64;
    w.at(Precision::FP32) += fp32;
    w.at(Precision::FP16) += fp16;
    // Tensor cores: the aggregate sm__ops_path_tensor_src_* counters are already operations.
    bool tensorOps = false;
    for (const auto& [id, precision] : m.tensorOps)
        if (auto v = l.get(id)) {
            tensorOps = true;
            w.anyFlopMetric = true;
            w.byPrecision.addMatrix(precision, *v);
        }
    // Volta: 512 FLOPs per tensor instruction (FP16 HMMA), as NERSC's scripts count. From
    // Ampere on, an instruction's FLOPs depend on its shape and type: not counted, and said.
    if (!tensorOps)
        if (auto inst = metric(l, {m.tensorInst[0], m.tensorInst[1]})) {
            w.anyFlopMetric = true;
            if (cc.empty() || cc.rfind("7.", 0) == 0)
                w.byPrecision.addMatrix(Precision::FP16, 512.0 * *inst);
            else
                w.uncountedTensor = *inst > 0;
        }
    w.flops = w.byPrecision.total();
    return w;
}

/// Bytes from a byte/s metric times the launch's duration (ncu 2023 on, --set roofline, gives
/// only the rate).
std::optional<double> byRate(const Launch& l, const KnownMetrics& m, int rateMetric)
{
    const auto rate = l.get(rateMetric);
    const auto t = metric(l, {m.timeSum, m.timeAvg});
    if (rate && t)
        return *rate * *t;
    return std::nullopt;
}

std::optional<double> dramBytes(const Launch& l, const KnownMetrics& m)
{
    if (auto b = l.get(m.dramBytes))
        return b;
    for (const auto& [read, write] : {std::pair {m.dramRead, m.dramWrite}, std::pair {m.dramOpRead, m.dramOpWrite}}) {
        const auto r = l.get(read), w = l.get(write);
        if (r || w)
            return r.value_or(0) + w.value_or(0);
    }
    if (auto s = l.get(m.dramSectors))
        return *s * 32.0;
    return byRate(l, m, m.dramRate);
}

std::optional<double> l2Bytes(const Launch& l, const KnownMetrics& m)
{
    if (auto b = l.get(m.l2Bytes))
        return b;
    if (auto s = l.get(m.l2Sectors))
        return *s * 32.0;
    return byRate(l, m, m.l2Rate);
}

std::optional<double> l1Bytes(const Launch& l, const KnownMetrics& m)
{
    if (auto b = l.get(m.l1Bytes))
        return b;
    return byRate(l, m, m.l1Rate);
}

std::optional<double> duration(const Launch& l, const KnownMetrics& m)
{
    if (auto t = metric(l, {m.timeSum, m.timeAvg}))
        return t;
    for (const auto& [c, r] :
        {std::pair {m.cycles, m.cyclesPerSecond}, std::pair {m.smspCycles, m.smspCyclesPerSecond}}) {
        const auto cycles = l.get(c), rate = l.get(r);
        if (cycles && rate && *rate > 0)
            return *cycles / *rate;
    }
    return std::nullopt;
}

/// The roof one launch ran under, at its own clocks: a peak per precision and unit, and the DRAM
/// bandwidth (ncu's peak_sustained figures times the measured clocks, as its roofline sections
/// draw them). Empty where the export lacks them (a --metrics export).
struct ClockRoof {
    std::map<std::pair<Precision, ComputeUnit>, double> peaks;
    std::optional<double> bandwidth;
};

ClockRoof clockRoof(const Launch& l, const KnownMetrics& m)
{
    ClockRoof r;
    const auto smHz = l.get(m.cyclesPerSecond);
    static const std::pair<Precision, double> fmaKinds[]
        = {{Precision::FP64, 2}, {Precision::FP32, 2}, {Precision::FP16, 4}};
    for (size_t f = 0; f < 3 && smHz; ++f)
        if (auto perCycle = l.get(m.fmaPeak[f]))
            r.peaks[{fmaKinds[f].first, ComputeUnit::Vector}] = *perCycle * fmaKinds[f].second * *smHz;
    for (const auto& t : m.tensorPeaks)
        if (auto v = l.get(t.id)) {
            double& peak = r.peaks[{t.precision, ComputeUnit::Matrix}];
            peak = std::max(peak, t.halve ? *v / 2 : *v);
        }
    const auto perCycle = l.get(m.dramPeak), hz = l.get(m.dramClock);
    if (perCycle && hz)
        r.bandwidth = *perCycle * *hz;
    return r;
}

/// What a file lacks as a whole is one clear error, not a row-by-row complaint.
std::optional<Error> missingMetrics(const ncu::Table& table, const KnownMetrics& known, const std::string& file)
{
    bool anyFlops = false, anyDram = false;
    for (const auto& l : table.launches) {
        anyFlops |= countWork(l, known, "").anyFlopMetric;
        anyDram |= dramBytes(l, known).has_value();
        if (anyFlops && anyDram)
            return std::nullopt;
    }
    std::string missing;
    if (!anyFlops)
        missing += "FLOP counters (sm__sass_thread_inst_executed_op_*_pred_on.sum or sm__ops_path_tensor_*)";
    if (!anyDram)
        missing += std::string(missing.empty() ? "" : " and ") + "DRAM bytes (dram__bytes.sum)";
    // The SpeedOfLight_RooflineChart section alone: the part's peaks, not the kernel's counts.
    if (table.names.find("Theoretical Predicated-On FFMA Operations") >= 0)
        return Error {file, table.headerLine, 0,
            "this ncu export is the SpeedOfLight_RooflineChart section: it holds the part's peaks, not the kernels' "
            "counts; import it as ceilings (roofline import-ceilings, or File > Import Ceilings), and export the "
            "kernels with: "
                + ncuCommandLine()};
    // The details page (what the ncu GUI shows): its sections' display figures, percentages and
    // the duration, and no FLOP count at all.
    bool anyMetricName = false;
    for (int i = 0; i < table.names.size() && !anyMetricName; ++i)
        anyMetricName = table.names.name(i).find("__") != std::string::npos;
    if (table.source == "ncu details" && !anyMetricName)
        return Error {file, table.headerLine, 0,
            "this is ncu's details page (what the ncu GUI shows): it holds throughput percentages and no FLOP "
            "counts; export the raw page of a report collected with the roofline set instead: ncu --set roofline -o "
            "report ./your-app, then ncu -i report.ncu-rep --csv --page raw > raw.csv"};
    return Error {file, table.headerLine, 0,
        "this ncu export lacks the metrics a roofline needs: " + missing + "; collect them with: " + ncuCommandLine()};
}

/// A metric the counting rules read, given in a unit the reader does not know: never read as
/// if it were in base units.
std::optional<Error> unknownUnit(const ncu::Table& table, const KnownMetrics& known, const std::string& file)
{
    for (int id : known.used())
        if (auto it = table.unknownUnits.find(id); id >= 0 && it != table.unknownUnits.end())
            return Error {file, table.headerLine, 0,
                "unknown unit " + quoted(it->second) + " for " + table.names.name(id)
                    + "; the importer reads ns/us/ms/s (or nsecond...), byte/Kbyte/Mbyte/Gbyte, inst, cycle"};
    return std::nullopt;
}

/// The part the export ran on: by its device name (`device__attribute_display_name`, or the
/// Device column where it holds a name), else guessed from its compute capability, which several
/// parts share: the guess is said in a note that names the others, never stated as fact.
void pickHardware(const ncu::Table& table, KernelImport& out)
{
    std::string name = table.deviceName, cc;
    for (const auto& l : table.launches)
        if (!l.device.empty() || !l.computeCapability.empty()) {
            if (name.empty() && l.device.find_first_not_of("0123456789 ") != std::string::npos)
                name = l.device;
            cc = l.computeCapability;
            break;
        }
    if (!name.empty()) {
        out.device = name;
        out.suggestedHardware = hardwareForDeviceName(name);
        if (out.suggestedHardware.empty() && !cc.empty())
            out.warnings.push_back("no shipped profile is a " + name + " (compute capability " + cc
                + "); give --hw with the nearest, or a profile of your own");
        return;
    }
    if (cc.empty())
        return;
    out.device = "compute capability " + cc;
    out.suggestedHardware = hardwareForComputeCapability(cc);
    if (!out.suggestedHardware.empty())
        out.warnings.push_back("the export does not name its device, only its compute capability " + cc + ", which "
            + partsOfComputeCapability(cc) + " share: assumed " + out.suggestedHardware
            + "; give --hw to choose (ncu 2023 and later name it with --page raw)");
}

/// One kernel: a launch, or with aggregation every launch of one name.
struct Sum {
    Kernel k;
    int line = 0;
    PrecisionFlops byPrecision;
    std::optional<double> l2, l1;
    bool timed = true;
    /// Each launch's clock roof weighted by its time (launches of one kernel ran at different
    /// clocks): the kernel's is the time-weighted mean.
    std::map<std::pair<Precision, ComputeUnit>, std::pair<double, double>> peakTimes; ///< sum(peak x t), sum(t)
    std::pair<double, double> bandwidthTimes {0.0, 0.0};
};

/// The launches summed into kernels, in file order; what cannot be placed is rejected with its
/// line, and inner levels with zero bytes are noted.
class KernelSums {
public:
    KernelSums(const KnownMetrics& known, bool aggregate)
        : m_known(known)
        , m_sums(aggregate)
        , m_aggregate(aggregate)
    { }

    void add(const Launch& l)
    {
        if (!l.computeCapability.empty()) // given where it changes, launch order
            m_cc = l.computeCapability;
        const Work w = countWork(l, m_known, m_cc);
        const auto dram = dramBytes(l, m_known);
        if (w.uncountedTensor)
            m_uncountedTensor.push_back(l);
        // A launch that does no floating-point work (a memcpy, an init kernel) or moves no DRAM
        // bytes is a fact about the program, not bad data: noted, not placed, not rejected. One
        // without any FLOP counter has unknown FLOPs, not none: noted with what is known of it.
        if (!w.anyFlopMetric) {
            m_unknownFlops.push_back({l.name, l.id, l.line, dram, duration(l, m_known)});
            return;
        }
        if (!(w.flops > 0)) {
            m_noFlops.push_back(l);
            return;
        }
        if (!dram || !(*dram > 0)) {
            m_noDram.push_back(l);
            return;
        }
        Sum& s = m_sums.sumFor(l.name, l.id, l.line, l.shape);
        s.k.bytes += *dram;
        s.k.launches += 1;
        s.byPrecision += w.byPrecision;
        if (auto t = duration(l, m_known)) {
            *s.k.time += *t;
            addClockRoof(s, clockRoof(l, m_known), *t);
        } else {
            s.timed = false;
        }
        addLevel(s.l2, l2Bytes(l, m_known), l, "L2");
        addLevel(s.l1, l1Bytes(l, m_known), l, "L1");
    }

    /// The kernels, each with the FLOPs of the precision that did most of its work, judged by
    /// that precision's roof.
    void finish(KernelImport& out)
    {
        LeftOutPrecisions leftOut;
        for (auto& s : m_sums.all()) {
            if (!s.timed)
                s.k.time.reset();
            s.k.precision = s.byPrecision.top();
            s.k.flops = s.byPrecision[*s.k.precision];
            s.k.unit = s.byPrecision.unitOf(*s.k.precision);
            leftOut.add(s.k.name, s.byPrecision);
            setClockRoof(s);
            if (s.l2)
                s.k.levelBytes.emplace_back("L2", *s.l2);
            if (s.l1)
                s.k.levelBytes.emplace_back("L1", *s.l1);
            out.kernels.push_back(std::move(s.k));
            out.lines.push_back(s.line);
        }
        noteUnplaced(out, m_noFlops, "no floating-point work (0 FLOPs)");
        for (const Unknown& u : m_unknownFlops) // the window offers to type their FLOPs
            if (u.bytes && *u.bytes > 0)
                addFlopsUnknown(out.flopsUnknown, m_aggregate, m_aggregate ? u.name : u.name + " #" + u.id, u.line,
                    *u.bytes, u.seconds);
        if (!m_unknownFlops.empty())
            out.warnings.push_back(launchNote(m_unknownFlops, "launch",
                "no FLOP counter in this export: FLOPs unknown (not zero), bandwidth known", kNotOnTheRoofline,
                std::function<std::string(const Unknown&)>(trafficOf)));
        noteUnplaced(out, m_noDram, "no DRAM bytes (an infinite intensity at DRAM)");
        if (!m_uncountedTensor.empty())
            noteLaunches(out, m_uncountedTensor,
                "tensor instructions (sm__inst_executed_pipe_tensor) on compute capability " + m_cc
                    + ", whose FLOPs per instruction depend on its shape: not counted (collect "
                      "sm__ops_path_tensor_src_* "
                      "with ncu --set roofline)",
                ": ");
        if (const std::string note = leftOut.note(); !note.empty())
            out.warnings.push_back(note);
        for (const auto& [name, level] : m_infiniteLevels)
            out.warnings.push_back(
                "'" + name + "': 0 bytes at " + level + ", so its intensity there is infinite; no " + level + " point");
    }

private:
    /// One note for the launches left off the roofline for one reason: "2 launches have no
    /// floating-point work (0 FLOPs), not on the roofline: 'memcpy' (ID 3, line 28), ...".
    static void noteUnplaced(KernelImport& out, const std::vector<Launch>& launches, const char* why)
    {
        noteLaunches(out, launches, why, kNotOnTheRoofline);
    }
    /// "<n> launches have <what><separator>'name' (ID 3, line 28), ... and 4 more".
    static void noteLaunches(
        KernelImport& out, const std::vector<Launch>& launches, const std::string& what, const char* separator)
    {
        if (!launches.empty())
            out.warnings.push_back(launchNote(launches, "launch", what, separator));
    }

    static void addClockRoof(Sum& s, const ClockRoof& r, double t)
    {
        for (const auto& [key, peak] : r.peaks) {
            auto& [weighted, time] = s.peakTimes[key];
            weighted += peak * t;
            time += t;
        }
        if (r.bandwidth) {
            s.bandwidthTimes.first += *r.bandwidth * t;
            s.bandwidthTimes.second += t;
        }
    }
    /// The kernel's clock roof: that of its precision and unit, when every launch gave one.
    static void setClockRoof(Sum& s)
    {
        if (!s.k.precision || !s.k.unit || !s.k.time || !(*s.k.time > 0))
            return;
        const auto it = s.peakTimes.find({*s.k.precision, *s.k.unit});
        auto mean = [&](const std::pair<double, double>& w) {
            return w.second >= *s.k.time * (1 - 1e-9) ? std::optional<double>(w.first / w.second) : std::nullopt;
        };
        if (it != s.peakTimes.end() && s.bandwidthTimes.second > 0) {
            s.k.clockPeak = mean(it->second);
            s.k.clockBandwidth = s.k.clockPeak ? mean(s.bandwidthTimes) : std::nullopt;
            if (!s.k.clockBandwidth)
                s.k.clockPeak.reset();
        }
    }

    void addLevel(std::optional<double>& sum, std::optional<double> bytes, const Launch& l, const char* level)
    {
        if (!bytes)
            return;
        if (!(*bytes > 0)) {
            m_infiniteLevels.emplace(l.name, level);
            return;
        }
        sum = sum.value_or(0.0) + *bytes;
    }

    const KnownMetrics& m_known;
    LaunchSums<Sum> m_sums;
    bool m_aggregate = false;
    std::set<std::pair<std::string, std::string>> m_infiniteLevels;
    std::vector<Launch> m_noFlops, m_noDram, m_uncountedTensor;
    /// A launch without FLOP counters: what is known of it (its DRAM bytes and time).
    struct Unknown {
        std::string name, id;
        int line = 0;
        std::optional<double> bytes, seconds;
    };
    /// ": 16.8 MB in 20.2 us, 832 GB/s", as much of it as is known.
    static std::string trafficOf(const Unknown& u)
    {
        if (!u.bytes)
            return {};
        std::string t = ": " + formatQuantity(*u.bytes, Dimension::Bytes);
        if (u.seconds && *u.seconds > 0)
            t += " in " + formatQuantity(*u.seconds, Dimension::Time) + ", "
                + formatQuantity(*u.bytes / *u.seconds, Dimension::ByteRate);
        return t;
    }
    std::vector<Unknown> m_unknownFlops;
    std::string m_cc;
};
} // namespace

std::string ncuCommandLine()
{
    return "ncu --csv --print-units base --metrics "
           "gpu__time_duration.sum,dram__bytes.sum,lts__t_bytes.sum,l1tex__t_bytes.sum,"
           "sm__sass_thread_inst_executed_op_dadd_pred_on.sum,sm__sass_thread_inst_executed_op_dmul_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_dfma_pred_on.sum,sm__sass_thread_inst_executed_op_fadd_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_fmul_pred_on.sum,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_hadd_pred_on.sum,sm__sass_thread_inst_executed_op_hmul_pred_on.sum,"
           "sm__sass_thread_inst_executed_op_hfma_pred_on.sum,sm__inst_executed_pipe_tensor.sum ./your-app "
           "(or: ncu --set roofline --csv ./your-app)";
}

std::string hardwareForDeviceName(const std::string& deviceRaw)
{
    const std::string d = toLower(deviceRaw);
    auto has = [&](const char* s) { return d.find(s) != std::string::npos; };
    if (has("gb300"))
        return "gb300";
    if (has("b300"))
        return "b300";
    if (has("gb200"))
        return "gb200";
    if (has("b200"))
        return "b200";
    if (has("h200"))
        return "h200-sxm";
    if (has("h20"))
        return "h20";
    if (has("h100"))
        return has("nvl") ? "h100-nvl" : has("pcie") ? "h100-pcie" : "h100-sxm5";
    if (has("a100"))
        return has("pcie") || has("40gb") ? "a100-pcie-40gb" : "a100-sxm4-80gb";
    if (has("v100"))
        return has("pcie") ? "" : "v100-sxm2"; // no V100 PCIe profile: not the SXM2's
    if (has("l40s"))
        return "l40s";
    if (has(" l4") || has("nvidia l4"))
        return "l4";
    if (has("4090"))
        return "rtx-4090";
    if (has("5090"))
        return "rtx-5090";
    return {};
}

std::string hardwareForComputeCapability(const std::string& cc)
{
    // The data-centre part of each architecture (a PCIe or a consumer card of the same compute
    // capability is told apart only by its name: give --hw for those); 12.0 (GeForce and RTX PRO
    // Blackwell) has no data-centre part: its flagship, the RTX 5090.
    static const std::pair<const char*, const char*> parts[] = {{"7.0", "v100-sxm2"}, {"8.0", "a100-sxm4-80gb"},
        {"8.9", "l40s"}, {"9.0", "h100-sxm5"}, {"10.0", "b200"}, {"10.3", "b300"}, {"12.0", "rtx-5090"}};
    for (const auto& [capability, id] : parts)
        if (trimmed(cc) == capability)
            return id;
    return {};
}

std::string partsOfComputeCapability(const std::string& cc)
{
    static const std::pair<const char*, const char*> parts[]
        = {{"7.0", "V100 SXM2 and PCIe"}, {"8.0", "A100 SXM4 and PCIe, A800 and A30"},
            {"8.6", "A40, A10 and RTX 30-series cards"}, {"8.9", "L40S, L40, L4 and RTX 40-series cards"},
            {"9.0", "H100 SXM5, PCIe and NVL, H200, H800 and H20"}, {"10.0", "B200 and GB200"},
            {"10.3", "B300 and GB300"}, {"12.0", "RTX 5090, 5080, 5070 and RTX PRO Blackwell cards"}};
    for (const auto& [capability, names] : parts)
        if (trimmed(cc) == capability)
            return names;
    return "several parts";
}

bool looksLikeNcuCsv(std::string_view text)
{
    return ncu::headerOffset(text.substr(0, std::min<size_t>(text.size(), 1 << 20))).has_value();
}

namespace {
/// ncu's own "==ERROR== Failed to profile \"gemm\" in process 42" lines: the launches the export
/// is missing, as one note (the first five lines, and how many more).
void noteNcuErrors(std::string_view text, KernelImport& out)
{
    constexpr std::size_t kShown = 5;
    std::vector<std::string> lines;
    std::size_t count = 0;
    for (std::size_t at = text.find("==ERROR=="); at != std::string_view::npos; at = text.find("==ERROR==", at + 9)) {
        if (at != 0 && text[at - 1] != '\n')
            continue;
        const std::string_view line = text.substr(at + 9, text.find('\n', at) - at - 9);
        if (++count <= kShown)
            lines.push_back(quoted(trimView(line), 120));
    }
    if (count == 0)
        return;
    out.warnings.push_back("ncu reported " + std::to_string(count) + (count == 1 ? " error" : " errors")
        + " while profiling (launches it names are not in the export): "
        + firstOf(
            count, kShown, [&](std::size_t i) { return lines[i]; }, "; "));
}
} // namespace

Result<KernelImport> parseNcuCsv(std::string_view text, const std::string& file, const NcuOptions& options)
{
    auto table = ncu::readTable(text, file);
    if (!table)
        return table.error();
    const KnownMetrics known(table->names);
    if (auto error = missingMetrics(table.value(), known, file))
        return *error;
    if (auto error = unknownUnit(table.value(), known, file))
        return *error;
    KernelImport out;
    out.source = table->source;
    pickHardware(table.value(), out);
    KernelSums sums(known, options.aggregate);
    for (const auto& l : table->launches)
        sums.add(l);
    sums.finish(out);
    if (table->decimal == ',')
        out.warnings.push_back("numbers read with ',' as the decimal separator (a European-locale export)");
    noteNcuErrors(text, out);
    return out;
}
} // namespace roofline
