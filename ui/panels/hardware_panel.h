// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/profile_catalog.h"
#include "core/model/precision.h"

#include <QWidget>

#include <array>
#include <map>

class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;
class QVBoxLayout;

namespace roofline::ui {

/// Choose the accelerator (grouped by vendor) and the precision (one toggle per precision).
class HardwarePanel : public QWidget {
    Q_OBJECT
public:
    explicit HardwarePanel(const ProfileCatalog& catalog, QWidget* parent = nullptr);

    /// Refills the accelerator list from the catalog (a profile was added).
    void rebuild();

    /// Shows the document's state without emitting the choice signals.
    void showSelection(const HardwareProfile& profile, Precision precision);

    QComboBox* hardwareCombo() const { return m_combo; }
    QLineEdit* filterEdit() const { return m_filter; }
    QLabel* remarksLabel() const { return m_remarks; }
    QToolButton* precisionButton(Precision p) const { return m_buttons.at(p); }

signals:
    void hardwareChosen(const QString& id);
    void precisionChosen(Precision precision);

private:
    // The constructor's steps, top to bottom.
    void addAcceleratorPicker(QVBoxLayout& layout);
    void addPrecisionButtons(QVBoxLayout& layout);
    void addFigures(QVBoxLayout& layout); ///< the roof's figures, the remarks, the hint
    void connectControls();
    /// Hides the accelerators (and vendor headings) the filter text does not match.
    void applyFilter(const QString& text);
    /// The first accelerator the filter shows: chosen when the user presses Enter in it.
    void chooseFirstMatch();

    const ProfileCatalog& m_catalog;
    QLineEdit* m_filter = nullptr;
    QComboBox* m_combo = nullptr;
    QLabel* m_remarks = nullptr; ///< accumulate, sparse figure, the range public sources give
    QButtonGroup* m_group = nullptr;
    std::map<Precision, QToolButton*> m_buttons;
    static constexpr int kInfoRows = 4; ///< peak, main memory, ridge, achievable
    QWidget* m_info = nullptr;
    std::array<QLabel*, kInfoRows> m_infoNames {};
    std::array<QLabel*, kInfoRows> m_infoValues {};
    bool m_updating = false;
};

} // namespace roofline::ui
