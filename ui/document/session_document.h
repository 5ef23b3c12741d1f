// SPDX-License-Identifier: MIT
#pragma once

#include "core/analysis/session_analysis.h"
#include "core/figure/session_figure.h"
#include "core/io/profile_catalog.h"
#include "core/model/session.h"
#include "core/plot/plot_spec.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <memory>
#include <optional>
#include <vector>

namespace roofline::ui {

/// The open analysis. Owns a core::Session; every user edit goes through the undo stack as a
/// small named command, and `changed()` tells the views to refresh. The modified flag is the
/// undo stack's clean state.
class SessionDocument : public QObject {
    Q_OBJECT
public:
    /// `catalog` must outlive the document.
    explicit SessionDocument(const ProfileCatalog& catalog, QObject* parent = nullptr);
    /// Silences the document first: clearing the undo stack must not notify half-destroyed views.
    ~SessionDocument() override;

    const Session& session() const { return m_session; }
    const ProfileCatalog& catalog() const { return m_catalog; }
    QUndoStack* undoStack() { return &m_undo; }

    /// The selected profile (nullptr only if the catalog is empty).
    const HardwareProfile* hardware() const;
    Precision precision() const { return m_session.precision; }

    // --- Files ---------------------------------------------------------------------------
    QString filePath() const { return m_filePath; }
    bool isModified() const { return !m_undo.isClean(); }
    /// Replaces the session (clears undo; not modified). An unknown hardware id falls back to
    /// the first profile and says so in the returned warning.
    QString replaceSession(Session session, const QString& filePath);
    /// Loads a session file; returns an error message or an empty string. A session whose
    /// hardware is not loaded is refused (the document and the file stay as they are), never
    /// shown on another part.
    QString load(const QString& path);
    /// Why `session` cannot be shown here: its hardware is not loaded ("" when it is).
    QString unknownHardware(const Session& session) const;
    /// Saves atomically (QSaveFile); returns an error message or an empty string.
    QString save(const QString& path);

    // --- Undoable edits ------------------------------------------------------------------
    /// Choosing hardware that lacks the current precision also switches to its default
    /// precision, in the same undo step. No-ops push nothing.
    void setHardware(const QString& id);
    void setPrecision(Precision precision);
    /// Flips BF16 <-> FP8 (from any other precision: to BF16). False, changing nothing, when
    /// the part lacks the target precision.
    bool toggleBf16Fp8();
    /// Appends kernels (names made unique); returns the index of the first.
    int addKernels(std::vector<Kernel> kernels, const QString& text);
    /// A new kernel at (intensity, FLOP/s): time 1 ms, FLOPs = rate x 1 ms, bytes = FLOPs / I.
    int addKernelAt(double intensity, double flopsPerSecond);
    int duplicateKernel(int index);
    void removeKernels(std::vector<int> indices);
    /// Replaces kernel `index` (validated by the caller); the name is made unique.
    void editKernel(int index, Kernel kernel, const QString& text);
    /// Drags kernel `index` to (intensity, FLOP/s), keeping its FLOPs. Moves of one drag
    /// (the same dragId) merge into one undo step.
    void moveKernel(int index, double intensity, double flopsPerSecond, int dragId);
    void setView(const ViewSettings& view, const QString& text);
    /// The session's achievable fraction (overrides the profile's).
    void setAchievable(double fraction, const QString& text);
    /// LLM panel changes; consecutive changes with the same `mergeKey` (a slider being dragged)
    /// merge into one undo step. -1: never merge.
    void setLlm(const LlmSettings& llm, const QString& text, int mergeKey = -1);

    /// The model presets the LLM panel offers (set once by the window).
    void setModels(std::vector<ModelSpec> models);
    const std::vector<ModelSpec>& models() const { return m_models; }
    /// The LLM phases, when the panel is on and its model resolves.
    const std::optional<LlmAnalysis>& llmAnalysis() const { return m_llm; }
    /// Why the LLM settings cannot be evaluated (unknown model ...), else empty.
    QString llmError() const { return m_llmError; }

    // --- Derived -------------------------------------------------------------------------
    /// The analysis of the whole session (recomputed when it changes).
    /// The current analysis, immutable and shared: a holder keeps the one it was given (the
    /// window compares the previous one with the next) without copying 10^5 placements.
    std::shared_ptr<const SessionAnalysis> analysis() const { return m_analysis; }
    std::optional<Roofline> roofline() const;
    /// The current placements (placements()[i] is session().kernels[i]); empty without an analysis.
    const std::vector<Placement>& placements() const;
    /// Changes whenever a kernel is added, removed, edited or the session replaced; the same
    /// revision means the same kernels in the same order (a precision toggle keeps it).
    quint64 kernelsRevision() const { return m_kernelsRevision; }
    /// The last change of the kernels edited them where they are (no kernel added, removed or
    /// moved, the session not replaced).
    bool lastEditWasInPlace() const { return m_editInPlace; }
    PlotSpec plotSpec() const;

    /// Records the plot's zoom in the view settings, so a saved session (and `roofline export`
    /// of it) shows what the window shows. Not an undoable edit; changes nothing on screen.
    void recordViewRanges(std::optional<AxisRange> x, std::optional<AxisRange> y);

    /// Used by the undo commands only: apply without pushing a command.
    void applySelection(const std::string& hardwareId, Precision precision);
    /// Kernels move in and out of the session rather than being copied, so an undo step holds
    /// its kernels only while they are not in the session.
    void applyInsert(int index, std::vector<Kernel> kernels);
    std::vector<Kernel> applyTake(int index, int count);
    /// Removes the kernels at ascending indices and returns them; applyInsertEach puts them back.
    std::vector<Kernel> applyRemove(const std::vector<int>& sortedIndices);
    void applyInsertEach(const std::vector<int>& sortedIndices, std::vector<Kernel> kernels);
    void applyKernel(int index, const Kernel& kernel);
    void applyView(const ViewSettings& view);
    void applyAchievable(std::optional<double> fraction);
    void applyLlm(const LlmSettings& llm);

    /// `base` or "base 2", "base 3"... so that no other kernel (except `ignore`) has it.
    std::string uniqueName(const std::string& base, int ignore = -1) const;

signals:
    void changed();
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    void reanalyze();

    const ProfileCatalog& m_catalog;
    Session m_session;
    /// Not const inside: when nobody else holds it, the next analysis reuses its memory.
    std::shared_ptr<SessionAnalysis> m_analysis;
    std::vector<ModelSpec> m_models;
    std::optional<LlmAnalysis> m_llm;
    QString m_llmError;
    QUndoStack m_undo;
    QString m_filePath;
    quint64 m_kernelsRevision = 0;
    bool m_editInPlace = false;
};

} // namespace roofline::ui
