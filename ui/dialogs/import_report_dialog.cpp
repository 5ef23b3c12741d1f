// SPDX-License-Identifier: MIT
#include "ui/dialogs/import_report_dialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace roofline::ui {

QString ImportReportDialog::reportText(const KernelImport& result)
{
    QString text;
    for (const auto& e : result.rejected)
        text += QString::fromStdString(e.toString()) + QLatin1Char('\n');
    for (const auto& w : result.warnings)
        text += QStringLiteral("note: ") + QString::fromStdString(w) + QLatin1Char('\n');
    return text;
}

ImportReportDialog::ImportReportDialog(const QString& file, const KernelImport& result, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Import Report"));
    auto* layout = new QVBoxLayout(this);
    const int good = static_cast<int>(result.kernels.size());
    const int bad = static_cast<int>(result.rejected.size());
    auto* summary = new QLabel(tr("<b>%1</b>: %2 kernel(s) can be imported; %3 row(s) were rejected and will not be.")
                                   .arg(QFileInfo(file).fileName().toHtmlEscaped())
                                   .arg(good)
                                   .arg(bad),
        this);
    summary->setWordWrap(true);
    layout->addWidget(summary);
    auto* list = new QPlainTextEdit(reportText(result), this);
    list->setObjectName(QStringLiteral("importReport"));
    list->setReadOnly(true);
    list->setLineWrapMode(QPlainTextEdit::NoWrap);
    list->setMinimumSize(620, 220);
    layout->addWidget(list);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton* import = buttons->addButton(tr("Import %n Kernel(s)", nullptr, good), QDialogButtonBox::AcceptRole);
    import->setToolTip(tr("Import the rows that could be read; the rejected ones are left out"));
    buttons->button(QDialogButtonBox::Cancel)->setToolTip(tr("Import nothing"));
    import->setEnabled(good > 0);
    import->setDefault(good > 0);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

} // namespace roofline::ui
