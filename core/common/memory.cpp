// SPDX-License-Identifier: MIT
#include "core/common/memory.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#endif

namespace roofline {

namespace {

/// A "Key:   123 kB" line of a /proc file, in bytes.
std::optional<std::uintmax_t> procKiB(const char* file, const std::string& key)
{
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line))
        if (line.compare(0, key.size() + 1, key + ":") == 0) {
            std::istringstream value(line.substr(key.size() + 1));
            std::uintmax_t kib = 0;
            if (value >> kib)
                return kib * 1024;
        }
    return std::nullopt;
}

/// What is left under RLIMIT_AS: the limit less the address space already mapped.
std::optional<std::uintmax_t> leftUnderAddressSpaceLimit()
{
#if defined(__unix__) || defined(__APPLE__)
    struct rlimit limit { };
    if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return std::nullopt;
    const std::uintmax_t mapped = procKiB("/proc/self/status", "VmSize").value_or(0);
    const auto cap = static_cast<std::uintmax_t>(limit.rlim_cur);
    return cap > mapped ? cap - mapped : 0;
#else
    return std::nullopt;
#endif
}

} // namespace

std::optional<std::uintmax_t> memoryThisProcessMayTake()
{
    const auto underLimit = leftUnderAddressSpaceLimit();
    const auto available = procKiB("/proc/meminfo", "MemAvailable");
    if (underLimit && available)
        return std::min(*underLimit, *available);
    return underLimit ? underLimit : available;
}

} // namespace roofline
