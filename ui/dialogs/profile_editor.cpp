// SPDX-License-Identifier: MIT
#include "ui/dialogs/profile_editor.h"

#include "core/io/profile_yaml.h"
#include "core/model/units.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace roofline::ui {
namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

ProfileEditor::ProfileEditor(const HardwareProfile& start, QWidget* parent)
    : QDialog(parent)
    , m_id(new QLineEdit(qs(start.id), this))
    , m_name(new QLineEdit(qs(start.name), this))
    , m_vendor(new QLineEdit(qs(start.vendor), this))
    , m_achievable(new QDoubleSpinBox(this))
    , m_peaks(new QTableWidget(static_cast<int>(kAllPrecisions.size()), 2, this))
    , m_memory(new QTableWidget(4, 3, this))
    , m_linkName(new QLineEdit(start.interconnect ? qs(start.interconnect->name) : QString(), this))
    , m_linkBandwidth(new QLineEdit(
          start.interconnect ? qs(formatExact(start.interconnect->bandwidth, Dimension::ByteRate)) : QString(), this))
    , m_sources(new QPlainTextEdit(this))
    , m_message(new QLabel(this))
    , m_start(start)
{
    setWindowTitle(tr("Hardware Profile"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_id->setToolTip(tr("Lower-case kebab id, e.g. my-h100; a shipped id here overrides the shipped profile"));
    form->addRow(tr("&Id:"), m_id);
    m_name->setToolTip(tr("The name shown in the accelerator list and the figure's subtitle"));
    m_vendor->setToolTip(tr("Groups the part in the accelerator list"));
    m_peaks->setToolTip(tr("Dense peak per precision, with units (989.4 TFLOP/s); empty: the part has no such rate"));
    m_memory->setToolTip(tr("Memory levels, main memory first: name, bandwidth (3.35 TB/s) and capacity"));
    m_linkName->setToolTip(tr("The chip-to-chip link, e.g. NVLink 4 (for the link roof)"));
    m_linkBandwidth->setToolTip(tr("The link's bandwidth per direction, e.g. 900 GB/s"));
    m_sources->setToolTip(tr("Where the figures come from: datasheet URLs, one per line"));
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Vendor:"), m_vendor);
    m_achievable->setRange(0.01, 1.0);
    m_achievable->setSingleStep(0.05);
    m_achievable->setValue(start.achievable);
    m_achievable->setToolTip(tr("Fraction of peak real kernels reach (0.85 by default)"));
    form->addRow(tr("&Achievable:"), m_achievable);
    layout->addLayout(form);

    layout->addWidget(new QLabel(tr("Dense peaks (leave empty where the part has none): e.g. 989.4 TFLOP/s"), this));
    m_peaks->setHorizontalHeaderLabels({tr("Precision"), tr("Peak")});
    m_peaks->verticalHeader()->hide();
    m_peaks->horizontalHeader()->setStretchLastSection(true);
    for (size_t i = 0; i < kAllPrecisions.size(); ++i) {
        const Precision p = kAllPrecisions[i];
        auto* name = new QTableWidgetItem(qs(precisionLabel(p)));
        name->setFlags(Qt::ItemIsEnabled);
        m_peaks->setItem(static_cast<int>(i), 0, name);
        const auto peak = start.peak(p);
        m_peaks->setItem(static_cast<int>(i), 1,
            new QTableWidgetItem(peak ? qs(formatExact(*peak, Dimension::FlopRate)) : QString()));
    }
    layout->addWidget(m_peaks);
    layout->addWidget(
        new QLabel(tr("Memory levels, main memory first: name, bandwidth (3.35 TB/s), capacity (80 GB)"), this));
    m_memory->setHorizontalHeaderLabels({tr("Level"), tr("Bandwidth"), tr("Capacity")});
    m_memory->verticalHeader()->hide();
    m_memory->horizontalHeader()->setStretchLastSection(true);
    for (size_t i = 0; i < start.memory.size() && i < 4; ++i) {
        const auto& m = start.memory[i];
        m_memory->setItem(static_cast<int>(i), 0, new QTableWidgetItem(qs(m.name)));
        m_memory->setItem(static_cast<int>(i), 1,
            new QTableWidgetItem(m.bandwidth ? qs(formatExact(*m.bandwidth, Dimension::ByteRate)) : QString()));
        m_memory->setItem(static_cast<int>(i), 2,
            new QTableWidgetItem(m.capacity ? qs(formatExact(*m.capacity, Dimension::Bytes)) : QString()));
    }
    layout->addWidget(m_memory);
    auto* linkForm = new QFormLayout;
    linkForm->addRow(tr("Interconnect:"), m_linkName);
    m_linkBandwidth->setPlaceholderText(tr("e.g. 900 GB/s"));
    linkForm->addRow(tr("Link bandwidth:"), m_linkBandwidth);
    layout->addLayout(linkForm);
    layout->addWidget(new QLabel(tr("Sources, one per line:"), this));
    QStringList sources;
    for (const auto& s : start.sources)
        sources << qs(s.ref);
    m_sources->setPlainText(sources.join(QLatin1Char('\n')));
    m_sources->setMaximumHeight(70);
    layout->addWidget(m_sources);
    m_message->setObjectName(QStringLiteral("profileMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    m_save->setToolTip(tr("Save the profile to your profile folder and select it"));
    buttons->button(QDialogButtonBox::Cancel)->setToolTip(tr("Close without saving"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* e : {m_id, m_name, m_vendor, m_linkName, m_linkBandwidth})
        connect(e, &QLineEdit::textChanged, this, &ProfileEditor::validate);
    connect(m_peaks, &QTableWidget::itemChanged, this, &ProfileEditor::validate);
    connect(m_memory, &QTableWidget::itemChanged, this, &ProfileEditor::validate);
    connect(m_achievable, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &ProfileEditor::validate);
    resize(560, 720);
    validate();
}

std::optional<HardwareProfile> ProfileEditor::profile(QString* error) const
{
    auto fail = [&](const QString& why) -> std::optional<HardwareProfile> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    HardwareProfile p;
    p.id = m_id->text().trimmed().toStdString();
    p.name = m_name->text().trimmed().toStdString();
    p.vendor = m_vendor->text().trimmed().toStdString();
    p.category = m_start.category;
    p.aliases = m_start.id == p.id ? m_start.aliases : std::vector<std::string> {};
    p.notes = m_start.notes;
    p.achievable = m_achievable->value();
    QuantityOptions needUnit;
    needUnit.requireUnit = true;
    for (int r = 0; r < m_peaks->rowCount(); ++r) {
        const QTableWidgetItem* item = m_peaks->item(r, 1);
        const QString text = item ? item->text().trimmed() : QString();
        if (text.isEmpty())
            continue;
        auto v = parseQuantity(text.toStdString(), Dimension::FlopRate, needUnit);
        if (!v)
            return fail(tr("Peak %1: %2").arg(m_peaks->item(r, 0)->text(), qs(v.error().message)));
        p.peaks[kAllPrecisions[static_cast<size_t>(r)]] = v.value();
    }
    for (int r = 0; r < m_memory->rowCount(); ++r) {
        auto cell = [&](int c) { return m_memory->item(r, c) ? m_memory->item(r, c)->text().trimmed() : QString(); };
        if (cell(0).isEmpty() && cell(1).isEmpty() && cell(2).isEmpty())
            continue;
        MemoryLevel m;
        m.name = cell(0).toStdString();
        if (m.name.empty())
            return fail(tr("Memory level %1 needs a name").arg(r + 1));
        if (!cell(1).isEmpty()) {
            auto b = parseQuantity(cell(1).toStdString(), Dimension::ByteRate, needUnit);
            if (!b)
                return fail(tr("Bandwidth of %1: %2").arg(cell(0), qs(b.error().message)));
            m.bandwidth = b.value();
        }
        if (!cell(2).isEmpty()) {
            auto c = parseQuantity(cell(2).toStdString(), Dimension::Bytes, needUnit);
            if (!c)
                return fail(tr("Capacity of %1: %2").arg(cell(0), qs(c.error().message)));
            m.capacity = c.value();
        }
        p.memory.push_back(m);
    }
    if (!m_linkBandwidth->text().trimmed().isEmpty()) {
        auto b = parseQuantity(m_linkBandwidth->text().toStdString(), Dimension::ByteRate, needUnit);
        if (!b)
            return fail(tr("Link bandwidth: %1").arg(qs(b.error().message)));
        p.interconnect = Interconnect {m_linkName->text().trimmed().toStdString(), b.value()};
    }
    for (const QString& line : m_sources->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        p.sources.push_back({line.trimmed().toStdString(), {}, false});
    carryRecords(m_start, p); // what the sources back, sparse figures, disagreements that still hold
    // The same validation as a file: whatever the editor saves reads back.
    auto check = parseProfile(profileToYaml(p), "profile");
    if (!check)
        return fail(qs(check.error().message));
    return check.value();
}

void ProfileEditor::validate()
{
    QString error;
    const bool ok = profile(&error).has_value();
    m_save->setEnabled(ok);
    m_message->setText(ok
            ? tr("<span style='color:#1b7f3b'>Valid: ridge %1 at %2</span>")
                  .arg(qs(formatQuantity(*profile()->ridge(profile()->defaultPrecision()), Dimension::Intensity)),
                      qs(precisionLabel(profile()->defaultPrecision())))
            : QStringLiteral("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
}

} // namespace roofline::ui
