// SPDX-License-Identifier: MIT
#include "core/io/file_kind.h"

#include "core/common/text.h"
#include "core/io/ceilings.h"
#include "core/io/ncu_csv.h"
#include "core/io/session_yaml.h"

#include <filesystem>
#include <string_view>
#include <unordered_set>

namespace roofline {

FileKind detectFileKind(const std::string& path, const std::string& head, bool whole)
{
    if (isSessionFile(path, head))
        return FileKind::Session;
    if (!whole)
        return FileKind::Kernels;
    const std::string suffix = toLower(std::filesystem::path(path).extension().string());
    const bool yaml = suffix == ".yaml" || suffix == ".yml";
    if (yaml && head.find("peaks:") != std::string::npos && head.find("memory:") != std::string::npos)
        return FileKind::HardwareProfile;
    if (yaml && head.find("hidden_size:") != std::string::npos)
        return FileKind::ModelPreset;
    // A Hugging Face config.json: an object with the transformer's shapes.
    if (suffix == ".json" && head.find("\"hidden_size\"") != std::string::npos
        && head.find("\"num_hidden_layers\"") != std::string::npos)
        return FileKind::ModelPreset;
    if (!yaml && !looksLikeNcuCsv(head) && parseCeilings(head, path))
        return FileKind::Ceilings;
    return FileKind::Kernels;
}

std::size_t distinctKernelCount(const std::vector<Kernel>& launches)
{
    std::unordered_set<std::string_view> names;
    for (const Kernel& k : launches)
        names.insert(std::string_view(k.name).substr(0, k.name.rfind(" #")));
    return names.size();
}

} // namespace roofline
