// SPDX-License-Identifier: MIT
#include "ui/dialogs/export_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace roofline::ui {

ExportDialog::ExportDialog(const QString& path, const ExportOptions& options, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Figure"));
    auto* form = new QFormLayout(this);
    auto* row = new QHBoxLayout;
    m_path = new QLineEdit(path, this);
    m_path->setToolTip(tr("The figure file: .png, .svg (text stays text) or .pdf (vector)"));
    auto* browse = new QPushButton(tr("&Browse..."), this);
    row->addWidget(m_path, 1);
    row->addWidget(browse);
    form->addRow(tr("&File:"), row);
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
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    buttons->button(QDialogButtonBox::Ok)->setToolTip(tr("Write the figure as the window shows it"));
    buttons->button(QDialogButtonBox::Cancel)->setToolTip(tr("Close without exporting"));
    browse->setToolTip(tr("Choose the file and its format"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    for (QSpinBox* s : {m_width, m_height, m_dpi})
        connect(s, qOverload<int>(&QSpinBox::valueChanged), this, &ExportDialog::updateSummary);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateSummary);
    updateSummary();
}

QString ExportDialog::path() const
{
    return m_path->text().trimmed();
}

ExportOptions ExportDialog::options() const
{
    return ExportOptions {m_width->value(), m_height->value(), m_dpi->value()};
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
    if (suffix == QLatin1String("png"))
        text = tr("PNG: %1 x %2 pixels")
                   .arg(m_width->value() * m_dpi->value() / 96)
                   .arg(m_height->value() * m_dpi->value() / 96);
    else if (suffix == QLatin1String("svg") || suffix == QLatin1String("pdf"))
        text = tr("%1: vector, text kept as text").arg(suffix.toUpper());
    else
        text = tr("<span style='color:#c00'>Give the file a .png, .svg or .pdf suffix</span>");
    m_summary->setText(text);
}

} // namespace roofline::ui
