// SPDX-License-Identifier: MIT
#include "ui/plot/html_report_export.h"

#include "core/common/text.h"
#include "core/figure/compare_figure.h"
#include "core/figure/session_figure.h"
#include "core/model/units.h"
#include "core/plot/plot_spec.h"
#include "core/report/compare_report.h"
#include "core/report/html_report.h"
#include "ui/common/atomic_file.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/plot_style.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <functional>

namespace roofline::ui {
namespace {

/// The precisions of the part, the one shown first moved to the front.
std::vector<Precision> precisionsFrom(const HardwareProfile& hw, Precision first)
{
    std::vector<Precision> all = hw.precisions();
    const auto it = std::find(all.begin(), all.end(), first);
    if (it != all.end())
        std::rotate(all.begin(), it, it + 1);
    return all;
}

std::string captionOf(const Roofline& roof)
{
    return roof.hardwareName + " \xC2\xB7 " + precisionLabel(roof.precision) + " \xC2\xB7 ridge "
        + formatQuantity(roof.ridge(), Dimension::Intensity);
}

/// A placement's figures as a point's tip shows them: the kernel's name comes from its table row
/// (whole), the part and precision from the view's caption.
Facts tipFacts(Facts facts)
{
    facts.erase(std::remove_if(facts.begin(), facts.end(),
                    [](const auto& f) { return f.first == "kernel" || f.first == "hardware"; }),
        facts.end());
    return facts;
}

/// The figure drawn as the SVG export draws it, with each kernel's point as its table row (the
/// table lists the figure's kernels in their order).
std::optional<QString> drawInto(HtmlView& view, const PlotSpec& spec, const PlotStyle& style)
{
    const auto figure = renderSvgFigure(spec, style, ExportOptions {});
    if (!figure)
        return QStringLiteral("cannot draw the %1 figure").arg(QString::fromStdString(view.label));
    view.svg = figure->svg.toStdString();
    const size_t rows = view.table.empty() ? 0 : view.table.size() - 1;
    for (const auto& [kernel, at] : figure->points)
        if (kernel >= 0 && static_cast<size_t>(kernel) < rows)
            view.points.push_back({at.x(), at.y(), kernel});
    return std::nullopt;
}

/// "ncu.csv (48.2 kB, modified 2026-12-04T08:54:04Z, SHA-256 3f2a...)": what tells a colleague
/// it is the same file.
std::string describeFile(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return path;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    const QFileInfo info(file);
    return path + " (" + formatQuantity(static_cast<double>(info.size()), Dimension::Bytes) + ", modified "
        + info.lastModified().toUTC().toString(Qt::ISODate).toStdString() + ", SHA-256 "
        + hash.result().toHex().toStdString() + ")";
}

Facts provenanceOf(const HardwareProfile& hw, const ReportOrigin& origin)
{
    Facts rows;
    for (const auto& [role, path] : origin.files)
        rows.emplace_back(role, describeFile(path));
    if (origin.files.empty())
        rows.emplace_back("input", "kernels given on the command line or typed in (no file)");
    if (!origin.device.empty())
        rows.emplace_back("device", origin.device + " (as the profiler names it)");
    rows.emplace_back(
        "hardware", hw.name + " (" + hw.id + ")" + (hw.file.empty() ? std::string() : ", profile " + hw.file));
    for (const Source& s : hw.sources)
        rows.emplace_back(s.measured ? "measured" : "source", s.ref);
    for (const auto& n : origin.notes)
        rows.emplace_back("note", n);
    rows.emplace_back("made by",
        std::string("Roofline Studio ") + ROOFLINE_VERSION + ", "
            + QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString());
    return rows;
}

/// One precision of a session: its figure, table and each kernel's facts.
std::optional<QString> sessionView(HtmlView& view, const HardwareProfile& hw, const Session& s, RoofKind kind,
    const std::vector<ModelSpec>& models, const ProfileCatalog* catalog, const PlotStyle& style)
{
    auto analysis = analyzeSession(hw, s, kind);
    if (!analysis)
        return QString::fromStdString(analysis.error().message);
    const SessionAnalysis& a = analysis.value();
    std::string llmError;
    const PlotSpec spec = buildSessionFigure(hw, s, a, models, catalog, &llmError, false);
    view.id = precisionName(s.precision);
    view.label = precisionLabel(s.precision);
    view.caption = captionOf(a.roof);
    view.notes = a.notes;
    if (!llmError.empty())
        view.notes.push_back("llm: " + llmError);
    const std::optional<double> total
        = a.summary.totalTime > 0 ? std::optional<double>(a.summary.totalTime) : std::nullopt;
    view.table = placementCells(s.kernels, a.placements, a.roof, total);
    for (size_t i = 0; i < s.kernels.size(); ++i)
        view.facts.push_back(tipFacts(placementFacts(s.kernels[i], a.placements[i], a.roof, total)));
    return drawInto(view, spec, style);
}

/// The figures of a pair as its point's tip shows them: where it was, the speedup, then every
/// figure of where it is.
Facts pairFacts(const ComparedKernel& k, const Comparison& c)
{
    Facts facts;
    const Placement& b = k.beforePlacement;
    std::string before = formatQuantity(b.intensity, Dimension::Intensity);
    if (k.before.time)
        before = formatQuantity(*k.before.time, Dimension::Time) + ", " + before;
    if (const auto e = b.efficiency())
        before += ", " + formatNumber(*e * 100.0, 3) + "% of roof";
    facts.emplace_back("before", before);
    if (k.speedup)
        facts.emplace_back("speedup", formatNumber(*k.speedup, 3) + "x");
    for (auto& f : tipFacts(placementFacts(k.after, k.afterPlacement, c.roof, c.totalAfter)))
        facts.push_back(std::move(f));
    return facts;
}

/// One precision of two runs: the before -> after figure, the table of changes and each kernel's
/// facts. `summary`: the figure's subtitle (the totals and biggest changes, the same at every
/// precision).
std::optional<QString> comparisonView(HtmlView& view, const HardwareProfile& hw, const std::vector<Kernel>& before,
    const std::vector<Kernel>& after, Precision p, const std::string& match, const PlotStyle& style,
    std::string& summary)
{
    auto compared = compareRuns(before, after, hw, p, match);
    if (!compared)
        return QString::fromStdString(compared.error().message);
    const Comparison& c = compared.value();
    view.id = precisionName(p);
    view.label = precisionLabel(p);
    view.caption = captionOf(c.roof);
    view.table = comparisonCells(c);
    for (const ComparedKernel& k : c.pairs)
        view.facts.push_back(pairFacts(k, c));
    for (size_t i = 0; i < c.newKernels.size(); ++i)
        view.facts.push_back(tipFacts(placementFacts(c.newKernels[i], c.newPlacements[i], c.roof, c.totalAfter)));
    // The figure numbers the pairs, then the new kernels: the table's order.
    const PlotSpec spec = buildComparisonFigure(hw, c);
    summary = spec.subtitle;
    return drawInto(view, spec, style);
}

/// A view per precision of `hw`, `shown` first, each made by `makeView`.
std::optional<QString> addViews(HtmlReport& report, const HardwareProfile& hw, Precision shown,
    const std::function<std::optional<QString>(HtmlView&, Precision)>& makeView, const QString& path)
{
    for (Precision p : precisionsFrom(hw, shown)) {
        HtmlView view;
        if (auto error = makeView(view, p))
            return QStringLiteral("%1: %2").arg(path, *error);
        report.views.push_back(std::move(view));
    }
    return std::nullopt;
}

/// The page, with where its numbers come from, written atomically.
std::optional<QString> writePage(HtmlReport& report, const HardwareProfile& hw, const ReportOrigin& origin,
    const QString& path, const PlotStyle& style)
{
    report.provenance = provenanceOf(hw, origin);
    report.dark = style.background.lightness() < 128;
    const std::string html = renderHtmlReport(report);
    return writeFileAtomically(path, std::string_view(html));
}

} // namespace

std::optional<QString> exportSessionReport(const HardwareProfile& hw, const Session& session, RoofKind kind,
    const std::vector<ModelSpec>& models, const ProfileCatalog* catalog, const ReportOrigin& origin,
    const QString& path, const PlotStyle& style)
{
    HtmlReport report;
    // The page holds every precision: a title's {precision} says so.
    std::string title = session.view.title;
    for (size_t at = title.find("{precision}"); at != std::string::npos; at = title.find("{precision}", at))
        title.replace(at, 11, "every precision");
    report.title = title.empty() ? "Roofline report: " + hw.name : figureTitle(title, hw, session.precision);
    const auto view = [&](HtmlView& v, Precision p) {
        Session s = session;
        s.precision = p;
        s.view.comparePrecisions.clear();
        return sessionView(v, hw, s, kind, models, catalog, style);
    };
    if (auto error = addViews(report, hw, session.precision, view, path))
        return error;
    return writePage(report, hw, origin, path, style);
}

std::optional<QString> exportComparisonReport(const HardwareProfile& hw, const std::vector<Kernel>& before,
    const std::vector<Kernel>& after, Precision shown, const std::string& match, const ReportOrigin& origin,
    const std::vector<std::string>& verdict, const QString& path, const PlotStyle& style)
{
    HtmlReport report;
    report.title = "Before \xE2\x86\x92 after: " + hw.name;
    std::string summary; // the figures' subtitle: totals and biggest changes, alike at every precision
    const auto view
        = [&](HtmlView& v, Precision p) { return comparisonView(v, hw, before, after, p, match, style, summary); };
    if (auto error = addViews(report, hw, shown, view, path))
        return error;
    report.summary = verdict;
    report.summary.push_back(summary);
    return writePage(report, hw, origin, path, style);
}

} // namespace roofline::ui
