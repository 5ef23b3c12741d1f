// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/roofline.h"
#include "core/io/profile_catalog.h"
#include "core/model/session.h"
#include "core/plot/plot_spec.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <optional>
#include <vector>

namespace roofline::ui {

/// The open analysis. Owns a core::Session; every user edit goes through the undo stack as a
/// small named command, and `changed()` tells the views to refresh.
class SessionDocument : public QObject {
    Q_OBJECT
public:
    /// `catalog` must outlive the document.
    explicit SessionDocument(const ProfileCatalog& catalog, QObject* parent = nullptr);

    const Session& session() const { return m_session; }
    const ProfileCatalog& catalog() const { return m_catalog; }
    QUndoStack* undoStack() { return &m_undo; }

    /// The selected profile (nullptr only if the catalog is empty).
    const HardwareProfile* hardware() const;
    Precision precision() const { return m_session.precision; }

    /// Undoable edits. Choosing hardware that lacks the current precision also switches to its
    /// default precision, in the same undo step. No-ops push nothing.
    void setHardware(const QString& id);
    void setPrecision(Precision precision);
    /// Flips BF16 <-> FP8 (from any other precision: to BF16). Returns false, changing
    /// nothing, when the part lacks the target precision.
    bool toggleBf16Fp8();

    /// The roof for the current hardware and precision, at main memory.
    std::optional<Roofline> roofline() const;
    std::vector<Placement> placements() const;
    PlotSpec plotSpec() const;

    /// Used by the undo commands only: set without pushing a command.
    void applySelection(const std::string& hardwareId, Precision precision);

signals:
    void changed();

private:
    const ProfileCatalog& m_catalog;
    Session m_session;
    QUndoStack m_undo;
};

} // namespace roofline::ui
