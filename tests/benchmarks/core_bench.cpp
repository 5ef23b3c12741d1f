// SPDX-License-Identifier: MIT
// Google Benchmark for the core at 10^3, 10^5, 10^6 kernels: what a precision toggle computes
// (the analysis, the figure's geometry) and what an import reads (CSV, Nsight Compute). Run with
// `make bench` (not part of `make test`); the targets are in docs/performance.md.
#include "bench_kernels.h"
#include "core/analysis/roofline.h"
#include "core/analysis/session_analysis.h"
#include "core/io/kernel_io.h"
#include "core/plot/plot_spec.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <sstream>

using namespace roofline;

namespace {

using bench::h100;
using bench::kernels;

std::string csv(size_t n)
{
    std::ostringstream out;
    out << "name,flops,bytes,time_s\n";
    for (const Kernel& k : kernels(n))
        out << k.name << ',' << k.flops << ',' << k.bytes << ',' << *k.time << '\n';
    return out.str();
}

// What the window does on every change: a whole session analysed (placements, levels, time shares).
void BM_SessionAnalysis(benchmark::State& state)
{
    Session session;
    session.hardwareId = "h100-sxm5";
    session.precision = Precision::BF16;
    session.kernels = kernels(static_cast<size_t>(state.range(0)));
    SessionAnalysis a; // reanalysed in place, as the window does
    for (auto _ : state) {
        session.precision = session.precision == Precision::BF16 ? Precision::FP8 : Precision::BF16;
        reanalyzeSession(a, h100(), session, RoofKind::Peak);
        benchmark::DoNotOptimize(a);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

// Target: a 10^6-row kernel CSV imports in under a second (the window reads it on a worker).
void BM_CsvImport(benchmark::State& state)
{
    const std::string text = csv(static_cast<size_t>(state.range(0)));
    for (auto _ : state) {
        auto r = parseKernels(text, "bench.csv", KernelFormat::Csv);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
}

// An Nsight Compute "details" CSV export: one row per metric, four metrics per launch (time,
// DRAM bytes, FFMA and FADD counts), N launches of N/8 distinct kernels.
std::string ncuCsv(size_t n)
{
    std::ostringstream out;
    out << "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
           "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\","
           "\"Metric Value\"\n";
    const auto ks = kernels(n);
    for (size_t i = 0; i < n; ++i) {
        const std::string head = "\"" + std::to_string(i) + "\",\"4242\",\"app\",\"node1\",\"kernel_"
            + std::to_string(i % (n / 8 + 1)) + "\",\"1\",\"7\",\"(256, 1, 1)\",\"(1024, 1, 1)\","
            + "\"NVIDIA H100 80GB HBM3\",\"9.0\",\"Command line profiler metrics\",";
        const Kernel& k = ks[i];
        out << head << "\"gpu__time_duration.sum\",\"nsecond\",\"" << *k.time * 1e9 << "\"\n";
        out << head << "\"dram__bytes.sum\",\"byte\",\"" << k.bytes << "\"\n";
        out << head << "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\"" << k.flops / 4 << "\"\n";
        out << head << "\"sm__sass_thread_inst_executed_op_fadd_pred_on.sum\",\"inst\",\"" << k.flops / 2 << "\"\n";
    }
    return out.str();
}

void BM_NcuImport(benchmark::State& state)
{
    const std::string text = ncuCsv(static_cast<size_t>(state.range(0)));
    for (auto _ : state) {
        auto r = parseKernels(text, "bench.csv", KernelFormat::Csv);
        if (!r.ok() || r->kernels.size() != static_cast<size_t>(state.range(0)))
            state.SkipWithError("the ncu export did not import");
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
}

void BM_PlotSpec(benchmark::State& state)
{
    const auto ks = kernels(static_cast<size_t>(state.range(0)));
    const Roofline roof = makeRoofline(h100(), Precision::BF16).value();
    std::vector<Placement> ps;
    for (const auto& k : ks)
        ps.push_back(analyze(k, roof));
    const PlacementSummary summary = summarizePlacements(ks, ps); // as the session's analysis gives it
    PlotOptions o;
    o.layoutLabels = false; // as the window builds it: the renderer lays the labels out
    for (auto _ : state) {
        PlotSpec s = buildPlotSpec(h100(), roof, ks, ps, o, summary);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

} // namespace

BENCHMARK(BM_SessionAnalysis)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CsvImport)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NcuImport)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlotSpec)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
