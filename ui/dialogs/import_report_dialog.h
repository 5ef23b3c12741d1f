// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/kernel_io.h"

#include <QDialog>

namespace roofline::ui {

/// Shown when an import has rejected rows (or warnings): N kernels can be imported, every bad
/// row with its line and reason; the good rows are imported only if the user agrees.
class ImportReportDialog : public QDialog {
    Q_OBJECT
public:
    ImportReportDialog(const QString& file, const KernelImport& result, QWidget* parent = nullptr);
    /// The report as plain text (also what the dialog shows).
    static QString reportText(const KernelImport& result);
};

} // namespace roofline::ui
