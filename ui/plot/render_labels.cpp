// SPDX-License-Identifier: MIT
// The figure's text as drawn: the core's label layout run for the plot's real size, view and
// fonts, then each label, its leader line and the key under the plot (drawLabels).
#include "core/labels/label_layout.h"
#include "ui/plot/render_steps.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QFontMetrics>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

namespace roofline::ui {
namespace {
using namespace render;

constexpr const char* kLabelItem = "rs_label"; ///< a property on every item drawLabels made
constexpr const char* kKeyName = "label-key";
constexpr const char* kLayer = "point-labels";

Qt::Alignment hAlign(PlotLabel::Align a)
{
    return a == PlotLabel::Align::Left ? Qt::AlignLeft
        : a == PlotLabel::Align::Right ? Qt::AlignRight
                                       : Qt::AlignHCenter;
}

Qt::Alignment vAlign(PlotLabel::VAlign v)
{
    return v == PlotLabel::VAlign::Above ? Qt::AlignBottom
        : v == PlotLabel::VAlign::Below  ? Qt::AlignTop
                                         : Qt::AlignVCenter;
}

/// The size of `text` as a QCPItemText in `font` draws it.
TextSize measured(const QFont& font, const std::string& text)
{
    const QRect r = QFontMetrics(font).boundingRect(0, 0, 0, 0, Qt::TextDontClip | Qt::AlignLeft, qs(text));
    return {r.width(), r.height()};
}

/// Removes what an earlier drawLabels made: its items and the key's row.
void removeLabels(QCustomPlot& plot)
{
    for (int i = plot.itemCount() - 1; i >= 0; --i)
        if (plot.item(i)->property(kLabelItem).toBool())
            plot.removeItem(i);
    auto* layout = plot.plotLayout();
    for (int i = layout->elementCount() - 1; i >= 0; --i)
        if (QCPLayoutElement* el = layout->elementAt(i); el && el->objectName() == QLatin1String(kKeyName))
            layout->remove(el);
    layout->simplify();
}

/// The plot laid out at its size: the axis rect the labels go in, the legend they avoid, the
/// view they are placed in and the renderer's fonts.
using TextSizes = std::map<std::pair<std::string, LabelRole>, TextSize>;

LabelMetrics metricsFor(QCustomPlot& plot, const PlotStyle& style, const std::shared_ptr<TextSizes>& sizes)
{
    plot.setViewport(QRect(0, 0, plot.width(), plot.height()));
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot.plotLayout()->update(phase);
    const QRect area = plot.axisRect()->rect();
    LabelMetrics m;
    m.width = std::max(1, area.width());
    m.height = std::max(1, area.height());
    m.markerRadius = 6.0; // a kernel's marker is 10 px across (render_points.cpp)
    if (plot.legend && plot.legend->visible()) {
        const QRect l = plot.legend->outerRect().translated(-area.topLeft());
        m.legend
            = std::array<double, 4> {double(l.left()), double(l.top()), double(l.right() + 1), double(l.bottom() + 1)};
    }
    m.x = AxisRange {plot.xAxis->range().lower, plot.xAxis->range().upper};
    m.y = AxisRange {plot.yAxis->range().lower, plot.yAxis->range().upper};
    // Each text is shaped once for all the layout's passes (a figure asks for the same few
    // dozen texts thousands of times).
    m.measure = [style, sizes](const std::string& text, LabelRole role) {
        auto [at, fresh] = sizes->try_emplace({text, role});
        if (fresh)
            at->second = measured(labelFont(role, style), text);
        return at->second;
    };
    return m;
}

/// Whether a legend entry only repeats what the figure writes on itself: the roof (its slope's
/// bandwidth and its peak) and the ridge guide (its value).
bool repeatsALabel(const QCPAbstractPlottable* p)
{
    return p->objectName() == QLatin1String(plotnames::kRoof) || p->name().startsWith(QLatin1String("Ridge point"));
}

/// The legend's entries again: all (`all`), or without those repeatsALabel names, in figure order.
void fillLegend(QCustomPlot& plot, bool all)
{
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        if (plot.legend->hasItemWithPlottable(p))
            p->setProperty("rs_legend", true);
    }
    plot.legend->clearItems();
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        if (p->property("rs_legend").toBool() && (all || !repeatsALabel(p)))
            plot.legend->addItem(new QCPPlottableLegendItem(plot.legend, p));
    }
}

/// The legend sits in the plot's empty top-left corner, or, in a small figure (a paper column,
/// a slide's half), in a row under the plot where it takes no room from the labels, in a smaller
/// font and without the entries the figure's own labels make.
void placeLegend(QCustomPlot& plot, const PlotStyle& style)
{
    const bool small = plot.width() < 900 || plot.height() < 560;
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
    int widest = 1;
    for (int i = 0; i < plot.legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot.legend->item(i)) { // a wrapped grid has empty cells
            item->setFont(font);
            widest = std::max(widest, item->minimumOuterSizeHint().width());
        }
    plot.legend->setWrap(below ? std::clamp((plot.width() - 16) / (widest + 8), 1, 4) : 0);
    plot.legend->setFillOrder(below ? QCPLegend::foColumnsFirst : QCPLegend::foRowsFirst); // rearranges
    plot.legend->setMargins(below ? QMargins(4, 4, 4, 0) : QMargins(7, 5, 7, 4));
    plot.legend->setBorderPen(below ? QPen(Qt::NoPen) : QPen(style.grid));
}

/// A title too wide for the figure is elided; an axis label longer than its axis keeps only
/// what is in parentheses (the unit).
void fitTitleAndAxisLabels(QCustomPlot& plot, const PlotSpec& spec)
{
    for (int i = 0; i < plot.plotLayout()->elementCount(); ++i)
        if (auto* t = qobject_cast<QCPTextElement*>(plot.plotLayout()->elementAt(i))) {
            const bool title = t->objectName() == QLatin1String(plotnames::kTitle);
            if (!title && t->objectName() != QLatin1String(plotnames::kSubtitle))
                continue;
            const QString full = qs(title ? spec.title : spec.subtitle);
            t->setText(QFontMetrics(t->font()).elidedText(full, Qt::ElideRight, std::max(40, plot.width() - 16)));
        }
    const int height = plot.axisRect()->height();
    const QString yLabel = qs(spec.yLabel);
    const QString unit = QLatin1Char('(') + yLabel.section(QLatin1Char('('), 1);
    const bool tooLong = QFontMetrics(plot.yAxis->labelFont()).horizontalAdvance(yLabel) > height;
    plot.yAxis->setLabel(tooLong && unit.size() > 2 ? unit : yLabel);
    // Decade ticks a line and a half apart at least: a short axis labels every other decade.
    const double room = height / (1.6 * QFontMetrics(plot.yAxis->tickLabelFont()).height());
    if (auto* log = dynamic_cast<QCPAxisTickerLog*>(plot.yAxis->ticker().data()))
        log->setTickCount(std::max(1, static_cast<int>(std::min(9.0, std::floor(room)))));
}

/// A key line as long as the room allows: "3  name · memory-bound · 16x below roof", then
/// without the regime (the point's colour and side of the ridge say it), then the name alone.
QString keyEntry(size_t number, const std::string& line, int brevity)
{
    const QStringList parts = qs(line).split(QStringLiteral(" \u00B7 "));
    const QString text = brevity == 0 || parts.size() < 3 ? qs(line)
        : brevity == 1                                    ? parts.front() + QStringLiteral(" \u00B7 ") + parts.back()
                                                          : parts.front();
    return QStringLiteral("%1  %2").arg(number).arg(text);
}

/// The key's columns: as many as the figure's width holds, of lines as long as leave the plot
/// at least three quarters of the figure's height; when even names alone in columns would take
/// more, the names run on as one paragraph ("1 gemm  2 softmax  3 ...") in a single column.
std::vector<QStringList> keyColumns(const std::vector<std::string>& key, const QFont& font, int width, int height)
{
    const QFontMetrics fm(font);
    std::vector<QStringList> columns;
    for (int brevity = 0; brevity < 3 && !key.empty(); ++brevity) {
        QStringList lines;
        int widest = 0;
        for (size_t k = 0; k < key.size(); ++k) {
            lines << keyEntry(k + 1, key[k], brevity);
            widest = std::max(widest, fm.horizontalAdvance(lines.back()));
        }
        const int cols = std::clamp(width / (widest + 24), 1, std::min(6, static_cast<int>(lines.size())));
        const int perCol = (static_cast<int>(lines.size()) + cols - 1) / cols;
        // Lines as long as the figure is wide at most: a shorter form before a cut-off one.
        const bool fits = perCol * fm.lineSpacing() <= height / 4 && widest <= width;
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
            const QString next = paragraph.back().isEmpty() ? entry : paragraph.back() + QStringLiteral("    ") + entry;
            if (!paragraph.back().isEmpty() && fm.horizontalAdvance(next) > width)
                paragraph << entry;
            else
                paragraph.back() = next;
        }
        columns = {paragraph};
    }
    return columns;
}

/// The line under the key, broken where the figure's width ends.
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

/// Fewer key lines when even one paragraph of names would take more than a quarter of the
/// figure's height (a small figure of many kernels): the lightest kernels lose their numbers.
void fitKey(LabelLayoutResult& laid, const QCustomPlot& plot, const PlotStyle& style)
{
    const QFont font = style.font(8);
    const QFontMetrics fm(font);
    const int width = std::max(1, plot.width() - 16), room = plot.height() * 3 / 10;
    auto tall = [&](size_t n) {
        const std::vector<std::string> first(laid.key.begin(), laid.key.begin() + static_cast<std::ptrdiff_t>(n));
        size_t lines = 0;
        for (const QStringList& column : keyColumns(first, font, width, plot.height()))
            lines = std::max(lines, static_cast<size_t>(column.size()));
        return static_cast<int>(lines) * fm.lineSpacing() > room;
    };
    if (!tall(laid.key.size()))
        return;
    size_t fits = 0, tooMany = laid.key.size(); // the most lines that fit: between them
    while (tooMany - fits > 1) {
        const size_t n = (fits + tooMany) / 2;
        (tall(n) ? tooMany : fits) = n;
    }
    keepKeyLines(laid, fits);
}

/// The key under the plot, and the line saying how many kernels have no name at all and how many
/// lie outside the view. The columns sit in a row of their own, each as wide as its text, so the
/// line under them does not widen the first column.
QCPLayoutElement* addKey(
    QCustomPlot& plot, const std::vector<std::string>& key, int unnamed, int outside, const PlotStyle& style)
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
    const auto columns = keyColumns(key, font, width, plot.height());
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
        if (unnamed > 0)
            parts << QObject::tr(
                "%n more kernel(s) not named here: the figure names those that take the most time", nullptr, unnamed);
        if (outside > 0) // a zoom or fixed ranges: they are not drawn, so they are not "not named"
            parts << QObject::tr("%n kernel(s) outside the axes' ranges, not drawn", nullptr, outside);
        const QString line = parts.join(QStringLiteral("; ")) + QObject::tr("; the table lists every one.");
        auto* note = new QCPTextElement(&plot, wrapped(line, QFontMetrics(italic), width - 8), italic);
        note->setTextColor(style.muted);
        note->setTextFlags(Qt::AlignLeft | Qt::AlignTop);
        note->setMargins(QMargins(4, 2, 4, 6));
        grid->addElement(grid->rowCount(), 0, note);
    }
    return grid;
}

/// A label written along a line: anchored on it, padded off it, turned to follow it.
void addAlongLine(QCPItemText* t, const PlotLabel& l)
{
    t->position->setCoords(l.at.x, l.at.y);
    const auto pad = alongLinePadding(l);
    t->setPadding(QMargins(pad[0], pad[1], pad[2], pad[3]));
    t->setProperty(kAlongX, l.along->x);
    t->setProperty(kAlongY, l.along->y);
}

/// The colour and object name of a label's role.
void styleRole(QCPItemText* t, const PlotLabel& l, const PlotStyle& style)
{
    t->setColor(style.foreground);
    switch (l.role) {
    case LabelRole::RidgeLabel:
        t->setObjectName(plotnames::kRidgeLabel);
        t->setColor(style.muted);
        break;
    case LabelRole::RegionLabel:
        t->setColor(style.muted);
        break;
    case LabelRole::CeilingLabel:
        t->setObjectName(QStringLiteral("ceiling-label"));
        t->setColor(style.muted);
        break;
    case LabelRole::LeverLabel:
        t->setObjectName(QStringLiteral("lever-label"));
        t->setColor(leverColour(style));
        break;
    case LabelRole::PointLabel:
        if (l.text.find("ABOVE ROOF") != std::string::npos)
            t->setColor(style.aboveRoof);
        break;
    default:
        break;
    }
}

void addLeader(QCustomPlot& plot, const PlotLabel& l, const PlotStyle& style)
{
    auto* line = new QCPItemLine(&plot);
    line->setProperty(kLabelItem, true);
    line->setObjectName(QStringLiteral("leader-line"));
    line->start->setCoords((*l.leader)[0].x, (*l.leader)[0].y);
    line->end->setCoords((*l.leader)[1].x, (*l.leader)[1].y);
    line->setPen(QPen(style.muted, 0.8));
    line->setLayer(QString::fromLatin1(kLayer));
    line->setClipToAxisRect(true);
}

/// One label as laid out: its text (or its key number) where the layout put it.
void addLabel(QCustomPlot& plot, const PlotLabel& l, bool crowded, const PlotStyle& style)
{
    auto* t = new QCPItemText(&plot);
    t->setProperty(kLabelItem, true);
    t->setClipToAxisRect(true);
    t->setPadding(QMargins());
    t->setPositionAlignment(hAlign(l.align) | vAlign(l.valign));
    t->setTextAlignment(hAlign(l.align));
    const bool numbered = l.keyNumber > 0;
    t->setText(numbered ? QString::number(l.keyNumber) : qs(l.text));
    if (l.kernel >= 0 && !numbered) // a name the user may move by hand
        t->setProperty(plotnames::kLabelKernel, l.kernel);
    t->setFont(labelFont(numbered ? LabelRole::KeyNumber : l.role, style));
    styleRole(t, l, style);
    if (l.along) {
        addAlongLine(t, l);
    } else {
        const PlotXY at = l.textAt ? *l.textAt : l.at;
        t->position->setCoords(at.x, at.y);
    }
    if (l.role == LabelRole::PointLabel || l.role == LabelRole::LeverLabel) {
        t->setLayer(QString::fromLatin1(kLayer));
        if (crowded) {
            QColor backdrop = style.background;
            backdrop.setAlpha(200);
            t->setBrush(backdrop); // legible over the cloud
        }
    }
    if (l.leader)
        addLeader(plot, l, style);
}

} // namespace

QFont labelFont(LabelRole role, const PlotStyle& style)
{
    switch (role) {
    case LabelRole::SlopeLabel:
    case LabelRole::PeakLabel:
        return style.roofLabelFont();
    case LabelRole::RidgeLabel:
        return style.font(9);
    case LabelRole::RegionLabel:
        return style.regionFont();
    case LabelRole::CeilingLabel:
        return style.font(8.5);
    case LabelRole::LeverLabel:
        return style.font(8.5, true);
    case LabelRole::KeyNumber:
        return style.font(7.5);
    case LabelRole::PointLabel:
        break;
    }
    return style.font(8.8);
}

namespace {

/// Room of `height` pixels under the plot for the key (none for 0): the plot area a layout sees.
void reserveKeyRoom(QCustomPlot& plot, int height)
{
    if (height <= 0)
        return;
    auto* room = new QCPLayoutElement(&plot);
    room->setObjectName(QString::fromLatin1(kKeyName)); // removeLabels takes it away
    const int row = plot.plotLayout()->rowCount();
    plot.plotLayout()->addElement(row, 0, room);
    plot.plotLayout()->setRowStretchFactor(row, 0.001);
    room->setMinimumSize(0, height);
}

/// The labels laid out for the plot area left when the key takes `keyRoom` pixels.
LabelLayoutResult layOutFor(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, int keyRoom,
    const std::shared_ptr<TextSizes>& sizes)
{
    removeLabels(plot);
    reserveKeyRoom(plot, keyRoom);
    metricsFor(plot, style, sizes); // lays the plot out: the axis titles and title follow its size
    fitTitleAndAxisLabels(plot, spec);
    LabelLayoutResult laid = layoutLabels(spec, metricsFor(plot, style, sizes));
    fitKey(laid, plot, style);
    return laid;
}

/// The height the key of `laid` takes under the plot (0: no key).
int keyHeightOf(QCustomPlot& plot, const LabelLayoutResult& laid, const PlotSpec& spec, const PlotStyle& style)
{
    removeLabels(plot);
    const QCPLayoutElement* key = addKey(plot, laid.key, spec.unnamedKernels + laid.unnamed, laid.outside, style);
    const int height = key ? key->minimumOuterSizeHint().height() : 0;
    removeLabels(plot);
    return height;
}

} // namespace

int drawLabels(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, int keyRoom, int keyFloor)
{
    removeLabels(plot);
    placeLegend(plot, style);
    if (!plot.layer(QString::fromLatin1(kLayer)))
        plot.addLayer(QString::fromLatin1(kLayer), plot.layer(QStringLiteral("main")), QCustomPlot::limAbove);
    // The key under the plot takes height from it, which moves the points. The labels are laid
    // out for the room `keyRoom` leaves (the caller's last drawing: a toggle keeps its key, so
    // one layout), then again for the room their key needs, until it needs the room it has. A
    // height seen before would swing between two areas: from then on the taller one is kept.
    constexpr int kMaxLayouts = 6;
    const auto sizes = std::make_shared<TextSizes>();
    keyFloor = std::max(0, keyFloor);
    int room = std::max(keyFloor, keyRoom);
    std::vector<int> seen {room};
    LabelLayoutResult laid = layOutFor(plot, spec, style, room, sizes);
    for (int layout = 1; layout < kMaxLayouts; ++layout) {
        const int needed = std::max(keyFloor, keyHeightOf(plot, laid, spec, style));
        const bool swing = std::find(seen.begin(), seen.end(), needed) != seen.end();
        if (needed == room || (swing && needed < room))
            break;
        room = swing ? std::max(room, needed) : needed;
        seen.push_back(room);
        laid = layOutFor(plot, spec, style, room, sizes);
    }
    removeLabels(plot);
    int drawn = 0;
    if (QCPLayoutElement* key = addKey(plot, laid.key, spec.unnamedKernels + laid.unnamed, laid.outside, style)) {
        drawn = std::max(room, key->minimumOuterSizeHint().height());
        key->setMinimumSize(0, drawn);
    } else if (keyFloor > 0) {
        reserveKeyRoom(plot, room); // no key now: its band stays, and the plot with it
        drawn = room;
    }
    fitTitleAndAxisLabels(plot, spec); // for the height the key leaves
    for (const auto& l : laid.labels)
        if (!l.text.empty())
            addLabel(plot, l, spec.crowded(), style);
    return drawn;
}

} // namespace roofline::ui
