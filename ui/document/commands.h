// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/precision.h"

#include <QUndoCommand>

#include <string>

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

} // namespace roofline::ui
