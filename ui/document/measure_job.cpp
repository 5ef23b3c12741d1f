// SPDX-License-Identifier: MIT
#include "ui/document/measure_job.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <memory>
#include <mutex>

namespace roofline::ui {

std::optional<Result<Measurement>> measureResponsively(MeasureOptions options, QWidget* parent)
{
    // Shared with the worker: it may outlive this call only until wait() below returns.
    struct State {
        std::atomic<int> percent {0};
        std::atomic<bool> cancel {false};
        std::mutex mutex;
        std::string step;
        std::optional<Result<Measurement>> result;
    };
    auto state = std::make_shared<State>();
    options.progress = [state](double done, const std::string& step) {
        state->percent.store(static_cast<int>(done * 100.0));
        const std::lock_guard<std::mutex> lock(state->mutex);
        state->step = step;
        return !state->cancel.load();
    };
    std::unique_ptr<QThread> worker(QThread::create([state, options]() { state->result = measureMachine(options); }));

    auto tr = [](const char* text) { return QCoreApplication::translate("Measure", text); };
    QProgressDialog dialog(tr("Measuring this machine\u2026"), tr("Cancel"), 0, 100, parent);
    dialog.setObjectName(QStringLiteral("measureProgress"));
    dialog.setWindowTitle(tr("Measure This Machine"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(0);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    dialog.setValue(0);

    QEventLoop loop;
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, &dialog, [&]() {
        dialog.setValue(state->percent.load());
        const std::lock_guard<std::mutex> lock(state->mutex);
        dialog.setLabelText(tr("Measuring this machine: %1\u2026").arg(QString::fromStdString(state->step)));
    });
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&]() { state->cancel.store(true); });
    QObject::connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
    poll.start();
    worker->start();
    loop.exec(); // the window keeps answering while the worker measures
    worker->wait();
    if (state->cancel.load() || dialog.wasCanceled())
        return std::nullopt;
    if (state->result && !state->result->ok() && state->result->error().message == kMeasureCancelled)
        return std::nullopt;
    return std::move(state->result);
}

} // namespace roofline::ui
