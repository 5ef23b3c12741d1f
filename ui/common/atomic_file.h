// SPDX-License-Identifier: MIT
// The one way the programs write a file: atomically, checking every error.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <string_view>

namespace roofline::ui {

/// Writes `data` to `path` through a temporary file in the same folder that replaces `path` only
/// once every byte is written and flushed to disk (QSaveFile). Any failure (no such folder, a
/// read-only one, a full disk, a file size limit) leaves a previous file at `path` byte for byte
/// as it was and returns "PATH: cannot write (REASON)"; nothing on success. A path that is there
/// and is not a regular file or a link to one (a device, a FIFO, a folder, a link loop) is
/// refused and left as it is.
std::optional<QString> writeFileAtomically(const QString& path, const QByteArray& data);
std::optional<QString> writeFileAtomically(const QString& path, std::string_view data);

} // namespace roofline::ui
