// SPDX-License-Identifier: MIT
#include "ui/main_window.h"

#include "core/model/units.h"
#include "ui/document/session_document.h"
#include "ui/export_dialog.h"
#include "ui/panels/hardware_panel.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/roofline_plot_widget.h"
#include "ui/settings.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace roofline::ui {

MainWindow::MainWindow(const ProfileCatalog& catalog, const std::vector<Error>& loadErrors, QWidget* parent)
    : QMainWindow(parent)
    , m_document(new SessionDocument(catalog, this))
    , m_settings(new Settings)
{
    setWindowTitle(tr("Roofline Studio"));
    m_plot = new RooflinePlotWidget(this);
    setCentralWidget(m_plot);

    m_hardware = new HardwarePanel(catalog, this);
    auto* dock = new QDockWidget(tr("Hardware & Precision"), this);
    dock->setObjectName(QStringLiteral("hardwareDock"));
    dock->setWidget(m_hardware);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    resizeDocks({dock}, {290}, Qt::Horizontal);

    // Start where the user left off (a stale id or precision is ignored).
    {
        QSignalBlocker block(m_document);
        const QString id = m_settings->hardwareId();
        if (const auto* hw = catalog.find(id.toStdString())) {
            const Precision p = m_settings->precision();
            m_document->applySelection(hw->id, hw->hasPrecision(p) ? p : hw->defaultPrecision());
        }
    }

    connect(m_hardware, &HardwarePanel::hardwareChosen, m_document, &SessionDocument::setHardware);
    connect(m_hardware, &HardwarePanel::precisionChosen, m_document, &SessionDocument::setPrecision);
    connect(m_document, &SessionDocument::changed, this, &MainWindow::refresh);
    connect(m_plot, &RooflinePlotWidget::cursorInfo, this, [this](const QString& text) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(text);
    });

    createActions();
    refresh();
    resize(1240, 780);
    restoreGeometry(m_settings->windowGeometry());
    restoreState(m_settings->windowState());

    statusBar()->showMessage(tr("Hover the plot to read the roof; drag to pan, scroll to zoom."));
    if (!loadErrors.empty()) {
        QString msg = tr("%n hardware profile(s) could not be loaded and were skipped: ", nullptr,
            static_cast<int>(loadErrors.size()));
        msg += QString::fromStdString(loadErrors.front().toString());
        statusBar()->showMessage(msg, 15000);
    }
}

MainWindow::~MainWindow()
{
    delete m_settings;
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* exportAct = file->addAction(tr("&Export Figure..."), this, &MainWindow::exportFigureDialog);
    exportAct->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAct->setToolTip(tr("Write the plot as PNG, SVG or PDF"));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_toggle = view->addAction(tr("&Toggle BF16 / FP8"), this, [this]() {
        if (!m_document->toggleBf16Fp8()) {
            const auto* hw = m_document->hardware();
            statusBar()->showMessage(
                tr("%1 has no %2 rate")
                    .arg(hw ? QString::fromStdString(hw->name) : QString(),
                        m_document->precision() == Precision::BF16 ? QStringLiteral("FP8") : QStringLiteral("BF16")),
                5000);
        }
    });
    m_toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    QAction* reset = view->addAction(tr("&Reset View"), m_plot, &RooflinePlotWidget::resetView);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Roofline Studio"), this, [this]() {
        QMessageBox::about(this, tr("About Roofline Studio"),
            tr("<h3>Roofline Studio %1</h3><p>Roofline plots for accelerators: the roof "
               "P(I) = min(P<sub>peak</sub>, I &times; B<sub>mem</sub>), the ridge "
               "P<sub>peak</sub>/B<sub>mem</sub>, and where each kernel sits.</p>"
               "<p>Peaks are dense (no 2:4 sparsity); T = 10<sup>12</sup>.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::refresh()
{
    const HardwareProfile* hw = m_document->hardware();
    if (!hw)
        return;
    m_hardware->showSelection(*hw, m_document->precision());
    m_plot->showSpec(m_document->plotSpec(), m_document->roofline());
    m_settings->setHardwareId(QString::fromStdString(hw->id));
    m_settings->setPrecision(m_document->precision());
    setWindowTitle(
        tr("Roofline Studio \u2014 %1 \u00b7 %2")
            .arg(QString::fromStdString(hw->name), QString::fromStdString(precisionLabel(m_document->precision()))));
}

QString MainWindow::exportTo(const QString& path)
{
    const auto error = exportFigure(m_plot->currentSpec(), m_plot->style(), path, m_settings->exportOptions());
    return error.value_or(QString());
}

void MainWindow::exportFigureDialog()
{
    QString path = m_settings->lastExportPath();
    if (path.isEmpty())
        path = QDir::home().filePath(QStringLiteral("roofline.png"));
    ExportDialog dialog(path, m_settings->exportOptions(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_settings->setExportOptions(dialog.options());
    m_settings->setLastExportPath(dialog.path());
    const auto error = exportFigure(m_plot->currentSpec(), m_plot->style(), dialog.path(), dialog.options());
    if (error)
        QMessageBox::warning(this, tr("Export failed"), *error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(dialog.path())), 5000);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_settings->setWindowLayout(saveGeometry(), saveState());
    event->accept();
}

} // namespace roofline::ui
