// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QWidget>

#include <vector>

class QAction;
class QLabel;
class QTableView;

namespace roofline::ui {

class KernelTableModel;
class SessionDocument;

/// The kernels table: add / duplicate / delete / import (the window's actions), edit in place,
/// sort by any column. Tells which kernel is current; can be told to select one.
class KernelsPanel : public QWidget {
    Q_OBJECT
public:
    KernelsPanel(SessionDocument* document, const QList<QAction*>& toolbarActions, QWidget* parent = nullptr);

    /// Source rows (document indices) of the selected kernels.
    std::vector<int> selectedKernels() const;
    int currentKernel() const;
    KernelTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

public slots:
    void selectKernel(int index);

signals:
    void currentKernelChanged(int index);
    void message(const QString& text);

private:
    /// The columns fitted to their text, the regime column to every regime's name.
    void fitColumns();
    void emitCurrent();

    KernelTableModel* m_model;
    QTableView* m_view;
    QLabel* m_summary;
    int m_keep = -1;
    int m_fittedRows = -1; ///< rows when the columns were last fitted
};

} // namespace roofline::ui
