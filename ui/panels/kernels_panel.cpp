// SPDX-License-Identifier: MIT
#include "ui/panels/kernels_panel.h"

#include "ui/document/session_document.h"
#include "ui/panels/kernel_table_model.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace roofline::ui {

KernelsPanel::KernelsPanel(SessionDocument* document, const QList<QAction*>& toolbarActions, QWidget* parent)
    : QWidget(parent)
    , m_model(new KernelTableModel(document, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_summary(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addActions(toolbarActions);
    bar->addSeparator();
    bar->addWidget(m_summary);
    layout->addWidget(bar);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(KernelTableModel::SortRole);
    m_view->setObjectName(QStringLiteral("kernelsTable"));
    m_view->setModel(m_proxy);
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
    m_view->resizeColumnsToContents();

    auto updateSummary = [this, document]() {
        const auto& a = document->analysis();
        int memory = 0, compute = 0, ridge = 0, above = 0;
        if (a)
            for (const auto& p : a->placements) {
                memory += p.regime == Regime::MemoryBound;
                compute += p.regime == Regime::ComputeBound;
                ridge += p.regime == Regime::AtRidge;
                above += p.aboveRoof;
            }
        QString text = tr("%n kernel(s)", nullptr, m_model->rowCount());
        if (m_model->rowCount() > 0)
            text += tr(": %1 memory-bound, %2 compute-bound").arg(memory).arg(compute);
        if (ridge)
            text += tr(", %1 at the ridge").arg(ridge);
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
            m_view->resizeColumnsToContents();
        }
        emitCurrent();
    });
}

std::vector<int> KernelsPanel::selectedKernels() const
{
    std::vector<int> rows;
    for (const QModelIndex& i : m_view->selectionModel()->selectedRows())
        rows.push_back(m_proxy->mapToSource(i).row());
    return rows;
}

int KernelsPanel::currentKernel() const
{
    const QModelIndex i = m_view->selectionModel()->currentIndex();
    return i.isValid() ? m_proxy->mapToSource(i).row() : -1;
}

void KernelsPanel::selectKernel(int index)
{
    if (index < 0 || index >= m_model->rowCount()) {
        m_view->clearSelection();
        return;
    }
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(index, 0));
    if (m_view->selectionModel()->currentIndex().row() == proxyIndex.row()
        && m_view->selectionModel()->isRowSelected(proxyIndex.row(), {}))
        return;
    m_view->selectionModel()->setCurrentIndex(
        proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(proxyIndex);
}

void KernelsPanel::emitCurrent()
{
    emit currentKernelChanged(currentKernel());
}

} // namespace roofline::ui
