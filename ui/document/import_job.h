// SPDX-License-Identifier: MIT
// Reading a kernel file without freezing the window: large files are parsed on a worker thread
// while a progress dialog with a Cancel button keeps the event loop running.
#pragma once

#include "core/common/result.h"
#include "core/io/kernel_io.h"

#include <QString>

#include <cstdint>
#include <optional>

class QWidget;

namespace roofline::ui {

/// Files at least this large (about 10^4 rows) are read on a worker thread with a progress dialog.
inline constexpr std::int64_t kBackgroundImportBytes = 512 * 1024;

/// loadKernelFile(path, options), on a worker thread when the file is large. Returns nullopt
/// when the user cancelled: nothing was read into the session.
std::optional<Result<KernelImport>> loadKernelFileResponsively(
    const QString& path, KernelReadOptions options, QWidget* parent);

} // namespace roofline::ui
