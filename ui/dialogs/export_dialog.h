// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plot/figure_export.h"

#include <QDialog>

#include <functional>
#include <string>

class QComboBox;
class QTimer;
class QLineEdit;
class QSpinBox;
class QLabel;

namespace roofline::ui {

/// File > Export: where, which format (by suffix), a preset or the size and DPI, and the
/// figure's title.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    /// `title`: the session's own title (empty: the generated one, `defaultTitle`, shown greyed
    /// in the empty field).
    ExportDialog(const QString& path, const ExportOptions& options, const QString& title, const QString& defaultTitle,
        QWidget* parent = nullptr);

    QString path() const;
    ExportOptions options() const;
    QString title() const; ///< may use {hardware} and {precision}; empty: the generated title

    /// Shows a preview of `spec` as exported with the dialog's size, preset and title (`titleOf`
    /// turns the typed title into the figure's: placeholders replaced, empty: the generated one),
    /// and says how large it prints.
    void setPreview(PlotSpec spec, PlotStyle style, std::function<std::string(const std::string&)> titleOf);
    /// The preview as last drawn (null before setPreview).
    QImage previewImage() const { return m_previewImage; }

private:
    void drawPreview();
    void browse();
    void updateSummary();
    void applyPreset(int index);
    void matchPreset(); ///< shows the preset the size and dpi are, or Custom

    QLineEdit* m_path = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QSpinBox* m_dpi = nullptr;
    QLabel* m_summary = nullptr;
    QComboBox* m_preset = nullptr;
    QLineEdit* m_title = nullptr;
    ExportOptions m_presetOptions; ///< the font scale and pixel scale of the chosen preset
    QLabel* m_preview = nullptr;
    QLabel* m_previewNote = nullptr;
    QTimer* m_redraw = nullptr; ///< a moment after the last change, the preview is drawn again
    PlotSpec m_spec;
    PlotStyle m_style;
    std::function<std::string(const std::string&)> m_titleOf;
    QImage m_previewImage;
};

} // namespace roofline::ui
