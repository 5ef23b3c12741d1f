// SPDX-License-Identifier: MIT
// Google Benchmark for the core at 10^3, 10^5, 10^6 kernels: placement, CSV import, figure
// geometry. Run with `make bench` (not part of `make test`).
#include "core/analysis/roofline.h"
#include "core/io/kernel_io.h"
#include "core/io/profile_catalog.h"
#include "core/plot/plot_spec.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <sstream>

using namespace roofline;

namespace {

const HardwareProfile& h100()
{
    static const ProfileCatalog c = [] {
        ProfileCatalog cat;
        std::vector<Error> errors;
        cat.loadDirectory(std::string(ROOFLINE_SOURCE_DIR) + "/hardware_profiles", errors);
        return cat;
    }();
    return *c.find("h100-sxm5");
}

std::vector<Kernel> kernels(size_t n)
{
    std::mt19937_64 rng(7);
    std::normal_distribution<double> logI(1.2, 0.9);
    std::uniform_real_distribution<double> logB(6, 10), eff(0.05, 0.95);
    std::vector<Kernel> out(n);
    for (size_t i = 0; i < n; ++i) {
        Kernel& k = out[i];
        k.name = "kernel_" + std::to_string(i);
        k.bytes = std::pow(10.0, logB(rng));
        k.flops = std::pow(10.0, logI(rng)) * k.bytes;
        k.time = k.flops / (std::min(989.4e12, k.flops / k.bytes * 3.35e12) * eff(rng));
    }
    return out;
}

std::string csv(size_t n)
{
    std::ostringstream out;
    out << "name,flops,bytes,time_s\n";
    for (const Kernel& k : kernels(n))
        out << k.name << ',' << k.flops << ',' << k.bytes << ',' << *k.time << '\n';
    return out.str();
}

void BM_Placement(benchmark::State& state)
{
    const auto ks = kernels(static_cast<size_t>(state.range(0)));
    const Roofline roof = makeRoofline(h100(), Precision::BF16).value();
    std::vector<Placement> out(ks.size());
    for (auto _ : state) {
        for (size_t i = 0; i < ks.size(); ++i)
            out[i] = analyze(ks[i], roof);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

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

void BM_PlotSpec(benchmark::State& state)
{
    const auto ks = kernels(static_cast<size_t>(state.range(0)));
    const Roofline roof = makeRoofline(h100(), Precision::BF16).value();
    std::vector<Placement> ps;
    for (const auto& k : ks)
        ps.push_back(analyze(k, roof));
    for (auto _ : state) {
        PlotSpec s = buildPlotSpec(h100(), roof, ps);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}

} // namespace

BENCHMARK(BM_Placement)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CsvImport)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlotSpec)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
