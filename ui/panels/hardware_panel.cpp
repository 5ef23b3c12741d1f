// SPDX-License-Identifier: MIT
#include "ui/panels/hardware_panel.h"

#include "core/model/units.h"
#include "core/report/report.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFontMetrics>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace roofline::ui {

HardwarePanel::HardwarePanel(const ProfileCatalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog)
{
    auto* layout = new QVBoxLayout(this);
    addAcceleratorPicker(*layout);
    addPrecisionButtons(*layout);
    addFigures(*layout);
    layout->addStretch(1);
    connectControls();
}

void HardwarePanel::addAcceleratorPicker(QVBoxLayout& layout)
{
    auto* hwLabel = new QLabel(tr("&Accelerator"), this);
    m_combo = new QComboBox(this);
    m_combo->setObjectName(QStringLiteral("hardwareCombo"));
    m_combo->setToolTip(tr("The accelerator whose roofline is drawn (profiles from hardware_profiles/ and your "
                           "profile folder)"));
    hwLabel->setBuddy(m_combo);
    // Long names ("Intel Xeon Platinum 8480+ (...)") must not widen the dock; the popup shows them whole.
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(22);
    rebuild();

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("hardwareFilter"));
    m_filter->setPlaceholderText(tr("Filter: b300, mi35, tpu, cpu..."));
    m_filter->setToolTip(tr("Narrows the accelerator list to names, ids, vendors or kinds containing the text; "
                            "Enter picks the first match"));
    layout.addWidget(hwLabel);
    layout.addWidget(m_filter);
    layout.addWidget(m_combo);
}

void HardwarePanel::addPrecisionButtons(QVBoxLayout& layout)
{
    auto* precLabel = new QLabel(tr("Precision (dense peak)"), this);
    layout.addWidget(precLabel);
    auto* grid = new QGridLayout;
    grid->setSpacing(4);
    m_group = new QButtonGroup(this);
    m_group->setExclusive(true);
    // BF16 and FP8 side by side at the top: the pair the lesson toggles.
    const Precision order[] = {Precision::BF16, Precision::FP8, Precision::FP16, Precision::FP4, Precision::FP6,
        Precision::INT8, Precision::TF32, Precision::FP32, Precision::FP64};
    int i = 0;
    for (Precision p : order) {
        auto* b = new QToolButton(this);
        b->setText(QString::fromStdString(precisionLabel(p)));
        b->setObjectName(QStringLiteral("precision-") + QString::fromStdString(precisionName(p)));
        b->setCheckable(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        b->setMinimumHeight(28);
        m_group->addButton(b, static_cast<int>(p));
        grid->addWidget(b, i / 3, i % 3);
        m_buttons[p] = b;
        ++i;
    }
    layout.addLayout(grid);
}

void HardwarePanel::addFigures(QVBoxLayout& layout)
{
    // The selected roof's figures as plain labels in a grid: a rich-text label (an HTML table)
    // was laid out as a text document on every precision toggle, a fifth of what a toggle of an
    // empty window cost.
    m_info = new QWidget(this);
    m_info->setObjectName(QStringLiteral("hardwareInfo"));
    auto* info = new QGridLayout(m_info);
    info->setContentsMargins(0, 4, 0, 0);
    info->setHorizontalSpacing(8);
    info->setVerticalSpacing(2);
    QFont bold = font();
    bold.setBold(true);
    for (int row = 0; row < kInfoRows; ++row) {
        m_infoNames[row] = new QLabel(m_info);
        m_infoValues[row] = new QLabel(m_info);
        m_infoValues[row]->setObjectName(QStringLiteral("hardwareInfo-%1").arg(row));
        m_infoValues[row]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        if (row < kInfoRows - 1)
            m_infoValues[row]->setFont(bold); // the figures; "x% of peak" stays plain
        // A fixed size, room for the longest figure: a label whose size can change makes its new
        // text lay the whole dock out again, on every toggle.
        const QFontMetrics metrics(m_infoValues[row]->font());
        m_infoValues[row]->setFixedSize(
            metrics.horizontalAdvance(QStringLiteral("8888.88 PFLOP/byte")), metrics.height());
        info->addWidget(m_infoNames[row], row, 0);
        info->addWidget(m_infoValues[row], row, 1, Qt::AlignLeft);
    }
    m_infoNames[0]->setText(tr("Peak"));
    m_infoNames[2]->setText(tr("Ridge"));
    m_infoNames[3]->setText(tr("Achievable"));
    info->setColumnStretch(1, 1);
    auto* hint = new QLabel(tr("Ctrl+T flips BF16 / FP8."), this);
    QPalette gray = hint->palette();
    gray.setColor(QPalette::WindowText, gray.color(QPalette::Disabled, QPalette::WindowText));
    hint->setPalette(gray);
    // Two lines kept for the remarks whatever they say (a label that changes height lays the
    // dock out again on every toggle), each cut to the dock's width; the tooltip has them whole.
    m_remarks = new QLabel(this);
    m_remarks->setObjectName(QStringLiteral("hardwareRemarks"));
    m_remarks->setPalette(gray);
    m_remarks->setFixedHeight(QFontMetrics(m_remarks->font()).lineSpacing() * 2);
    m_remarks->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout.addWidget(m_info);
    layout.addWidget(m_remarks);
    layout.addWidget(hint);
}

void HardwarePanel::connectControls()
{
    connect(m_combo, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int index) {
        if (m_updating || index < 0)
            return;
        const QString id = m_combo->itemData(index, Qt::UserRole).toString();
        if (!id.isEmpty())
            emit hardwareChosen(id);
    });
    connect(m_filter, &QLineEdit::textChanged, this, &HardwarePanel::applyFilter);
    connect(m_filter, &QLineEdit::returnPressed, this, &HardwarePanel::chooseFirstMatch);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) {
        if (!m_updating)
            emit precisionChosen(static_cast<Precision>(id));
    });
}

void HardwarePanel::rebuild()
{
    const bool was = m_updating;
    m_updating = true;
    // Vendor headings are disabled items, so the list reads as groups.
    auto* model = new QStandardItemModel(m_combo);
    if (QAbstractItemModel* old = m_combo->model(); old && old->parent() == m_combo)
        old->deleteLater();
    std::string vendor;
    for (const auto& p : m_catalog.profiles()) {
        if (p.vendor != vendor) {
            vendor = p.vendor;
            auto* heading = new QStandardItem(QString::fromStdString(vendor));
            heading->setFlags(Qt::NoItemFlags);
            QFont f = heading->font();
            f.setBold(true);
            heading->setFont(f);
            model->appendRow(heading);
        }
        auto* item = new QStandardItem(QStringLiteral("   ") + QString::fromStdString(p.name));
        item->setData(QString::fromStdString(p.id), Qt::UserRole);
        item->setToolTip(QString::fromStdString(p.id));
        model->appendRow(item);
    }
    m_combo->setModel(model);
    if (m_filter)
        applyFilter(m_filter->text());
    m_updating = was;
}

void HardwarePanel::applyFilter(const QString& text)
{
    auto* view = qobject_cast<QListView*>(m_combo->view());
    if (!view)
        return;
    const QString needle = text.trimmed();
    int heading = -1;
    bool headingShown = false;
    for (int row = 0; row < m_combo->count(); ++row) {
        const QString id = m_combo->itemData(row, Qt::UserRole).toString();
        if (id.isEmpty()) { // a vendor heading: shown when one of its parts is
            if (heading >= 0)
                view->setRowHidden(heading, !headingShown);
            heading = row;
            headingShown = false;
            continue;
        }
        const HardwareProfile* p = m_catalog.find(id.toStdString());
        const QString hay
            = p ? QString::fromStdString(p->id + " " + p->name + " " + p->vendor + " " + p->category) : id;
        const bool shown = hay.contains(needle, Qt::CaseInsensitive);
        view->setRowHidden(row, !shown);
        headingShown = headingShown || shown;
    }
    if (heading >= 0)
        view->setRowHidden(heading, !headingShown);
}

void HardwarePanel::chooseFirstMatch()
{
    auto* view = qobject_cast<QListView*>(m_combo->view());
    for (int row = 0; view && row < m_combo->count(); ++row) {
        const QString id = m_combo->itemData(row, Qt::UserRole).toString();
        if (!id.isEmpty() && !view->isRowHidden(row)) {
            emit hardwareChosen(id);
            return;
        }
    }
}

void HardwarePanel::showSelection(const HardwareProfile& profile, Precision precision)
{
    m_updating = true;
    const int index = m_combo->findData(QString::fromStdString(profile.id), Qt::UserRole);
    if (index >= 0)
        m_combo->setCurrentIndex(index);
    for (auto& [p, button] : m_buttons) {
        const auto peak = profile.peak(p);
        button->setEnabled(peak.has_value());
        button->setChecked(p == precision);
        const std::string unit = isIntegerPrecision(p) ? "OP/s" : "FLOP/s";
        button->setToolTip(peak
                ? QString::fromStdString(precisionLabel(p) + ": " + formatSI(*peak, 4) + unit + " dense, ridge "
                    + formatQuantity(*profile.ridge(p), Dimension::Intensity))
                : tr("%1 has no %2 rate")
                      .arg(QString::fromStdString(profile.name), QString::fromStdString(precisionLabel(p))));
        if (button->font().bold() != (p == precision)) {
            QFont f = button->font();
            f.setBold(p == precision);
            button->setFont(f);
        }
    }
    const std::string unit = isIntegerPrecision(precision) ? "OP/s" : "FLOP/s";
    const auto peak = profile.peak(precision);
    const auto ridge = profile.ridge(precision);
    m_info->setVisible(peak && ridge);
    if (peak && ridge) {
        const auto show = [](QLabel* label, const std::string& text) { label->setText(QString::fromStdString(text)); };
        show(m_infoValues[0], formatSI(*peak, 4) + unit);
        show(m_infoNames[1], profile.mainMemory().name);
        show(m_infoValues[1], formatQuantity(profile.mainBandwidth(), Dimension::ByteRate));
        show(m_infoValues[2], formatQuantity(*ridge, Dimension::Intensity));
        show(m_infoValues[3], formatNumber(profile.achievable * 100, 3) + "% of peak");
    }
    QStringList remarks, shown;
    for (const auto& line : roofRemarks(profile, precision))
        remarks << QString::fromStdString(line);
    const int width = m_remarks->width() > 50 ? m_remarks->width() : 240;
    for (const QString& line : remarks.mid(0, 2))
        shown << m_remarks->fontMetrics().elidedText(line, Qt::ElideRight, width);
    m_remarks->setText(shown.join(QLatin1Char('\n')));
    const QString sources = QString::fromStdString(roofDisagreements(profile, precision));
    m_remarks->setToolTip(
        remarks.join(QLatin1Char('\n')) + (sources.isEmpty() ? QString() : QStringLiteral("\n\n") + sources));
    m_updating = false;
}

} // namespace roofline::ui
