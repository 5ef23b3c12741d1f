// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/result.h"
#include "core/io/profile_catalog.h"

#include <QMainWindow>

#include <vector>

class QAction;

namespace roofline::ui {

class SessionDocument;
class HardwarePanel;
class RooflinePlotWidget;
class Settings;

/// Composes the panels around the plot; owns no analysis logic.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `catalog` must outlive the window. `loadErrors` are shown once in the status bar.
    MainWindow(const ProfileCatalog& catalog, const std::vector<Error>& loadErrors, QWidget* parent = nullptr);
    ~MainWindow() override;

    SessionDocument* document() const { return m_document; }
    RooflinePlotWidget* plotWidget() const { return m_plot; }
    HardwarePanel* hardwarePanel() const { return m_hardware; }
    QAction* toggleAction() const { return m_toggle; }

    /// Writes the plot as the window shows it; returns an error message or an empty string.
    QString exportTo(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void refresh();
    void exportFigureDialog();

    SessionDocument* m_document = nullptr;
    RooflinePlotWidget* m_plot = nullptr;
    HardwarePanel* m_hardware = nullptr;
    Settings* m_settings = nullptr;
    QAction* m_toggle = nullptr;
};

} // namespace roofline::ui
