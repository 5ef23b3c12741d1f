// SPDX-License-Identifier: MIT
#include "ui/common/atomic_file.h"

#include <QSaveFile>

namespace roofline::ui {

std::optional<QString> writeFileAtomically(const QString& path, const QByteArray& data)
{
    return writeFileAtomically(path, std::string_view(data.constData(), static_cast<size_t>(data.size())));
}

std::optional<QString> writeFileAtomically(const QString& path, std::string_view data)
{
    QSaveFile file(path);
    auto failed = [&](const QString& reason) {
        file.cancelWriting();
        return QStringLiteral("%1: cannot write (%2)").arg(path, reason);
    };
    // Unbuffered: a write that does not fit on the disk fails here, not in a flush nobody checks.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return failed(file.errorString());
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
