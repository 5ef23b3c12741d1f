// SPDX-License-Identifier: MIT
#include "ui/pool_task.h"

#include <gtest/gtest.h>

#include <QSemaphore>
#include <QThread>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <vector>

using namespace roofline::ui;

TEST(PoolTask, RunsOnAHelperThreadAndWaitReturnsOnceItHasRun)
{
    // (A task no helper has taken yet is run by wait() itself: this one is waited for once a
    // helper has it.)
    std::atomic<bool> taken {false};
    QThread* ranOn = nullptr;
    PoolTask task([&]() {
        taken = true;
        QThread::msleep(20);
        ranOn = QThread::currentThread();
    });
    while (!taken)
        QThread::msleep(1);
    task.wait();
    ASSERT_NE(ranOn, nullptr) << "wait() returned before the task ran";
    EXPECT_NE(ranOn, QThread::currentThread()) << "an idle helper runs it";
    EXPECT_TRUE(task.finished());
    task.wait(); // again: nothing more to wait for
}

TEST(PoolTask, WaitRethrowsWhatTheTaskThrew)
{
    PoolTask task([]() { throw std::runtime_error("no such file"); });
    EXPECT_THROW(task.wait(), std::runtime_error);
}

TEST(PoolTask, ATaskNoHelperHasTakenIsRunByTheThreadThatWaits)
{
    // Every helper busy until the task has been waited for: wait() takes it back.
    const int helpers = PoolTask::helpersAtMost();
    QSemaphore release;
    std::atomic<int> blocked {0};
    std::vector<std::unique_ptr<PoolTask>> blockers;
    for (int i = 0; i < helpers; ++i)
        blockers.push_back(std::make_unique<PoolTask>([&]() {
            ++blocked;
            release.acquire();
        }));
    while (blocked < helpers)
        QThread::msleep(1);
    QThread* ranOn = nullptr;
    {
        PoolTask task([&]() { ranOn = QThread::currentThread(); });
        EXPECT_FALSE(task.finished());
        task.wait();
        EXPECT_TRUE(task.finished());
    }
    EXPECT_EQ(ranOn, QThread::currentThread());
    release.release(helpers);
    blockers.clear(); // each waits for its blocker
}

TEST(PoolTask, RunBesideGivesEveryPieceToExactlyOneThreadAndReturnsOnceAllAreDone)
{
    constexpr int kPieces = 64;
    std::atomic<int> next {0};
    std::vector<int> doneBy(kPieces, 0);
    std::mutex mutex;
    std::set<QThread*> threads;
    runBeside(3, [&]() {
        for (int i = next.fetch_add(1); i < kPieces; i = next.fetch_add(1)) {
            QThread::usleep(200);
            ++doneBy[static_cast<size_t>(i)];
            const std::lock_guard<std::mutex> lock(mutex);
            threads.insert(QThread::currentThread());
        }
    });
    for (int i = 0; i < kPieces; ++i)
        EXPECT_EQ(doneBy[static_cast<size_t>(i)], 1) << "piece " << i;
    EXPECT_TRUE(threads.count(QThread::currentThread())) << "the calling thread works too";
    EXPECT_LE(threads.size(), 4U);
}
