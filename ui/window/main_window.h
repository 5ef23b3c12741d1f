// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/roofline.h"
#include "core/analysis/session_analysis.h"
#include "core/common/result.h"
#include "core/io/profile_catalog.h"

#include <QList>
#include <QMainWindow>
#include <QUrl>

#include <memory>
#include <optional>
#include <string>

#include <vector>

class QAction;
class QDockWidget;
class QKeySequence;
class QMenu;

namespace roofline::ui {

class Autosave;
class CeilingsPanel;
class FileActions;
class DetailsPanel;
class GuideWindow;
class HardwarePanel;
class KernelsPanel;
class LlmPanel;
class RooflinePlotWidget;
class SessionDocument;
class Settings;

/// Composes the panels around the plot and owns the actions; the analysis lives in core and
/// the document, what the File menu does in FileActions, unsaved work in Autosave.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// The window keeps its own copy of `catalog` (measured ceilings can be added to it).
    /// `loadErrors` are shown once in the status bar.
    MainWindow(const ProfileCatalog& catalog, const std::vector<Error>& loadErrors, QWidget* parent = nullptr);
    ~MainWindow() override;

    SessionDocument* document() const { return m_document; }
    RooflinePlotWidget* plotWidget() const { return m_plot; }
    HardwarePanel* hardwarePanel() const { return m_hardware; }
    KernelsPanel* kernelsPanel() const { return m_kernels; }
    DetailsPanel* detailsPanel() const { return m_details; }
    LlmPanel* llmPanel() const { return m_llm; }
    CeilingsPanel* ceilingsPanel() const { return m_ceilings; }
    FileActions* files() const { return m_files; }
    Autosave* autosave() const { return m_autosave; }
    QAction* toggleAction() const { return m_toggle; }
    QAction* placeAction() const { return m_place; }

    // What FileActions does, for the application and tests: an error message or "".
    QString exportTo(const QString& path);
    QString exportReportTo(const QString& path);
    QString openFile(const QString& path, bool ask = true);
    QString saveTo(const QString& path);
    QString openExample();
    /// At a start without a file: the session open at the last close, when File > Reopen Last
    /// Session at Start is on and it still exists. The error, or empty (also when there was none).
    QString reopenLastSession();
    bool maybeSave();
    void openDroppedFiles(const QList<QUrl>& urls);
    /// Adds a profile (imported ceilings, an edited profile) to the window's catalog and selects it.
    void addProfile(const HardwareProfile& profile);
    /// Help > Reading a Roofline (F1): the guide, in its own window.
    GuideWindow* showGuide();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    QDockWidget* addDock(QWidget* panel, const QString& title, const char* name, Qt::DockWidgetArea area);
    void createDocks();
    /// Splits the left column's height between the Hardware dock and the tab `raised` (Details,
    /// LLM Workload or Ceilings) so that the raised panel shows whole where the screen allows.
    void fitLeftDocks(QDockWidget* raised);
    /// Shows `text` in the status bar for `ms` (0: until replaced), cut to the window's width.
    void say(const QString& text, int ms = 0);
    void connectPanels();
    void restoreLastSelection();
    template <typename Slot>
    QAction* addMenuAction(
        QMenu* menu, const QString& text, const char* name, const QKeySequence& key, const QString& tip, Slot&& slot);
    void createActions();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createToolsMenu();
    void createHelpMenu();
    void refresh();
    void updateTitle();
    void updateRecentMenu();

    ProfileCatalog m_catalog;
    SessionDocument* m_document = nullptr;
    RooflinePlotWidget* m_plot = nullptr;
    GuideWindow* m_guide = nullptr;
    HardwarePanel* m_hardware = nullptr;
    KernelsPanel* m_kernels = nullptr;
    DetailsPanel* m_details = nullptr;
    LlmPanel* m_llm = nullptr;
    QDockWidget* m_hardwareDock = nullptr;
    CeilingsPanel* m_ceilings = nullptr;
    Settings* m_settings = nullptr;
    FileActions* m_files = nullptr;
    Autosave* m_autosave = nullptr;
    QAction* m_toggle = nullptr;
    QAction* m_place = nullptr;
    QAction* m_labels = nullptr;
    QAction* m_sizeByTime = nullptr;
    QAction* m_achievable = nullptr;
    QAction* m_fitAxes = nullptr;
    QMenu* m_recentMenu = nullptr;
    std::vector<Regime> m_lastRegimes; ///< each kernel's regime before, to tell which flipped
    quint64 m_lastRevision = ~quint64(0); ///< the document's kernelsRevision() at m_lastRegimes
    std::string m_lastKey;
};

} // namespace roofline::ui
