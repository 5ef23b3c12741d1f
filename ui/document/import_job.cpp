// SPDX-License-Identifier: MIT
#include "ui/document/import_job.h"

#include "ui/document/worker_progress.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <atomic>
#include <memory>

namespace roofline::ui {

std::optional<Result<KernelImport>> loadKernelFileResponsively(
    const QString& path, KernelReadOptions options, QWidget* parent)
{
    if (QFileInfo(path).size() < kBackgroundImportBytes)
        return loadKernelFile(path.toStdString(), options);

    // Shared with the worker: it may outlive this call only until runWithProgress returns.
    struct State {
        std::atomic<int> permille {0};
        std::atomic<bool> cancel {false};
        std::optional<Result<KernelImport>> result;
    };
    auto state = std::make_shared<State>();
    options.progress = [state](double done) {
        state->permille.store(static_cast<int>(done * 1000.0));
        return !state->cancel.load();
    };
    const std::string file = path.toStdString();
    const QString label = QCoreApplication::translate("Import", "Reading %1\u2026").arg(QFileInfo(path).fileName());
    const WorkerProgress shown {QCoreApplication::translate("Import", "Import Kernels"),
        QStringLiteral("importProgress"), [state]() { return state->permille.load(); }, [label]() { return label; }};
    if (!runWithProgress(
            [state, file, options]() { state->result = loadKernelFile(file, options); }, shown, state->cancel, parent))
        return std::nullopt;
    if (state->result && !state->result->ok() && state->result->error().message == kImportCancelled)
        return std::nullopt;
    return std::move(state->result);
}

} // namespace roofline::ui
