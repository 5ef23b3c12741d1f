// SPDX-License-Identifier: MIT
// `roofline compare BEFORE AFTER` and `roofline check AFTER --baseline BEFORE`.
#include "core/analysis/compare.h"
#include "core/figure/compare_figure.h"
#include "core/report/compare_report.h"
#include "ui/cli/commands.h"
#include "ui/cli/input.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/html_report_export.h"
#include "ui/plot/plot_style.h"

#include <algorithm>
#include <cmath>
#include <iostream>

namespace roofline::cli {
namespace {

/// Both runs, the after one read for the before one's hardware, and the precision of the roof.
struct Runs {
    Input before, after;
    Precision precision = Precision::BF16;
};

Runs loadRuns(const ProfileCatalog& catalog, const Options& o)
{
    Runs runs;
    Options before = o;
    before.input = o.baseline;
    runs.before = loadInput(catalog, before);
    Options after = o;
    after.hw = runs.before.hw->id; // one roof for both runs
    runs.after = loadInput(catalog, after);
    runs.precision
        = o.precision.empty() ? runs.before.session.precision : resolvePrecision(*runs.before.hw, o.precision);
    return runs;
}

/// Both runs summed and paired on one roof.
Comparison compareLoaded(const Runs& runs, const Options& o)
{
    auto c = compareRuns(
        runs.before.session.kernels, runs.after.session.kernels, *runs.before.hw, runs.precision, o.match);
    if (!c)
        throw UsageError {c.error().message};
    return std::move(c).value();
}

Comparison loadComparison(const ProfileCatalog& catalog, const Options& o)
{
    return compareLoaded(loadRuns(catalog, o), o);
}

/// The HTML report of both runs at `path`, `verdict` (a gate's lines) under its title.
int writeRunsReport(
    const Runs& runs, const Options& o, const std::string& path, const std::vector<std::string>& verdict)
{
    checkOutputReplacesNothingOfTheUsers(path, {o.input, o.baseline});
    ui::ReportOrigin origin;
    origin.files = {{"before", o.baseline}, {"after", o.input}};
    origin.device = runs.before.device;
    for (const auto* in : {&runs.before, &runs.after})
        for (const auto& n : in->notes)
            origin.notes.push_back((in == &runs.before ? "before: " : "after: ") + n);
    const auto error = ui::exportComparisonReport(*runs.before.hw, runs.before.session.kernels,
        runs.after.session.kernels, runs.precision, o.match, origin, verdict, QString::fromStdString(path), themeOf(o));
    return saidWritten(error, path);
}

/// A text's lines, without empty ones.
std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    size_t from = 0;
    while (from < text.size()) {
        const size_t end = std::min(text.find('\n', from), text.size());
        if (end > from)
            lines.push_back(text.substr(from, end - from));
        from = end + 1;
    }
    return lines;
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
    return saidWritten(error, o.output);
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
    const Runs runs = loadRuns(catalog, o);
    const Comparison c = compareLoaded(runs, o);
    const auto failures = gateRegressions(c, limit, floor);
    std::cout << formatGate(c, failures, limit, outputFormat(o));
    if (!o.report.empty())
        themeOf(o); // a bad --theme before any work
    if (!o.report.empty()) {
        const int written
            = writeRunsReport(runs, o, o.report, linesOf(formatGate(c, failures, limit, OutputFormat::Table)));
        if (written != kOk)
            return written;
    }
    return failures.empty() ? kOk : kBadInput;
}

int cmdReportOfTwoRuns(const ProfileCatalog& catalog, const Options& o)
{
    Options two = o;
    two.baseline = o.input;
    two.input = o.after;
    return writeRunsReport(loadRuns(catalog, two), two, o.output, {});
}

} // namespace roofline::cli
