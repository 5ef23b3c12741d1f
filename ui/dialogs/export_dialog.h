// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plot/figure_export.h"

#include <QDialog>

class QComboBox;
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

private:
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
};

} // namespace roofline::ui
