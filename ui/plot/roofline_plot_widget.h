// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/roofline.h"
#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

#include <QWidget>

#include <optional>

class QCustomPlot;
class QCPItemTracer;
class QCPItemText;

namespace roofline::ui {

/// The interactive plot: shows a PlotSpec, zooms and pans with the mouse, and tells the roof
/// under the cursor.
class RooflinePlotWidget : public QWidget {
    Q_OBJECT
public:
    explicit RooflinePlotWidget(QWidget* parent = nullptr);

    /// Shows a new figure. When its default ranges are those of the previous figure (same
    /// hardware, another precision) the current view is kept, so the roof visibly moves.
    void showSpec(const PlotSpec& spec, const std::optional<Roofline>& roof);
    /// The figure as the window shows it now (with the current zoom), for export.
    PlotSpec currentSpec() const;
    const PlotStyle& style() const { return m_style; }
    void setStyle(const PlotStyle& style);

    QCustomPlot* plot() const { return m_plot; }

public slots:
    void resetView();

signals:
    /// "I = 12 FLOP/byte · 45 TFLOP/s · roof here 40 TFLOP/s (memory-bound)"; empty when
    /// the cursor leaves the plot.
    void cursorInfo(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void onMouseMove(QMouseEvent* event);
    void createHoverItems();

    QCustomPlot* m_plot = nullptr;
    PlotSpec m_spec;
    std::optional<Roofline> m_roof;
    PlotStyle m_style;
    QCPItemTracer* m_tracer = nullptr;
    QCPItemText* m_tracerLabel = nullptr;
};

} // namespace roofline::ui
