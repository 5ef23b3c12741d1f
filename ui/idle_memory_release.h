// SPDX-License-Identifier: MIT
// Memory that a change freed goes back to the system once the window has been idle for a moment.
// A toggle or an import of 10^6 kernels builds a new figure and analysis beside the old ones; the
// allocator keeps the freed blocks (about 65 bytes a kernel), so the window's resident memory
// would stay at its high-water mark. Releasing them after every change would cost the next
// change page faults while the user is still clicking; after a second of quiet it costs nobody.
#pragma once

#include <QObject>
#include <QTimer>

namespace roofline::ui {

class IdleMemoryRelease : public QObject {
    Q_OBJECT
public:
    static constexpr int kIdleMs = 1000;
    explicit IdleMemoryRelease(QObject* parent = nullptr, int idleMs = kIdleMs);
    /// Something changed: release `idleMs` after the last of a burst of changes.
    void changed();
    /// How many releases ran (whether or not the allocator had anything to give back).
    int releases() const { return m_releases; }

signals:
    void released(bool anyMemory);

private:
    QTimer m_timer;
    int m_releases = 0;
};

} // namespace roofline::ui
