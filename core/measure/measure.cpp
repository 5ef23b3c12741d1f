// SPDX-License-Identifier: MIT
#include "core/measure/measure.h"

#include "core/measure/kernels.h"
#include "core/model/units.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <memory>
#include <mutex>
#include <thread>

namespace roofline {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kRuns = 5; ///< runs per figure: the best is the ceiling, the spread is the noise

/// Waits until `n` parties have arrived (C++17 has no std::barrier).
class Barrier {
public:
    explicit Barrier(int n)
        : m_n(n)
    { }
    void wait()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        const int generation = m_generation;
        if (++m_count == m_n) {
            m_count = 0;
            ++m_generation;
            m_cv.notify_all();
            return;
        }
        m_cv.wait(lock, [&] { return generation != m_generation; });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    int m_n, m_count = 0, m_generation = 0;
};

/// One timed loop on every thread: `prepare(i)` once on thread i (it allocates and touches its
/// own arrays), then `run(i, reps)` per run, all threads starting together.
struct Test {
    std::string step; ///< for the progress text
    std::function<void(int)> prepare;
    std::function<double(int, std::size_t)> run; ///< returns a value kept so the loop stays
    double workPerRep = 0; ///< FLOPs or bytes one thread does per rep
    std::size_t firstReps = 1;
};

/// The rates (work per second over all threads) of kRuns runs, each about `runSeconds` long;
/// empty when cancelled.
std::vector<double> timeRuns(const Test& t, int threads, double runSeconds, const std::function<bool()>& cancelled)
{
    Barrier barrier(threads + 1);
    std::atomic<std::size_t> reps {t.firstReps};
    std::atomic<bool> stop {false};
    std::vector<double> sinks(static_cast<std::size_t>(threads));
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i)
        pool.emplace_back([&, i] {
            t.prepare(i);
            barrier.wait(); // prepared
            for (;;) {
                barrier.wait(); // start
                if (stop)
                    return;
                sinks[static_cast<std::size_t>(i)] += t.run(i, reps);
                barrier.wait(); // done
            }
        });
    barrier.wait();
    std::vector<double> rates;
    bool wasCancelled = false;
    double last = 0, longest = 0;
    // A run shorter than a quarter of the target only calibrates the next one (the first guess
    // is one thread's, and a run of microseconds is timer noise); at most 40 runs in all.
    for (int attempt = 0; static_cast<int>(rates.size()) < kRuns && attempt < 40; ++attempt) {
        if (cancelled()) {
            rates.clear();
            wasCancelled = true;
            break;
        }
        const std::size_t n = reps;
        barrier.wait();
        const auto t0 = Clock::now();
        barrier.wait();
        const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        const double rate = t.workPerRep * static_cast<double>(n) * threads / std::max(seconds, 1e-9);
        if (seconds >= runSeconds / 4)
            rates.push_back(rate);
        else if (seconds > longest) {
            longest = seconds;
            last = rate;
        }
        // The next run's length follows this one's, growing at most 100-fold at a time.
        const double scale = std::min(100.0, runSeconds / std::max(seconds, 1e-9));
        reps = std::max<std::size_t>(1, static_cast<std::size_t>(static_cast<double>(n) * scale));
    }
    if (rates.empty() && last > 0 && !wasCancelled)
        rates.push_back(last); // never settled at the target length: the longest run there was
    stop = true;
    barrier.wait();
    for (auto& th : pool)
        th.join();
    volatile double keep = 0;
    for (double s : sinks)
        keep = keep + s;
    (void)keep;
    return rates;
}

/// Reps of `run` that take about `seconds` on one thread, from a short trial.
std::size_t repsFor(const std::function<double(std::size_t)>& run, double seconds)
{
    std::size_t reps = 1;
    volatile double keep = 0;
    for (;;) {
        const auto t0 = Clock::now();
        keep = keep + run(reps);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        if (s > 0.002 || reps > (std::size_t(1) << 40))
            return std::max<std::size_t>(1, static_cast<std::size_t>(static_cast<double>(reps) * seconds / s));
        reps *= 4;
    }
}

MeasuredFigure summarise(const std::string& figure, std::vector<double> rates, const std::string& method)
{
    std::sort(rates.begin(), rates.end());
    MeasuredFigure f;
    f.figure = figure;
    f.best = rates.back();
    f.worst = rates.front();
    f.median = rates[rates.size() / 2];
    f.runs = static_cast<int>(rates.size());
    f.method = method;
    return f;
}

/// Each thread's arrays for one memory level.
struct Arrays {
    std::vector<std::unique_ptr<measure::Block[]>> a, b, c;
    std::size_t blocks = 0;
};

std::string utcNow()
{
    const std::time_t now = std::time(nullptr);
    char buf[32] = {};
    if (const std::tm* tm = std::gmtime(&now))
        std::strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M", tm);
    return buf;
}

/// The working set of one thread at each level: half of its share of the cache, and for DRAM
/// four times the last level (at least 256 MiB over all threads).
std::vector<std::pair<std::string, std::size_t>> workingSets(const MachineInfo& m, int threads)
{
    std::vector<std::pair<std::string, std::size_t>> out;
    std::size_t last = 32u << 20;
    for (auto c = m.caches.rbegin(); c != m.caches.rend(); ++c) { // outermost first, as profiles list levels
        const std::size_t sharing = static_cast<std::size_t>(std::max(1, std::min(threads, c->sharedBy)));
        out.emplace_back(c->name, std::max<std::size_t>(c->bytes / 2 / sharing, 3 * 64));
        if (c == m.caches.rbegin())
            last = c->bytes;
    }
    const std::size_t dram = std::max<std::size_t>(4 * last, 256u << 20) / static_cast<std::size_t>(threads);
    out.insert(out.begin(), {"DRAM", dram});
    return out;
}

} // namespace

Result<Measurement> measureMachine(const MeasureOptions& options)
{
    Measurement m;
    m.machine = thisMachine();
    m.threads = options.threads > 0 ? options.threads : m.machine.threads;
    m.date = utcNow();
    m.simd = measure::simdName();
    const auto sets = workingSets(m.machine, m.threads);
    const int tests = 2 + 2 * static_cast<int>(sets.size());
    const double runSeconds = std::max(0.01, options.seconds / tests / kRuns);
    int done = 0;
    std::string step;
    bool cancelled = false;
    auto cancel = [&] {
        cancelled = cancelled || (options.progress && !options.progress(static_cast<double>(done) / tests, step));
        return cancelled;
    };
    const std::string threads = std::to_string(m.threads) + (m.threads == 1 ? " thread" : " threads");

    // Compute: 12 independent FMA chains per thread in the widest SIMD.
    for (const bool f64 : {true, false}) {
        Test t;
        step = std::string(f64 ? "FP64" : "FP32") + " FMA chains";
        auto chains = f64 ? measure::fmaChainsF64 : measure::fmaChainsF32;
        t.prepare = [](int) {};
        t.run = [chains](int, std::size_t reps) { return chains(reps); };
        t.workPerRep = 2.0 * (f64 ? measure::chainLanesF64() : measure::chainLanesF32());
        t.firstReps = repsFor(chains, runSeconds);
        const auto rates = timeRuns(t, m.threads, runSeconds, cancel);
        if (rates.empty())
            return Error {{}, 0, 0, kMeasureCancelled};
        m.compute.push_back(summarise(f64 ? "fp64" : "fp32", rates,
            "12 independent FMA chains of " + m.simd + " vectors on " + threads + " (2 FLOPs per lane and FMA)"));
        ++done;
    }

    // Memory: a STREAM triad (24 bytes per element) and a read-only sweep per level.
    for (const auto& [level, bytes] : sets) {
        Arrays arr;
        arr.a.resize(static_cast<std::size_t>(m.threads));
        arr.b.resize(arr.a.size());
        arr.c.resize(arr.a.size());
        arr.blocks = std::max<std::size_t>(1, bytes / 3 / sizeof(measure::Block));
        auto prepare = [&arr](int i) { // on the thread that uses them, so the pages are its own
            const auto n = arr.blocks;
            for (auto* v : {&arr.a, &arr.b, &arr.c}) {
                (*v)[static_cast<std::size_t>(i)].reset(new measure::Block[n]);
                for (std::size_t k = 0; k < n; ++k)
                    std::fill(std::begin((*v)[static_cast<std::size_t>(i)][k].d),
                        std::end((*v)[static_cast<std::size_t>(i)][k].d), 1.0 + static_cast<double>(k % 7));
            }
        };
        const std::string ws = formatQuantity(static_cast<double>(bytes) * m.threads, Dimension::Bytes);
        MeasuredFigure triadFigure;
        for (const bool isTriad : {true, false}) {
            Test t;
            step = level + (isTriad ? " triad" : " read sweep");
            t.prepare = prepare;
            t.run = [&arr, isTriad](int i, std::size_t reps) {
                const auto k = static_cast<std::size_t>(i);
                double kept = 0;
                for (std::size_t r = 0; r < reps; ++r) {
                    if (isTriad)
                        measure::triad(arr.a[k].get(), arr.b[k].get(), arr.c[k].get(), arr.blocks, 0.5);
                    else
                        kept += measure::readSweep(arr.a[k].get(), arr.blocks);
                }
                return kept + arr.a[k][0].d[0];
            };
            t.workPerRep = static_cast<double>(arr.blocks * sizeof(measure::Block)) * (isTriad ? 3 : 1);
            // One pass over a DRAM set is ~10 ms; a first run of one pass per thread is enough.
            t.firstReps = std::max<std::size_t>(1, static_cast<std::size_t>(runSeconds * 4e9 / t.workPerRep));
            const auto rates = timeRuns(t, m.threads, runSeconds, cancel);
            if (rates.empty())
                return Error {{}, 0, 0, kMeasureCancelled};
            if (isTriad)
                triadFigure = summarise(
                    level, rates, "STREAM triad a = b + s c (24 bytes per element) over " + ws + " on " + threads);
            else
                triadFigure.readOnly = *std::max_element(rates.begin(), rates.end());
            ++done;
        }
        m.memory.push_back(std::move(triadFigure));
    }
    if (options.progress)
        options.progress(1.0, "done");
    return m;
}

std::string spreadText(const MeasuredFigure& f, Dimension d)
{
    auto q = [&](double v) { return formatQuantity(v, d); };
    return "best " + q(f.best) + ", median " + q(f.median) + ", worst " + q(f.worst) + " over " + std::to_string(f.runs)
        + " runs (spread " + formatNumber((f.best - f.worst) / f.best * 100.0, 2) + "%)";
}

HardwareProfile measuredProfile(const Measurement& m, const std::string& id)
{
    HardwareProfile p;
    const std::string cpu = m.machine.cpuName.empty() ? "this machine" : m.machine.cpuName;
    const std::string threads = std::to_string(m.threads) + (m.threads == 1 ? " thread" : " threads");
    p.id = id.empty() ? "measured-this-machine" : id;
    p.name = "Measured: " + cpu + " (" + threads + ", " + m.date + ")";
    p.vendor = "Measured";
    p.category = "cpu";
    p.achievable = 1.0;
    Source src;
    src.ref = "roofline measure, " + m.date + " UTC, on " + cpu + " (" + m.simd + ", " + threads + ")";
    src.measured = true;
    p.notes.push_back("Measured by roofline measure on " + m.date + " UTC: " + cpu + ", " + threads + ", " + m.simd
        + "; the achievable fraction is 1 (the ceilings are achieved rates).");
    for (const auto& f : m.compute) {
        p.peaks[*parsePrecision(f.figure)] = f.best;
        p.notes.push_back(f.figure + ": " + f.method + "; " + spreadText(f, Dimension::FlopRate) + ".");
        src.backs.push_back(f.figure);
    }
    for (const auto& f : m.memory) {
        p.memory.push_back({f.figure, f.best, std::nullopt});
        std::string note = f.figure + ": " + f.method + "; " + spreadText(f, Dimension::ByteRate);
        if (f.readOnly)
            note += "; read-only sweep " + formatQuantity(*f.readOnly, Dimension::ByteRate);
        p.notes.push_back(note + ".");
        src.backs.push_back(f.figure);
    }
    for (const auto& n : m.machine.notes)
        p.notes.push_back(n);
    p.sources.push_back(std::move(src));
    return p;
}

} // namespace roofline
