// SPDX-License-Identifier: MIT
#include "core/measure/machine.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#if defined(__APPLE__)
#include <sys/sysctl.h>
#include <sys/types.h>
#elif defined(_WIN32)
#include <windows.h>
#endif

namespace roofline {

std::string hardwareForCpuName(const std::string& cpu)
{
    static const std::pair<const char*, const char*> known[] = {{"Platinum 8480+", "xeon-8480plus"},
        {"6980P", "xeon-6980p"}, {"EPYC 9654", "epyc-9654"}, {"EPYC 9755", "epyc-9755"}, {"Grace", "grace"}};
    for (const auto& [name, id] : known)
        if (cpu.find(name) != std::string::npos)
            return id;
    return {};
}

std::size_t sysfsSize(const std::string& text)
{
    std::size_t i = 0, v = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
        v = v * 10 + static_cast<std::size_t>(text[i++] - '0');
    if (i == 0)
        return 0;
    const char unit = i < text.size() ? static_cast<char>(std::toupper(static_cast<unsigned char>(text[i]))) : ' ';
    return unit == 'K' ? v << 10 : unit == 'M' ? v << 20 : unit == 'G' ? v << 30 : v;
}

int cpuListCount(const std::string& text)
{
    int n = 0;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        const auto dash = part.find('-');
        try {
            n += dash == std::string::npos ? 1 : std::stoi(part.substr(dash + 1)) - std::stoi(part.substr(0, dash)) + 1;
        } catch (const std::exception&) {
            // a malformed entry counts for nothing
        }
    }
    return std::max(n, 1);
}

namespace {

std::string firstLine(const std::filesystem::path& file)
{
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
        line.pop_back();
    return line;
}

/// The OS's own report of the caches and the CPU's name; empty where it says nothing.
std::vector<CacheLevel> osCaches();
std::string osCpuName();

#if defined(__APPLE__)
std::size_t sysctlNumber(const char* name)
{
    std::uint64_t v = 0;
    std::size_t size = sizeof(v);
    return sysctlbyname(name, &v, &size, nullptr, 0) == 0 ? static_cast<std::size_t>(v) : 0;
}

std::vector<CacheLevel> osCaches()
{
    std::vector<CacheLevel> out;
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const std::pair<const char*, const char*> levels[]
        = {{"L1", "hw.l1dcachesize"}, {"L2", "hw.l2cachesize"}, {"L3", "hw.l3cachesize"}};
    for (const auto& [name, key] : levels)
        if (const std::size_t bytes = sysctlNumber(key))
            out.push_back({name, bytes, name == std::string("L3") ? threads : 1});
    return out;
}

std::string osCpuName()
{
    char buf[256] = {};
    std::size_t size = sizeof(buf) - 1;
    return sysctlbyname("machdep.cpu.brand_string", buf, &size, nullptr, 0) == 0 ? std::string(buf) : std::string();
}
#elif defined(_WIN32)
std::vector<CacheLevel> osCaches()
{
    DWORD length = 0;
    GetLogicalProcessorInformation(nullptr, &length);
    std::vector<SYSTEM_LOGICAL_PROCESSOR_INFORMATION> info(length / sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION));
    if (info.empty() || !GetLogicalProcessorInformation(info.data(), &length))
        return {};
    std::vector<CacheLevel> out;
    for (const auto& i : info) {
        if (i.Relationship != RelationCache || (i.Cache.Type != CacheData && i.Cache.Type != CacheUnified))
            continue;
        const std::string name = "L" + std::to_string(static_cast<int>(i.Cache.Level));
        if (std::any_of(out.begin(), out.end(), [&](const CacheLevel& c) { return c.name == name; }))
            continue;
        int shared = 0;
        for (ULONG_PTR mask = i.ProcessorMask; mask; mask >>= 1)
            shared += static_cast<int>(mask & 1);
        out.push_back({name, static_cast<std::size_t>(i.Cache.Size), std::max(shared, 1)});
    }
    return out;
}

std::string osCpuName()
{
    char buf[256] = {};
    DWORD size = sizeof(buf);
    const LSTATUS s = RegGetValueA(HKEY_LOCAL_MACHINE, "HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
        "ProcessorNameString", RRF_RT_REG_SZ, nullptr, buf, &size);
    return s == ERROR_SUCCESS ? std::string(buf) : std::string();
}
#else
std::vector<CacheLevel> osCaches()
{
    return linuxCaches("/sys/devices/system/cpu/cpu0");
}

std::string osCpuName()
{
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
            std::string name = line.substr(line.find(':') + 1);
            name.erase(0, name.find_first_not_of(" \t"));
            return name;
        }
    return {};
}
#endif

} // namespace

std::vector<CacheLevel> linuxCaches(const std::string& cpuFolder)
{
    std::vector<CacheLevel> out;
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::path(cpuFolder) / "cache";
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().filename().string().rfind("index", 0) != 0)
            continue;
        const std::string type = firstLine(entry.path() / "type");
        if (type != "Data" && type != "Unified")
            continue;
        const std::string level = firstLine(entry.path() / "level");
        const std::size_t bytes = sysfsSize(firstLine(entry.path() / "size"));
        if (level.empty() || bytes == 0)
            continue;
        out.push_back({"L" + level, bytes, cpuListCount(firstLine(entry.path() / "shared_cpu_list"))});
    }
    std::sort(out.begin(), out.end(), [](const CacheLevel& a, const CacheLevel& b) { return a.name < b.name; });
    return out;
}

MachineInfo thisMachine()
{
    MachineInfo m;
    m.cpuName = osCpuName();
    m.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    m.caches = osCaches();
    const std::pair<const char*, std::size_t> assumed[] = {{"L1", 32u << 10}, {"L2", 1u << 20}, {"L3", 32u << 20}};
    for (const auto& level : assumed) {
        const std::string name = level.first;
        const std::size_t bytes = level.second;
        if (std::none_of(m.caches.begin(), m.caches.end(), [&](const CacheLevel& c) { return c.name == name; })) {
            m.caches.push_back({name, bytes, name == std::string("L3") ? m.threads : 1});
            m.notes.push_back(std::string("The OS reports no ") + name + " cache; " + std::to_string(bytes >> 10)
                + " KiB was assumed for its working set.");
        }
    }
    std::sort(
        m.caches.begin(), m.caches.end(), [](const CacheLevel& a, const CacheLevel& b) { return a.name < b.name; });
    return m;
}

} // namespace roofline
