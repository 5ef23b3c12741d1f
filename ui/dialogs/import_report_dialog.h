// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/kernel_io.h"

#include <QDialog>

#include <vector>

class QPushButton;
class QTableWidget;

namespace roofline::ui {

/// Shown when an import has rejected rows (or warnings): N kernels can be imported, every bad
/// row with its line and reason; the good rows are imported only if the user agrees. Kernels the
/// export gives bytes for but no FLOP counter are listed with their bytes and time and a FLOPs
/// cell to type (the user's own count: "2.1 GFLOP", "4.2e9"); those typed are imported too.
class ImportReportDialog : public QDialog {
    Q_OBJECT
public:
    ImportReportDialog(const QString& file, const KernelImport& result, QWidget* parent = nullptr);
    /// The report as plain text (also what the dialog shows).
    static QString reportText(const KernelImport& result);
    /// The kernels whose FLOPs were typed: the export's name, bytes, time and launches.
    std::vector<Kernel> typedKernels() const;
    /// The table of kernels whose FLOPs the user may type (nullptr when there are none).
    QTableWidget* flopsTable() const { return m_flops; }

private:
    QTableWidget* createFlopsTable();
    /// Marks each typed cell as read or not, and counts the kernels the button imports.
    void checkTypedFlops();

    std::vector<FlopsUnknown> m_unknown;
    QTableWidget* m_flops = nullptr;
    QPushButton* m_import = nullptr;
    int m_good = 0;
};

} // namespace roofline::ui
