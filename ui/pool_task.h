// SPDX-License-Identifier: MIT
// Work for a second core. On the two-core machine of docs/performance.md a new thread starts on
// the core that made it and, while that core stays busy, often runs only once it is free (after
// 7 ms of work: median 1.5-2 ms late). So the helpers here are made on another core than the
// busy one (and free to move once they run: ~0.1 ms to start), and once made they stay, waiting
// on their core for the next task, which wakes them within microseconds.
#pragma once

#include <functional>
#include <memory>

namespace roofline::ui {

/// One task on the helper threads, started when made. wait() returns once it has run: it runs
/// it on the calling thread if no helper has taken it yet, and rethrows what it threw. The
/// destructor waits too (and drops what it threw).
class PoolTask {
public:
    explicit PoolTask(std::function<void()> task);
    ~PoolTask();
    PoolTask(const PoolTask&) = delete;
    PoolTask& operator=(const PoolTask&) = delete;
    void wait();
    /// Whether it has run (on a helper or in wait()); does not wait.
    bool finished() const;

    /// How many helper threads there are at most: one per core but the caller's, one to three.
    static int helpersAtMost();

    class Runnable;

private:
    std::unique_ptr<Runnable> m_runnable;
    bool m_waited = false;
};

/// Runs `work` on the calling thread and at once on up to `helpers` helper threads, and returns
/// once every call has returned. Each call takes pieces until none is left, so a helper that
/// starts late takes only what is left (and one that has not started is taken back unrun).
void runBeside(int helpers, const std::function<void()>& work);

} // namespace roofline::ui
