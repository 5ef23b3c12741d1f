// SPDX-License-Identifier: MIT
#include "ui/document/autosave.h"

#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "ui/common/atomic_file.h"
#include "ui/document/session_document.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

namespace roofline::ui {
namespace {
/// The original file name rides along as the first line, so recovery can offer it back.
constexpr const char* kOriginalPrefix = "# autosave-of: ";
} // namespace

Autosave::Autosave(SessionDocument* document, QObject* parent)
    : QObject(parent)
    , m_document(document)
{
    auto* timer = new QTimer(this);
    timer->setInterval(60 * 1000);
    connect(timer, &QTimer::timeout, this, [this]() { save(); });
    timer->start();
    // Saved (or every change undone): nothing left to recover.
    connect(m_document, &SessionDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified && !m_recovering)
            discard();
    });
}

QString Autosave::path()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/autosave.roofline.yaml");
}

bool Autosave::pending()
{
    return QFileInfo::exists(path());
}

bool Autosave::save()
{
    if (!m_document->isModified()) {
        discard();
        return false;
    }
    QDir().mkpath(QFileInfo(path()).absolutePath());
    const std::string text
        = kOriginalPrefix + m_document->filePath().toStdString() + "\n" + sessionToYaml(m_document->session());
    return !writeFileAtomically(path(), text);
}

bool Autosave::recover()
{
    m_recoverError.clear();
    auto text = readTextFile(path().toStdString(), kMaxSessionBytes);
    if (!text)
        return false;
    auto session = parseSession(text.value(), path().toStdString());
    if (!session) {
        discard();
        return false;
    }
    QString original;
    const std::string& t = text.value();
    const std::string prefix = kOriginalPrefix;
    if (t.rfind(prefix, 0) == 0)
        original = QString::fromStdString(t.substr(prefix.size(), t.find('\n') - prefix.size()));
    if (const QString why = m_document->unknownHardware(session.value()); !why.isEmpty()) {
        // Kept aside under a name of its own (the autosave's place is reused by the next edit):
        // once the profile is there, the user opens it.
        const QString kept = QFileInfo(path()).absolutePath() + QStringLiteral("/unsaved-")
            + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))
            + QStringLiteral(".roofline.yaml");
        const bool moved = QFile::rename(path(), kept);
        m_recoverError = tr("The unsaved session was not recovered: %1. %2")
                             .arg(why,
                                 moved ? tr("It is kept as %1: open it once the profile is imported.").arg(kept)
                                       : tr("It is kept as %1.").arg(path()));
        return false;
    }
    m_recovering = true; // the session replaced is clean for a moment: the file stays
    m_document->replaceSession(std::move(session).value(), original);
    m_document->undoStack()->resetClean(); // recovered work is unsaved work
    m_recovering = false;
    return true;
}

void Autosave::discard()
{
    QFile::remove(path());
}

} // namespace roofline::ui
