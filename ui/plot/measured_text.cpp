// SPDX-License-Identifier: MIT
#include "ui/plot/measured_text.h"

#include <QFontMetrics>

namespace roofline::ui {

QHash<std::pair<QString, int>, QSize>& TextMeasures::of(const QFont& font)
{
    for (auto& [f, sizes] : m_fonts)
        if (f == font)
            return sizes;
    m_fonts.emplace_back(font, QHash<std::pair<QString, int>, QSize> {});
    return m_fonts.back().second;
}

QSize TextMeasures::bounds(const QFont& font, const QString& text, int height)
{
    auto& sizes = of(font);
    const auto key = std::make_pair(text, height);
    if (const auto at = sizes.constFind(key); at != sizes.constEnd())
        return *at;
    const QSize size = QFontMetrics(font).boundingRect(0, 0, 0, height, Qt::TextDontClip, text).size();
    sizes.insert(key, size);
    return size;
}

int TextMeasures::advance(const QFont& font, const QString& text)
{
    auto& sizes = of(font);
    const auto key = std::make_pair(text, -1); // a height no bounds() asks for
    if (const auto at = sizes.constFind(key); at != sizes.constEnd())
        return at->width();
    const int width = QFontMetrics(font).horizontalAdvance(text);
    sizes.insert(key, QSize(width, 0));
    return width;
}

TextElement::TextElement(
    QCustomPlot* plot, const QString& text, const QFont& font, std::shared_ptr<TextMeasures> measures)
    : QCPTextElement(plot, text, font)
    , m_measures(std::move(measures))
{ }

// As QCPTextElement's own hints (qcustomplot.cpp), the text measured by the drawing's measures.
QSize TextElement::minimumOuterSizeHint() const
{
    const QMargins m = margins();
    return m_measures->bounds(mFont, mText) + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize TextElement::maximumOuterSizeHint() const
{
    const QMargins m = margins();
    return {QWIDGETSIZE_MAX, m_measures->bounds(mFont, mText).height() + m.top() + m.bottom()};
}

LegendEntry::LegendEntry(QCPLegend* legend, QCPAbstractPlottable* plottable, std::shared_ptr<TextMeasures> measures)
    : QCPPlottableLegendItem(legend, plottable)
    , m_measures(std::move(measures))
{ }

// As QCPPlottableLegendItem's own hint: the icon, its padding and the name beside it.
QSize LegendEntry::minimumOuterSizeHint() const
{
    if (!mPlottable)
        return {};
    const QSize icon = parentLegend()->iconSize();
    const QSize text = m_measures->bounds(getFont(), mPlottable->name(), icon.height());
    const QMargins m = margins();
    return {icon.width() + parentLegend()->iconTextPadding() + text.width() + m.left() + m.right(),
        qMax(text.height(), icon.height()) + m.top() + m.bottom()};
}

} // namespace roofline::ui
