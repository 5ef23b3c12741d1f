// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>

namespace roofline::ui {

class SessionDocument;

/// The kernels of the document with their placement, one row each. The input columns are
/// editable (values with units); every edit goes to the document's undo stack. Sorting uses
/// Qt::UserRole, which holds plain numbers.
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
    static constexpr int SortRole = Qt::UserRole;

    explicit KernelTableModel(SessionDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

signals:
    /// A cell edit that could not be read ("FLOPs: 'abc' is not a number ...").
    void editRejected(const QString& message);

private:
    void reset();
    SessionDocument* m_doc;
    int m_rows = 0;
    quint64 m_revision = 0; ///< the document's kernelsRevision() the rows were counted at
};

} // namespace roofline::ui
