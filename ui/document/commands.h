// SPDX-License-Identifier: MIT
// One small named QUndoCommand per kind of edit (Tiled's style). Each keeps just what it needs
// to undo itself and calls the document's apply* functions.
#pragma once

#include "core/model/kernel.h"
#include "core/model/session.h"

#include <QUndoCommand>

#include <string>
#include <vector>

namespace roofline::ui {

class SessionDocument;

/// Hardware and/or precision change (one step, so undo restores both).
class ChangeSelectionCommand : public QUndoCommand {
public:
    ChangeSelectionCommand(SessionDocument* doc, std::string hardwareId, Precision precision, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_doc;
    std::string m_oldId, m_newId;
    Precision m_oldPrecision, m_newPrecision;
};

/// Adds kernels at the end (add, duplicate, place on the plot, import).
class AddKernelsCommand : public QUndoCommand {
public:
    AddKernelsCommand(SessionDocument* doc, int index, std::vector<Kernel> kernels, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_doc;
    int m_index;
    std::vector<Kernel> m_kernels; ///< empty while they are in the session
    int m_count;
};

/// Deletes kernels (any selection), restoring them in place on undo.
class RemoveKernelsCommand : public QUndoCommand {
public:
    RemoveKernelsCommand(SessionDocument* doc, std::vector<int> sortedIndices, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_doc;
    std::vector<int> m_indices;
    std::vector<Kernel> m_removed; ///< empty while they are in the session
};

/// Replaces one kernel's values: a table edit, or one step of a drag. Steps of the same drag
/// merge, so a whole drag undoes at once.
class EditKernelCommand : public QUndoCommand {
public:
    EditKernelCommand(SessionDocument* doc, int index, Kernel after, const QString& text, int dragId = -1);
    void undo() override;
    void redo() override;
    int id() const override { return m_dragId >= 0 ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    SessionDocument* m_doc;
    int m_index;
    Kernel m_before, m_after;
    int m_dragId;
};

/// View settings (labels, marker size, achievable roof, title, ranges).
class SetViewCommand : public QUndoCommand {
public:
    SetViewCommand(SessionDocument* doc, ViewSettings after, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_doc;
    ViewSettings m_before, m_after;
};

/// The session's achievable fraction.
class SetAchievableCommand : public QUndoCommand {
public:
    SetAchievableCommand(SessionDocument* doc, double after, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_doc;
    std::optional<double> m_before;
    double m_after;
};

/// The LLM panel's settings; a slider drag merges into one step (same merge key).
class SetLlmCommand : public QUndoCommand {
public:
    SetLlmCommand(SessionDocument* doc, LlmSettings after, const QString& text, int mergeKey);
    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey >= 0 ? 2 : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    SessionDocument* m_doc;
    LlmSettings m_before, m_after;
    int m_mergeKey;
};

} // namespace roofline::ui
