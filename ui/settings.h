// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/precision.h"
#include "ui/plot/figure_export.h"

#include <QSettings>
#include <QString>
#include <QStringList>

namespace roofline::ui {

/// The one typed facade over QSettings: each key and its default are declared here only.
class Settings {
public:
    Settings() = default;

    QString hardwareId() const;
    void setHardwareId(const QString& id);
    Precision precision() const;
    void setPrecision(Precision p);

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

    /// Animate precision / hardware changes (default on).
    bool animate() const;
    void setAnimate(bool on);

    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindowLayout(const QByteArray& geometry, const QByteArray& state);

private:
    mutable QSettings m_settings;
};

} // namespace roofline::ui
