// SPDX-License-Identifier: MIT
// Two halves of one job side by side: placing 10^6 kernels, drawing a figure of them.
#pragma once

#include <cstddef>
#include <exception>
#include <thread>

namespace roofline {

/// Whether a job over n items is worth two halves side by side: from 2^16 items (below that a
/// thread costs more than half the job saves), on a machine with a second core.
inline bool worthTwoThreads(std::size_t n)
{
    return n >= (std::size_t {1} << 16) && std::thread::hardware_concurrency() >= 2;
}

/// Runs `second` on a new thread while `first` runs on this one, and returns when both have. An
/// exception from either is thrown here (the first half's when both throw).
template <class First, class Second> void runSideBySide(First&& first, Second&& second)
{
    std::exception_ptr failed;
    std::thread worker([&]() {
        try {
            second();
        } catch (...) {
            failed = std::current_exception();
        }
    });
    try {
        first();
    } catch (...) {
        worker.join();
        throw;
    }
    worker.join();
    if (failed)
        std::rethrow_exception(failed);
}

} // namespace roofline
