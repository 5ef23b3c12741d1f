// SPDX-License-Identifier: MIT
#include "ui/dialogs/export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QTimer>

namespace roofline::ui {

namespace {
const QSize kPreviewBox(440, 300);
} // namespace

ExportDialog::ExportDialog(const QString& path, const ExportOptions& options, const QString& title,
    const QString& defaultTitle, QWidget* parent)
    : QDialog(parent)
    , m_presetOptions(options)
{
    setWindowTitle(tr("Export Figure"));
    auto* form = new QFormLayout(this);
    auto* row = new QHBoxLayout;
    m_path = new QLineEdit(path, this);
    m_path->setToolTip(tr("The figure file: .png, .svg (text stays text) or .pdf (vector)"));
    auto* browse = new QPushButton(tr("&Browse..."), this);
    row->addWidget(m_path, 1);
    row->addWidget(browse);
    auto* fileLabel = new QLabel(tr("&File:"), this); // a row of two: the label needs its buddy
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, row);
    m_title = new QLineEdit(title, this);
    m_title->setPlaceholderText(defaultTitle);
    m_title->setToolTip(tr("The figure's title; {hardware} and {precision} follow the view. Empty: the accelerator "
                           "and the precision."));
    form->addRow(tr("&Title:"), m_title);
    m_preset = new QComboBox(this);
    m_preset->addItem(tr("Custom size"));
    for (const ExportPreset& p : exportPresets())
        m_preset->addItem(tr(p.name), QString::fromLatin1(p.id));
    m_preset->setToolTip(tr("Sizes for reports: a paper's column or page at 300 dpi with fonts sized for print, "
                            "or a 16:9 slide"));
    form->addRow(tr("&Preset:"), m_preset);
    auto spin = [this](int lo, int hi, int value, const QString& suffix, const QString& tip) {
        auto* s = new QSpinBox(this);
        s->setRange(lo, hi);
        s->setValue(value);
        s->setSuffix(suffix);
        s->setToolTip(tip);
        return s;
    };
    m_width = spin(100, 20000, options.width, tr(" px"), tr("Width of the figure's layout, in logical pixels"));
    m_height = spin(100, 20000, options.height, tr(" px"), tr("Height of the figure's layout, in logical pixels"));
    m_dpi = spin(24, 1200, options.dpi, tr(" dpi"),
        tr("Resolution of PNG files: pixels = size x dpi / 96 (vector formats ignore it)"));
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(tr("&Resolution:"), m_dpi);
    m_summary = new QLabel(this);
    form->addRow(m_summary);
    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setMinimumSize(kPreviewBox);
    m_preview->setToolTip(tr("The figure as it will be written: its layout at this size and preset"));
    m_preview->hide();
    m_previewNote = new QLabel(this);
    m_previewNote->setObjectName(QStringLiteral("exportPreviewNote"));
    m_previewNote->hide();
    form->addRow(m_preview);
    form->addRow(m_previewNote);
    m_redraw = new QTimer(this);
    m_redraw->setSingleShot(true);
    m_redraw->setInterval(150);
    connect(m_redraw, &QTimer::timeout, this, &ExportDialog::drawPreview);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    buttons->button(QDialogButtonBox::Ok)->setToolTip(tr("Write the figure as the window shows it"));
    buttons->button(QDialogButtonBox::Cancel)->setToolTip(tr("Close without exporting"));
    browse->setToolTip(tr("Choose the file and its format"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    for (QSpinBox* s : {m_width, m_height, m_dpi}) {
        connect(s, qOverload<int>(&QSpinBox::valueChanged), m_redraw, qOverload<>(&QTimer::start));
        connect(s, qOverload<int>(&QSpinBox::valueChanged), this, &ExportDialog::updateSummary);
        connect(s, qOverload<int>(&QSpinBox::valueChanged), this, &ExportDialog::matchPreset);
    }
    connect(m_preset, qOverload<int>(&QComboBox::activated), this, &ExportDialog::applyPreset);
    connect(m_preset, qOverload<int>(&QComboBox::activated), m_redraw, qOverload<>(&QTimer::start));
    connect(m_title, &QLineEdit::textChanged, m_redraw, qOverload<>(&QTimer::start));
    matchPreset();
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateSummary);
    updateSummary();
}

QString ExportDialog::path() const
{
    return m_path->text().trimmed();
}

ExportOptions ExportDialog::options() const
{
    ExportOptions o {m_width->value(), m_height->value(), m_dpi->value()};
    if (m_preset->currentIndex() > 0) {
        o.fontScale = m_presetOptions.fontScale;
        o.scale = m_presetOptions.scale;
    }
    return o;
}

QString ExportDialog::title() const
{
    return m_title->text().trimmed();
}

void ExportDialog::setPreview(PlotSpec spec, PlotStyle style, std::function<std::string(const std::string&)> titleOf)
{
    m_spec = std::move(spec);
    m_style = std::move(style);
    m_titleOf = std::move(titleOf);
    m_preview->show();
    m_previewNote->show();
    drawPreview();
}

void ExportDialog::drawPreview()
{
    if (!m_titleOf)
        return;
    PlotSpec spec = m_spec;
    spec.title = m_titleOf(title().toStdString());
    const ExportOptions o = options();
    m_previewImage = renderFigurePreview(spec, m_style, o, kPreviewBox);
    if (m_previewImage.isNull()) {
        m_preview->setPixmap({});
        m_previewNote->setText(tr("No preview: the size is out of range"));
        return;
    }
    m_preview->setPixmap(QPixmap::fromImage(m_previewImage));
    // Its printed size, and how much of it the preview shows on this screen.
    const double inchesWide = o.width / o.logicalDpi(), inchesHigh = o.height / o.logicalDpi();
    const double screenDpi = screen() ? screen()->logicalDotsPerInch() : 96.0;
    m_previewNote->setText(tr("Prints at %1 x %2 in; the preview shows it at %3% of that size")
                               .arg(inchesWide, 0, 'f', 1)
                               .arg(inchesHigh, 0, 'f', 1)
                               .arg(qRound(100.0 * m_previewImage.width() / (inchesWide * screenDpi))));
}

void ExportDialog::applyPreset(int index)
{
    if (index <= 0)
        return;
    m_presetOptions = exportPresets()[static_cast<size_t>(index - 1)].options;
    const QSignalBlocker a(m_width), b(m_height), c(m_dpi);
    m_width->setValue(m_presetOptions.width);
    m_height->setValue(m_presetOptions.height);
    m_dpi->setValue(m_presetOptions.dpi);
    updateSummary();
}

void ExportDialog::matchPreset()
{
    int match = 0;
    for (size_t i = 0; i < exportPresets().size(); ++i) {
        const ExportOptions& p = exportPresets()[i].options;
        if (p.width == m_width->value() && p.height == m_height->value() && p.dpi == m_dpi->value())
            match = static_cast<int>(i) + 1;
    }
    if (match > 0)
        m_presetOptions = exportPresets()[static_cast<size_t>(match - 1)].options;
    m_preset->setCurrentIndex(match);
}

void ExportDialog::browse()
{
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Export Figure"), path(), tr("PNG image (*.png);;SVG vector (*.svg);;PDF document (*.pdf)"));
    if (!file.isEmpty())
        m_path->setText(file);
}

void ExportDialog::updateSummary()
{
    const QString suffix = QFileInfo(path()).suffix().toLower();
    QString text;
    const double scale = options().pixelScale();
    if (suffix == QLatin1String("png"))
        text = tr("PNG: %1 x %2 pixels, %3 x %4 in at %5 dpi")
                   .arg(qRound(m_width->value() * scale))
                   .arg(qRound(m_height->value() * scale))
                   .arg(m_width->value() * scale / m_dpi->value(), 0, 'f', 1)
                   .arg(m_height->value() * scale / m_dpi->value(), 0, 'f', 1)
                   .arg(m_dpi->value());
    else if (suffix == QLatin1String("svg") || suffix == QLatin1String("pdf"))
        text = tr("%1: vector, text kept as text").arg(suffix.toUpper());
    else
        text = tr("<span style='color:#c00'>Give the file a .png, .svg or .pdf suffix</span>");
    m_summary->setText(text);
}

} // namespace roofline::ui
