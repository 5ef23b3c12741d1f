// SPDX-License-Identifier: MIT
#include "ui/panels/ceilings_panel.h"

#include "ui/document/session_document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>

namespace roofline::ui {

CeilingsPanel::CeilingsPanel(SessionDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_doc(document)
    , m_achievable(new QCheckBox(tr("Achievable roof"), this))
    , m_fraction(new QDoubleSpinBox(this))
    , m_other(new QCheckBox(tr("Other precisions (dimmed)"), this))
    , m_levels(new QCheckBox(tr("Memory levels (L2, L1/shared)"), this))
    , m_link(new QCheckBox(tr("Interconnect (link roof)"), this))
    , m_comparePrecision(new QComboBox(this))
{
    auto* form = new QFormLayout(this);
    auto* row = new QHBoxLayout;
    m_achievable->setToolTip(
        tr("Draw the roof at the achievable fraction of peak (dashed); real kernels reach ~80-85 %"));
    m_fraction->setRange(0.05, 1.0);
    m_fraction->setSingleStep(0.05);
    m_fraction->setDecimals(2);
    m_fraction->setToolTip(tr("The achievable fraction of peak for this session (the profile's by default)"));
    row->addWidget(m_achievable);
    row->addWidget(m_fraction);
    form->addRow(row);
    m_other->setToolTip(tr("Every other precision's compute ceiling, dimmed, so the toggle's effect is visible"));
    m_levels->setToolTip(tr("The bandwidth roofs of the inner memory levels the profile publishes"));
    m_link->setToolTip(tr("Bytes over NVLink / ICI / Infinity Fabric per FLOP: the multi-chip wall"));
    form->addRow(m_other);
    form->addRow(m_levels);
    form->addRow(m_link);
    for (int i = 0; i < 2; ++i) {
        m_compare[i] = new QComboBox(this);
        m_compare[i]->setObjectName(QStringLiteral("compare%1").arg(i));
        m_compare[i]->addItem(tr("(none)"), QString());
        for (const auto& p : m_doc->catalog().profiles())
            m_compare[i]->addItem(QString::fromStdString(p.name), QString::fromStdString(p.id));
        m_compare[i]->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        m_compare[i]->setMinimumContentsLength(14);
        m_compare[i]->setToolTip(tr("Overlay another accelerator's roof (at the same precision when it has it)"));
        form->addRow(i == 0 ? tr("Compare:") : tr("and:"), m_compare[i]);
        connect(
            m_compare[i], qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { apply(tr("Compare")); });
    }
    m_comparePrecision->setToolTip(tr("Overlay this part's roof at another precision"));
    form->addRow(tr("Also at:"), m_comparePrecision);

    connect(m_achievable, &QCheckBox::toggled, this, [this]() { apply(tr("Achievable roof")); });
    connect(m_fraction, qOverload<double>(&QDoubleSpinBox::valueChanged), this,
        [this]() { apply(tr("Achievable fraction")); });
    connect(m_other, &QCheckBox::toggled, this, [this]() { apply(tr("Other precisions")); });
    connect(m_levels, &QCheckBox::toggled, this, [this]() { apply(tr("Memory levels")); });
    connect(m_link, &QCheckBox::toggled, this, [this]() { apply(tr("Link roof")); });
    connect(m_comparePrecision, qOverload<int>(&QComboBox::currentIndexChanged), this,
        [this]() { apply(tr("Compare precision")); });
    connect(m_doc, &SessionDocument::changed, this, &CeilingsPanel::refresh);
    refresh();
}

void CeilingsPanel::apply(const QString& what)
{
    if (m_updating)
        return;
    ViewSettings v = m_doc->session().view;
    v.showAchievable = m_achievable->isChecked();
    v.showOtherPrecisions = m_other->isChecked();
    v.showLevels = m_levels->isChecked();
    v.showInterconnect = m_link->isChecked();
    v.compare.clear();
    for (QComboBox* c : m_compare)
        if (const QString id = c->currentData().toString(); !id.isEmpty())
            v.compare.push_back(id.toStdString());
    v.comparePrecisions.clear();
    if (const QString p = m_comparePrecision->currentData().toString(); !p.isEmpty())
        if (auto pr = parsePrecision(p.toStdString()))
            v.comparePrecisions.push_back(*pr);
    // The achievable fraction is a session value, edited in the same undo step as the view.
    const HardwareProfile* hw = m_doc->hardware();
    const double fraction = m_fraction->value();
    if (hw && std::abs(fraction - m_doc->session().achievable.value_or(hw->achievable)) > 1e-9)
        m_doc->setAchievable(fraction, what);
    m_doc->setView(v, what);
}

void CeilingsPanel::refresh()
{
    m_updating = true;
    const Session& s = m_doc->session();
    m_achievable->setChecked(s.view.showAchievable);
    if (const HardwareProfile* hw = m_doc->hardware())
        m_fraction->setValue(s.achievable.value_or(hw->achievable));
    m_other->setChecked(s.view.showOtherPrecisions);
    m_levels->setChecked(s.view.showLevels);
    m_link->setChecked(s.view.showInterconnect);
    for (int i = 0; i < 2; ++i) {
        const QString id
            = i < static_cast<int>(s.view.compare.size()) ? QString::fromStdString(s.view.compare[i]) : QString();
        m_compare[i]->setCurrentIndex(std::max(0, m_compare[i]->findData(id)));
    }
    m_comparePrecision->clear();
    m_comparePrecision->addItem(tr("(none)"), QString());
    if (const HardwareProfile* hw = m_doc->hardware())
        for (Precision p : hw->precisions())
            if (p != s.precision)
                m_comparePrecision->addItem(
                    QString::fromStdString(precisionLabel(p)), QString::fromStdString(precisionName(p)));
    const QString cp = s.view.comparePrecisions.empty()
        ? QString()
        : QString::fromStdString(precisionName(s.view.comparePrecisions.front()));
    m_comparePrecision->setCurrentIndex(std::max(0, m_comparePrecision->findData(cp)));
    m_updating = false;
}

} // namespace roofline::ui
