// SPDX-License-Identifier: MIT
#include "ui/document/measure_job.h"

#include "ui/document/worker_progress.h"

#include <QCoreApplication>

#include <atomic>
#include <memory>
#include <mutex>

namespace roofline::ui {

std::optional<Result<Measurement>> measureResponsively(MeasureOptions options, QWidget* parent)
{
    // Shared with the worker: it may outlive this call only until runWithProgress returns.
    struct State {
        std::atomic<int> permille {0};
        std::atomic<bool> cancel {false};
        std::mutex mutex;
        std::string step;
        std::optional<Result<Measurement>> result;
    };
    auto state = std::make_shared<State>();
    options.progress = [state](double done, const std::string& step) {
        state->permille.store(static_cast<int>(done * 1000.0));
        const std::lock_guard<std::mutex> lock(state->mutex);
        state->step = step;
        return !state->cancel.load();
    };
    const WorkerProgress shown {QCoreApplication::translate("Measure", "Measure This Machine"),
        QStringLiteral("measureProgress"), [state]() { return state->permille.load(); },
        [state]() {
            const std::lock_guard<std::mutex> lock(state->mutex);
            return QCoreApplication::translate("Measure", "Measuring this machine: %1\u2026")
                .arg(QString::fromStdString(state->step.empty() ? std::string("starting") : state->step));
        }};
    if (!runWithProgress([state, options]() { state->result = measureMachine(options); }, shown, state->cancel, parent))
        return std::nullopt;
    if (state->result && !state->result->ok() && state->result->error().message == kMeasureCancelled)
        return std::nullopt;
    return std::move(state->result);
}

} // namespace roofline::ui
