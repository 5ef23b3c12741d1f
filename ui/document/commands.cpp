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

} // namespace roofline::ui
