// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/compare.h"

#include <QDialog>

class QCustomPlot;
class QPlainTextEdit;

namespace roofline::ui {

/// File > Compare With...: the baseline run against this session, kernel by kernel: the
/// comparison table, the figure (each kernel an arrow from before to after) and Export Figure.
class CompareDialog : public QDialog {
    Q_OBJECT
public:
    CompareDialog(
        const HardwareProfile& profile, const Comparison& comparison, const QString& before, QWidget* parent = nullptr);
    QString reportText() const;
    QCustomPlot* plot() const { return m_plot; }

private:
    void exportFigure();

    Comparison m_comparison;
    const HardwareProfile& m_profile;
    QPlainTextEdit* m_report = nullptr;
    QCustomPlot* m_plot = nullptr;
};

} // namespace roofline::ui
