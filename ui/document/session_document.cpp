// SPDX-License-Identifier: MIT
#include "ui/document/session_document.h"
#include "core/figure/session_figure.h"

#include "core/io/session_yaml.h"
#include "ui/common/atomic_file.h"
#include "ui/document/commands.h"

#include <QFile>

#include <algorithm>
#include <unordered_set>

namespace roofline::ui {

SessionDocument::SessionDocument(const ProfileCatalog& catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(catalog)
{
    if (!m_catalog.find(m_session.hardwareId) && !m_catalog.empty())
        m_session.hardwareId = m_catalog.profiles().front().id;
    if (const auto* hw = hardware(); hw && !hw->hasPrecision(m_session.precision))
        m_session.precision = hw->defaultPrecision();
    reanalyze();
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

SessionDocument::~SessionDocument()
{
    m_undo.disconnect();
    blockSignals(true);
}

const HardwareProfile* SessionDocument::hardware() const
{
    return m_catalog.find(m_session.hardwareId);
}

// --- Files -------------------------------------------------------------------------------

QString SessionDocument::replaceSession(Session session, const QString& filePath)
{
    QString warning;
    if (auto r = m_catalog.resolve(session.hardwareId)) {
        session.hardwareId = r.value()->id;
    } else if (!m_catalog.empty()) {
        warning = tr("Unknown hardware '%1' (%2); showing %3 instead.")
                      .arg(QString::fromStdString(session.hardwareId), QString::fromStdString(r.error().message),
                          QString::fromStdString(m_catalog.profiles().front().id));
        session.hardwareId = m_catalog.profiles().front().id;
    }
    if (const auto* hw = m_catalog.find(session.hardwareId); hw && !hw->hasPrecision(session.precision)) {
        warning += (warning.isEmpty() ? QString() : QStringLiteral(" "))
            + tr("%1 has no %2 rate; showing %3.")
                  .arg(QString::fromStdString(hw->name), QString::fromStdString(precisionLabel(session.precision)),
                      QString::fromStdString(precisionLabel(hw->defaultPrecision())));
        session.precision = hw->defaultPrecision();
    }
    m_session = std::move(session);
    ++m_kernelsRevision;
    m_editInPlace = false;
    m_undo.clear();
    m_undo.setClean();
    m_filePath = filePath;
    reanalyze();
    emit filePathChanged(m_filePath);
    emit modifiedChanged(false);
    emit changed();
    return warning;
}

QString SessionDocument::unknownHardware(const Session& session) const
{
    if (m_catalog.empty())
        return {};
    const auto r = m_catalog.resolve(session.hardwareId);
    if (r)
        return {};
    return tr("its hardware '%1' is not loaded (%2). Import its profile (File > Import Profile, or drop the "
              "profile's YAML on the window), then open the session again; the file is left as it is")
        .arg(QString::fromStdString(session.hardwareId), QString::fromStdString(r.error().message));
}

QString SessionDocument::load(const QString& path)
{
    auto s = loadSessionFile(path.toStdString());
    if (!s)
        return QString::fromStdString(s.error().toString());
    if (const QString why = unknownHardware(s.value()); !why.isEmpty())
        return path + QStringLiteral(": ") + why;
    const QString warning = replaceSession(std::move(s).value(), path);
    return warning.isEmpty() ? QString() : path + QStringLiteral(": ") + warning;
}

QString SessionDocument::save(const QString& path)
{
    if (auto error = writeFileAtomically(path, sessionToYaml(m_session)))
        return *error + tr("; the previous file is unchanged");
    m_undo.setClean();
    if (m_filePath != path) {
        m_filePath = path;
        emit filePathChanged(path);
    }
    return {};
}

// --- Edits -------------------------------------------------------------------------------

void SessionDocument::setHardware(const QString& id)
{
    const HardwareProfile* hw = m_catalog.find(id.toStdString());
    if (!hw || hw->id == m_session.hardwareId)
        return;
    const Precision p = hw->hasPrecision(m_session.precision) ? m_session.precision : hw->defaultPrecision();
    m_undo.push(new ChangeSelectionCommand(this, hw->id, p, tr("Choose %1").arg(QString::fromStdString(hw->name))));
}

void SessionDocument::setPrecision(Precision precision)
{
    const HardwareProfile* hw = hardware();
    if (!hw || !hw->hasPrecision(precision) || precision == m_session.precision)
        return;
    m_undo.push(new ChangeSelectionCommand(
        this, hw->id, precision, tr("Precision %1").arg(QString::fromStdString(precisionLabel(precision)))));
}

bool SessionDocument::toggleBf16Fp8()
{
    const Precision target = m_session.precision == Precision::BF16 ? Precision::FP8 : Precision::BF16;
    const HardwareProfile* hw = hardware();
    if (!hw || !hw->hasPrecision(target))
        return false;
    setPrecision(target);
    return true;
}

std::string SessionDocument::uniqueName(const std::string& base, int ignore) const
{
    auto taken = [&](const std::string& name) {
        for (size_t i = 0; i < m_session.kernels.size(); ++i)
            if (static_cast<int>(i) != ignore && m_session.kernels[i].name == name)
                return true;
        return false;
    };
    if (!taken(base))
        return base;
    for (int n = 2;; ++n) {
        const std::string candidate = base + " " + std::to_string(n);
        if (!taken(candidate))
            return candidate;
    }
}

int SessionDocument::addKernels(std::vector<Kernel> kernels, const QString& text)
{
    if (kernels.empty())
        return -1;
    // Unique against the session and against each other: views of the names where they are
    // (neither vector changes while the set lives; a name is final once it is in the set).
    std::unordered_set<std::string_view> taken;
    taken.reserve(m_session.kernels.size() + kernels.size());
    for (const Kernel& k : m_session.kernels)
        taken.insert(k.name);
    for (Kernel& k : kernels) {
        for (int n = 2; taken.count(k.name); ++n) {
            const std::string candidate = k.name + " " + std::to_string(n);
            if (!taken.count(candidate)) {
                k.name = candidate;
                break;
            }
        }
        taken.insert(k.name);
    }
    const int index = static_cast<int>(m_session.kernels.size());
    m_undo.push(new AddKernelsCommand(this, index, std::move(kernels), text));
    return index;
}

int SessionDocument::addKernelAt(double intensity, double flopsPerSecond)
{
    Kernel k;
    k.name = uniqueName("kernel " + std::to_string(m_session.kernels.size() + 1));
    k.time = 1e-3;
    k.flops = flopsPerSecond * *k.time;
    k.bytes = k.flops / intensity;
    if (validateKernel(k))
        return -1;
    return addKernels({k}, tr("Place %1").arg(QString::fromStdString(k.name)));
}

int SessionDocument::duplicateKernel(int index)
{
    if (index < 0 || index >= static_cast<int>(m_session.kernels.size()))
        return -1;
    Kernel k = m_session.kernels[static_cast<size_t>(index)];
    k.name = uniqueName(k.name + " (copy)");
    return addKernels(
        {k}, tr("Duplicate %1").arg(QString::fromStdString(m_session.kernels[static_cast<size_t>(index)].name)));
}

void SessionDocument::removeKernels(std::vector<int> indices)
{
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    indices.erase(std::remove_if(indices.begin(), indices.end(),
                      [&](int i) { return i < 0 || i >= static_cast<int>(m_session.kernels.size()); }),
        indices.end());
    if (indices.empty())
        return;
    const QString text = indices.size() == 1
        ? tr("Delete %1").arg(QString::fromStdString(m_session.kernels[static_cast<size_t>(indices[0])].name))
        : tr("Delete %n kernels", nullptr, static_cast<int>(indices.size()));
    m_undo.push(new RemoveKernelsCommand(this, std::move(indices), text));
}

void SessionDocument::editKernel(int index, Kernel kernel, const QString& text)
{
    if (index < 0 || index >= static_cast<int>(m_session.kernels.size()) || validateKernel(kernel))
        return;
    kernel.name = uniqueName(kernel.name, index);
    if (kernel == m_session.kernels[static_cast<size_t>(index)])
        return;
    m_undo.push(new EditKernelCommand(this, index, std::move(kernel), text));
}

void SessionDocument::moveKernel(int index, double intensity, double flopsPerSecond, int dragId)
{
    if (index < 0 || index >= static_cast<int>(m_session.kernels.size()))
        return;
    Kernel k = m_session.kernels[static_cast<size_t>(index)];
    k.bytes = k.flops / intensity;
    k.time = k.flops / flopsPerSecond;
    if (validateKernel(k))
        return;
    const QString text = tr("Move %1").arg(QString::fromStdString(k.name));
    m_undo.push(new EditKernelCommand(this, index, std::move(k), text, dragId));
}

void SessionDocument::setView(const ViewSettings& view, const QString& text)
{
    if (view == m_session.view)
        return;
    m_undo.push(new SetViewCommand(this, view, text));
}

void SessionDocument::recordViewRanges(std::optional<AxisRange> x, std::optional<AxisRange> y)
{
    m_session.view.x = x;
    m_session.view.y = y;
}

// --- Applying (from the commands) --------------------------------------------------------

void SessionDocument::applySelection(const std::string& hardwareId, Precision precision)
{
    m_session.hardwareId = hardwareId;
    m_session.precision = precision;
    reanalyze();
    emit changed();
}

void SessionDocument::applyInsert(int index, std::vector<Kernel> kernels)
{
    auto& ks = m_session.kernels;
    if (ks.empty()) {
        ks = std::move(kernels); // an import into an empty session: no copy of 10^6 kernels
    } else {
        const auto at = ks.begin() + std::clamp(index, 0, static_cast<int>(ks.size()));
        ks.insert(at, std::make_move_iterator(kernels.begin()), std::make_move_iterator(kernels.end()));
    }
    ++m_kernelsRevision;
    m_editInPlace = false;
    reanalyze();
    emit changed();
}

std::vector<Kernel> SessionDocument::applyTake(int index, int count)
{
    auto& ks = m_session.kernels;
    const auto first = ks.begin() + std::clamp(index, 0, static_cast<int>(ks.size()));
    const auto last = first + std::clamp(count, 0, static_cast<int>(ks.end() - first));
    std::vector<Kernel> taken(std::make_move_iterator(first), std::make_move_iterator(last));
    ks.erase(first, last);
    ++m_kernelsRevision;
    m_editInPlace = false;
    reanalyze();
    emit changed();
    return taken;
}

std::vector<Kernel> SessionDocument::applyRemove(const std::vector<int>& sortedIndices)
{
    // One pass: kept kernels slide down over the removed ones.
    auto& ks = m_session.kernels;
    std::vector<Kernel> removed;
    removed.reserve(sortedIndices.size());
    size_t next = 0, out = 0;
    for (size_t i = 0; i < ks.size(); ++i) {
        while (next < sortedIndices.size() && sortedIndices[next] < static_cast<int>(i))
            ++next;
        if (next < sortedIndices.size() && sortedIndices[next] == static_cast<int>(i))
            removed.push_back(std::move(ks[i]));
        else if (out++ != i)
            ks[out - 1] = std::move(ks[i]);
    }
    ks.resize(out);
    ++m_kernelsRevision;
    m_editInPlace = false;
    reanalyze();
    emit changed();
    return removed;
}

void SessionDocument::applyInsertEach(const std::vector<int>& sortedIndices, std::vector<Kernel> kernels)
{
    // The inverse of applyRemove: kernels[j] goes back to index sortedIndices[j].
    auto& ks = m_session.kernels;
    std::vector<Kernel> merged;
    merged.reserve(ks.size() + kernels.size());
    size_t from = 0;
    for (size_t j = 0; j < kernels.size() && j < sortedIndices.size(); ++j) {
        while (merged.size() < static_cast<size_t>(std::max(0, sortedIndices[j])) && from < ks.size())
            merged.push_back(std::move(ks[from++]));
        merged.push_back(std::move(kernels[j]));
    }
    while (from < ks.size())
        merged.push_back(std::move(ks[from++]));
    ks = std::move(merged);
    ++m_kernelsRevision;
    m_editInPlace = false;
    reanalyze();
    emit changed();
}

void SessionDocument::applyKernel(int index, const Kernel& kernel)
{
    m_session.kernels.at(static_cast<size_t>(index)) = kernel;
    ++m_kernelsRevision;
    m_editInPlace = true;
    reanalyze();
    emit changed();
}

void SessionDocument::setAchievable(double fraction, const QString& text)
{
    if (!(fraction > 0 && fraction <= 1) || m_session.achievable == fraction)
        return;
    m_undo.push(new SetAchievableCommand(this, fraction, text));
}

void SessionDocument::applyAchievable(std::optional<double> fraction)
{
    m_session.achievable = fraction;
    reanalyze();
    emit changed();
}

void SessionDocument::applyView(const ViewSettings& view)
{
    m_session.view = view;
    reanalyze();
    emit changed();
}

// --- Derived -----------------------------------------------------------------------------

void SessionDocument::reanalyze()
{
    m_llm.reset();
    m_llmError.clear();
    const HardwareProfile* hw = hardware();
    // The analysis is redone in its own memory when nobody else holds it (reanalyzeSession).
    if (!hw || !m_analysis || m_analysis.use_count() > 1)
        m_analysis = std::make_shared<SessionAnalysis>();
    if (!hw || reanalyzeSession(*m_analysis, *hw, m_session, RoofKind::Peak)) {
        m_analysis.reset();
        return;
    }
    if (m_session.llm.enabled) {
        if (auto l
            = analyzeLlm(m_session.llm, effectiveProfile(*hw, m_session), m_analysis->roof, m_models, &m_catalog))
            m_llm = std::move(l).value();
        else
            m_llmError = QString::fromStdString(l.error().message);
    }
}

void SessionDocument::setModels(std::vector<ModelSpec> models)
{
    m_models = std::move(models);
    reanalyze();
    emit changed();
}

void SessionDocument::setLlm(const LlmSettings& llm, const QString& text, int mergeKey)
{
    if (llm == m_session.llm)
        return;
    m_undo.push(new SetLlmCommand(this, llm, text, mergeKey));
}

void SessionDocument::applyLlm(const LlmSettings& llm)
{
    m_session.llm = llm;
    reanalyze();
    emit changed();
}

std::optional<Roofline> SessionDocument::roofline() const
{
    if (!m_analysis)
        return std::nullopt;
    return m_analysis->roof;
}

const std::vector<Placement>& SessionDocument::placements() const
{
    static const std::vector<Placement> none;
    return m_analysis ? m_analysis->placements : none;
}

PlotSpec SessionDocument::plotSpec() const
{
    const HardwareProfile* hw = hardware();
    if (!hw || !m_analysis)
        return {};
    return buildSessionFigure(
        *hw, m_session, *m_analysis, m_models, &m_catalog, nullptr, false); // drawn: the renderer lays out the labels
}

} // namespace roofline::ui
