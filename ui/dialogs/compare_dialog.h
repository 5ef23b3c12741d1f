// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/compare.h"

#include <QDialog>

#include <vector>

class QCustomPlot;
class QPlainTextEdit;

namespace roofline::ui {

/// The two runs a comparison was made of, for its HTML report: the kernels and where they came
/// from (paths; empty for a session never saved).
struct ComparedRuns {
    std::vector<Kernel> before, after;
    QString beforePath, afterPath;
};

/// File > Compare With...: the baseline run against this session, kernel by kernel: the
/// comparison table, the figure (each kernel an arrow from before to after), Export Figure and
/// Export Report (the HTML page `roofline report BEFORE AFTER` writes).
class CompareDialog : public QDialog {
    Q_OBJECT
public:
    CompareDialog(const HardwareProfile& profile, const Comparison& comparison, const ComparedRuns& runs,
        QWidget* parent = nullptr);
    QString reportText() const;
    QCustomPlot* plot() const { return m_plot; }
    /// Writes the two runs' HTML report; an error message or "".
    QString exportReportTo(const QString& path) const;

private:
    void exportFigure();
    void exportReport();

    Comparison m_comparison;
    ComparedRuns m_runs;
    const HardwareProfile& m_profile;
    QPlainTextEdit* m_report = nullptr;
    QCustomPlot* m_plot = nullptr;
};

} // namespace roofline::ui
