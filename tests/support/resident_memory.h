// SPDX-License-Identifier: MIT
// This process's resident memory, for the memory tests and the UI benchmark.
#pragma once

#include <cstdio>

#include <unistd.h>

namespace roofline::test {

/// Resident bytes of this process (Linux; 0 where /proc/self/statm cannot be read).
inline double residentBytes()
{
    long pages = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        std::fclose(f);
    }
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE));
}

} // namespace roofline::test
