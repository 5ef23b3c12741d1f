// SPDX-License-Identifier: MIT
#include "ui/dialogs/compare_dialog.h"

#include "core/figure/compare_figure.h"
#include "core/report/compare_report.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/html_report_export.h"
#include "ui/plot/plot_style.h"
#include "ui/plot/roofline_renderer.h"

#include <qcustomplot.h>

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QVBoxLayout>

namespace roofline::ui {

CompareDialog::CompareDialog(
    const HardwareProfile& profile, const Comparison& comparison, const ComparedRuns& runs, QWidget* parent)
    : QDialog(parent)
    , m_comparison(comparison)
    , m_runs(runs)
    , m_profile(profile)
{
    setWindowTitle(tr("Compare: %1 (before) \u2192 this session (after)").arg(QFileInfo(runs.beforePath).fileName()));
    auto* layout = new QVBoxLayout(this);
    auto* split = new QSplitter(Qt::Vertical, this);
    m_plot = new QCustomPlot(split);
    m_plot->setObjectName(QStringLiteral("comparePlot"));
    m_plot->setMinimumSize(560, 340);
    renderPlotSpec(*m_plot, buildComparisonFigure(profile, comparison), PlotStyle::forPalette(palette()));
    m_report = new QPlainTextEdit(split);
    m_report->setObjectName(QStringLiteral("compareReport"));
    m_report->setReadOnly(true);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlainText(QString::fromStdString(formatComparison(comparison, OutputFormat::Table)));
    m_report->setToolTip(tr("Each kernel in both runs: time, speedup, intensity and % of roof before and after"));
    split->addWidget(m_plot);
    split->addWidget(m_report);
    layout->addWidget(split);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* save = buttons->addButton(tr("&Export Figure..."), QDialogButtonBox::ActionRole);
    save->setToolTip(tr("Write this figure as PNG, SVG or PDF"));
    connect(save, &QPushButton::clicked, this, &CompareDialog::exportFigure);
    QPushButton* report = buttons->addButton(tr("Export &Report..."), QDialogButtonBox::ActionRole);
    report->setObjectName(QStringLiteral("exportCompareReport"));
    report->setToolTip(tr("Write one HTML file of the two runs: the figure at every precision, the table of changes"));
    connect(report, &QPushButton::clicked, this, &CompareDialog::exportReport);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // 900 x 760 where the screen has room; on a laptop (768 px high) what it has, less the
    // window's frame, so the buttons stay on the screen.
    QSize size(900, 760);
    if (const QScreen* screen = parentWidget() ? parentWidget()->screen() : QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() - QSize(40, 60));
    resize(size);
}

QString CompareDialog::reportText() const
{
    return m_report->toPlainText();
}

void CompareDialog::exportFigure()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Figure"), QStringLiteral("before-after.png"), tr("Figures (*.png *.svg *.pdf)"));
    if (path.isEmpty())
        return;
    if (const auto error
        = ui::exportFigure(buildComparisonFigure(m_profile, m_comparison), PlotStyle::light(), path, ExportOptions {}))
        QMessageBox::warning(this, tr("Export failed"), *error);
}

QString CompareDialog::exportReportTo(const QString& path) const
{
    ReportOrigin origin;
    origin.files.emplace_back("before", m_runs.beforePath.toStdString());
    if (!m_runs.afterPath.isEmpty())
        origin.files.emplace_back("after", m_runs.afterPath.toStdString());
    else
        origin.notes.push_back("after: the session in the window, never saved to a file");
    return exportComparisonReport(m_profile, m_runs.before, m_runs.after, m_comparison.roof.precision, {}, origin, {},
        path, PlotStyle::forPalette(palette()))
        .value_or(QString());
}

void CompareDialog::exportReport()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Report"), QStringLiteral("before-after.html"), tr("HTML report (*.html)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".html"), Qt::CaseInsensitive))
        path += QStringLiteral(".html");
    if (const QString error = exportReportTo(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace roofline::ui
