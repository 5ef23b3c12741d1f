// SPDX-License-Identifier: MIT
// Real write faults for tests: a full disk (a file size limit, as `ulimit -f` with SIGXFSZ
// ignored, so a write past it fails with EFBIG) and a folder that cannot be written.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <functional>

#if defined(__unix__) || defined(__APPLE__)
#include <csignal>
#include <sys/resource.h>
#define ROOFLINE_HAS_FILE_SIZE_LIMIT 1
#endif

namespace roofline::test {

/// Runs f with every file this process writes limited to `bytes`; false where the system has
/// no such limit (the caller skips).
inline bool withFileSizeLimit(unsigned long bytes, const std::function<void()>& f)
{
#ifdef ROOFLINE_HAS_FILE_SIZE_LIMIT
    struct rlimit old { };
    if (::getrlimit(RLIMIT_FSIZE, &old) != 0)
        return false;
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = old;
    small.rlim_cur = bytes;
    if (::setrlimit(RLIMIT_FSIZE, &small) != 0) {
        std::signal(SIGXFSZ, oldHandler);
        return false;
    }
    f();
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
    return true;
#else
    (void)bytes;
    (void)f;
    return false;
#endif
}

inline QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace roofline::test
