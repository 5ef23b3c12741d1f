// SPDX-License-Identifier: MIT
#include "ui/document/session_document.h"

#include "ui/document/commands.h"

namespace roofline::ui {

SessionDocument::SessionDocument(const ProfileCatalog& catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(catalog)
{
    if (!m_catalog.find(m_session.hardwareId) && !m_catalog.empty())
        m_session.hardwareId = m_catalog.profiles().front().id;
    if (const auto* hw = hardware(); hw && !hw->hasPrecision(m_session.precision))
        m_session.precision = hw->defaultPrecision();
}

const HardwareProfile* SessionDocument::hardware() const
{
    return m_catalog.find(m_session.hardwareId);
}

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

void SessionDocument::applySelection(const std::string& hardwareId, Precision precision)
{
    m_session.hardwareId = hardwareId;
    m_session.precision = precision;
    emit changed();
}

std::optional<Roofline> SessionDocument::roofline() const
{
    const HardwareProfile* hw = hardware();
    if (!hw)
        return std::nullopt;
    auto r = makeRoofline(*hw, m_session.precision);
    if (!r)
        return std::nullopt;
    return r.value();
}

std::vector<Placement> SessionDocument::placements() const
{
    std::vector<Placement> out;
    const HardwareProfile* hw = hardware();
    const auto roof = roofline();
    if (!hw || !roof)
        return out;
    for (const Kernel& k : m_session.kernels) {
        if (validateKernel(k))
            continue;
        if (k.precision && *k.precision != roof->precision) {
            if (auto own = makeRoofline(*hw, *k.precision)) {
                out.push_back(analyze(k, own.value()));
                continue;
            }
        }
        out.push_back(analyze(k, *roof));
    }
    return out;
}

PlotSpec SessionDocument::plotSpec() const
{
    const HardwareProfile* hw = hardware();
    const auto roof = roofline();
    if (!hw || !roof)
        return {};
    PlotOptions options;
    options.x = m_session.view.x;
    options.y = m_session.view.y;
    options.title = m_session.view.title;
    options.showAchievable = m_session.view.showAchievable;
    return buildPlotSpec(*hw, *roof, placements(), options);
}

} // namespace roofline::ui
