// SPDX-License-Identifier: MIT
#include "ui/document/import_job.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <memory>

namespace roofline::ui {

std::optional<Result<KernelImport>> loadKernelFileResponsively(
    const QString& path, KernelReadOptions options, QWidget* parent)
{
    if (QFileInfo(path).size() < kBackgroundImportBytes)
        return loadKernelFile(path.toStdString(), options);

    // Shared with the worker: it may outlive this call only until wait() below returns.
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
    std::unique_ptr<QThread> worker(
        QThread::create([state, file, options]() { state->result = loadKernelFile(file, options); }));

    QProgressDialog dialog(QCoreApplication::translate("Import", "Reading %1\u2026").arg(QFileInfo(path).fileName()),
        QCoreApplication::translate("Import", "Cancel"), 0, 1000, parent);
    dialog.setObjectName(QStringLiteral("importProgress"));
    dialog.setWindowTitle(QCoreApplication::translate("Import", "Import Kernels"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(0);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    dialog.setValue(0);

    QEventLoop loop;
    QTimer poll;
    poll.setInterval(30);
    QObject::connect(&poll, &QTimer::timeout, &dialog, [&]() { dialog.setValue(state->permille.load()); });
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&]() { state->cancel.store(true); });
    QObject::connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
    poll.start();
    worker->start();
    loop.exec(); // the window keeps answering while the worker reads
    worker->wait();
    if (state->cancel.load() || dialog.wasCanceled())
        return std::nullopt;
    if (state->result && !state->result->ok() && state->result->error().message == kImportCancelled)
        return std::nullopt;
    return std::move(state->result);
}

} // namespace roofline::ui
