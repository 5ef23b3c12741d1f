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
class QMenu;

namespace roofline::ui {

class CeilingsPanel;
class DetailsPanel;
class GuideWindow;
class HardwarePanel;
class KernelsPanel;
class LlmPanel;
class RooflinePlotWidget;
class SessionDocument;
class Settings;

/// Composes the panels around the plot and owns the actions; the analysis lives in core and
/// the document.
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
    QAction* toggleAction() const { return m_toggle; }
    QAction* placeAction() const { return m_place; }

    /// Writes the plot as the window shows it; returns an error message or an empty string.
    QString exportTo(const QString& path);
    /// Opens a session or imports a kernel file, by content. `ask` shows the import report
    /// when rows were rejected; without it rejected rows are reported and the rest imported.
    /// Returns an error message or an empty string.
    QString openFile(const QString& path, bool ask = true);
    /// Saves the session with the zoom the window shows; returns an error message or "".
    QString saveTo(const QString& path);
    /// Opens the lesson's example session (the first start does this).
    QString openExample();
    /// Where unsaved work is kept every minute: <AppDataLocation>/autosave.roofline.yaml.
    static QString autosavePath();
    /// Writes the session there if it has unsaved changes (the timer calls this every minute);
    /// removes it when there is nothing unsaved. Returns whether a file was written.
    bool autosave();
    /// Opens the autosaved session (unsaved, under its original file name); false if none.
    bool recoverAutosave();
    /// Adds a profile (imported ceilings) to the window's catalog and selects it.
    void addProfile(const HardwareProfile& profile);
    /// Asks to save unsaved changes; false when the user cancels.
    bool maybeSave();
    /// What a drop onto the window does: each local file is opened by its content (a session
    /// replaces the session after asking to save; kernels are imported; a profile, model preset
    /// or ceilings file is added).
    void openDroppedFiles(const QList<QUrl>& urls);
    /// Help > Reading a Roofline (F1): the guide, in its own window.
    GuideWindow* showGuide();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void importCeilingsDialog();
    void editProfile(bool asNew);
    /// Writes a profile to the user's profile folder and adds it; an error message or "".
    QString saveUserProfile(const HardwareProfile& profile);
    void refresh();
    void updateTitle();
    void updateRecentMenu();
    void newSession();
    void openDialog();
    bool saveSession();
    bool saveSessionAs();
    void importDialog();
    QString importKernels(const QString& path, bool ask);
    /// A dropped or opened hardware profile, model preset or ceilings file (at most 1 MB, all of
    /// it in `text`): an error message, "" when it was taken, nullopt when the file is none of
    /// these (then it is kernels).
    std::optional<QString> openOtherFile(const QString& path, const std::string& text);
    void exportFigureDialog();
    void exportTableDialog();
    void deleteSelected();

    ProfileCatalog m_catalog;
    SessionDocument* m_document = nullptr;
    RooflinePlotWidget* m_plot = nullptr;
    GuideWindow* m_guide = nullptr;
    HardwarePanel* m_hardware = nullptr;
    KernelsPanel* m_kernels = nullptr;
    DetailsPanel* m_details = nullptr;
    LlmPanel* m_llm = nullptr;
    CeilingsPanel* m_ceilings = nullptr;
    Settings* m_settings = nullptr;
    QAction* m_toggle = nullptr;
    QAction* m_place = nullptr;
    QAction* m_labels = nullptr;
    QAction* m_sizeByTime = nullptr;
    QAction* m_achievable = nullptr;
    QMenu* m_recentMenu = nullptr;
    std::vector<Regime> m_lastRegimes; ///< each kernel's regime before, to tell which flipped
    quint64 m_lastRevision = ~quint64(0); ///< the document's kernelsRevision() at m_lastRegimes
    std::string m_lastKey;
};

} // namespace roofline::ui
