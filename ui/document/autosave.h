// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>

namespace roofline::ui {

class SessionDocument;

/// Keeps unsaved work of a document in one file, <AppDataLocation>/autosave.roofline.yaml,
/// written every minute while the document has unsaved changes and removed once it has none (it
/// was saved, or its changes undone) or the window closes cleanly. A session recovered from it
/// keeps the file until that session is saved or discarded, so a second crash loses nothing.
class Autosave : public QObject {
    Q_OBJECT
public:
    explicit Autosave(SessionDocument* document, QObject* parent = nullptr);

    static QString path();
    /// Whether a file from a session that did not close cleanly is waiting.
    static bool pending();
    /// Writes the session if it has unsaved changes (the timer calls this); removes the file when
    /// there is nothing unsaved. Returns whether a file was written.
    bool save();
    /// Opens the autosaved session in the document (unsaved, under its original file name);
    /// false if there is none, or it does not read (then it is removed).
    bool recover();
    /// Why the last recover() did not (a session whose hardware is not loaded: the unsaved work
    /// is moved aside to unsaved-DATE.roofline.yaml, whose path this says); empty when it did or
    /// there was nothing to recover.
    QString recoverError() const { return m_recoverError; }
    /// The unsaved work is not wanted (closed cleanly, recovery declined): removes the file.
    void discard();

private:
    SessionDocument* m_document;
    bool m_recovering = false;
    QString m_recoverError;
};

} // namespace roofline::ui
