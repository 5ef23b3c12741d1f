// SPDX-License-Identifier: MIT
#pragma once

#include "ui/plot/figure_export.h"

#include <QDialog>

class QLineEdit;
class QSpinBox;
class QLabel;

namespace roofline::ui {

/// File > Export: where, which format (by suffix), size and DPI.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(const QString& path, const ExportOptions& options, QWidget* parent = nullptr);

    QString path() const;
    ExportOptions options() const;

private:
    void browse();
    void updateSummary();

    QLineEdit* m_path = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QSpinBox* m_dpi = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace roofline::ui
