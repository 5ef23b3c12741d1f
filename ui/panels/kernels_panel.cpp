// SPDX-License-Identifier: MIT
#include "ui/panels/kernels_panel.h"

#include "core/model/units.h"
#include "ui/document/session_document.h"
#include "ui/panels/kernel_table_model.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace roofline::ui {

namespace {
/// Draws a cell's text cut in the middle to its width.
class MiddleElidingDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (option->rect.width() <= 0) // measuring the column, not drawing it
            return;
        const int margin = option->widget ? option->widget->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 1 : 3;
        option->text = option->fontMetrics.elidedText(option->text, Qt::ElideMiddle, option->rect.width() - 2 * margin);
    }
};
} // namespace

KernelsPanel::KernelsPanel(SessionDocument* document, const QList<QAction*>& toolbarActions, QWidget* parent)
    : QWidget(parent)
    , m_model(new KernelTableModel(document, this))
    , m_view(new QTableView(this))
    , m_summary(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addActions(toolbarActions);
    bar->addSeparator();
    m_summary->setObjectName(QStringLiteral("kernelSummary"));
    bar->addWidget(m_summary);
    layout->addWidget(bar);

    // The model sorts itself when a header is clicked, and again after each change while sorted.
    // A sort proxy kept two row maps of 10^5-10^6 rows even unsorted, and announced a toggle's
    // changed cells row by row through them (docs/performance.md).
    m_view->setObjectName(QStringLiteral("kernelsTable"));
    m_view->setModel(m_model);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // document order until the user sorts
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->setDefaultSectionSize(22);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setToolTip(tr("Double-click a cell to edit; values take units (140 GFLOP, 70 GB, 20.9 ms). "
                          "Click a header to sort."));
    layout->addWidget(m_view);
    m_view->horizontalHeader()->setResizeContentsPrecision(64);
    // A long name or group (an LLM-Viewer run's title) is elided, not a column wider than the
    // window; the cell's tooltip and a drag of the header show the rest.
    m_view->horizontalHeader()->setMaximumSectionSize(360);
    // Names elided in the middle: kernels of one template differ at the end ("…> [float]",
    // "[Half]"). Qt's own elision cut them at the right whatever the mode, so the delegate does.
    m_view->setItemDelegateForColumn(KernelTableModel::Name, new MiddleElidingDelegate(m_view));
    fitColumns();

    auto updateSummary = [this, document]() {
        const auto& a = document->analysis();
        const RegimeCounts counts = a ? a->counts : RegimeCounts {};
        const auto memory = static_cast<qulonglong>(counts.memoryBound);
        const auto compute = static_cast<qulonglong>(counts.computeBound);
        const auto ridge = static_cast<qulonglong>(counts.atRidge);
        const auto above = static_cast<qulonglong>(counts.aboveRoof);
        QString text = tr("%n kernel(s)", nullptr, m_model->rowCount());
        if (m_model->rowCount() > 0)
            text += tr(": %1 memory-bound, %2 compute-bound").arg(memory).arg(compute);
        if (ridge)
            text += tr(", %1 at the ridge").arg(ridge);
        if (counts.latencyBound > 0 && a) {
            const double total = a->summary.totalTime;
            text += tr(", %1 latency-bound").arg(static_cast<qulonglong>(counts.latencyBound));
            if (total > 0)
                text += tr(" (%1% of the time: fuse, use CUDA graphs)")
                            .arg(QString::fromStdString(formatNumber(a->summary.latencyBoundTime / total * 100.0, 3)));
        }
        if (above)
            text += tr(", <b style='color:#d62728'>%1 above the roof</b>").arg(above);
        m_summary->setText(text);
    };
    connect(document, &SessionDocument::changed, this, updateSummary);
    updateSummary();
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &KernelsPanel::emitCurrent);
    connect(m_model, &KernelTableModel::editRejected, this, &KernelsPanel::message);
    // A reset (any edit) clears the view's selection: keep the current kernel selected.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this]() { m_keep = currentKernel(); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this]() {
        if (m_keep >= 0 && m_keep < m_model->rowCount()) {
            const QSignalBlocker block(m_view->selectionModel());
            selectKernel(m_keep);
        }
        // Fit the columns to their text when rows come or go (not on every change: a toggle
        // keeps the widths), measuring a sample of rows, not all of them.
        if (m_model->rowCount() != m_fittedRows) {
            m_fittedRows = m_model->rowCount();
            fitColumns();
        }
        emitCurrent();
    });
}

void KernelsPanel::fitColumns()
{
    m_view->resizeColumnsToContents();
    // The sample of rows measured may hold no compute-bound kernel, and a toggle flips regimes
    // without a refit: the regime column holds the widest regime's name whatever it measured.
    const QFontMetrics fm(m_view->font());
    int widest = 0;
    for (Regime r : {Regime::MemoryBound, Regime::ComputeBound, Regime::AtRidge, Regime::LatencyBound})
        widest = std::max(
            widest, fm.horizontalAdvance(QString::fromStdString(regimeName(r)) + QStringLiteral(" (above roof!)")));
    const int column = KernelTableModel::Regime;
    m_view->setColumnWidth(column, std::max(m_view->columnWidth(column), widest + 16));
}

std::vector<int> KernelsPanel::selectedKernels() const
{
    std::vector<int> rows;
    for (const QModelIndex& i : m_view->selectionModel()->selectedRows())
        rows.push_back(m_model->kernelAt(i.row()));
    return rows;
}

int KernelsPanel::currentKernel() const
{
    const QModelIndex i = m_view->selectionModel()->currentIndex();
    return i.isValid() ? m_model->kernelAt(i.row()) : -1;
}

void KernelsPanel::selectKernel(int index)
{
    if (index < 0 || index >= m_model->rowCount()) {
        m_view->clearSelection();
        return;
    }
    const QModelIndex row = m_model->index(m_model->rowOf(index), 0);
    if (m_view->selectionModel()->currentIndex().row() == row.row()
        && m_view->selectionModel()->isRowSelected(row.row(), {}))
        return;
    m_view->selectionModel()->setCurrentIndex(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(row);
}

void KernelsPanel::emitCurrent()
{
    emit currentKernelChanged(currentKernel());
}

} // namespace roofline::ui
