// SPDX-License-Identifier: MIT
#include "ui/window/settings.h"

#include <algorithm>

namespace roofline::ui {
namespace {
const char* kHardware = "session/hardware";
const char* kPrecision = "session/precision";
const char* kExportWidth = "export/width";
const char* kExportHeight = "export/height";
const char* kExportDpi = "export/dpi";
const char* kExportFontScale = "export/fontScale";
const char* kExportScale = "export/scale";
const char* kExportPath = "export/lastPath";
const char* kGeometry = "window/geometry";
const char* kState = "window/state";
const char* kRecent = "files/recent";
const char* kExampleShown = "session/exampleShown";
const char* kAnimate = "view/animate";
const char* kReopenLast = "session/reopenLast";
const char* kLastSession = "session/last";
const char* kGroupLaunches = "import/groupLaunches";
const char* kLastDirectory = "files/lastDirectory";
} // namespace

Settings::~Settings()
{
    if (!m_hardwareId.isEmpty())
        m_settings.setValue(kHardware, m_hardwareId);
    if (m_precision)
        m_settings.setValue(kPrecision, QString::fromStdString(precisionName(*m_precision)));
}

void Settings::rememberSelection(const QString& hardwareId, Precision precision)
{
    m_hardwareId = hardwareId;
    m_precision = precision;
}

QString Settings::hardwareId() const
{
    return m_hardwareId.isEmpty() ? m_settings.value(kHardware, QStringLiteral("h100-sxm5")).toString() : m_hardwareId;
}

Precision Settings::precision() const
{
    if (m_precision)
        return *m_precision;
    // An unknown stored name (older or edited config) falls back to BF16.
    return parsePrecision(m_settings.value(kPrecision, QStringLiteral("bf16")).toString().toStdString())
        .value_or(Precision::BF16);
}

ExportOptions Settings::exportOptions() const
{
    ExportOptions d;
    ExportOptions o;
    o.width = m_settings.value(kExportWidth, d.width).toInt();
    o.height = m_settings.value(kExportHeight, d.height).toInt();
    o.dpi = m_settings.value(kExportDpi, d.dpi).toInt();
    o.fontScale = std::clamp(m_settings.value(kExportFontScale, 1.0).toDouble(), 0.5, 3.0);
    o.scale = std::clamp(m_settings.value(kExportScale, 0.0).toDouble(), 0.0, 20.0);
    if (o.width < 100 || o.height < 100 || o.dpi < 24)
        return d;
    return o;
}

void Settings::setExportOptions(const ExportOptions& o)
{
    m_settings.setValue(kExportWidth, o.width);
    m_settings.setValue(kExportHeight, o.height);
    m_settings.setValue(kExportDpi, o.dpi);
    m_settings.setValue(kExportFontScale, o.fontScale);
    m_settings.setValue(kExportScale, o.scale);
}

QString Settings::lastExportPath() const
{
    return m_settings.value(kExportPath).toString();
}

void Settings::setLastExportPath(const QString& path)
{
    m_settings.setValue(kExportPath, path);
}

QStringList Settings::recentFiles() const
{
    QStringList files = m_settings.value(kRecent).toStringList();
    files.removeAll(QString());
    files.removeDuplicates();
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    return files;
}

void Settings::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_settings.setValue(kRecent, files);
}

bool Settings::exampleShown() const
{
    return m_settings.value(kExampleShown, false).toBool();
}

void Settings::setExampleShown()
{
    m_settings.setValue(kExampleShown, true);
}

bool Settings::animate() const
{
    return m_settings.value(kAnimate, true).toBool();
}

void Settings::setAnimate(bool on)
{
    m_settings.setValue(kAnimate, on);
}

bool Settings::reopenLastSession() const
{
    return m_settings.value(kReopenLast, true).toBool();
}

void Settings::setReopenLastSession(bool on)
{
    m_settings.setValue(kReopenLast, on);
}

QString Settings::lastSession() const
{
    return m_settings.value(kLastSession).toString();
}

void Settings::setLastSession(const QString& path)
{
    m_settings.setValue(kLastSession, path);
}

bool Settings::groupLaunches() const
{
    return m_settings.value(kGroupLaunches, true).toBool();
}

void Settings::setGroupLaunches(bool on)
{
    m_settings.setValue(kGroupLaunches, on);
}

QString Settings::lastDirectory() const
{
    return m_settings.value(kLastDirectory).toString();
}

void Settings::setLastDirectory(const QString& folder)
{
    m_settings.setValue(kLastDirectory, folder);
}

QByteArray Settings::windowGeometry() const
{
    return m_settings.value(kGeometry).toByteArray();
}

QByteArray Settings::windowState() const
{
    return m_settings.value(kState).toByteArray();
}

void Settings::setWindowLayout(const QByteArray& geometry, const QByteArray& state)
{
    m_settings.setValue(kGeometry, geometry);
    m_settings.setValue(kState, state);
}

} // namespace roofline::ui
