// SPDX-License-Identifier: MIT
// `roofline export`: the figure of a session, a kernel file or --point kernels, as one plot or
// as small multiples with shared axes (a panel per precision or per accelerator).
#include "core/common/text.h"
#include "core/figure/session_figure.h"
#include "core/plot/plot_spec.h"
#include "ui/cli/commands.h"
#include "ui/cli/input.h"
#include "ui/common/app_paths.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/plot_style.h"

#include <QFileInfo>

#include <iostream>
#include <utility>

namespace roofline::cli {
namespace {

using Panel = std::pair<const HardwareProfile*, Session>;

void checkExportOptions(const Options& o)
{
    themeOf(o);
    if (!ui::isSupportedFigureSuffix(QFileInfo(QString::fromStdString(o.output)).suffix()))
        throw UsageError {"-o " + o.output + ": the figure format comes from the suffix; use .png, .svg or .pdf"};
    if (!o.panels.empty() && o.panels != "precisions" && o.panels != "hardware")
        throw UsageError {"--panels must be 'precisions' or 'hardware'"};
    if (!o.preset.empty() && !ui::findExportPreset(o.preset))
        throw UsageError {"--preset must be 'column', 'double' or 'slide'"};
}

/// The size, resolution and font scale: the preset's, with what was given explicitly over it.
ui::ExportOptions exportOptionsOf(const Options& o)
{
    ui::ExportOptions e {o.width, o.height, o.dpi};
    if (const ui::ExportPreset* p = o.preset.empty() ? nullptr : ui::findExportPreset(o.preset)) {
        e = p->options;
        e.width = o.widthGiven ? o.width : e.width;
        e.height = o.heightGiven ? o.height : e.height;
        e.dpi = o.dpiGiven ? o.dpi : e.dpi;
    }
    return e;
}

/// --precisions bf16,fp8: the first is the roof (unless --precision), the others are compared.
std::vector<Precision> listedPrecisions(const Options& o)
{
    std::vector<Precision> precisions;
    for (const auto& name : o.precisions) {
        const auto p = parsePrecision(name);
        if (!p)
            throw UsageError {"--precisions: unknown precision '" + name + "'; use " + precisionList()};
        precisions.push_back(*p);
    }
    return precisions;
}

/// "LO:HI" (each a number or a quantity: "0.1:1000", "1 TFLOP/s:2 PFLOP/s") as an axis range.
AxisRange axisRangeOption(const std::string& option, const std::string& text, Dimension dim)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos)
        throw UsageError {option + " " + roofline::quoted(text) + ": give LO:HI, e.g. "
            + (dim == Dimension::Intensity ? "0.1:1000" : "'1 TFLOP/s:2 PFLOP/s'")};
    const auto lo = parseQuantity(text.substr(0, colon), dim), hi = parseQuantity(text.substr(colon + 1), dim);
    if (!lo || !hi)
        throw UsageError {option + ": " + (!lo ? lo.error().message : hi.error().message)};
    if (!(lo.value() < hi.value()))
        throw UsageError {option + " " + roofline::quoted(text) + ": LO must be below HI"};
    return {lo.value(), hi.value()};
}

/// The input with the view options of the command line applied.
Input exportInput(const ProfileCatalog& catalog, const Options& o, const std::vector<Precision>& precisions)
{
    Options first = o;
    if (first.precision.empty() && !precisions.empty())
        first.precision = precisionName(precisions.front());
    Input in = loadInput(catalog, first);
    ViewSettings& view = in.session.view;
    if (!o.title.empty() && o.panels.empty()) // panels keep their own titles, under --title
        view.title = o.title;
    view.showAchievable |= o.achievableRoof;
    view.showOtherPrecisions |= o.otherPrecisions;
    view.showLevels |= o.levels;
    view.showInterconnect |= o.interconnect;
    view.fitAxes |= o.fitAxes;
    if (!o.xRange.empty())
        view.x = axisRangeOption("--x-range", o.xRange, Dimension::Intensity);
    if (!o.yRange.empty())
        view.y = axisRangeOption("--y-range", o.yRange, Dimension::FlopRate);
    for (const auto& id : o.compare) {
        auto r = catalog.resolve(id);
        if (!r)
            throw UsageError {"--compare: " + r.error().message};
        view.compare.push_back(r.value()->id);
    }
    for (Precision p : precisions) {
        if (!in.hw->hasPrecision(p))
            throw UsageError {"--precisions: " + in.hw->id + " has no " + precisionName(p) + " peak"};
        if (p != in.session.precision)
            view.comparePrecisions.push_back(p);
    }
    return in;
}

std::vector<Panel> precisionPanels(const Input& in, const std::vector<Precision>& precisions)
{
    std::vector<Panel> panels;
    for (Precision p : precisions.empty() ? in.hw->precisions() : precisions) {
        Session s = in.session;
        s.precision = p;
        s.view.comparePrecisions.clear();
        panels.emplace_back(in.hw, std::move(s));
    }
    return panels;
}

/// This part and each compared part, on shared axes: the ranges that hold every panel's roofs
/// and kernels. A kernel's intensity and measured rate are the same on every part; one without a
/// time sits on each part's roof, which the roofs' ranges hold.
std::vector<Panel> hardwarePanels(const ProfileCatalog& catalog, const Input& in, const Options& o)
{
    std::vector<const HardwareProfile*> hws {in.hw};
    for (const auto& id : in.session.view.compare)
        hws.push_back(catalog.find(id));
    std::vector<Panel> panels;
    for (const HardwareProfile* hw : hws) {
        Session s = in.session;
        s.hardwareId = hw->id;
        // A compared part without the precision is drawn at its own default, and says so; the
        // part asked for keeps it, and its analysis refuses a precision it lacks.
        if (hw != in.hw && !hw->hasPrecision(s.precision)) {
            std::cerr << "note: " << hw->id << " has no " << precisionName(s.precision) << " peak; its panel is "
                      << precisionName(hw->defaultPrecision()) << "\n";
            s.precision = hw->defaultPrecision();
        }
        s.view.compare.clear();
        panels.emplace_back(hw, std::move(s));
    }
    const std::vector<const HardwareProfile*> others(hws.begin() + 1, hws.end());
    const auto placed = analyzeSession(*in.hw, in.session, roofKindOf(o));
    const auto [x, y] = axisRangesFor(*in.hw, placed ? placed->summary : PlacementSummary {}, others);
    for (auto& [hw, s] : panels) {
        if (!s.view.x)
            s.view.x = x;
        if (!s.view.y)
            s.view.y = y;
    }
    return panels;
}

std::vector<PlotSpec> figureSpecs(const ProfileCatalog& catalog, const std::vector<Panel>& panels, const Options& o)
{
    const bool needsModels = !panels.empty() && panels.front().second.llm.enabled;
    std::vector<Error> modelErrors;
    const auto models = needsModels ? ui::loadModelPresets(modelErrors) : std::vector<ModelSpec> {};
    for (const auto& e : modelErrors)
        std::cerr << "warning: " << e.toString() << " (model skipped)\n";
    std::vector<PlotSpec> specs;
    for (const auto& [hw, s] : panels) {
        const SessionAnalysis a = analyzeInput(*hw, s, o);
        std::string llmError;
        specs.push_back(buildSessionFigure(*hw, s, a, models, &catalog, &llmError, false)); // the renderer lays out
        if (!llmError.empty())
            throw InputError {{o.input + ": llm: " + llmError}};
    }
    return specs;
}

} // namespace

int cmdExport(const ProfileCatalog& catalog, const Options& o)
{
    checkExportOptions(o);
    checkOutputReplacesNothingOfTheUsers(o.output, {o.input});
    const std::vector<Precision> precisions = listedPrecisions(o);
    Input in = exportInput(catalog, o, precisions);
    // Panels are titled by their part or precision; --title (or the session's own title) goes
    // above them all.
    const std::string sharedTitle = o.title.empty() ? in.session.view.title : o.title;
    if (!o.panels.empty())
        in.session.view.title.clear();
    std::vector<Panel> panels;
    if (o.panels == "precisions")
        panels = precisionPanels(in, precisions);
    else if (o.panels == "hardware")
        panels = hardwarePanels(catalog, in, o);
    else
        panels.emplace_back(in.hw, std::move(in.session));
    const std::vector<PlotSpec> specs = figureSpecs(catalog, panels, o);
    const ui::PlotStyle style = themeOf(o);
    const auto error = ui::exportPanels(
        specs, style, QString::fromStdString(o.output), exportOptionsOf(o), QString::fromStdString(sharedTitle));
    return saidWritten(error, o.output);
}

} // namespace roofline::cli
