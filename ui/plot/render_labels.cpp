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
constexpr const char* kLayer = "point-labels";
constexpr const char* kKeyedKernel = "rs_keyedKernel"; ///< on a kernel's key number: the kernel

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
    if (l.kernel >= 0) // a name the user may move by hand, or a kernel's number
        t->setProperty(numbered ? kKeyedKernel : plotnames::kLabelKernel, l.kernel);
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
        return style.font(8); // (at 7 pt or more in print: figure_export.cpp)
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

/// The labels laid out for the plot area left when the key takes `keyRoom` pixels, with the
/// key's budget for that layout and whether the budget cost key lines.
struct Laid {
    LabelLayoutResult result;
    int budget = 0;
    bool trimmed = false;
};

Laid layOutFor(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, int keyRoom, bool withTitle,
    const std::shared_ptr<TextSizes>& sizes)
{
    removeLabels(plot);
    reserveKeyRoom(plot, keyRoom);
    fitTitleAndAxisLabels(plot, spec, style, withTitle); // the title's height is the layout's
    metricsFor(plot, style, sizes); // lays the plot out: the axis titles follow its size
    fitTitleAndAxisLabels(plot, spec, style, withTitle);
    Laid laid;
    laid.result = layoutLabels(spec, metricsFor(plot, style, sizes));
    laid.budget = keyBudget(plot, keyRoom, style);
    laid.trimmed = fitKey(laid.result, plot, style, laid.budget, spec.unnamedKernels);
    return laid;
}

/// The key's lines of `laid`, numbered 1, 2, ... in figure order.
std::vector<KeyLine> keyLinesOf(const LabelLayoutResult& laid)
{
    std::vector<KeyLine> lines;
    for (size_t k = 0; k < laid.key.size(); ++k)
        lines.push_back({static_cast<int>(k) + 1, laid.key[k]});
    return lines;
}

/// The numbers of `laid` as `shared` gives them (a kernel no other panel numbered takes the
/// next free one), and its key's lines in that order.
std::vector<KeyLine> renumbered(LabelLayoutResult& laid, const KeyNumbers& shared)
{
    int next = 0;
    for (const auto& [kernel, number] : shared)
        next = std::max(next, number);
    std::vector<KeyLine> lines;
    for (PlotLabel& l : laid.labels)
        if (l.keyNumber > 0) {
            const auto it = shared.find(l.kernel);
            const int number = it != shared.end() ? it->second : ++next;
            lines.push_back({number, laid.key[static_cast<size_t>(l.keyNumber) - 1]});
            l.keyNumber = number;
        }
    std::sort(lines.begin(), lines.end(), [](const KeyLine& a, const KeyLine& b) { return a.number < b.number; });
    return lines;
}

/// The key of `laid` under the plot, its lines `lines` (null: no key).
QCPLayoutElement* addKeyOf(QCustomPlot& plot, const Laid& laid, const PlotSpec& spec, const PlotStyle& style,
    const std::vector<KeyLine>& lines)
{
    return addKey(plot, lines, spec.unnamedKernels + laid.result.unnamed, laid.result.outside, style, laid.budget);
}

/// The height the key of `laid` takes under the plot (0: no key).
int keyHeightOf(QCustomPlot& plot, const Laid& laid, const PlotSpec& spec, const PlotStyle& style)
{
    removeLabels(plot);
    const QCPLayoutElement* key = addKeyOf(plot, laid, spec, style, keyLinesOf(laid.result));
    const int height = key ? key->minimumOuterSizeHint().height() : 0;
    removeLabels(plot);
    return height;
}

/// Whether the plot area keeps its share of the figure's height (1 - kAroundShare) once the key
/// `laid` needs is under it, the plot laid out with `room` kept for the key.
bool keepsItsShare(QCustomPlot& plot, const Laid& laid, int room, const PlotSpec& spec, const PlotStyle& style)
{
    const int area = plot.axisRect()->rect().height(); // (as laid out: keyHeightOf lays nothing out)
    const int key = keyHeightOf(plot, laid, spec, style);
    return area - std::max(0, key - room) >= (1.0 - kAroundShare) * plot.height();
}

} // namespace

int drawLabels(QCustomPlot& plot, const PlotSpec& spec, const PlotStyle& style, int keyRoom, int keyFloor,
    const KeyNumbers* shared)
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
    bool withTitle = true;
    Laid laid = layOutFor(plot, spec, style, room, withTitle, sizes);
    if (isPaperFigure(plot) && (laid.trimmed || !keepsItsShare(plot, laid, room, spec, style))) {
        withTitle = false; // the title gives way before the key's names (a paper's caption says it)
        laid = layOutFor(plot, spec, style, room, withTitle, sizes);
    }
    for (int layout = 1; layout < kMaxLayouts; ++layout) {
        const int needed = std::max(keyFloor, keyHeightOf(plot, laid, spec, style));
        const bool swing = std::find(seen.begin(), seen.end(), needed) != seen.end();
        if (needed == room || (swing && needed < room))
            break;
        room = swing ? std::max(room, needed) : needed;
        seen.push_back(room);
        laid = layOutFor(plot, spec, style, room, withTitle, sizes);
    }
    removeLabels(plot);
    const std::vector<KeyLine> lines = shared ? renumbered(laid.result, *shared) : keyLinesOf(laid.result);
    int drawn = 0;
    if (QCPLayoutElement* key = addKeyOf(plot, laid, spec, style, lines)) {
        drawn = std::max(room, key->minimumOuterSizeHint().height());
        key->setMinimumSize(0, drawn);
    } else if (keyFloor > 0) {
        reserveKeyRoom(plot, room); // no key now: its band stays, and the plot with it
        drawn = room;
    }
    fitTitleAndAxisLabels(plot, spec, style, withTitle); // for the height the key leaves
    for (const auto& l : laid.result.labels)
        if (!l.text.empty())
            addLabel(plot, l, spec.crowded(), style);
    return drawn;
}

std::vector<int> keyedKernels(const QCustomPlot& plot)
{
    std::vector<int> out;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (const QVariant k = plot.item(i)->property(kKeyedKernel); k.isValid())
            out.push_back(k.toInt());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace roofline::ui
