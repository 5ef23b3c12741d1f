// SPDX-License-Identifier: MIT
#include "ui/document/worker_progress.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <memory>

namespace roofline::ui {

bool runWithProgress(
    const std::function<void()>& work, const WorkerProgress& shown, std::atomic<bool>& cancel, QWidget* parent)
{
    std::unique_ptr<QThread> worker(QThread::create(work));
    QProgressDialog dialog(shown.label(), QCoreApplication::translate("Progress", "Cancel"), 0, 1000, parent);
    dialog.setObjectName(shown.objectName);
    dialog.setWindowTitle(shown.title);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(0);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    dialog.setValue(0);

    QEventLoop loop;
    QTimer poll;
    poll.setInterval(30);
    QObject::connect(&poll, &QTimer::timeout, &dialog, [&]() {
        dialog.setValue(shown.permille());
        dialog.setLabelText(shown.label());
    });
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&]() { cancel.store(true); });
    QObject::connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
    poll.start();
    worker->start();
    loop.exec(); // the window keeps answering while the worker runs
    worker->wait();
    return !(cancel.load() || dialog.wasCanceled());
}

} // namespace roofline::ui
