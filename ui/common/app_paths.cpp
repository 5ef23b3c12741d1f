// SPDX-License-Identifier: MIT
#include "ui/common/app_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace roofline::ui {

void setApplicationIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RooflineStudio"));
    QCoreApplication::setApplicationName(QStringLiteral("roofline-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ROOFLINE_VERSION));
}

QString dataDirectory()
{
    // bin/../share/roofline-studio, both in the build tree and in an installed prefix.
    const QString exeDir = QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QString();
    const QStringList candidates {
        exeDir + QStringLiteral("/../") + QStringLiteral(ROOFLINE_DATA_SUBDIR),
        QStringLiteral(ROOFLINE_INSTALL_DATA_DIR),
        QStringLiteral(ROOFLINE_BUILD_DATA_DIR),
    };
    for (const QString& c : candidates)
        if (!c.isEmpty() && QFileInfo(c + QStringLiteral("/hardware_profiles")).isDir())
            return QDir(c).canonicalPath();
    return QStringLiteral(ROOFLINE_BUILD_DATA_DIR);
}

QString shippedProfilesDirectory()
{
    return dataDirectory() + QStringLiteral("/hardware_profiles");
}

QString userProfilesDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/profiles");
}

QString userModelsDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/models");
}

std::vector<std::string> profileDirectories(const QStringList& extraDirs)
{
    std::vector<std::string> dirs {shippedProfilesDirectory().toStdString(), userProfilesDirectory().toStdString()};
    for (const QString& d : extraDirs)
        dirs.push_back(d.toStdString());
    return dirs;
}

ProfileCatalog loadProfileCatalog(const QStringList& extraDirs, std::vector<Error>& errors)
{
    return loadProfileDirectories(profileDirectories(extraDirs), errors);
}

} // namespace roofline::ui

namespace roofline::ui {

std::vector<ModelSpec> loadModelPresets(std::vector<Error>& errors)
{
    std::vector<ModelSpec> models
        = loadModelDirectory((dataDirectory() + QStringLiteral("/models")).toStdString(), errors);
    const auto user = loadModelDirectory(userModelsDirectory().toStdString(), errors);
    for (const auto& m : user) {
        auto it = std::find_if(models.begin(), models.end(), [&](const ModelSpec& x) { return x.id == m.id; });
        if (it != models.end())
            *it = m;
        else
            models.push_back(m);
    }
    return models;
}

} // namespace roofline::ui
