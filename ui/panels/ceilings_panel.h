// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace roofline::ui {

class SessionDocument;

/// Which roofs are drawn: achievable (with its fraction), the part's other precisions, inner
/// memory levels, the link roof, and up to two other accelerators or one other precision
/// overlaid for comparison. Every change is an undoable view edit.
class CeilingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit CeilingsPanel(SessionDocument* document, QWidget* parent = nullptr);

    QCheckBox* otherPrecisionsBox() const { return m_other; }
    QComboBox* compareCombo(int i) const { return m_compare[i]; }
    QComboBox* comparePrecisionCombo() const { return m_comparePrecision; }

private:
    void refresh();
    void apply(const QString& what);

    SessionDocument* m_doc;
    QCheckBox* m_achievable;
    QDoubleSpinBox* m_fraction;
    QCheckBox* m_other;
    QCheckBox* m_levels;
    QCheckBox* m_link;
    QComboBox* m_compare[2];
    QComboBox* m_comparePrecision;
    bool m_updating = false;
};

} // namespace roofline::ui
