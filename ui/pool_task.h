// SPDX-License-Identifier: MIT
// Work for a second core, on Qt's global thread pool. A pool thread that has run a task waits on
// its own core for the next one and wakes within microseconds; a new std::thread starts on the
// core that made it and, while that core stays busy, often runs only once it is free (on the
// two-core machine of docs/performance.md: median 2 ms late, against 5 us for a pool thread).
#pragma once

#include <functional>
#include <memory>

namespace roofline::ui {

/// One task on QThreadPool::globalInstance(), started when made. wait() returns once it has
/// run: it runs it on the calling thread if no pool thread has taken it yet, and rethrows what
/// it threw. The destructor waits too (and drops what it threw).
class PoolTask {
public:
    explicit PoolTask(std::function<void()> task);
    ~PoolTask();
    PoolTask(const PoolTask&) = delete;
    PoolTask& operator=(const PoolTask&) = delete;
    void wait();

private:
    class Runnable;
    std::unique_ptr<Runnable> m_runnable;
    bool m_waited = false;
};

/// Runs `work` on the calling thread and at once on up to `helpers` pool threads, and returns
/// once every call has returned. Each call takes pieces until none is left, so a pool thread that
/// starts late takes only what is left (and one that has not started is taken back unrun).
void runBeside(int helpers, const std::function<void()>& work);

} // namespace roofline::ui
