// SPDX-License-Identifier: MIT
// Two halves of one job side by side: placing 10^6 kernels, drawing a figure of them.
#pragma once

#include <exception>
#include <thread>

namespace roofline {

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
