// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/kernel_io.h"
#include "core/io/profile_catalog.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QWidget;

namespace roofline::ui {

class CompareDialog;
class RooflinePlotWidget;
class SessionDocument;
class Settings;

/// What the File menu and a drop onto the window do: open sessions, import kernels (with the
/// import report; a profiler's launches grouped into kernels unless Settings says not), save, export figures and
/// tables, and keep profiles, model presets and measured ceilings in the user's folders. Every file it writes goes
/// through writeFileAtomically. Errors come back as messages ("" when none); dialogs are parented to `window`.
class FileActions : public QObject {
    Q_OBJECT
public:
    FileActions(QWidget* window, SessionDocument* document, const RooflinePlotWidget* plot, Settings* settings);
    ~FileActions() override;

    /// Opens a session or takes any other file by its content (detectFileKind). `ask` shows the
    /// import report when rows were rejected; without it they are reported and the rest imported.
    QString openFile(const QString& path, bool ask = true);
    QString importKernels(const QString& path, bool ask);
    /// likwid-perfctr outputs of one program (a FLOPS_DP run, a MEM run ...) imported as one run.
    QString importLikwidRun(const QStringList& paths, bool ask);
    /// The Import Kernels dialog's file types: kernel files and profilers' exports (.txt too).
    static QString kernelFileFilter();
    /// Saves the session with the zoom the window shows.
    QString saveTo(const QString& path);
    /// Writes the plot as the window shows it.
    QString exportTo(const QString& path);
    /// Writes the session's HTML report: every precision's figure, the table, the provenance
    /// (report_action.cpp).
    QString exportReportTo(const QString& path);
    QString openExample();
    /// Writes a profile to the user's profile folder and announces it (profileSaved).
    QString saveUserProfile(const HardwareProfile& profile);
    /// Asks to save unsaved changes; false when the user cancels.
    bool maybeSave();
    /// Each local file opened by its content (a session replaces the session after asking to save).
    void openDropped(const QList<QUrl>& urls);

    // The menu's commands (they ask for file names and report failures in a message box).
    void newSession();
    void openDialog();
    /// File > Open Model Config: a Hugging Face config.json (or a preset) into the LLM panel.
    void openModelConfigDialog();
    /// File > Compare With: a baseline run (file) against this session, in a CompareDialog.
    void compareWithDialog();
    /// The same for `path`; `show`: run the dialog (tests leave it to lastComparison()).
    QString compareWith(const QString& path, bool show);
    CompareDialog* lastComparison() const { return m_lastComparison.get(); }
    void importDialog();
    bool saveSession();
    bool saveSessionAs();
    void exportFigureDialog();
    /// Asks for the figure's title ({hardware} and {precision} follow the view; empty: the
    /// generated one) and sets it as one undo step.
    void editTitle();
    void exportTableDialog();
    /// File > Export Report: asks for an .html file and writes exportReportTo there.
    void exportReportDialog();
    void editProfile(bool asNew);
    void importCeilingsDialog();
    /// Tools > Measure This Machine: measured, saved to the profile folder and selected, with
    /// the datasheet profile of the same part drawn beside it when one is shipped.
    void measureMachine(double seconds = 20.0);

signals:
    /// A line for the status bar, shown for `ms` milliseconds.
    void message(const QString& text, int ms);
    /// Kernels were added from a file; `first` is the first one's index.
    void kernelsImported(int first);
    /// A profile was saved to the user's folder: add it to the catalog and select it.
    void profileSaved(const HardwareProfile& profile);
    void recentFilesChanged();

private:
    QString takeModelPreset(const QString& path, const std::string& text);
    QString takeHardwareProfile(const QString& path, const std::string& text);
    QString takeCeilings(const QString& path, const std::string& text, bool ask);
    /// Puts an import's kernels into the session as one undo step (switching to the device the
    /// export names, asked first when `ask`); the error, or empty. `name` is for the messages.
    QString takeImport(Result<KernelImport> result, const QString& path, const QString& name, bool ask);
    /// Imports the likwid-perfctr outputs among `paths` as one run when there are several;
    /// returns the paths left to open one by one.
    QStringList withoutLikwidRun(const QStringList& paths);
    /// The profile of the device a profiler export names, to switch to (asked first when `ask`),
    /// or nullptr; `note` says what is switched from what, or what was kept.
    const HardwareProfile* importedDevice(const KernelImport& imported, bool ask, QString& note) const;
    void warn(const QString& title, const QString& error) const;

    QWidget* m_window;
    SessionDocument* m_document;
    const RooflinePlotWidget* m_plot;
    Settings* m_settings;
    /// A run's kernels: a session's, or a kernel file's or profiler export's as imported.
    std::optional<std::vector<Kernel>> loadRun(const QString& path, QString& error);
    std::unique_ptr<CompareDialog> m_lastComparison;
};

} // namespace roofline::ui
