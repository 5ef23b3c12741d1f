// SPDX-License-Identifier: MIT
#include "ui/common/atomic_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStorageInfo>

#include <filesystem>
#include <system_error>

namespace roofline::ui {
namespace {

/// Why `path` is no place for a file: it exists and is not a regular file (a device such as
/// /dev/null, a FIFO, a folder, a socket), or is a link that never ends (a loop). A write renames
/// over the path, which would replace such a thing with a file (as root: /dev/null itself).
std::optional<QString> notAPlaceForAFile(const QString& path)
{
    namespace fs = std::filesystem;
    const fs::path p(QFile::encodeName(path).toStdString());
    std::error_code ec;
    const fs::file_status link = fs::symlink_status(p, ec);
    if (ec || !fs::exists(link))
        return std::nullopt; // not there: the write creates it
    const fs::file_status target = fs::status(p, ec);
    if (ec && fs::is_symlink(link))
        return QStringLiteral("a symbolic link that leads nowhere it ends (%1)")
            .arg(QString::fromStdString(ec.message()));
    if (!fs::exists(target) || fs::is_regular_file(target))
        return std::nullopt; // a file, a link to one, or a link to a file yet to be made
    const char* what = fs::is_directory(target)                      ? "a folder"
        : fs::is_fifo(target)                                        ? "a FIFO (named pipe)"
        : fs::is_character_file(target) || fs::is_block_file(target) ? "a device"
        : fs::is_socket(target)                                      ? "a socket"
                                                                     : "not a regular file";
    return QStringLiteral("it is %1, not a file; it is left as it is: give a file name").arg(QLatin1String(what));
}

/// Why the file could not be opened to write. QSaveFile says "Existing file ... is not writable"
/// for a file on a read-only mount, which reads as a permission to change; the mount is named.
QString whyNotOpened(const QString& path, const QSaveFile& file)
{
    const QStorageInfo storage(QFileInfo(path).absolutePath());
    if (storage.isValid() && storage.isReadOnly())
        return QStringLiteral("the file system at %1 is mounted read-only; save to another folder")
            .arg(storage.rootPath());
    return file.errorString();
}

} // namespace

std::optional<QString> writeFileAtomically(const QString& path, const QByteArray& data)
{
    return writeFileAtomically(path, std::string_view(data.constData(), static_cast<size_t>(data.size())));
}

std::optional<QString> writeFileAtomically(const QString& path, std::string_view data)
{
    if (auto why = notAPlaceForAFile(path))
        return QStringLiteral("%1: cannot write (%2)").arg(path, *why);
    QSaveFile file(path);
    auto failed = [&](const QString& reason) {
        file.cancelWriting();
        return QStringLiteral("%1: cannot write (%2)").arg(path, reason);
    };
    // Unbuffered: a write that does not fit on the disk fails here, not in a flush nobody checks.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return failed(whyNotOpened(path, file));
    qint64 written = 0;
    while (written < qint64(data.size())) {
        const qint64 n = file.write(data.data() + written, qint64(data.size()) - written);
        if (n <= 0)
            return failed(file.errorString());
        written += n;
    }
    if (file.error() != QFileDevice::NoError)
        return failed(file.errorString());
    if (!file.commit())
        return QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString());
    return std::nullopt;
}

} // namespace roofline::ui
