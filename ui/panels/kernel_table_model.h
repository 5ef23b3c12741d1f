// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>

#include <vector>

namespace roofline::ui {

class SessionDocument;

/// The kernels of the document with their placement, one row each. The input columns are
/// editable (values with units); every edit goes to the document's undo stack.
///
/// The model sorts itself (`sort`, which a view calls when its header is clicked): unsorted, row r
/// is kernel r and the model keeps nothing per row; sorted, it keeps the order and its inverse
/// (8 bytes a row) and sorts again after every change, as the kernels' figures move with the
/// precision or the hardware. The name and group columns sort by their text, the others by
/// their numbers (a missing figure first).
class KernelTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Flops,
        Bytes,
        Time,
        Achieved,
        Precision,
        Group,
        Intensity,
        Regime,
        Roof,
        Headroom,
        Mfu,
        TimeShare,
        Gain,
        ColumnCount
    };

    explicit KernelTableModel(SessionDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    /// Sorts the rows by a column (stable: ties keep the document's order); column -1 gives the
    /// document's order back.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    /// The kernel (document index) a row shows, and the row showing a kernel.
    int kernelAt(int row) const { return m_order.empty() ? row : m_order[static_cast<size_t>(row)]; }
    int rowOf(int kernel) const { return m_rowOf.empty() ? kernel : m_rowOf[static_cast<size_t>(kernel)]; }
    int sortColumn() const { return m_sortColumn; }

signals:
    /// A cell edit that could not be read ("FLOPs: 'abc' is not a number ...").
    void editRejected(const QString& message);

private:
    void reset();
    /// The order the current sort gives (empty when unsorted), and its inverse.
    void computeOrder();
    /// The number a column sorts kernel by (the name and group sort by their text).
    double numericSortKey(int kernel, int column) const;
    /// The name the Name column shows: the figure's distinct name ("softmax<…Half…>" and
    /// "softmax<…float…>", not two "softmax<…>"), kept until the names change.
    const std::string& shownName(int kernel) const;
    SessionDocument* m_doc;
    int m_rows = 0;
    quint64 m_revision = 0; ///< the document's kernelsRevision() the rows were counted at
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    std::vector<int> m_order; ///< row -> kernel; empty in the document's order
    std::vector<int> m_rowOf; ///< kernel -> row; empty in the document's order
    mutable std::vector<std::string> m_fullNames, m_shownNames; ///< shownName's: the names it was made from
    mutable quint64 m_namesRevision = ~quint64(0);
};

} // namespace roofline::ui
