// SPDX-License-Identifier: MIT
#include "ui/dialogs/import_report_dialog.h"

#include "core/model/units.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace roofline::ui {

namespace {
constexpr int kFlopsColumn = 3;

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}
} // namespace

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
    , m_unknown(result.flopsUnknown)
    , m_good(static_cast<int>(result.kernels.size()))
{
    setWindowTitle(tr("Import Report"));
    auto* layout = new QVBoxLayout(this);
    const int bad = static_cast<int>(result.rejected.size());
    QString said = tr("<b>%1</b>: %2 kernel(s) can be imported; %3 row(s) were rejected and will not be.")
                       .arg(QFileInfo(file).fileName().toHtmlEscaped())
                       .arg(m_good)
                       .arg(bad);
    if (!m_unknown.empty())
        said += QLatin1Char(' ')
            + tr("%n kernel(s) have bytes but no FLOP counter in this export: type the FLOPs of those you know "
                 "(your own count, e.g. 2.1 GFLOP) to place them too.",
                nullptr, static_cast<int>(m_unknown.size()));
    auto* summary = new QLabel(said, this);
    summary->setWordWrap(true);
    layout->addWidget(summary);
    auto* list = new QPlainTextEdit(reportText(result), this);
    list->setObjectName(QStringLiteral("importReport"));
    list->setReadOnly(true);
    list->setLineWrapMode(m_unknown.empty() ? QPlainTextEdit::NoWrap : QPlainTextEdit::WidgetWidth);
    list->setMinimumSize(620, m_unknown.empty() ? 220 : 120);
    layout->addWidget(list);
    if (!m_unknown.empty())
        layout->addWidget(createFlopsTable());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_import = buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    m_import->setObjectName(QStringLiteral("importButton"));
    m_import->setToolTip(tr("Import the rows that could be read and the kernels whose FLOPs you typed"));
    buttons->button(QDialogButtonBox::Cancel)->setToolTip(tr("Import nothing"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    checkTypedFlops();
}

QTableWidget* ImportReportDialog::createFlopsTable()
{
    m_flops = new QTableWidget(static_cast<int>(m_unknown.size()), 4, this);
    m_flops->setObjectName(QStringLiteral("flopsToType"));
    m_flops->setToolTip(tr("Type a kernel's FLOPs (e.g. 2.1 GFLOP or 2.1e9) to import it with the bytes and time "
                           "the profiler measured"));
    m_flops->setHorizontalHeaderLabels({tr("Kernel"), tr("Bytes"), tr("Time"), tr("FLOPs (type)")});
    m_flops->verticalHeader()->hide();
    m_flops->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int row = 0; row < static_cast<int>(m_unknown.size()); ++row) {
        const FlopsUnknown& k = m_unknown[static_cast<size_t>(row)];
        const QString cells[3] = {qs(k.name), qs(formatQuantity(k.bytes, Dimension::Bytes)),
            k.time ? qs(formatQuantity(*k.time, Dimension::Time)) : tr("unknown")};
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            item->setToolTip(
                c == 0 ? tr("%1, line %2, %n launch(es)", nullptr, k.launches).arg(cells[0]).arg(k.line) : QString());
            m_flops->setItem(row, c, item);
        }
        m_flops->setItem(row, kFlopsColumn, new QTableWidgetItem());
    }
    m_flops->setMinimumHeight(120);
    connect(m_flops, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == kFlopsColumn)
            checkTypedFlops();
    });
    return m_flops;
}

void ImportReportDialog::checkTypedFlops()
{
    const int typed = static_cast<int>(typedKernels().size());
    if (m_flops) {
        const QSignalBlocker quiet(m_flops); // marking a cell is not an edit
        for (int row = 0; row < m_flops->rowCount(); ++row) {
            QTableWidgetItem* cell = m_flops->item(row, kFlopsColumn);
            const QString text = cell->text().trimmed();
            const auto flops = parseQuantity(text.toStdString(), Dimension::Flops);
            const bool wrong = !text.isEmpty() && !flops.ok();
            cell->setToolTip(wrong ? qs(flops.error().message) : QString());
            cell->setForeground(wrong ? QBrush(Qt::red) : QBrush());
        }
    }
    const int n = m_good + typed;
    m_import->setText(tr("Import %n Kernel(s)", nullptr, n));
    m_import->setEnabled(n > 0);
    m_import->setDefault(n > 0);
}

std::vector<Kernel> ImportReportDialog::typedKernels() const
{
    std::vector<Kernel> out;
    for (int row = 0; m_flops && row < m_flops->rowCount(); ++row) {
        const auto flops
            = parseQuantity(m_flops->item(row, kFlopsColumn)->text().trimmed().toStdString(), Dimension::Flops);
        if (!flops.ok())
            continue;
        const FlopsUnknown& u = m_unknown[static_cast<size_t>(row)];
        Kernel k;
        k.name = u.name;
        k.flops = flops.value();
        k.bytes = u.bytes;
        k.time = u.time;
        k.launches = u.launches;
        out.push_back(std::move(k));
    }
    return out;
}

} // namespace roofline::ui
