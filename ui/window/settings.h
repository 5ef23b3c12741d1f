// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/precision.h"
#include "ui/plot/figure_export.h"

#include <QSettings>
#include <QString>
#include <QStringList>

#include <optional>

namespace roofline::ui {

/// The one typed facade over QSettings: each key and its default are declared here only.
class Settings {
public:
    Settings() = default;
    /// Writes the selection remembered last (rememberSelection).
    ~Settings();
    Settings(const Settings&) = delete;
    Settings& operator=(const Settings&) = delete;

    /// The accelerator and precision the next start opens with.
    QString hardwareId() const;
    Precision precision() const;
    /// Remembers the selection shown; it is written when this facade goes (the window closes),
    /// not on every change: each write of the settings file syncs it to disk, and a precision
    /// toggle should not wait for the disk (docs/performance.md).
    void rememberSelection(const QString& hardwareId, Precision precision);

    ExportOptions exportOptions() const;
    void setExportOptions(const ExportOptions& options);
    QString lastExportPath() const;
    void setLastExportPath(const QString& path);

    /// Most recent first, at most kMaxRecentFiles, no duplicates.
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    static constexpr int kMaxRecentFiles = 10;
    /// False until the first start has shown the example session.
    bool exampleShown() const;
    void setExampleShown();

    /// Reopen the session open at the last close when the window starts without a file (default
    /// on); the session itself is lastSession(), empty when it was never saved.
    bool reopenLastSession() const;
    void setReopenLastSession(bool on);
    QString lastSession() const;
    void setLastSession(const QString& path);

    /// Animate precision / hardware changes (default on).
    bool animate() const;
    void setAnimate(bool on);

    /// A profiler's launches of one kernel (name, grid and block) imported as one kernel with
    /// its launch count (default on); off: a kernel per launch.
    bool groupLaunches() const;
    void setGroupLaunches(bool on);

    /// The folder the last file was opened from (File > Open, Import ...): the dialogs start there.
    QString lastDirectory() const;
    void setLastDirectory(const QString& folder);

    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindowLayout(const QByteArray& geometry, const QByteArray& state);

private:
    mutable QSettings m_settings;
    QString m_hardwareId; ///< the selection to write, if any
    std::optional<Precision> m_precision;
};

} // namespace roofline::ui
