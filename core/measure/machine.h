// SPDX-License-Identifier: MIT
// What the operating system says about this machine's CPU: its name, its threads and its data
// caches, behind one small interface (sysfs on Linux, sysctl on macOS, the Win32 API on Windows).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace roofline {

/// One data cache level as the OS reports it.
struct CacheLevel {
    std::string name; ///< "L1", "L2", "L3"
    std::size_t bytes = 0; ///< the size of one instance
    int sharedBy = 1; ///< logical CPUs that share one instance
    friend bool operator==(const CacheLevel& a, const CacheLevel& b)
    {
        return a.name == b.name && a.bytes == b.bytes && a.sharedBy == b.sharedBy;
    }
};

struct MachineInfo {
    std::string cpuName; ///< "AMD EPYC 9654 96-Core Processor"; "" when the OS does not say
    int threads = 1; ///< logical CPUs
    std::vector<CacheLevel> caches; ///< data/unified levels, innermost first
    std::vector<std::string> notes; ///< what was assumed where the OS said nothing
};

/// This machine, as the OS reports it. Cache levels the OS does not report are assumed
/// (32 KiB L1, 1 MiB L2, 32 MiB L3) and said in `notes`.
MachineInfo thisMachine();

/// Reads the caches from a Linux sysfs cpu folder (/sys/devices/system/cpu/cpu0): its
/// cache/index*/{level,type,size,shared_cpu_list}. Exposed for the tests.
std::vector<CacheLevel> linuxCaches(const std::string& cpuFolder);

/// The shipped profile for a CPU name as the OS or LIKWID prints it ("Intel(R) Xeon(R) Platinum
/// 8480+" -> "xeon-8480plus"), or "".
std::string hardwareForCpuName(const std::string& cpu);

/// "48K", "1024K", "32M" as sysfs writes sizes, in bytes (0 when unreadable).
std::size_t sysfsSize(const std::string& text);

/// How many CPUs a sysfs list such as "0-3,8,10-11" names.
int cpuListCount(const std::string& text);

} // namespace roofline
