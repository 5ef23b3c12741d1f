// SPDX-License-Identifier: MIT
// The text around the plot as drawn: the legend (in the corner, or in a row under a small
// figure), the title and the y axis's title fitted to their room, and the key of numbered
// kernels with the line under it, in a height that leaves the plot area most of the figure.
#include "core/labels/label_layout.h"
#include "ui/plot/render_steps.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QFontMetrics>

#include <algorithm>
#include <cmath>
#include <vector>

namespace roofline::ui::render {
namespace {

/// Whether a legend entry only repeats what the figure writes on itself: the roof (its slope's
/// bandwidth and its peak) and the ridge guide (its value).
bool repeatsALabel(const QCPAbstractPlottable* p)
{
    return p->objectName() == QLatin1String(plotnames::kRoof) || p->name().startsWith(QLatin1String("Ridge point"));
}

/// A legend entry's name for a small figure: what comes before a parenthesis or a colon,
/// without "kernel" ("Latency-bound kernel (a few launches long)" -> "Latency-bound").
QString shortLegendName(const QString& name)
{
    QString s = name.section(QStringLiteral(" ("), 0, 0).section(QLatin1Char(':'), 0, 0);
    if (s.endsWith(QLatin1String(" kernel")))
        s.chop(7);
    if (s.startsWith(QLatin1String("Kernel ")) && s.size() > 7) // "Kernel at the ridge" -> "At the ridge"
        s = s.mid(7, 1).toUpper() + s.mid(8);
    return s.isEmpty() ? name : s;
}

/// The legend's entries again: all and named in full (`full`), or without those repeatsALabel
/// names and by their short names, in figure order.
void fillLegend(QCustomPlot& plot, bool full)
{
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        if (plot.legend->hasItemWithPlottable(p))
            p->setProperty("rs_legend", true);
        if (!p->property("rs_fullName").isValid())
            p->setProperty("rs_fullName", p->name());
    }
    plot.legend->clearItems();
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        const QString name = p->property("rs_fullName").toString();
        const QString shortName = p->property("rs_shortName").toString();
        p->setName(full ? name : shortName.isEmpty() ? shortLegendName(name) : shortName);
        if (p->property("rs_legend").toBool() && (full || !repeatsALabel(p)))
            plot.legend->addItem(new QCPPlottableLegendItem(plot.legend, p));
    }
}

/// As many columns as the figure's width holds, each as wide as its widest entry.
int legendColumns(const QCPLegend& legend, const std::vector<int>& widths, int width)
{
    const int n = static_cast<int>(widths.size());
    for (int cols = std::min(n, 6); cols > 1; --cols) {
        std::vector<int> column(static_cast<size_t>(cols), 0);
        for (int i = 0; i < n; ++i)
            column[static_cast<size_t>(i % cols)]
                = std::max(column[static_cast<size_t>(i % cols)], widths[static_cast<size_t>(i)]);
        int total = legend.columnSpacing() * (cols - 1);
        for (int w : column)
            total += w;
        if (total <= width)
            return cols;
    }
    return 1;
}

/// The y axis's title as long as the axis holds: "Attainable performance (FLOP/s)", then
/// without its first word ("Performance (FLOP/s)"), then the unit alone ("FLOP/s").
QString yAxisTitle(const QString& full, const QFont& font, int height)
{
    const QFontMetrics fm(font);
    QString shorter = full.section(QLatin1Char(' '), 1);
    if (!shorter.isEmpty())
        shorter[0] = shorter[0].toUpper();
    const QString unit = full.section(QLatin1Char('('), 1).section(QLatin1Char(')'), 0, 0);
    for (const QString& t : {full, shorter, unit})
        if (!t.isEmpty() && fm.horizontalAdvance(t) <= height)
            return t;
    return unit.isEmpty() ? full : unit;
}

/// `text` broken between words where the figure's width ends (the line under the key; a key
/// line naming the kernels at one point).
QString wrapped(const QString& text, const QFontMetrics& fm, int width)
{
    QStringList lines {QString()};
    for (const QString& word : text.split(QLatin1Char(' '))) {
        const QString next = lines.back().isEmpty() ? word : lines.back() + QLatin1Char(' ') + word;
        if (!lines.back().isEmpty() && fm.horizontalAdvance(next) > width)
            lines << word;
        else
            lines.back() = next;
    }
    return lines.join(QLatin1Char('\n'));
}

/// A key line as long as the room allows: "3  name · memory-bound · 16x below roof", then
/// without the regime (the point's colour and side of the ridge say it), then the name alone.
QString keyEntry(int number, const std::string& line, int brevity)
{
    const QStringList parts = qs(line).split(QStringLiteral(" \u00B7 "));
    const QString text = brevity == 0 || parts.size() < 3 ? qs(line)
        : brevity == 1                                    ? parts.front() + QStringLiteral(" \u00B7 ") + parts.back()
                                                          : parts.front();
    return QStringLiteral("%1  %2").arg(number).arg(text);
}

/// The key's columns: as many as the figure's width holds, of lines as long as keep the key
/// within `budget` pixels; when even names alone in columns would take more, the names run on
/// as one paragraph ("1 gemm  2 softmax  3 ...") in a single column.
std::vector<QStringList> keyColumns(const std::vector<KeyLine>& key, const QFont& font, int width, int budget)
{
    const QFontMetrics fm(font);
    std::vector<QStringList> columns;
    for (int brevity = 0; brevity < 3 && !key.empty(); ++brevity) {
        QStringList lines;
        int widest = 0;
        for (size_t k = 0; k < key.size(); ++k) {
            lines << keyEntry(key[k].number, key[k].text, brevity);
            widest = std::max(widest, fm.horizontalAdvance(lines.back()));
        }
        const int cols = std::clamp(width / (widest + 24), 1, std::min(6, static_cast<int>(lines.size())));
        const int perCol = (static_cast<int>(lines.size()) + cols - 1) / cols;
        // Lines as long as the figure is wide at most: a shorter form before a cut-off one.
        const bool fits = perCol * fm.lineSpacing() <= budget && widest <= width;
        if (fits || brevity < 2) {
            columns.clear();
            for (int at = 0; at < lines.size(); at += perCol)
                columns.push_back(lines.mid(at, perCol));
            if (fits)
                break;
            continue;
        }
        QStringList paragraph {QString()};
        for (const QString& entry : lines) {
            if (fm.horizontalAdvance(entry) > width) { // the names of kernels at one point: wrapped
                if (!paragraph.back().isEmpty())
                    paragraph << QString();
                paragraph.back() = wrapped(entry, fm, width);
                paragraph << QString();
                continue;
            }
            const QString next = paragraph.back().isEmpty() ? entry : paragraph.back() + QStringLiteral("    ") + entry;
            if (!paragraph.back().isEmpty() && fm.horizontalAdvance(next) > width)
                paragraph << entry;
            else
                paragraph.back() = next;
        }
        if (paragraph.size() > 1 && paragraph.back().isEmpty())
            paragraph.removeLast();
        columns = {paragraph.join(QLatin1Char('\n')).split(QLatin1Char('\n'))};
    }
    return columns;
}

} // namespace

/// The legend sits in the plot's empty top-left corner, or, in a small figure (a paper figure,
/// a slide's half), in a row under the plot where it takes no room from the labels, in a smaller
/// font and without the entries the figure's own labels make.
void placeLegend(QCustomPlot& plot, const PlotStyle& style)
{
    const bool small = isSmallFigure(plot);
    fillLegend(plot, !small);
    // An empty legend (an empty session's roof and ridge are named on the plot) is hidden in the
    // corner: an empty grid in the layout squeezed the whole plot into a corner of the window.
    const bool empty = plot.legend->itemCount() == 0;
    plot.legend->setVisible(!empty);
    const bool below = small && !empty;
    QCPLayoutInset* inset = plot.axisRect()->insetLayout();
    const bool inInset = plot.legend->layout() == inset;
    if (below && inInset) {
        inset->take(plot.legend);
        inset->simplify();
        const int row = plot.plotLayout()->rowCount();
        plot.plotLayout()->addElement(row, 0, plot.legend);
        plot.plotLayout()->setRowStretchFactor(row, 0.001);
    } else if (!below && !inInset) {
        plot.plotLayout()->take(plot.legend);
        plot.plotLayout()->simplify();
        inset->addElement(plot.legend, Qt::AlignTop | Qt::AlignLeft);
    }
    const QFont font = style.font(below ? 8 : 8.8);
    plot.legend->setFont(font);
    plot.legend->setIconSize(below ? QSize(22, 12) : QSize(32, 18)); // (QCustomPlot's own default)
    plot.legend->setIconTextPadding(below ? 4 : 7);
    plot.legend->setColumnSpacing(below ? 14 : 8);
    plot.legend->setRowSpacing(below ? 0 : 3);
    std::vector<int> widths;
    for (int i = 0; i < plot.legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot.legend->item(i)) { // a wrapped grid has empty cells
            item->setFont(font);
            widths.push_back(item->minimumOuterSizeHint().width());
        }
    plot.legend->setWrap(below ? legendColumns(*plot.legend, widths, plot.width() - 16) : 0);
    plot.legend->setFillOrder(below ? QCPLegend::foColumnsFirst : QCPLegend::foRowsFirst); // rearranges
    plot.legend->setMargins(below ? QMargins(4, 4, 4, 0) : QMargins(7, 5, 7, 4));
    plot.legend->setBorderPen(below ? QPen(Qt::NoPen) : QPen(style.grid));
}

void fitTitleAndAxisLabels(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, bool withTitle)
{
    setTitleRows(plot, spec, style, withTitle);
    const int height = plot.axisRect()->height();
    plot.yAxis->setLabel(yAxisTitle(qs(spec.yLabel), plot.yAxis->labelFont(), height));
    // Decade ticks a line and a half apart at least: a short axis labels every other decade.
    const double room = height / (1.6 * QFontMetrics(plot.yAxis->tickLabelFont()).height());
    if (auto* log = dynamic_cast<QCPAxisTickerLog*>(plot.yAxis->ticker().data()))
        log->setTickCount(std::max(1, static_cast<int>(std::min(9.0, std::floor(room)))));
}

int keyBudget(const QCustomPlot& plot, int reserved, const PlotStyle& style)
{
    if (!isPaperFigure(plot))
        return plot.height() * 3 / 10;
    const int around = plot.height() - plot.axisRect()->rect().height() - reserved;
    const int lines = QFontMetrics(style.font(8)).lineSpacing();
    const int keyMargins = 20; // above and below the key's text (addKey), and the layout's spacing
    return std::max(2 * lines, static_cast<int>(kAroundShare * plot.height()) - around - keyMargins);
}

bool fitKey(LabelLayoutResult& laid, const QCustomPlot& plot, const PlotStyle& style, int budget, int unnamed)
{
    const QFont font = style.font(8);
    const QFontMetrics fm(font);
    const int width = std::max(1, plot.width() - 16);
    const bool note = unnamed + laid.unnamed > 0 || laid.outside > 0; // the line under the key
    auto tall = [&](size_t n) {
        // In a paper figure the line under the key (there when lines are dropped) is in the budget.
        const bool noted = note || n < laid.key.size();
        const int room = budget - (noted && isPaperFigure(plot) ? fm.lineSpacing() : 0);
        std::vector<KeyLine> first;
        for (size_t k = 0; k < n; ++k)
            first.push_back({static_cast<int>(k) + 1, laid.key[k]});
        size_t lines = 0;
        for (const QStringList& column : keyColumns(first, font, width, room))
            lines = std::max(lines, static_cast<size_t>(column.size()));
        return static_cast<int>(lines) * fm.lineSpacing() > room;
    };
    if (!tall(laid.key.size()))
        return false;
    size_t fits = 0, tooMany = laid.key.size(); // the most lines that fit: between them
    while (tooMany - fits > 1) {
        const size_t n = (fits + tooMany) / 2;
        (tall(n) ? tooMany : fits) = n;
    }
    keepKeyLines(laid, fits);
    return true;
}

/// The key under the plot, and the line saying how many kernels have no name at all and how many
/// lie outside the view. The columns sit in a row of their own, each as wide as its text, so the
/// line under them does not widen the first column.
QCPLayoutElement* addKey(
    QCustomPlot& plot, const std::vector<KeyLine>& key, int unnamed, int outside, const PlotStyle& style, int budget)
{
    if (key.empty() && unnamed <= 0 && outside <= 0)
        return nullptr;
    auto* grid = new QCPLayoutGrid;
    grid->setObjectName(QString::fromLatin1(kKeyName));
    const int row = plot.plotLayout()->rowCount();
    plot.plotLayout()->addElement(row, 0, grid);
    plot.plotLayout()->setRowStretchFactor(row, 0.001);
    grid->setRowSpacing(0);
    const int width = std::max(1, plot.width() - 16);
    const QFont font = style.font(8);
    // The lines' room as fitKey counted it (in a paper figure the line under the key is in it).
    const int note = unnamed > 0 || outside > 0 ? QFontMetrics(font).lineSpacing() : 0;
    const auto columns
        = keyColumns(key, font, width, isPaperFigure(plot) ? budget - note : std::min(budget, plot.height() / 4));
    if (!columns.empty()) {
        auto* row0 = new QCPLayoutGrid;
        grid->addElement(0, 0, row0);
        row0->setColumnSpacing(0);
        for (size_t c = 0; c < columns.size(); ++c) {
            auto* text = new QCPTextElement(&plot, columns[c].join(QLatin1Char('\n')), font);
            text->setTextFlags(Qt::AlignLeft | Qt::AlignTop);
            text->setTextColor(style.foreground);
            text->setMargins(QMargins(c == 0 ? 4 : 14, 2, 4, unnamed > 0 || outside > 0 ? 0 : 6));
            row0->addElement(0, static_cast<int>(c), text);
            row0->setColumnStretchFactor(static_cast<int>(c), 0.001);
        }
        row0->addElement(0, static_cast<int>(columns.size()), new QCPLayoutElement(&plot)); // the rest of the width
    }
    if (unnamed > 0 || outside > 0) {
        const QFont italic = style.font(8, false, true);
        QStringList parts;
        const bool small = isPaperFigure(plot) && !style.besideTable; // (a paper's caption says the rest)
        if (unnamed > 0)
            parts << (small ? QObject::tr("%n more kernel(s) not named here", nullptr, unnamed)
                            : QObject::tr("%n more kernel(s) not named here: the figure names those that take the "
                                          "most time",
                                nullptr, unnamed));
        if (outside > 0) // a zoom or fixed ranges: they are not drawn, so they are not "not named"
            parts << QObject::tr("%n kernel(s) outside the axes' ranges, not drawn", nullptr, outside);
        const QString line = parts.join(QStringLiteral("; "))
            + (style.besideTable ? QObject::tr("; the table lists every one.") : QString());
        auto* note = new QCPTextElement(&plot, wrapped(line, QFontMetrics(italic), width - 8), italic);
        note->setTextColor(style.muted);
        note->setTextFlags(Qt::AlignLeft | Qt::AlignTop);
        note->setMargins(QMargins(4, 2, 4, 6));
        grid->addElement(grid->rowCount(), 0, note);
    }
    return grid;
}

} // namespace roofline::ui::render
