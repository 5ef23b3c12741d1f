// SPDX-License-Identifier: MIT
// Text measured once per drawing. QCustomPlot asks a layout element for its size at every pass
// of every layout update (three phases, nested grids), and the renderer lays a figure out again
// for the room its key takes, making the key anew each time: a figure's title, key and legend
// were shaped again at each question, a fifth of a 100-kernel export's work. The elements here
// ask a TextMeasures shared by one drawing instead; what they draw is unchanged.
#pragma once

#include <qcustomplot.h>

#include <QHash>

#include <memory>
#include <utility>
#include <vector>

namespace roofline::ui {

/// Sizes of texts as QFontMetrics gives them, each text and font measured once.
class TextMeasures {
public:
    /// QFontMetrics(font).boundingRect(0, 0, 0, height, Qt::TextDontClip, text).size()
    QSize bounds(const QFont& font, const QString& text, int height = 0);
    /// QFontMetrics(font).horizontalAdvance(text)
    int advance(const QFont& font, const QString& text);

private:
    QHash<std::pair<QString, int>, QSize>& of(const QFont& font);
    std::vector<std::pair<QFont, QHash<std::pair<QString, int>, QSize>>> m_fonts; ///< a drawing uses a few
};

/// A QCPTextElement whose size hints come from a drawing's TextMeasures.
class TextElement : public QCPTextElement {
    Q_OBJECT
public:
    TextElement(QCustomPlot* plot, const QString& text, const QFont& font, std::shared_ptr<TextMeasures> measures);

protected:
    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;

private:
    std::shared_ptr<TextMeasures> m_measures;
};

/// A plottable's legend entry whose size hint comes from a drawing's TextMeasures.
class LegendEntry : public QCPPlottableLegendItem {
    Q_OBJECT
public:
    LegendEntry(QCPLegend* legend, QCPAbstractPlottable* plottable, std::shared_ptr<TextMeasures> measures);

protected:
    QSize minimumOuterSizeHint() const override;

private:
    std::shared_ptr<TextMeasures> m_measures;
};

} // namespace roofline::ui
