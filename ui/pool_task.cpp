// SPDX-License-Identifier: MIT
#include "ui/pool_task.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace roofline::ui {

class PoolTask::Runnable {
public:
    explicit Runnable(std::function<void()> task)
        : m_task(std::move(task))
    { }
    void run()
    {
        try {
            m_task();
        } catch (...) {
            m_error = std::current_exception();
        }
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_done = true;
        m_finished.notify_all();
    }
    bool done()
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_done;
    }
    void waitUntilRun()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_finished.wait(lock, [this] { return m_done; });
    }
    std::function<void()> m_task;
    std::exception_ptr m_error;

private:
    std::mutex m_mutex;
    std::condition_variable m_finished;
    bool m_done = false;
};

namespace {

/// The helper threads: made when a task finds none idle (up to PoolTask::helpersAtMost()), then
/// kept, each waiting for the next task. Never destroyed: its threads wait until the process ends.
class Helpers {
public:
    static Helpers& instance()
    {
        static Helpers* helpers = new Helpers; // NOLINT(cppcoreguidelines-owning-memory): lives as long as its threads
        return *helpers;
    }

    void start(PoolTask::Runnable* r)
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_queue.push_back(r);
        // (A helper that cannot be made leaves the task queued: wait() runs it.)
        if (m_idle < static_cast<int>(m_queue.size()) && m_threads < PoolTask::helpersAtMost() && spawn())
            ++m_threads;
        m_ready.notify_one();
    }

    /// Takes `r` back if no helper has taken it yet.
    bool tryTake(PoolTask::Runnable* r)
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        const auto it = std::find(m_queue.begin(), m_queue.end(), r);
        if (it == m_queue.end())
            return false;
        m_queue.erase(it);
        return true;
    }

private:
    void loop()
    {
        for (;;) {
            PoolTask::Runnable* r = nullptr;
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                ++m_idle;
                m_ready.wait(lock, [this] { return !m_queue.empty(); });
                --m_idle;
                r = m_queue.front();
                m_queue.pop_front();
            }
            r->run();
        }
    }

    // A thread made on another core than the calling one: the system would put it on the
    // caller's core, busy, until it moves it. Once running, it may run on any core again.
    bool spawn() noexcept
    {
#if defined(__linux__)
        cpu_set_t allowed;
        const int here = sched_getcpu();
        if (here >= 0 && sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 1) {
            cpu_set_t elsewhere = allowed;
            CPU_CLR(here, &elsewhere);
            pthread_attr_t attr;
            pthread_t thread {};
            if (pthread_attr_init(&attr) == 0) {
                auto* start = new (std::nothrow) Start {this, allowed}; // NOLINT: the thread deletes it
                if (!start) {
                    pthread_attr_destroy(&attr);
                    return false;
                }
                const bool made = pthread_attr_setaffinity_np(&attr, sizeof elsewhere, &elsewhere) == 0
                    && pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0
                    && pthread_create(&thread, &attr, &Helpers::startElsewhere, start) == 0;
                pthread_attr_destroy(&attr);
                if (made)
                    return true;
                delete start; // NOLINT(cppcoreguidelines-owning-memory)
            }
        }
#endif
        try {
            std::thread([this]() { loop(); }).detach();
            return true;
        } catch (...) { // no thread (std::system_error) or no memory for it
            return false;
        }
    }

#if defined(__linux__)
    struct Start {
        Helpers* helpers;
        cpu_set_t allowed;
    };
    static void* startElsewhere(void* arg)
    {
        const Start start = *static_cast<Start*>(arg);
        delete static_cast<Start*>(arg); // NOLINT(cppcoreguidelines-owning-memory)
        (void)pthread_setaffinity_np(pthread_self(), sizeof start.allowed, &start.allowed);
        start.helpers->loop();
        return nullptr;
    }
#endif

    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<PoolTask::Runnable*> m_queue;
    int m_threads = 0;
    int m_idle = 0;
};

} // namespace

int PoolTask::helpersAtMost()
{
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 2U, 4U)) - 1;
}

PoolTask::PoolTask(std::function<void()> task)
    : m_runnable(std::make_unique<Runnable>(std::move(task)))
{
    Helpers::instance().start(m_runnable.get());
}

PoolTask::~PoolTask()
{
    try {
        wait();
    } catch (...) { // NOLINT(bugprone-empty-catch): a destructor must not throw; wait() reports it
    }
}

void PoolTask::wait()
{
    if (m_waited)
        return;
    m_waited = true;
    if (Helpers::instance().tryTake(m_runnable.get()))
        m_runnable->run();
    else
        m_runnable->waitUntilRun();
    if (m_runnable->m_error)
        std::rethrow_exception(m_runnable->m_error);
}

bool PoolTask::finished() const
{
    return m_runnable->done();
}

void runBeside(int helpers, const std::function<void()>& work)
{
    std::vector<std::unique_ptr<PoolTask>> tasks;
    for (int i = 0; i < helpers; ++i)
        tasks.push_back(std::make_unique<PoolTask>(work));
    work();
    for (auto& t : tasks)
        t->wait();
}

} // namespace roofline::ui
