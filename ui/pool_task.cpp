// SPDX-License-Identifier: MIT
#include "ui/pool_task.h"

#include <QRunnable>
#include <QSemaphore>
#include <QThreadPool>

#include <exception>
#include <vector>

namespace roofline::ui {

class PoolTask::Runnable : public QRunnable {
public:
    explicit Runnable(std::function<void()> task)
        : m_task(std::move(task))
    {
        setAutoDelete(false);
    }
    void run() override
    {
        try {
            m_task();
        } catch (...) {
            m_error = std::current_exception();
        }
        m_done.release();
    }
    std::function<void()> m_task;
    QSemaphore m_done;
    std::exception_ptr m_error;
};

PoolTask::PoolTask(std::function<void()> task)
    : m_runnable(std::make_unique<Runnable>(std::move(task)))
{
    QThreadPool::globalInstance()->start(m_runnable.get());
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
    if (QThreadPool::globalInstance()->tryTake(m_runnable.get()))
        m_runnable->run();
    else
        m_runnable->m_done.acquire();
    if (m_runnable->m_error)
        std::rethrow_exception(m_runnable->m_error);
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
