// SPDX-License-Identifier: MIT
// `roofline compare BEFORE AFTER` and `roofline check AFTER --baseline BEFORE`.
#include "core/analysis/compare.h"
#include "core/figure/compare_figure.h"
#include "core/report/compare_report.h"
#include "ui/cli/commands.h"
#include "ui/cli/input.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/plot_style.h"

#include <cmath>
#include <iostream>

namespace roofline::cli {
namespace {

/// Both runs, the after one on the before one's hardware, summed and paired on one roof.
Comparison loadComparison(const ProfileCatalog& catalog, const Options& o)
{
    Options before = o;
    before.input = o.baseline;
    const Input b = loadInput(catalog, before);
    Options after = o;
    after.hw = b.hw->id; // one roof for both runs
    const Input a = loadInput(catalog, after);
    const Precision p = o.precision.empty() ? b.session.precision : resolvePrecision(*b.hw, o.precision);
    auto c = compareRuns(b.session.kernels, a.session.kernels, *b.hw, p, o.match);
    if (!c)
        throw UsageError {c.error().message};
    return std::move(c).value();
}

/// "5%", "0.05" or "5 %": a fraction.
double fractionOption(const std::string& text, const char* option)
{
    std::string t;
    for (char ch : text)
        if (ch != ' ')
            t += ch;
    const bool percent = !t.empty() && t.back() == '%';
    if (percent)
        t.pop_back();
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(v) || v < 0)
        throw UsageError {std::string(option) + ": '" + text + "' is not a fraction such as 5% or 0.05"};
    return percent ? v / 100.0 : v;
}

/// -o: the figure, each kernel an arrow from its place before to its place after.
int writeComparisonFigure(const ProfileCatalog& catalog, const Comparison& c, const Options& o)
{
    checkOutputReplacesNothingOfTheUsers(o.output, {o.input, o.baseline});
    const HardwareProfile& hw = resolveHardware(catalog, c.roof.hardwareId);
    const PlotSpec spec = buildComparisonFigure(hw, c);
    const auto error = ui::exportFigure(
        spec, ui::PlotStyle::light(), QString::fromStdString(o.output), ui::ExportOptions {o.width, o.height, o.dpi});
    if (error) {
        std::cerr << "error: " << error->toStdString() << "\n";
        return kBadInput;
    }
    std::cerr << "wrote " << o.output << "\n";
    return kOk;
}

} // namespace

int cmdCompare(const ProfileCatalog& catalog, const Options& o)
{
    const Comparison c = loadComparison(catalog, o);
    std::cout << formatComparison(c, outputFormat(o));
    if (!o.output.empty())
        return writeComparisonFigure(catalog, c, o);
    return kOk;
}

int cmdCheck(const ProfileCatalog& catalog, const Options& o)
{
    const double limit = fractionOption(o.maxSlowdown, "--max-slowdown");
    std::optional<double> floor;
    if (o.minRoofFraction >= 0) {
        if (o.minRoofFraction > 1)
            throw UsageError {"--min-roof-fraction must be a fraction from 0 to 1, e.g. 0.3"};
        floor = o.minRoofFraction;
    }
    const Comparison c = loadComparison(catalog, o);
    const auto failures = gateRegressions(c, limit, floor);
    std::cout << formatGate(c, failures, limit, outputFormat(o));
    return failures.empty() ? kOk : kBadInput;
}

} // namespace roofline::cli
