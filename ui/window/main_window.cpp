// SPDX-License-Identifier: MIT
#include "ui/window/main_window.h"

#include "core/report/report.h"
#include "ui/common/app_paths.h"
#include "ui/dialogs/guide_window.h"
#include "ui/document/autosave.h"
#include "ui/document/session_document.h"
#include "ui/panels/ceilings_panel.h"
#include "ui/panels/details_panel.h"
#include "ui/panels/hardware_panel.h"
#include "ui/panels/kernels_panel.h"
#include "ui/panels/llm_panel.h"
#include "ui/window/file_actions.h"
#include "ui/window/roofline_plot_widget.h"
#include "ui/window/settings.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QShortcut>
#include <QStatusBar>
#include <QStyle>

#include <algorithm>

namespace roofline::ui {

MainWindow::MainWindow(const ProfileCatalog& catalog, const std::vector<Error>& loadErrors, QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(catalog)
    , m_document(new SessionDocument(m_catalog, this))
    , m_settings(new Settings)
{
    setAcceptDrops(true);
    std::vector<Error> modelErrors;
    m_document->setModels(loadModelPresets(modelErrors));
    m_plot = new RooflinePlotWidget(this);
    setCentralWidget(m_plot);
    m_files = new FileActions(this, m_document, m_plot, m_settings);
    m_autosave = new Autosave(m_document, this);
    m_hardware = new HardwarePanel(m_catalog, this);
    createActions();
    m_kernels = new KernelsPanel(m_document,
        {findChild<QAction*>(QStringLiteral("addKernel")), findChild<QAction*>(QStringLiteral("duplicateKernel")),
            findChild<QAction*>(QStringLiteral("deleteKernels")), m_place,
            findChild<QAction*>(QStringLiteral("importKernels"))},
        this);
    m_details = new DetailsPanel(m_document, this);
    m_ceilings = new CeilingsPanel(m_document, this);
    m_llm = new LlmPanel(m_document, this);
    createDocks();
    connectPanels();
    restoreLastSelection();
    refresh();
    updateTitle();
    updateRecentMenu();
    // 1280 x 860, or what the screen has room for (a 1366 x 768 laptop: its available height).
    const QRect room = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 860);
    resize(std::min(1280, room.width()), std::min(860, room.height() - 40));
    restoreGeometry(m_settings->windowGeometry());
    restoreState(m_settings->windowState());
    say(tr("Hover the plot to read the roof; drag to pan, scroll to zoom."));
    for (const auto& e : modelErrors)
        say(tr("Model preset skipped: %1").arg(QString::fromStdString(e.toString())), 15000);
    if (!loadErrors.empty()) {
        QString msg = tr("%n hardware profile(s) could not be loaded and were skipped: ", nullptr,
            static_cast<int>(loadErrors.size()));
        msg += QString::fromStdString(loadErrors.front().toString());
        say(msg, 15000);
    }
}

MainWindow::~MainWindow()
{
    // The panels and the document are children destroyed after this body; nothing they emit
    // on the way out may reach this half-destroyed window.
    m_document->disconnect(this);
    m_document->blockSignals(true);
    for (QObject* panel : std::initializer_list<QObject*> {m_plot, m_hardware, m_kernels, m_details, m_llm, m_ceilings})
        if (panel)
            panel->disconnect(this);
    delete m_settings;
}

QDockWidget* MainWindow::addDock(QWidget* panel, const QString& title, const char* name, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(QLatin1String(name));
    // A panel taller than the room it gets scrolls instead of making the window taller: the
    // window fits a 1366 x 768 laptop with every panel open.
    auto* scroll = new QScrollArea(dock);
    scroll->setObjectName(QLatin1String(name) + QStringLiteral("Scroll"));
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    dock->setWidget(scroll);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createDocks()
{
    QDockWidget* hwDock = addDock(m_hardware, tr("Hardware & Precision"), "hardwareDock", Qt::LeftDockWidgetArea);
    QDockWidget* kernelsDock = addDock(m_kernels, tr("Kernels"), "kernelsDock", Qt::BottomDockWidgetArea);
    QDockWidget* detailsDock = addDock(m_details, tr("Details"), "detailsDock", Qt::LeftDockWidgetArea);
    QDockWidget* ceilingsDock = addDock(m_ceilings, tr("Ceilings"), "ceilingsDock", Qt::LeftDockWidgetArea);
    QDockWidget* llmDock = addDock(m_llm, tr("LLM Workload"), "llmDock", Qt::LeftDockWidgetArea);
    tabifyDockWidget(detailsDock, llmDock);
    tabifyDockWidget(detailsDock, ceilingsDock);
    detailsDock->raise();
    // As wide as the widest left panel (the LLM form), so none of them scrolls sideways.
    int width = 0;
    for (QWidget* panel :
        {static_cast<QWidget*>(m_hardware), static_cast<QWidget*>(m_llm), static_cast<QWidget*>(m_ceilings)})
        width = std::max(width, panel->minimumSizeHint().width());
    resizeDocks({hwDock}, {width + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8}, Qt::Horizontal);
    resizeDocks({kernelsDock}, {200}, Qt::Vertical);
    m_hardwareDock = hwDock;
    for (QDockWidget* d : {detailsDock, llmDock, ceilingsDock})
        connect(d, &QDockWidget::visibilityChanged, this, [this, d](bool shown) {
            if (shown)
                fitLeftDocks(d);
        });
    fitLeftDocks(detailsDock);
    QMenu* view = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"));
    view->addSeparator();
    for (QDockWidget* d : {hwDock, kernelsDock, detailsDock, llmDock, ceilingsDock}) {
        QAction* show = d->toggleViewAction();
        show->setText(d->windowTitle().replace(QLatin1Char('&'), QStringLiteral("&&"))); // a menu reads & as a mnemonic
        show->setStatusTip(tr("Show or hide the %1 panel").arg(d->windowTitle()));
        show->setToolTip(show->statusTip());
        view->addAction(show);
    }
}

void MainWindow::say(const QString& text, int ms)
{
    // A message wider than the window ends in "…"; the whole of it is the status bar's tooltip.
    const int room = width() - 2 * style()->pixelMetric(QStyle::PM_LayoutLeftMargin) - 24;
    const QString shown = statusBar()->fontMetrics().elidedText(text, Qt::ElideRight, room);
    statusBar()->setToolTip(shown == text ? QString() : text);
    statusBar()->showMessage(shown, ms);
}

void MainWindow::fitLeftDocks(QDockWidget* raised)
{
    // The hardware panel whole when the details are raised (its peak, bandwidth and ridge above
    // the fold on a laptop; the details are a few lines). A raised LLM or Ceilings form gets
    // its whole height first, and the hardware panel scrolls.
    if (dockWidgetArea(raised) != Qt::LeftDockWidgetArea || dockWidgetArea(m_hardwareDock) != Qt::LeftDockWidgetArea
        || raised->isFloating() || m_hardwareDock->isFloating())
        return;
    const int hardware = m_hardware->sizeHint().height() + 8;
    const int total = m_hardwareDock->height() + raised->height();
    if (raised->objectName() == QLatin1String("detailsDock")) {
        resizeDocks({m_hardwareDock, raised}, {hardware, std::max(160, total - hardware)}, Qt::Vertical);
        return;
    }
    auto* scroll = qobject_cast<QScrollArea*>(raised->widget());
    const int form = (scroll && scroll->widget() ? scroll->widget()->sizeHint().height() : 0) + 40;
    const int top = total > 0 ? std::max(120, std::min(hardware, total - form)) : hardware;
    resizeDocks({m_hardwareDock, raised}, {top, std::max(160, total - top)}, Qt::Vertical);
}

void MainWindow::connectPanels()
{
    connect(m_hardware, &HardwarePanel::hardwareChosen, m_document, &SessionDocument::setHardware);
    connect(m_hardware, &HardwarePanel::precisionChosen, m_document, &SessionDocument::setPrecision);
    connect(m_document, &SessionDocument::changed, this, &MainWindow::refresh);
    connect(m_document, &SessionDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &SessionDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_plot, &RooflinePlotWidget::cursorInfo, this, [this](const QString& text) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            say(text);
    });
    // Selection follows between the table, the plot and the details.
    connect(m_kernels, &KernelsPanel::currentKernelChanged, m_plot, &RooflinePlotWidget::setSelectedPoint);
    connect(m_kernels, &KernelsPanel::currentKernelChanged, m_details, &DetailsPanel::showKernel);
    connect(m_kernels, &KernelsPanel::message, this, [this](const QString& m) { say(m, 8000); });
    connect(m_plot, &RooflinePlotWidget::pointClicked, m_kernels, &KernelsPanel::selectKernel);
    connect(m_plot, &RooflinePlotWidget::titleEditRequested, m_files, &FileActions::editTitle);
    connect(m_plot, &RooflinePlotWidget::pointDragged, this, [this](int index, double i, double p, int dragId) {
        m_document->moveKernel(index, i, p, dragId);
        m_kernels->selectKernel(index);
    });
    connect(m_plot, &RooflinePlotWidget::labelMoved, this, [this](int index, double i, double p) {
        const auto& kernels = m_document->session().kernels;
        if (index < 0 || index >= int(kernels.size()))
            return;
        ViewSettings v = m_document->session().view;
        v.labelAt[kernels[size_t(index)].name] = PlotXY {i, p};
        m_document->setView(v, tr("Move Label"));
    });
    connect(m_plot, &RooflinePlotWidget::placeRequested, this, [this](double i, double p) {
        m_place->setChecked(false); // one placement a time (Edit > Place on Plot again for the next)
        const int index = m_document->addKernelAt(i, p);
        if (index >= 0)
            m_kernels->selectKernel(index);
    });
    m_plot->setTooltipProvider([this](int index) { return placementHtml(*m_document, index); });
    connect(m_files, &FileActions::message, this, [this](const QString& m, int ms) { say(m, ms); });
    connect(m_files, &FileActions::kernelsImported, m_kernels, &KernelsPanel::selectKernel);
    connect(m_files, &FileActions::profileSaved, this, &MainWindow::addProfile);
    connect(m_files, &FileActions::recentFilesChanged, this, &MainWindow::updateRecentMenu);
}

void MainWindow::restoreLastSelection()
{
    // Start where the user left off (a stale id or precision is ignored).
    if (const auto* hw = m_catalog.find(m_settings->hardwareId().toStdString())) {
        QSignalBlocker block(m_document);
        const Precision p = m_settings->precision();
        m_document->applySelection(hw->id, hw->hasPrecision(p) ? p : hw->defaultPrecision());
    }
}

template <typename Slot>
QAction* MainWindow::addMenuAction(
    QMenu* menu, const QString& text, const char* name, const QKeySequence& key, const QString& tip, Slot&& slot)
{
    QAction* a = menu->addAction(text);
    a->setObjectName(QLatin1String(name));
    if (!key.isEmpty())
        a->setShortcut(key);
    a->setToolTip(tip);
    a->setStatusTip(tip);
    connect(a, &QAction::triggered, this, std::forward<Slot>(slot));
    return a;
}

void MainWindow::createActions()
{
    createFileMenu();
    createEditMenu();
    createViewMenu();
    createToolsMenu();
    createHelpMenu();
}

void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    addMenuAction(file, tr("&New Session"), "newSession", QKeySequence::New, tr("Start an empty session"),
        [this]() { m_files->newSession(); });
    addMenuAction(file, tr("&Open..."), "openSession", QKeySequence::Open, tr("Open a session or a kernel file"),
        [this]() { m_files->openDialog(); });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    addMenuAction(
        file, tr("Open &Example"), "openExample", QKeySequence(), tr("The lesson's H100 example session"), [this]() {
            if (m_files->maybeSave())
                if (const QString e = m_files->openExample(); !e.isEmpty())
                    QMessageBox::warning(this, tr("Open failed"), e);
        });
    file->addSeparator();
    addMenuAction(file, tr("&Save"), "saveSession", QKeySequence::Save, tr("Save the session"),
        [this]() { m_files->saveSession(); });
    addMenuAction(file, tr("Save &As..."), "saveSessionAs", QKeySequence::SaveAs,
        tr("Save the session under a new name"), [this]() { m_files->saveSessionAs(); });
    file->addSeparator();
    addMenuAction(file, tr("&Import Kernels..."), "importKernels", QKeySequence(Qt::CTRL | Qt::Key_I),
        tr("Add kernels from a CSV, TSV, YAML or JSON file"), [this]() { m_files->importDialog(); });
    QAction* group = addMenuAction(file, tr("&Group Profiler Launches"), "groupLaunches", QKeySequence(),
        tr("Import a profiler's launches of one kernel (same name, grid and block) as one kernel with its launch "
           "count; off: a kernel per launch"),
        [this](bool on) { m_settings->setGroupLaunches(on); });
    group->setCheckable(true);
    group->setChecked(m_settings->groupLaunches());
    QAction* reopen = addMenuAction(file, tr("Reopen &Last Session at Start"), "reopenLastSession", QKeySequence(),
        tr("Start with the session that was open when the window last closed"),
        [this](bool on) { m_settings->setReopenLastSession(on); });
    reopen->setCheckable(true);
    reopen->setChecked(m_settings->reopenLastSession());
    addMenuAction(file, tr("Compare &With..."), "compareWith", QKeySequence(),
        tr("Another run (a baseline) against this session, kernel by kernel: arrows from before to after"),
        [this]() { m_files->compareWithDialog(); });
    addMenuAction(file, tr("Open &Model Config..."), "openModelConfig", QKeySequence(),
        tr("A Hugging Face config.json (or a model preset) as the LLM panel's model"),
        [this]() { m_files->openModelConfigDialog(); });
    addMenuAction(file, tr("New &Profile..."), "newProfile", QKeySequence(),
        tr("Create a hardware profile, starting from the current one"), [this]() { m_files->editProfile(true); });
    addMenuAction(file, tr("Edit Current Pro&file..."), "editProfile", QKeySequence(),
        tr("Edit the current hardware profile; it is saved to your profile folder"),
        [this]() { m_files->editProfile(false); });
    addMenuAction(file, tr("Import &Ceilings..."), "importCeilings", QKeySequence(),
        tr("Measured ceilings (ERT roofline.json or sum, rocprof-compute roofline.csv) as a new hardware profile"),
        [this]() { m_files->importCeilingsDialog(); });
    addMenuAction(file, tr("&Export Figure..."), "exportFigure", QKeySequence(Qt::CTRL | Qt::Key_E),
        tr("Write the plot as PNG, SVG or PDF"), [this]() { m_files->exportFigureDialog(); });
    addMenuAction(file, tr("Export &Table..."), "exportTable", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        tr("Write every kernel's placement as CSV or JSON"), [this]() { m_files->exportTableDialog(); });
    addMenuAction(file, tr("Export &Report..."), "exportReport", QKeySequence(),
        tr("Write one HTML file to share: the figure at every precision, the sortable table, where the numbers come "
           "from"),
        [this]() { m_files->exportReportDialog(); });
    file->addSeparator();
    addMenuAction(file, tr("&Quit"), "quit", QKeySequence::Quit, tr("Quit Roofline Studio"), [this]() { close(); });
}

void MainWindow::createEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setStatusTip(tr("Undo the last change (every edit, import and selection change is a step)"));
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setStatusTip(tr("Redo the change that was undone"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    addMenuAction(edit, tr("&Copy Figure"), "copyFigure",
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), // Ctrl+C stays the table's: it copies a cell
        tr("Copy the plot as an image, to paste into a document or a chat"),
        [this]() { QGuiApplication::clipboard()->setImage(m_plot->figureImage()); });
    edit->addSeparator();
    addMenuAction(edit, tr("&Add Kernel"), "addKernel", QKeySequence(Qt::CTRL | Qt::Key_K),
        tr("Add a kernel (then edit its numbers in the table)"), [this]() {
            Kernel k;
            k.name = "kernel " + std::to_string(m_document->session().kernels.size() + 1);
            k.flops = 1e12;
            k.bytes = 1e10;
            const int i = m_document->addKernels({k}, tr("Add kernel"));
            m_kernels->selectKernel(i);
        });
    addMenuAction(edit, tr("&Duplicate Kernel"), "duplicateKernel", QKeySequence(Qt::CTRL | Qt::Key_D),
        tr("Copy the current kernel"), [this]() {
            const int i = m_document->duplicateKernel(m_kernels->currentKernel());
            if (i >= 0)
                m_kernels->selectKernel(i);
        });
    addMenuAction(edit, tr("De&lete Kernels"), "deleteKernels", QKeySequence::Delete, tr("Delete the selected kernels"),
        [this]() { m_document->removeKernels(m_kernels->selectedKernels()); });
    m_place = addMenuAction(edit, tr("&Place on Plot"), "placeMode", QKeySequence(Qt::CTRL | Qt::Key_P),
        tr("Click on the plot to add a kernel at that intensity and rate"), [](bool) {});
    m_place->setCheckable(true);
    connect(m_place, &QAction::toggled, this, [this](bool on) { // also when a placement or Esc ends it
        m_plot->setPlaceMode(on);
        if (on)
            say(tr("Click on the plot to place one kernel there; Esc cancels."));
        else
            statusBar()->clearMessage();
    });
    // Place mode ends after one placement (placeRequested) or with Esc.
    auto* cancelPlace = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(cancelPlace, &QShortcut::activated, this, [this]() {
        if (m_place->isChecked())
            m_place->setChecked(false);
    });
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    m_toggle = addMenuAction(view, tr("&Toggle BF16 / FP8"), "togglePrecision", QKeySequence(Qt::CTRL | Qt::Key_T),
        tr("Flip between BF16 and FP8 and watch the ridge move"), [this]() {
            if (!m_document->toggleBf16Fp8()) {
                const auto* hw = m_document->hardware();
                say(tr("%1 has no %2 rate")
                        .arg(hw ? QString::fromStdString(hw->name) : QString(),
                            m_document->precision() == Precision::BF16 ? QStringLiteral("FP8")
                                                                       : QStringLiteral("BF16")),
                    5000);
            }
        });
    addMenuAction(view, tr("Zoom &In"), "zoomIn", QKeySequence::ZoomIn, tr("Zoom in about the plot's centre"),
        [this]() { m_plot->zoom(1.5); });
    addMenuAction(view, tr("Zoom &Out"), "zoomOut", QKeySequence::ZoomOut, tr("Zoom out about the plot's centre"),
        [this]() { m_plot->zoom(1.0 / 1.5); });
    addMenuAction(view, tr("&Reset View"), "resetView", QKeySequence(Qt::CTRL | Qt::Key_0),
        tr("Back to the derived axis ranges"), [this]() {
            // Forget a zoom a loaded session carried, then show the derived ranges.
            m_document->recordViewRanges(std::nullopt, std::nullopt);
            refresh();
            m_plot->resetView();
        });
    addMenuAction(view, tr("Reset &Label Positions"), "resetLabels", QKeySequence(),
        tr("Let the layout place every kernel name again, after names were dragged by hand"), [this]() {
            ViewSettings v = m_document->session().view;
            v.labelAt.clear();
            m_document->setView(v, tr("Reset Label Positions"));
        });
    QAction* animate = addMenuAction(view, tr("A&nimate Precision Changes"), "animate", QKeySequence(),
        tr("Slide the roof and the ridge to their new place when the precision or hardware changes"),
        [this](bool on) { m_settings->setAnimate(on); });
    animate->setCheckable(true);
    animate->setChecked(m_settings->animate());
    view->addSeparator();
    auto flag = [this, view](const QString& text, const char* name, bool ViewSettings::*member, const QString& tip) {
        QAction* a = addMenuAction(view, text, name, QKeySequence(), tip, [this, member, text](bool on) {
            ViewSettings v = m_document->session().view;
            v.*member = on;
            m_document->setView(v, text);
        });
        a->setCheckable(true);
        return a;
    };
    m_labels = flag(tr("Kernel &Labels"), "showLabels", &ViewSettings::showLabels,
        tr("Write each kernel's name, regime and headroom next to it"));
    m_sizeByTime = flag(tr("Marker Size by &Time Share"), "sizeByTime", &ViewSettings::sizeByTimeShare,
        tr("Marker area follows each kernel's share of the measured time"));
    m_achievable = flag(tr("&Achievable Roof"), "achievableRoof", &ViewSettings::showAchievable,
        tr("Also draw the roof at the achievable fraction of peak (dashed)"));
    m_fitAxes = flag(tr("&Fit Axes to the Kernels"), "fitAxes", &ViewSettings::fitAxes,
        tr("Axes that hold the kernels and the roofs drawn, not every precision of the part (they then move when "
           "the precision changes)"));
}

void MainWindow::createToolsMenu()
{
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    addMenuAction(tools, tr("&Measure This Machine..."), "measureMachine", QKeySequence(),
        tr("Measure this computer's FP64/FP32 peaks and L1/L2/L3/DRAM bandwidth (about 20 s) as a profile"),
        [this]() { m_files->measureMachine(); });
}

void MainWindow::createHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    addMenuAction(help, tr("&Reading a Roofline"), "guide", QKeySequence::HelpContents,
        tr("How to read the plot, what the ridge point is, why decode is memory-bound and prefill is not"),
        [this]() { showGuide(); });
    help->addSeparator();
    addMenuAction(help, tr("&About Roofline Studio"), "about", QKeySequence(),
        tr("The version and the model in one line"), [this]() {
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
    // The ridge in motion: after a precision or hardware change, ring the kernels whose regime
    // flipped and say so in one line.
    const auto analysis = m_document->analysis();
    static const std::vector<Regime> noRegimes;
    const std::vector<Regime>& regimes = analysis ? analysis->regimes : noRegimes;
    const std::string key = hw->id + "/" + precisionName(m_document->precision());
    const bool same = m_document->kernelsRevision() == m_lastRevision && regimes.size() == m_lastRegimes.size();
    if (key != m_lastKey && same) {
        const RegimeFlips flips = regimeFlips(m_lastRegimes, regimes);
        m_plot->setHighlighted(flips.all(), false); // drawn by showSpec below
        const std::string summary = flips.summary(
            m_lastKey.substr(0, m_lastKey.find('/')) == hw->id ? precisionLabel(m_document->precision()) : hw->name);
        if (!summary.empty())
            say(QString::fromStdString(summary), 8000);
    } else if (!same) {
        m_plot->setHighlighted({}, false);
    }
    m_lastRegimes = regimes;
    m_lastRevision = m_document->kernelsRevision();
    m_lastKey = key;
    m_plot->setAnimated(m_settings->animate());
    // The figure shown is replaced: its points' memory becomes the new one's.
    m_plot->showSpec(m_document->plotSpec(), m_document->roofline());
    m_plot->setSelectedPoint(m_kernels ? m_kernels->currentKernel() : -1);
    const ViewSettings& v = m_document->session().view;
    for (auto [a, on] : {std::pair {m_labels, v.showLabels}, std::pair {m_sizeByTime, v.sizeByTimeShare},
             std::pair {m_achievable, v.showAchievable}, std::pair {m_fitAxes, v.fitAxes}}) {
        QSignalBlocker block(a);
        a->setChecked(on);
    }
    m_settings->rememberSelection(QString::fromStdString(hw->id), m_document->precision());
    updateTitle();
}

GuideWindow* MainWindow::showGuide()
{
    if (!m_guide)
        m_guide = new GuideWindow(this);
    if (!m_guide->isVisible()) // opened (F1): at the guide's start, whatever page was read last
        m_guide->showPage(QStringLiteral("reading-a-roofline.md"));
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
    return m_guide;
}

void MainWindow::updateTitle()
{
    const HardwareProfile* hw = m_document->hardware();
    const QString file
        = m_document->filePath().isEmpty() ? tr("Untitled") : QFileInfo(m_document->filePath()).fileName();
    setWindowTitle(tr("%1[*] \u2014 %2 \u00b7 %3 \u2014 Roofline Studio")
                       .arg(file, hw ? QString::fromStdString(hw->name) : QString(),
                           QString::fromStdString(precisionLabel(m_document->precision()))));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    for (const QString& f : files) {
        QAction* a = m_recentMenu->addAction(QDir::toNativeSeparators(f));
        connect(a, &QAction::triggered, this, [this, f]() {
            if (!m_files->maybeSave())
                return;
            if (const QString e = m_files->openFile(f); !e.isEmpty())
                QMessageBox::warning(this, tr("Open failed"), e);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

QString MainWindow::openFile(const QString& path, bool ask)
{
    return m_files->openFile(path, ask);
}

QString MainWindow::saveTo(const QString& path)
{
    return m_files->saveTo(path);
}

QString MainWindow::exportTo(const QString& path)
{
    return m_files->exportTo(path);
}

QString MainWindow::exportReportTo(const QString& path)
{
    return m_files->exportReportTo(path);
}

QString MainWindow::openExample()
{
    return m_files->openExample();
}

QString MainWindow::reopenLastSession()
{
    const QString last = m_settings->lastSession();
    if (!m_settings->reopenLastSession() || last.isEmpty())
        return {};
    if (!QFileInfo::exists(last)) {
        say(tr("The last session, %1, is no longer there").arg(QDir::toNativeSeparators(last)));
        return {};
    }
    return openFile(last, false);
}

bool MainWindow::maybeSave()
{
    return m_files->maybeSave();
}

void MainWindow::openDroppedFiles(const QList<QUrl>& urls)
{
    m_files->openDropped(urls);
}

void MainWindow::addProfile(const HardwareProfile& profile)
{
    m_catalog.add(profile);
    m_hardware->rebuild();
    m_document->setHardware(QString::fromStdString(profile.id));
    refresh();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_autosave->discard(); // closed cleanly: nothing to recover
    m_settings->setWindowLayout(saveGeometry(), saveState());
    m_settings->setLastSession(m_document->filePath()); // empty: an unsaved one, nothing to reopen
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    openDroppedFiles(event->mimeData()->urls());
    event->acceptProposedAction();
}

} // namespace roofline::ui
