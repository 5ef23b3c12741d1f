// SPDX-License-Identifier: MIT
#include "ui/main_window.h"

#include "core/common/name_index.h"
#include "core/io/ceilings.h"
#include "core/io/kernel_io.h"
#include "core/io/ncu_csv.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "core/llm/model_spec.h"
#include "core/report/report.h"
#include "ui/app_paths.h"
#include "ui/document/session_document.h"
#include "ui/export_dialog.h"
#include "ui/guide_window.h"
#include "ui/idle_memory_release.h"
#include "ui/import_job.h"
#include "ui/import_report_dialog.h"
#include "ui/panels/ceilings_panel.h"
#include "ui/panels/details_panel.h"
#include "ui/panels/hardware_panel.h"
#include "ui/panels/kernels_panel.h"
#include "ui/panels/llm_panel.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/roofline_plot_widget.h"
#include "ui/profile_editor.h"
#include "ui/settings.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSaveFile>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>

#include <string_view>

#include <cmath>

namespace roofline::ui {
namespace {

QString kernelFileFilter()
{
    return QObject::tr("Kernel files (*.csv *.tsv *.yaml *.yml *.json);;All files (*)");
}

QString sessionFileFilter()
{
    return QObject::tr("Roofline sessions (*.roofline.yaml);;YAML files (*.yaml *.yml);;All files (*)");
}

} // namespace

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

    m_hardware = new HardwarePanel(m_catalog, this);
    auto* hwDock = new QDockWidget(tr("Hardware & Precision"), this);
    hwDock->setObjectName(QStringLiteral("hardwareDock"));
    hwDock->setWidget(m_hardware);
    addDockWidget(Qt::LeftDockWidgetArea, hwDock);

    createActions();

    m_kernels = new KernelsPanel(m_document,
        {findChild<QAction*>(QStringLiteral("addKernel")), findChild<QAction*>(QStringLiteral("duplicateKernel")),
            findChild<QAction*>(QStringLiteral("deleteKernels")), m_place,
            findChild<QAction*>(QStringLiteral("importKernels"))},
        this);
    auto* kernelsDock = new QDockWidget(tr("Kernels"), this);
    kernelsDock->setObjectName(QStringLiteral("kernelsDock"));
    kernelsDock->setWidget(m_kernels);
    addDockWidget(Qt::BottomDockWidgetArea, kernelsDock);

    m_details = new DetailsPanel(m_document, this);
    auto* detailsDock = new QDockWidget(tr("Details"), this);
    detailsDock->setObjectName(QStringLiteral("detailsDock"));
    detailsDock->setWidget(m_details);
    addDockWidget(Qt::LeftDockWidgetArea, detailsDock);
    m_ceilings = new CeilingsPanel(m_document, this);
    auto* ceilingsDock = new QDockWidget(tr("Ceilings"), this);
    ceilingsDock->setObjectName(QStringLiteral("ceilingsDock"));
    ceilingsDock->setWidget(m_ceilings);
    addDockWidget(Qt::LeftDockWidgetArea, ceilingsDock);
    m_llm = new LlmPanel(m_document, this);
    auto* llmDock = new QDockWidget(tr("LLM Workload"), this);
    llmDock->setObjectName(QStringLiteral("llmDock"));
    llmDock->setWidget(m_llm);
    addDockWidget(Qt::LeftDockWidgetArea, llmDock);
    tabifyDockWidget(detailsDock, llmDock);
    tabifyDockWidget(detailsDock, ceilingsDock);
    detailsDock->raise();
    resizeDocks({hwDock}, {290}, Qt::Horizontal);
    resizeDocks({kernelsDock}, {250}, Qt::Vertical);

    QMenu* view = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"));
    view->addSeparator();
    for (QDockWidget* d : {hwDock, kernelsDock, detailsDock, llmDock, ceilingsDock}) {
        QAction* show = d->toggleViewAction();
        show->setStatusTip(tr("Show or hide the %1 panel").arg(d->windowTitle()));
        show->setToolTip(show->statusTip());
        view->addAction(show);
    }

    connect(m_hardware, &HardwarePanel::hardwareChosen, m_document, &SessionDocument::setHardware);
    connect(m_hardware, &HardwarePanel::precisionChosen, m_document, &SessionDocument::setPrecision);
    connect(m_document, &SessionDocument::changed, this, &MainWindow::refresh);
    auto* release = new IdleMemoryRelease(this);
    connect(m_document, &SessionDocument::changed, release, &IdleMemoryRelease::changed);
    connect(m_document, &SessionDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &SessionDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_plot, &RooflinePlotWidget::cursorInfo, this, [this](const QString& text) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(text);
    });
    // Selection follows between the table, the plot and the details.
    connect(m_kernels, &KernelsPanel::currentKernelChanged, m_plot, &RooflinePlotWidget::setSelectedPoint);
    connect(m_kernels, &KernelsPanel::currentKernelChanged, m_details, &DetailsPanel::showKernel);
    connect(m_kernels, &KernelsPanel::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(m_plot, &RooflinePlotWidget::pointClicked, m_kernels, &KernelsPanel::selectKernel);
    connect(m_plot, &RooflinePlotWidget::pointDragged, this, [this](int index, double i, double p, int dragId) {
        m_document->moveKernel(index, i, p, dragId);
        m_kernels->selectKernel(index);
    });
    connect(m_plot, &RooflinePlotWidget::placeRequested, this, [this](double i, double p) {
        const int index = m_document->addKernelAt(i, p);
        if (index >= 0)
            m_kernels->selectKernel(index);
    });
    m_plot->setTooltipProvider([this](int index) { return placementHtml(*m_document, index); });

    // Start where the user left off (a stale id or precision is ignored).
    if (const auto* hw = m_catalog.find(m_settings->hardwareId().toStdString())) {
        QSignalBlocker block(m_document);
        const Precision p = m_settings->precision();
        m_document->applySelection(hw->id, hw->hasPrecision(p) ? p : hw->defaultPrecision());
    }
    refresh();
    updateTitle();
    updateRecentMenu();
    resize(1280, 860);
    restoreGeometry(m_settings->windowGeometry());
    restoreState(m_settings->windowState());

    statusBar()->showMessage(tr("Hover the plot to read the roof; drag to pan, scroll to zoom."));
    auto* autosaveTimer = new QTimer(this);
    autosaveTimer->setInterval(60 * 1000);
    connect(autosaveTimer, &QTimer::timeout, this, [this]() { autosave(); });
    autosaveTimer->start();
    for (const auto& e : modelErrors)
        statusBar()->showMessage(tr("Model preset skipped: %1").arg(QString::fromStdString(e.toString())), 15000);
    if (!loadErrors.empty()) {
        QString msg = tr("%n hardware profile(s) could not be loaded and were skipped: ", nullptr,
            static_cast<int>(loadErrors.size()));
        msg += QString::fromStdString(loadErrors.front().toString());
        statusBar()->showMessage(msg, 15000);
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

void MainWindow::createActions()
{
    auto action = [this](QMenu* menu, const QString& text, const char* name, const QKeySequence& key,
                      const QString& tip, auto&& slot) {
        QAction* a = menu->addAction(text);
        a->setObjectName(QLatin1String(name));
        if (!key.isEmpty())
            a->setShortcut(key);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };

    QMenu* file = menuBar()->addMenu(tr("&File"));
    action(file, tr("&New Session"), "newSession", QKeySequence::New, tr("Start an empty session"),
        [this]() { newSession(); });
    action(file, tr("&Open..."), "openSession", QKeySequence::Open, tr("Open a session or a kernel file"),
        [this]() { openDialog(); });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    action(file, tr("Open &Example"), "openExample", QKeySequence(), tr("The lesson's H100 example session"), [this]() {
        if (maybeSave())
            if (const QString e = openExample(); !e.isEmpty())
                QMessageBox::warning(this, tr("Open failed"), e);
    });
    file->addSeparator();
    action(file, tr("&Save"), "saveSession", QKeySequence::Save, tr("Save the session"), [this]() { saveSession(); });
    action(file, tr("Save &As..."), "saveSessionAs", QKeySequence::SaveAs, tr("Save the session under a new name"),
        [this]() { saveSessionAs(); });
    file->addSeparator();
    action(file, tr("&Import Kernels..."), "importKernels", QKeySequence(Qt::CTRL | Qt::Key_I),
        tr("Add kernels from a CSV, TSV, YAML or JSON file"), [this]() { importDialog(); });
    action(file, tr("New &Profile..."), "newProfile", QKeySequence(),
        tr("Create a hardware profile, starting from the current one"), [this]() { editProfile(true); });
    action(file, tr("Edit Current Pro&file..."), "editProfile", QKeySequence(),
        tr("Edit the current hardware profile; it is saved to your profile folder"), [this]() { editProfile(false); });
    action(file, tr("Import &Ceilings..."), "importCeilings", QKeySequence(),
        tr("Measured ceilings (ERT roofline.json or sum, rocprof-compute roofline.csv) as a new hardware profile"),
        [this]() { importCeilingsDialog(); });
    action(file, tr("&Export Figure..."), "exportFigure", QKeySequence(Qt::CTRL | Qt::Key_E),
        tr("Write the plot as PNG, SVG or PDF"), [this]() { exportFigureDialog(); });
    action(file, tr("Export &Table..."), "exportTable", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        tr("Write every kernel's placement as CSV or JSON"), [this]() { exportTableDialog(); });
    file->addSeparator();
    action(file, tr("&Quit"), "quit", QKeySequence::Quit, tr("Quit Roofline Studio"), [this]() { close(); });

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
    action(edit, tr("&Add Kernel"), "addKernel", QKeySequence(Qt::CTRL | Qt::Key_K),
        tr("Add a kernel (then edit its numbers in the table)"), [this]() {
            Kernel k;
            k.name = "kernel " + std::to_string(m_document->session().kernels.size() + 1);
            k.flops = 1e12;
            k.bytes = 1e10;
            const int i = m_document->addKernels({k}, tr("Add kernel"));
            m_kernels->selectKernel(i);
        });
    action(edit, tr("&Duplicate Kernel"), "duplicateKernel", QKeySequence(Qt::CTRL | Qt::Key_D),
        tr("Copy the current kernel"), [this]() {
            const int i = m_document->duplicateKernel(m_kernels->currentKernel());
            if (i >= 0)
                m_kernels->selectKernel(i);
        });
    action(edit, tr("De&lete Kernels"), "deleteKernels", QKeySequence::Delete, tr("Delete the selected kernels"),
        [this]() { deleteSelected(); });
    m_place = action(edit, tr("&Place on Plot"), "placeMode", QKeySequence(Qt::CTRL | Qt::Key_P),
        tr("Click on the plot to add a kernel at that intensity and rate"),
        [this](bool on) { m_plot->setPlaceMode(on); });
    m_place->setCheckable(true);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    m_toggle = action(view, tr("&Toggle BF16 / FP8"), "togglePrecision", QKeySequence(Qt::CTRL | Qt::Key_T),
        tr("Flip between BF16 and FP8 and watch the ridge move"), [this]() {
            if (!m_document->toggleBf16Fp8()) {
                const auto* hw = m_document->hardware();
                statusBar()->showMessage(tr("%1 has no %2 rate")
                                             .arg(hw ? QString::fromStdString(hw->name) : QString(),
                                                 m_document->precision() == Precision::BF16 ? QStringLiteral("FP8")
                                                                                            : QStringLiteral("BF16")),
                    5000);
            }
        });
    action(view, tr("&Reset View"), "resetView", QKeySequence(Qt::CTRL | Qt::Key_0),
        tr("Back to the derived axis ranges"), [this]() {
            // Forget a zoom a loaded session carried, then show the derived ranges.
            m_document->recordViewRanges(std::nullopt, std::nullopt);
            refresh();
            m_plot->resetView();
        });
    QAction* animate = action(view, tr("A&nimate Precision Changes"), "animate", QKeySequence(),
        tr("Slide the roof and the ridge to their new place when the precision or hardware changes"),
        [this](bool on) { m_settings->setAnimate(on); });
    animate->setCheckable(true);
    animate->setChecked(m_settings->animate());
    view->addSeparator();
    auto flag = [&](const QString& text, const char* name, bool ViewSettings::*member, const QString& tip) {
        QAction* a = action(view, text, name, QKeySequence(), tip, [this, member, text](bool on) {
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

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    action(help, tr("&Reading a Roofline"), "guide", QKeySequence::HelpContents,
        tr("How to read the plot, what the ridge point is, why decode is memory-bound and prefill is not"),
        [this]() { showGuide(); });
    help->addSeparator();
    action(help, tr("&About Roofline Studio"), "about", QKeySequence(), tr("The version and the model in one line"),
        [this]() {
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
            statusBar()->showMessage(QString::fromStdString(summary), 8000);
    } else if (!same) {
        m_plot->setHighlighted({}, false);
    }
    m_lastRegimes = regimes;
    m_lastRevision = m_document->kernelsRevision();
    m_lastKey = key;
    m_plot->setAnimated(m_settings->animate());
    // The figure shown is replaced: its points' memory becomes the new one's.
    std::vector<PlotPoint> spare = m_plot->releasePoints();
    m_plot->showSpec(m_document->plotSpec(&spare), m_document->roofline());
    m_plot->setSelectedPoint(m_kernels ? m_kernels->currentKernel() : -1);
    const ViewSettings& v = m_document->session().view;
    for (auto [a, on] : {std::pair {m_labels, v.showLabels}, std::pair {m_sizeByTime, v.sizeByTimeShare},
             std::pair {m_achievable, v.showAchievable}}) {
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
            if (!maybeSave())
                return;
            if (const QString e = openFile(f); !e.isEmpty())
                QMessageBox::warning(this, tr("Open failed"), e);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer
        = QMessageBox::warning(this, tr("Unsaved changes"), tr("The session has unsaved changes. Save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return saveSession();
    return answer == QMessageBox::Discard;
}

void MainWindow::newSession()
{
    if (!maybeSave())
        return;
    Session s;
    s.hardwareId = m_document->session().hardwareId;
    s.precision = m_document->precision();
    m_document->replaceSession(s, QString());
}

QString MainWindow::openExample()
{
    const QString path = dataDirectory() + QStringLiteral("/examples/lesson-h100.roofline.yaml");
    const QString error = m_document->load(path);
    if (error.isEmpty()) {
        // The example is read-only data: it opens as an untitled session.
        m_document->replaceSession(m_document->session(), QString());
        m_settings->setExampleShown();
    }
    return error;
}

namespace {
/// What a file is can be told from its first megabyte (a session's key, a profile's or a model's
/// fields); a large kernel file is then read once, on the import's worker thread. Empty when the
/// file cannot be opened: the reader that follows says why.
constexpr qint64 kHeadBytes = 1 << 20;
std::string fileHead(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(kHeadBytes).toStdString();
}
} // namespace

QString MainWindow::openFile(const QString& path, bool ask)
{
    const std::string head = fileHead(path);
    if (isSessionFile(path.toStdString(), head)) {
        const QString error = m_document->load(path);
        if (error.isEmpty() || m_document->filePath() == path)
            m_settings->addRecentFile(path), updateRecentMenu();
        if (!error.isEmpty() && m_document->filePath() == path) {
            statusBar()->showMessage(error, 10000); // loaded, with a warning (e.g. unknown hardware)
            return {};
        }
        return error;
    }
    if (QFileInfo(path).size() <= kHeadBytes)
        if (const auto other = openOtherFile(path, head))
            return *other;
    return importKernels(path, ask);
}

std::optional<QString> MainWindow::openOtherFile(const QString& path, const std::string& text)
{
    // Small files may be a hardware profile, a model preset or measured ceilings rather than
    // kernels; each is recognised by its content and kept in the user's folder (where the
    // command line finds it too).
    const QString suffix = QFileInfo(path).suffix().toLower();
    const std::string file = path.toStdString();
    const bool yaml = suffix == QLatin1String("yaml") || suffix == QLatin1String("yml");
    if (yaml && text.find("peaks:") != std::string::npos && text.find("memory:") != std::string::npos) {
        auto profile = parseProfile(text, file);
        if (!profile)
            return QString::fromStdString(profile.error().toString());
        return saveUserProfile(profile.value());
    }
    if (yaml && text.find("hidden_size:") != std::string::npos) {
        auto model = parseModelSpec(text, file);
        if (!model)
            return QString::fromStdString(model.error().toString());
        const QString dir = userModelsDirectory();
        QDir().mkpath(dir);
        const QString target = dir + QLatin1Char('/') + QString::fromStdString(model->id) + QStringLiteral(".yaml");
        QSaveFile out(target);
        if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), qint64(text.size())) != qint64(text.size())
            || !out.commit())
            return tr("%1: cannot write (%2)").arg(target, out.errorString());
        std::vector<Error> errors;
        m_document->setModels(loadModelPresets(errors));
        statusBar()->showMessage(
            tr("Model %1 added to the LLM panel (%2)").arg(QString::fromStdString(model->name), target), 10000);
        return QString();
    }
    if (!yaml && !looksLikeNcuCsv(text)) {
        if (auto ceilings = parseCeilings(text, file))
            return saveUserProfile(ceilings.value());
    }
    return std::nullopt;
}

QString MainWindow::importKernels(const QString& path, bool ask)
{
    auto loaded = loadKernelFileResponsively(path, {}, this);
    if (!loaded) {
        statusBar()->showMessage(tr("Import of %1 cancelled").arg(QFileInfo(path).fileName()), 5000);
        return {};
    }
    auto result = std::move(*loaded);
    if (!result)
        return QString::fromStdString(result.error().toString());
    // A profiler export with several launches of one kernel: keep them apart, or sum them?
    if (ask && result->source.rfind("ncu", 0) == 0) {
        // The kernels' names without their launch suffix (" #3"), counted on the GUI thread: a
        // table of views into the names, not a set of 10^5 copies.
        const size_t kernelCount = [&kernels = result->kernels]() {
            std::vector<std::string_view> bases;
            bases.reserve(kernels.size());
            for (const auto& k : kernels)
                bases.push_back(std::string_view(k.name).substr(0, k.name.rfind(" #")));
            const auto baseOf = [&bases](size_t i) { return bases[i]; };
            NameIndex<decltype(baseOf)> distinct(baseOf, bases.size());
            size_t count = 0;
            for (size_t i = 0; i < bases.size(); ++i)
                count += distinct.findOrInsert(i) < 0 ? 1 : 0;
            return count;
        }();
        if (kernelCount < result->kernels.size()
            && QMessageBox::question(this, tr("Nsight Compute launches"),
                   tr("%1 holds %2 launches of %3 kernels. Aggregate the launches of each kernel by name?")
                       .arg(QFileInfo(path).fileName())
                       .arg(result->kernels.size())
                       .arg(kernelCount),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
                == QMessageBox::Yes) {
            KernelReadOptions aggregate;
            aggregate.aggregate = true;
            auto again = loadKernelFileResponsively(path, aggregate, this);
            if (!again)
                return {};
            result = std::move(*again);
        }
        if (!result)
            return QString::fromStdString(result.error().toString());
    }
    KernelImport& imported = result.value();
    if (ask && (!imported.rejected.empty() || (imported.kernels.empty() && !imported.warnings.empty()))) {
        ImportReportDialog dialog(path, imported, this);
        if (dialog.exec() != QDialog::Accepted)
            return {};
    }
    if (imported.kernels.empty())
        return tr("%1: no kernels to import").arg(path);
    // The device the profiler ran on picks the matching profile.
    QString deviceNote;
    if (!imported.suggestedHardware.empty() && imported.suggestedHardware != m_document->session().hardwareId
        && m_document->catalog().find(imported.suggestedHardware)) {
        m_document->setHardware(QString::fromStdString(imported.suggestedHardware));
        deviceNote
            = tr("; device %1: switched to %2")
                  .arg(QString::fromStdString(imported.device), QString::fromStdString(imported.suggestedHardware));
    }
    const int n = static_cast<int>(imported.kernels.size());
    const int first = m_document->addKernels(
        std::move(imported.kernels), tr("Import %n kernel(s) from %1", nullptr, n).arg(QFileInfo(path).fileName()));
    m_kernels->selectKernel(first);
    QString msg = tr("Imported %n kernel(s) from %1", nullptr, n).arg(QFileInfo(path).fileName());
    if (!imported.rejected.empty())
        msg += tr("; %n row(s) rejected", nullptr, static_cast<int>(imported.rejected.size()));
    statusBar()->showMessage(msg + deviceNote, 10000);
    return {};
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), QString(),
        tr("Sessions and kernel files (*.yaml *.yml *.csv *.tsv *.json);;") + sessionFileFilter());
    if (path.isEmpty())
        return;
    if (const QString e = openFile(path); !e.isEmpty())
        QMessageBox::warning(this, tr("Open failed"), e);
}

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Kernels"), QString(), kernelFileFilter());
    if (path.isEmpty())
        return;
    if (const QString e = importKernels(path, true); !e.isEmpty())
        QMessageBox::warning(this, tr("Import failed"), e);
}

bool MainWindow::saveSession()
{
    if (m_document->filePath().isEmpty())
        return saveSessionAs();
    const QString error = saveTo(m_document->filePath());
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Save failed"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_document->filePath())), 5000);
    return true;
}

bool MainWindow::saveSessionAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Session"),
        m_document->filePath().isEmpty() ? QDir::home().filePath(QStringLiteral("analysis.roofline.yaml"))
                                         : m_document->filePath(),
        sessionFileFilter());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".yaml")) && !path.endsWith(QLatin1String(".yml")))
        path += QStringLiteral(".roofline.yaml");
    const QString error = saveTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Save failed"), error);
        return false;
    }
    m_settings->addRecentFile(path);
    updateRecentMenu();
    return true;
}

QString MainWindow::saveTo(const QString& path)
{
    // Keep the zoom the user sees: ranges that differ from the derived ones are saved.
    const PlotSpec shown = m_plot->currentSpec();
    if (const HardwareProfile* hw = m_document->hardware()) {
        const auto analysis = m_document->analysis();
        const auto [dx, dy] = axisRangesFor(
            effectiveProfile(*hw, m_document->session()), analysis ? analysis->summary : PlacementSummary {});
        auto same = [](const AxisRange& a, const AxisRange& b) {
            return std::fabs(std::log(a.lo / b.lo)) < 1e-6 && std::fabs(std::log(a.hi / b.hi)) < 1e-6;
        };
        m_document->recordViewRanges(same(shown.x, dx) ? std::nullopt : std::optional<AxisRange>(shown.x),
            same(shown.y, dy) ? std::nullopt : std::optional<AxisRange>(shown.y));
    }
    return m_document->save(path);
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

void MainWindow::exportTableDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Table"),
        QDir::home().filePath(QStringLiteral("kernels.csv")), tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty() || !m_document->analysis())
        return;
    const auto format
        = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? OutputFormat::Json : OutputFormat::Csv;
    const auto analysis = m_document->analysis();
    const std::string text = formatPlacements(
        m_document->session().kernels, analysis->placements, analysis->roof, format, analysis->summary.totalTime);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) != qint64(text.size())
        || !file.commit()) {
        QMessageBox::warning(this, tr("Export failed"), tr("%1: cannot write (%2)").arg(path, file.errorString()));
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
}

QString MainWindow::saveUserProfile(const HardwareProfile& profile)
{
    const QString dir = userProfilesDirectory();
    QDir().mkpath(dir);
    const QString file = dir + QLatin1Char('/') + QString::fromStdString(profile.id) + QStringLiteral(".yaml");
    const std::string yaml = profileToYaml(profile);
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(yaml.data(), qint64(yaml.size())) != qint64(yaml.size())
        || !out.commit())
        return tr("%1: cannot write (%2)").arg(file, out.errorString());
    addProfile(profile);
    statusBar()->showMessage(tr("Profile saved as %1").arg(QDir::toNativeSeparators(file)), 10000);
    return {};
}

void MainWindow::editProfile(bool asNew)
{
    const HardwareProfile* current = m_document->hardware();
    if (!current)
        return;
    HardwareProfile start = *current;
    if (asNew) {
        start.id = current->id + "-custom";
        start.name = current->name + " (custom)";
        start.aliases.clear();
    }
    ProfileEditor editor(start, this);
    if (editor.exec() != QDialog::Accepted)
        return;
    QString error;
    const auto edited = editor.profile(&error);
    if (!edited) {
        QMessageBox::warning(this, tr("Profile not saved"), error);
        return;
    }
    if (const QString e = saveUserProfile(*edited); !e.isEmpty())
        QMessageBox::warning(this, tr("Profile not saved"), e);
}

void MainWindow::importCeilingsDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Measured Ceilings"), QString(),
        tr("ERT or rocprof ceilings (roofline.json sum rpt roofline.csv *.json *.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    auto profile = loadCeilingsFile(path.toStdString());
    if (!profile) {
        QMessageBox::warning(this, tr("Import failed"), QString::fromStdString(profile.error().toString()));
        return;
    }
    // Keep it: the user's profile folder, where the CLI finds it too.
    if (const QString e = saveUserProfile(profile.value()); !e.isEmpty())
        QMessageBox::warning(this, tr("Import failed"), e);
}

void MainWindow::addProfile(const HardwareProfile& profile)
{
    m_catalog.add(profile);
    m_hardware->rebuild();
    m_document->setHardware(QString::fromStdString(profile.id));
    refresh();
}

void MainWindow::deleteSelected()
{
    m_document->removeKernels(m_kernels->selectedKernels());
}

QString MainWindow::autosavePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/autosave.roofline.yaml");
}

bool MainWindow::autosave()
{
    const QString path = autosavePath();
    if (!m_document->isModified()) {
        QFile::remove(path);
        return false;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    // The original file name rides along as a comment, so recovery can offer it back.
    const std::string text
        = "# autosave-of: " + m_document->filePath().toStdString() + "\n" + sessionToYaml(m_document->session());
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), qint64(text.size())) == qint64(text.size())
        && file.commit();
}

bool MainWindow::recoverAutosave()
{
    const QString path = autosavePath();
    auto text = readTextFile(path.toStdString(), kMaxSessionBytes);
    if (!text)
        return false;
    auto session = parseSession(text.value(), path.toStdString());
    if (!session) {
        QFile::remove(path);
        return false;
    }
    QString original;
    const std::string& t = text.value();
    if (t.rfind("# autosave-of: ", 0) == 0)
        original = QString::fromStdString(t.substr(15, t.find('\n') - 15));
    m_document->replaceSession(std::move(session).value(), original);
    m_document->undoStack()->resetClean(); // recovered work is unsaved work
    QFile::remove(path);
    statusBar()->showMessage(tr("Recovered the unsaved session"), 10000);
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QFile::remove(autosavePath()); // closed cleanly: nothing to recover
    m_settings->setWindowLayout(saveGeometry(), saveState());
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

void MainWindow::openDroppedFiles(const QList<QUrl>& urls)
{
    for (const QUrl& url : urls) {
        if (!url.isLocalFile())
            continue;
        const QString path = url.toLocalFile();
        if (isSessionFile(path.toStdString(), fileHead(path)) && !maybeSave())
            continue;
        if (const QString error = openFile(path); !error.isEmpty())
            QMessageBox::warning(this, tr("Open failed"), error);
    }
}

} // namespace roofline::ui
