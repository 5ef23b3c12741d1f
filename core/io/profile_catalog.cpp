// SPDX-License-Identifier: MIT
#include "core/io/profile_catalog.h"

#include "core/common/text.h"
#include "core/io/profile_yaml.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

namespace roofline {
namespace {

/// Every *.yaml / *.yml in `dir`, sorted by file name; none when it does not exist.
std::vector<std::string> profileFilesIn(const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<std::string> files;
    if (!fs::is_directory(dir, ec))
        return files;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const auto ext = toLower(entry.path().extension().string());
        if ((ext == ".yaml" || ext == ".yml") && !entry.is_directory(ec))
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

void ProfileCatalog::loadDirectory(const std::string& dir, std::vector<Error>& errors)
{
    std::map<std::string, std::string> idsHere; // id -> file, within this directory
    for (const auto& path : profileFilesIn(dir)) {
        auto profile = loadProfileFile(path);
        if (!profile) {
            errors.push_back(profile.error());
            continue;
        }
        const auto [it, inserted] = idsHere.emplace(profile->id, path);
        if (!inserted) {
            errors.push_back(
                Error {path, 1, 1, "duplicate id '" + profile->id + "' (already defined in " + it->second + ")"});
            continue;
        }
        add(std::move(profile).value());
    }
}

ProfileCatalog loadProfileDirectories(const std::vector<std::string>& dirs, std::vector<Error>& errors)
{
    ProfileCatalog catalog;
    for (const auto& dir : dirs)
        catalog.loadDirectory(dir, errors);
    return catalog;
}

void ProfileCatalog::add(HardwareProfile profile)
{
    auto it = std::find_if(
        m_profiles.begin(), m_profiles.end(), [&](const HardwareProfile& p) { return p.id == profile.id; });
    if (it != m_profiles.end())
        *it = std::move(profile);
    else
        m_profiles.push_back(std::move(profile));
    sort();
}

void ProfileCatalog::sort()
{
    std::stable_sort(m_profiles.begin(), m_profiles.end(), [](const HardwareProfile& a, const HardwareProfile& b) {
        if (a.vendor != b.vendor)
            return a.vendor < b.vendor;
        return a.name < b.name;
    });
}

const HardwareProfile* ProfileCatalog::find(std::string_view id) const
{
    for (const auto& p : m_profiles)
        if (p.id == id)
            return &p;
    return nullptr;
}

Result<const HardwareProfile*> ProfileCatalog::resolve(std::string_view idOrAlias) const
{
    const std::string key = toLower(idOrAlias);
    if (key.empty())
        return Error {{}, 0, 0, "no hardware given; 'roofline hw list' shows the ids"};
    if (const auto* p = find(key))
        return p;
    for (const auto& p : m_profiles)
        if (std::find(p.aliases.begin(), p.aliases.end(), key) != p.aliases.end())
            return &p;
    std::vector<const HardwareProfile*> candidates;
    for (const auto& p : m_profiles)
        if (p.id.compare(0, key.size(), key) == 0)
            candidates.push_back(&p);
    if (candidates.size() == 1)
        return candidates.front();
    if (candidates.size() > 1) {
        std::string list;
        for (const auto* c : candidates)
            list += (list.empty() ? "" : ", ") + c->id;
        return Error {{}, 0, 0, "hardware '" + std::string(idOrAlias) + "' is ambiguous: " + list};
    }
    std::string list;
    for (const auto& p : m_profiles)
        list += (list.empty() ? "" : " ") + p.id;
    return Error {{}, 0, 0, "unknown hardware '" + std::string(idOrAlias) + "'; known ids: " + list};
}

} // namespace roofline
