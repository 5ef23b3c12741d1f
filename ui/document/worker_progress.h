// SPDX-License-Identifier: MIT
// Long work off the GUI thread: a worker QThread runs it while a modal progress dialog with a
// Cancel button keeps the event loop (and so the window) running. Used by the large-file import
// and by Tools > Measure This Machine.
#pragma once

#include <QString>

#include <atomic>
#include <functional>

class QWidget;

namespace roofline::ui {

struct WorkerProgress {
    QString title; ///< the dialog's window title
    QString objectName; ///< for tests ("importProgress")
    std::function<int()> permille; ///< how far the work is, 0..1000, polled
    std::function<QString()> label; ///< the dialog's text, polled
};

/// Runs `work` on a worker thread and waits for it with the dialog. Cancel sets `cancel`; the
/// work is expected to see it and return. Returns false when the user cancelled.
bool runWithProgress(
    const std::function<void()>& work, const WorkerProgress& shown, std::atomic<bool>& cancel, QWidget* parent);

} // namespace roofline::ui
