// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/hardware.h"

#include <QDialog>

#include <optional>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace roofline::ui {

/// Create, duplicate or edit a hardware profile: values with units, validated as typed.
/// The result is a profile that reads back from its own YAML.
class ProfileEditor : public QDialog {
    Q_OBJECT
public:
    ProfileEditor(const HardwareProfile& start, QWidget* parent = nullptr);

    /// The edited profile, or why it is not valid yet (also shown in the dialog).
    std::optional<HardwareProfile> profile(QString* error = nullptr) const;

    QLineEdit* idEdit() const { return m_id; }
    QTableWidget* peaksTable() const { return m_peaks; }
    QTableWidget* memoryTable() const { return m_memory; }
    QLabel* messageLabel() const { return m_message; }

private:
    void validate();

    QLineEdit* m_id;
    QLineEdit* m_name;
    QLineEdit* m_vendor;
    QDoubleSpinBox* m_achievable;
    QTableWidget* m_peaks;
    QTableWidget* m_memory;
    QLineEdit* m_linkName;
    QLineEdit* m_linkBandwidth;
    QPlainTextEdit* m_sources;
    QLabel* m_message;
    QPushButton* m_save;
    HardwareProfile m_start;
};

} // namespace roofline::ui
