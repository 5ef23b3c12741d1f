// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/roofline.h"
#include "core/plot/plot_spec.h"
#include "ui/plot/plot_style.h"

#include <QImage>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPItemTracer;
class QCPItemText;
class QTimer;
class QVariantAnimation;

namespace roofline::ui {

/// The interactive plot: shows a PlotSpec, zooms and pans with the mouse, and tells the roof
/// under the cursor.
class RooflinePlotWidget : public QWidget {
    Q_OBJECT
public:
    explicit RooflinePlotWidget(QWidget* parent = nullptr);

    /// Shows a new figure. When its default ranges are those of the previous figure (same
    /// hardware, another precision) the current view is kept, so the roof visibly moves.
    void showSpec(PlotSpec spec, const std::optional<Roofline>& roof);
    /// The figure as the window shows it now (with the current zoom), for export.
    PlotSpec currentSpec() const;
    const PlotStyle& style() const { return m_style; }
    void setStyle(const PlotStyle& style);

    QCustomPlot* plot() const { return m_plot; }
    /// The plot as it looks on screen now, for the clipboard (Edit > Copy Figure).
    QImage figureImage() const;

    /// Place mode: a click on empty plot asks for a kernel there (placeRequested).
    void setPlaceMode(bool on);
    bool placeMode() const { return m_placeMode; }
    /// Precision or hardware changes slide the roof and ridge to their new place (~0.3 s); the
    /// figure ends exactly where an unanimated change puts it.
    void setAnimated(bool on) { m_animated = on; }
    bool isAnimating() const;
    /// Kernels drawn with a highlight ring (those whose regime just flipped); empty: none.
    /// `draw` false: the rings wait for the next showSpec (the window sets them right before
    /// showing a new figure; ringing the old one first was a wasted search through it).
    void setHighlighted(const std::vector<int>& indices, bool draw = true);

    /// Rings the point of kernel `index` (-1: none).
    void setSelectedPoint(int index);
    int selectedPoint() const { return m_selected; }
    /// HTML shown when the cursor rests on point `index`.
    void setTooltipProvider(std::function<QString(int)> provider) { m_tooltip = std::move(provider); }
    /// The kernel name (a label the user may move) under `pixel`, or nullptr.
    QCPItemText* kernelNameAt(const QPointF& pixel) const;
    /// The kernel whose marker is under `pixel` (within a few pixels), or -1.
    int pointAt(const QPointF& pixel) const;
    /// Pixel position of kernel `index`'s marker.
    QPointF pointPixel(int index) const;

public slots:
    void resetView();
    /// Zooms the view about its centre: `factor` > 1 in (each axis `factor` times narrower in
    /// decades), < 1 out. The labels follow as after a wheel zoom.
    void zoom(double factor);

signals:
    /// "I = 12 FLOP/byte · 45 TFLOP/s · roof here 40 TFLOP/s (memory-bound)"; empty when
    /// the cursor leaves the plot.
    void cursorInfo(const QString& text);
    void placeRequested(double intensity, double flopsPerSecond);
    void pointClicked(int index);
    /// The figure's title was double-clicked: the user wants to set it.
    void titleEditRequested();
    /// A point dragged to (intensity, FLOP/s); all moves of one drag share `dragId`.
    void pointDragged(int index, double intensity, double flopsPerSecond, int dragId);
    /// A kernel's name dragged by hand and dropped with its centre at (intensity, FLOP/s).
    void labelMoved(int index, double intensity, double flopsPerSecond);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onMouseMove(QMouseEvent* event);
    /// "I = 12 FLOP/byte · 45 TFLOP/s · roof here 40 TFLOP/s (memory-bound)" at (x, y).
    QString reading(double x, double y) const;
    void onMousePress(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void createHoverItems();
    void replotHover(); ///< redraws the hover items only (their own buffered layer)
    /// m_pickOrder for m_spec, made on the first lookup after a change (a toggle does not wait
    /// for 10^5 points to be sorted; the first hover does, once).
    void indexPoints() const;
    void drawSelection();
    void drawHighlights();
    void renderFrame(const PlotSpec& spec);
    /// The labels laid out again when the plot's size or view changed since they were (a
    /// resize, a zoom, a pan): the points moved under them.
    void relayoutLabels();
    /// What the labels were laid out for: the plot's size and its view.
    QString labelGeometry() const;

    QCustomPlot* m_plot = nullptr;
    PlotSpec m_spec;
    std::optional<Roofline> m_roof;
    PlotStyle m_style;
    /// m_style as the window draws it: beside the kernels table.
    PlotStyle windowStyle() const;
    QCPItemTracer* m_tracer = nullptr;
    QCPItemText* m_tracerLabel = nullptr;
    bool m_placeMode = false;
    int m_selected = -1;
    int m_dragIndex = -1;
    QCPItemText* m_labelDrag = nullptr; ///< a kernel's name being moved by hand
    QPointF m_labelGrab; ///< where on that name it was grabbed, from its centre
    int m_dragId = 0;
    bool m_dragMoved = false;
    std::function<QString(int)> m_tooltip;
    bool m_animated = false;
    QVariantAnimation* m_animation = nullptr;
    std::vector<int> m_highlighted;
    QTimer* m_relayout = nullptr; ///< a moment after the last resize or zoom step
    QString m_labelsFor; ///< labelGeometry() when the labels were laid out
    /// The height of the key under the plot as last drawn: the next drawing starts from it, so a
    /// toggle whose key keeps its height lays the labels out once (drawLabels).
    int m_keyHeight = 0;
    int m_keyFloor = 0; ///< the key band's least height while the view is kept
    mutable std::vector<int> m_pickOrder; ///< kernel points of m_spec by intensity, for pointAt
    mutable double m_pickRadius = 0.0; ///< the largest pick radius among them, pixels
    mutable bool m_indexed = false; ///< m_pickOrder is up to date
};

} // namespace roofline::ui
