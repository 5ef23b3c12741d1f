// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/result.h"
#include "core/io/profile_catalog.h"
#include "core/llm/model_spec.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace roofline::ui {

/// Sets the organization and application names QStandardPaths and QSettings use.
void setApplicationIdentity();

/// The shipped data folder (share/roofline-studio next to bin/, as built and as installed).
QString dataDirectory();
/// Shipped hardware profiles.
QString shippedProfilesDirectory();
/// The user's own profiles: <AppDataLocation>/profiles.
QString userProfilesDirectory();
/// The user's own model presets: <AppDataLocation>/models.
QString userModelsDirectory();

/// Shipped model presets (share/roofline-studio/models), then the user's <AppDataLocation>/models.
std::vector<ModelSpec> loadModelPresets(std::vector<Error>& errors);

/// The folders profiles load from: shipped, then user, then each of `extraDirs`.
std::vector<std::string> profileDirectories(const QStringList& extraDirs);

/// The profiles of profileDirectories(extraDirs): later ones override by id.
/// Bad files are reported in `errors` and skipped.
ProfileCatalog loadProfileCatalog(const QStringList& extraDirs, std::vector<Error>& errors);

} // namespace roofline::ui
