// SPDX-License-Identifier: MIT
#include "ui/document/commands.h"

#include "ui/document/session_document.h"

namespace roofline::ui {

ChangeSelectionCommand::ChangeSelectionCommand(
    SessionDocument* doc, std::string hardwareId, Precision precision, const QString& text)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_oldId(doc->session().hardwareId)
    , m_newId(std::move(hardwareId))
    , m_oldPrecision(doc->session().precision)
    , m_newPrecision(precision)
{ }

void ChangeSelectionCommand::undo()
{
    m_doc->applySelection(m_oldId, m_oldPrecision);
}

void ChangeSelectionCommand::redo()
{
    m_doc->applySelection(m_newId, m_newPrecision);
}

AddKernelsCommand::AddKernelsCommand(SessionDocument* doc, int index, std::vector<Kernel> kernels, const QString& text)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_index(index)
    , m_kernels(std::move(kernels))
    , m_count(static_cast<int>(m_kernels.size()))
{ }

void AddKernelsCommand::undo()
{
    m_kernels = m_doc->applyTake(m_index, m_count);
}

void AddKernelsCommand::redo()
{
    m_doc->applyInsert(m_index, std::move(m_kernels));
    m_kernels = {}; // in the session now; taken back on undo
}

RemoveKernelsCommand::RemoveKernelsCommand(SessionDocument* doc, std::vector<int> sortedIndices, const QString& text)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_indices(std::move(sortedIndices))
{ }

void RemoveKernelsCommand::undo()
{
    m_doc->applyInsertEach(m_indices, std::move(m_removed));
    m_removed = {};
}

void RemoveKernelsCommand::redo()
{
    m_removed = m_doc->applyRemove(m_indices); // held only while they are out of the session
}

EditKernelCommand::EditKernelCommand(SessionDocument* doc, int index, Kernel after, const QString& text, int dragId)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_index(index)
    , m_before(doc->session().kernels.at(static_cast<size_t>(index)))
    , m_after(std::move(after))
    , m_dragId(dragId)
{ }

void EditKernelCommand::undo()
{
    m_doc->applyKernel(m_index, m_before);
}

void EditKernelCommand::redo()
{
    m_doc->applyKernel(m_index, m_after);
}

bool EditKernelCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const EditKernelCommand*>(other);
    if (o->m_dragId != m_dragId || o->m_index != m_index || m_dragId < 0)
        return false;
    m_after = o->m_after;
    return true;
}

SetViewCommand::SetViewCommand(SessionDocument* doc, ViewSettings after, const QString& text)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_before(doc->session().view)
    , m_after(std::move(after))
{ }

void SetViewCommand::undo()
{
    m_doc->applyView(m_before);
}

void SetViewCommand::redo()
{
    m_doc->applyView(m_after);
}

SetAchievableCommand::SetAchievableCommand(SessionDocument* doc, double after, const QString& text)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_before(doc->session().achievable)
    , m_after(after)
{ }

void SetAchievableCommand::undo()
{
    m_doc->applyAchievable(m_before);
}

void SetAchievableCommand::redo()
{
    m_doc->applyAchievable(m_after);
}

SetLlmCommand::SetLlmCommand(SessionDocument* doc, LlmSettings after, const QString& text, int mergeKey)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_before(doc->session().llm)
    , m_after(std::move(after))
    , m_mergeKey(mergeKey)
{ }

void SetLlmCommand::undo()
{
    m_doc->applyLlm(m_before);
}

void SetLlmCommand::redo()
{
    m_doc->applyLlm(m_after);
}

bool SetLlmCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const SetLlmCommand*>(other);
    if (o->m_mergeKey != m_mergeKey || m_mergeKey < 0)
        return false;
    m_after = o->m_after;
    return true;
}

} // namespace roofline::ui
