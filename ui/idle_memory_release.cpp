// SPDX-License-Identifier: MIT
#include "ui/idle_memory_release.h"

#include "core/common/huge_pages.h"

namespace roofline::ui {

IdleMemoryRelease::IdleMemoryRelease(QObject* parent, int idleMs)
    : QObject(parent)
{
    setObjectName(QStringLiteral("idle-memory-release"));
    m_timer.setSingleShot(true);
    m_timer.setInterval(idleMs);
    connect(&m_timer, &QTimer::timeout, this, [this]() {
        ++m_releases;
        emit released(releaseFreedMemory());
    });
}

void IdleMemoryRelease::changed()
{
    m_timer.start(); // restarts a running timer
}

} // namespace roofline::ui
