// SPDX-License-Identifier: MIT
#include "ui/window/file_actions.h"

#include "core/analysis/compare.h"
#include "core/io/ceilings.h"
#include "core/io/file_kind.h"
#include "core/io/kernel_io.h"
#include "core/io/likwid_perfctr.h"
#include "core/io/nersc_plot.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/llm/model_spec.h"
#include "core/report/report.h"
#include "ui/common/app_paths.h"
#include "ui/common/atomic_file.h"
#include "ui/dialogs/compare_dialog.h"
#include "ui/dialogs/export_dialog.h"
#include "ui/dialogs/import_report_dialog.h"
#include "ui/dialogs/profile_editor.h"
#include "ui/document/import_job.h"
#include "ui/document/measure_job.h"
#include "ui/document/session_document.h"
#include "ui/plot/figure_export.h"
#include "ui/window/roofline_plot_widget.h"
#include "ui/window/settings.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>

#include <algorithm>
#include <cmath>

namespace roofline::ui {

/// The folder of a file just chosen, for the next dialog.
static void rememberFolder(Settings* settings, const QString& path)
{
    if (!path.isEmpty())
        settings->setLastDirectory(QFileInfo(path).absolutePath());
}

QString FileActions::kernelFileFilter()
{
    // Profilers' exports too: LIKWID writes .txt, NERSC's plot input is data.txt.
    return QObject::tr("Kernel files and profiler exports (*.csv *.tsv *.yaml *.yml *.json *.txt);;All files (*)");
}

namespace {

QString sessionFileFilter()
{
    return QObject::tr("Roofline sessions (*.roofline.yaml);;YAML files (*.yaml *.yml);;All files (*)");
}

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// A file's first kFileKindHeadBytes, which tell what it is; a large kernel file is then read
/// once, on the import's worker thread. Empty when the file cannot be opened: the reader that
/// follows says why.
std::string fileHead(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(static_cast<qint64>(kFileKindHeadBytes)).toStdString();
}

} // namespace

FileActions::FileActions(QWidget* window, SessionDocument* document, const RooflinePlotWidget* plot, Settings* settings)
    : QObject(window)
    , m_window(window)
    , m_document(document)
    , m_plot(plot)
    , m_settings(settings)
{ }

void FileActions::warn(const QString& title, const QString& error) const
{
    if (!error.isEmpty())
        QMessageBox::warning(m_window, title, error);
}

FileActions::~FileActions() = default;

QString FileActions::openFile(const QString& path, bool ask)
{
    rememberFolder(m_settings, path); // the next dialog starts where this file is
    const std::string head = fileHead(path);
    const bool whole = QFileInfo(path).size() <= static_cast<qint64>(kFileKindHeadBytes);
    switch (detectFileKind(path.toStdString(), head, whole)) {
    case FileKind::Session: {
        const QString error = m_document->load(path);
        if (error.isEmpty() || m_document->filePath() == path) {
            m_settings->addRecentFile(path);
            emit recentFilesChanged();
        }
        if (!error.isEmpty() && m_document->filePath() == path) {
            emit message(error, 10000); // loaded, with a warning (e.g. unknown hardware)
            return {};
        }
        return error;
    }
    case FileKind::HardwareProfile:
        return takeHardwareProfile(path, head);
    case FileKind::ModelPreset:
        return takeModelPreset(path, head);
    case FileKind::Ceilings:
        return takeCeilings(path, head, ask);
    case FileKind::Kernels:
        break;
    }
    return importKernels(path, ask);
}

QString FileActions::takeHardwareProfile(const QString& path, const std::string& text)
{
    auto profile = parseProfile(text, path.toStdString());
    if (!profile)
        return qs(profile.error().toString());
    return saveUserProfile(profile.value());
}

QString FileActions::takeModelPreset(const QString& path, const std::string& text)
{
    // A preset (YAML) or a Hugging Face config.json, kept in the user's model folder under a
    // name that gives the same id, then chosen in the LLM panel.
    const bool config = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
    auto model = config ? loadHfConfigFile(path.toStdString()) : parseModelSpec(text, path.toStdString());
    if (!model)
        return qs(model.error().toString());
    const QString dir = userModelsDirectory();
    QDir().mkpath(dir);
    const QString target = dir + QLatin1Char('/')
        + (config ? qs(model->name) + QStringLiteral(".config.json") : qs(model->id) + QStringLiteral(".yaml"));
    QFile source(path);
    const QByteArray whole
        = config && source.open(QIODevice::ReadOnly) ? source.readAll() : QByteArray::fromStdString(text);
    if (auto error = writeFileAtomically(target, whole))
        return *error;
    std::vector<Error> errors;
    m_document->setModels(loadModelPresets(errors));
    LlmSettings llm = m_document->session().llm;
    llm.enabled = true;
    llm.model = model->id;
    llm.parameters.reset();
    m_document->setLlm(llm, tr("Open Model %1").arg(qs(model->name)));
    emit message(tr("Model %1 added to the LLM panel (%2)").arg(qs(model->name), target), 10000);
    return {};
}

std::optional<std::vector<Kernel>> FileActions::loadRun(const QString& path, QString& error)
{
    if (detectFileKind(path.toStdString(), fileHead(path), true) == FileKind::Session) {
        auto session = loadSessionFile(path.toStdString());
        if (!session) {
            error = qs(session.error().toString());
            return std::nullopt;
        }
        return session->kernels;
    }
    auto loaded = loadKernelFileResponsively(path, {}, m_window);
    if (!loaded)
        return std::nullopt; // cancelled
    if (!*loaded) {
        error = qs(loaded->error().toString());
        return std::nullopt;
    }
    return (*loaded)->kernels;
}

QString FileActions::compareWith(const QString& path, bool show)
{
    const HardwareProfile* hw = m_document->hardware();
    if (!hw)
        return tr("choose an accelerator first");
    QString error;
    const auto before = loadRun(path, error);
    if (!before)
        return error;
    auto c = compareRuns(*before, m_document->session().kernels, *hw, m_document->session().precision);
    if (!c)
        return qs(c.error().message);
    if (c->pairs.empty())
        return tr("%1 and this session have no kernel name in common").arg(QFileInfo(path).fileName());
    const ComparedRuns runs {*before, m_document->session().kernels, path, m_document->filePath()};
    m_lastComparison = std::make_unique<CompareDialog>(*hw, c.value(), runs, m_window);
    if (show)
        m_lastComparison->exec();
    return {};
}

void FileActions::compareWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Compare With"), m_settings->lastDirectory(),
        tr("Runs: sessions, kernel files, profiler exports (*.yaml *.yml *.csv *.tsv *.json *.txt)"));
    rememberFolder(m_settings, path);
    if (!path.isEmpty())
        warn(tr("Compare failed"), compareWith(path, true));
}

void FileActions::openModelConfigDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Model Config"), m_settings->lastDirectory(),
        tr("Model configs (*.json *.yaml *.yml);;Hugging Face config.json (*.json)"));
    rememberFolder(m_settings, path);
    if (path.isEmpty())
        return;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        warn(tr("Open failed"), tr("%1: cannot be read").arg(path));
        return;
    }
    warn(tr("Open failed"), takeModelPreset(path, f.readAll().toStdString()));
}

QString FileActions::takeCeilings(const QString& path, const std::string& text, bool ask)
{
    auto profile = loadCeilingsFile(path.toStdString());
    if (!profile)
        return qs(profile.error().toString());
    const QString error = saveUserProfile(profile.value());
    // NERSC's plot input carries its kernels beside its roofs: they come in too, on those roofs.
    if (error.isEmpty() && looksLikeNerscPlotInput(text))
        return importKernels(path, ask);
    return error;
}

const HardwareProfile* FileActions::importedDevice(const KernelImport& imported, bool ask, QString& note) const
{
    const std::string& id = imported.suggestedHardware;
    const HardwareProfile* to = id.empty() ? nullptr : m_document->catalog().find(id);
    const HardwareProfile* from = m_document->hardware();
    if (!to || id == m_document->session().hardwareId)
        return nullptr;
    const QString was = from ? qs(from->name) : tr("no accelerator");
    if (ask
        && QMessageBox::question(m_window, tr("Switch accelerator?"),
               tr("The kernels were recorded on %1 (%2). Switch the session from %3 to it? The import and the "
                  "switch are one undo step.")
                   .arg(qs(imported.device), qs(to->name), was),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
            != QMessageBox::Yes) {
        note = tr("; recorded on %1, kept %2").arg(qs(imported.device), was);
        return nullptr;
    }
    note = tr("; recorded on %1: switched from %2 to %3 (Edit > Undo puts it back and removes the import)")
               .arg(qs(imported.device), was, qs(to->name));
    return to;
}

QString FileActions::importKernels(const QString& path, bool ask)
{
    // A profiler's launches of one kernel (name, grid and block) are one kernel with its launch
    // count, unless File > Group Profiler Launches is off.
    KernelReadOptions read;
    read.aggregate = m_settings->groupLaunches();
    read.keepFlopsUnknown = ask; // an export without FLOP counters: the user may type them
    auto loaded = loadKernelFileResponsively(path, read, m_window);
    if (!loaded) {
        emit message(tr("Import of %1 cancelled").arg(QFileInfo(path).fileName()), 5000);
        return {};
    }
    return takeImport(std::move(*loaded), path, QFileInfo(path).fileName(), ask);
}

QString FileActions::importLikwidRun(const QStringList& paths, bool ask)
{
    std::vector<std::string> files;
    QStringList names;
    for (const QString& path : paths) {
        files.push_back(path.toStdString());
        names << QFileInfo(path).fileName();
    }
    return takeImport(loadLikwidRun(files), paths.join(QStringLiteral(" + ")), names.join(QStringLiteral(" + ")), ask);
}

QString FileActions::takeImport(Result<KernelImport> result, const QString& path, const QString& name, bool ask)
{
    if (!result)
        return qs(result.error().toString());
    KernelImport& imported = result.value();
    // Rejected rows, or nothing placeable without the FLOPs the user may type: asked first.
    if (ask && (!imported.rejected.empty() || (imported.kernels.empty() && !imported.warnings.empty()))) {
        ImportReportDialog dialog(path, imported, m_window);
        if (dialog.exec() != QDialog::Accepted)
            return {};
        for (Kernel& k : dialog.typedKernels()) {
            imported.kernels.push_back(std::move(k));
            imported.lines.push_back(0);
        }
    }
    if (imported.kernels.empty())
        return tr("%1: no kernels to import").arg(path);
    QString deviceNote; // the device the profiler ran on: asked before anything changes
    const HardwareProfile* device = importedDevice(imported, ask, deviceNote);
    // The import and the switches it makes are one undo step: Undo puts the session back as it was.
    const int n = static_cast<int>(imported.kernels.size());
    const QString step = tr("Import %n kernel(s) from %1", nullptr, n).arg(name);
    m_document->undoStack()->beginMacro(step);
    if (device)
        m_document->setHardware(qs(device->id));
    // Into an empty session, the view takes the precision of most of the measured time (an FP64
    // export is shown under the FP64 roof), as the CLI does without --precision.
    const HardwareProfile* hw = m_document->hardware();
    const auto lead
        = hw ? leadingPrecision(imported.kernels, [&](Precision p) { return hw->hasPrecision(p); }) : std::nullopt;
    if (m_document->session().kernels.empty() && lead && *lead != m_document->session().precision) {
        m_document->setPrecision(*lead);
        deviceNote += tr("; shown at %1, the precision of most of the measured time").arg(qs(precisionLabel(*lead)));
    }
    const int first = m_document->addKernels(std::move(imported.kernels), step);
    m_document->undoStack()->endMacro();
    emit kernelsImported(first);
    QString msg = tr("Imported %n kernel(s) from %1", nullptr, n).arg(name);
    if (!imported.rejected.empty())
        msg += tr("; %n row(s) rejected", nullptr, static_cast<int>(imported.rejected.size()));
    emit message(msg + deviceNote, 10000);
    return {};
}

QString FileActions::saveTo(const QString& path)
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

QString FileActions::exportTo(const QString& path)
{
    return exportFigure(m_plot->currentSpec(), m_plot->style(), path, m_settings->exportOptions()).value_or(QString());
}

QString FileActions::openExample()
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

QString FileActions::saveUserProfile(const HardwareProfile& profile)
{
    const QString dir = userProfilesDirectory();
    QDir().mkpath(dir);
    const QString file = dir + QLatin1Char('/') + qs(profile.id) + QStringLiteral(".yaml");
    if (auto error = writeFileAtomically(file, profileToYaml(profile)))
        return *error;
    emit profileSaved(profile);
    emit message(tr("Profile saved as %1").arg(QDir::toNativeSeparators(file)), 10000);
    return {};
}

bool FileActions::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer
        = QMessageBox::warning(m_window, tr("Unsaved changes"), tr("The session has unsaved changes. Save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return saveSession();
    return answer == QMessageBox::Discard;
}

void FileActions::openDropped(const QList<QUrl>& urls)
{
    QStringList paths;
    for (const QUrl& url : urls)
        if (url.isLocalFile())
            paths << url.toLocalFile();
    for (const QString& path : withoutLikwidRun(paths)) {
        if (isSessionFile(path.toStdString(), fileHead(path)) && !maybeSave())
            continue;
        warn(tr("Open failed"), openFile(path));
    }
}

QStringList FileActions::withoutLikwidRun(const QStringList& paths)
{
    // Several likwid-perfctr outputs at once are the groups of one program (FLOPS_DP, MEM, L3...):
    // read together, they make the points no one of them makes alone.
    QStringList likwid, others;
    for (const QString& path : paths)
        (looksLikeLikwidPerfctr(fileHead(path)) ? likwid : others) << path;
    if (likwid.size() < 2)
        return paths;
    warn(tr("Import failed"), importLikwidRun(likwid, true));
    return others;
}

void FileActions::newSession()
{
    if (!maybeSave())
        return;
    Session s;
    s.hardwareId = m_document->session().hardwareId;
    s.precision = m_document->precision();
    m_document->replaceSession(s, QString());
}

void FileActions::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open"), m_settings->lastDirectory(),
        tr("Sessions, kernel files and profiler exports (*.yaml *.yml *.csv *.tsv *.json *.txt);;")
            + sessionFileFilter());
    rememberFolder(m_settings, path);
    if (!path.isEmpty())
        warn(tr("Open failed"), openFile(path));
}

void FileActions::importDialog()
{
    // Several files: each is imported, except likwid-perfctr outputs, which are one run.
    const QStringList paths = QFileDialog::getOpenFileNames(
        m_window, tr("Import Kernels"), m_settings->lastDirectory(), kernelFileFilter());
    if (paths.isEmpty())
        return;
    rememberFolder(m_settings, paths.front());
    for (const QString& path : withoutLikwidRun(paths))
        warn(tr("Import failed"), importKernels(path, true));
}

bool FileActions::saveSession()
{
    if (m_document->filePath().isEmpty())
        return saveSessionAs();
    const QString error = saveTo(m_document->filePath());
    if (!error.isEmpty()) {
        warn(tr("Save failed"), error);
        return false;
    }
    emit message(tr("Saved %1").arg(QDir::toNativeSeparators(m_document->filePath())), 5000);
    return true;
}

bool FileActions::saveSessionAs()
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Session"),
        m_document->filePath().isEmpty() ? QDir::home().filePath(QStringLiteral("analysis.roofline.yaml"))
                                         : m_document->filePath(),
        sessionFileFilter());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".yaml")) && !path.endsWith(QLatin1String(".yml")))
        path += QStringLiteral(".roofline.yaml");
    const QString error = saveTo(path);
    if (!error.isEmpty()) {
        warn(tr("Save failed"), error);
        return false;
    }
    m_settings->addRecentFile(path);
    emit recentFilesChanged();
    emit message(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void FileActions::exportFigureDialog()
{
    QString path = m_settings->lastExportPath();
    if (path.isEmpty())
        path = QDir::home().filePath(QStringLiteral("roofline.png"));
    const QString title = QString::fromStdString(m_document->session().view.title);
    const HardwareProfile* hw = m_document->hardware();
    const QString generated = hw ? QString::fromStdString(figureTitle("", *hw, m_document->precision())) : QString();
    ExportDialog dialog(path, m_settings->exportOptions(), title, generated, m_window);
    if (hw)
        dialog.setPreview(m_plot->currentSpec(), m_plot->style(),
            [profile = *hw, precision = m_document->precision()](
                const std::string& typed) { return figureTitle(typed, profile, precision); });
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.title() != title) { // the window shows the title the figure gets (one undo step)
        ViewSettings view = m_document->session().view;
        view.title = dialog.title().toStdString();
        m_document->setView(view, tr("Set Title"));
    }
    m_settings->setExportOptions(dialog.options());
    m_settings->setLastExportPath(dialog.path());
    const auto error = exportFigure(m_plot->currentSpec(), m_plot->style(), dialog.path(), dialog.options());
    if (error)
        warn(tr("Export failed"), *error);
    else
        emit message(tr("Exported %1").arg(QDir::toNativeSeparators(dialog.path())), 5000);
}

void FileActions::editTitle()
{
    bool ok = false;
    const QString before = QString::fromStdString(m_document->session().view.title);
    const QString title = QInputDialog::getText(m_window, tr("Figure Title"),
        tr("Title ({hardware} and {precision} follow the view; empty: the accelerator and the precision):"),
        QLineEdit::Normal, before, &ok)
                              .trimmed();
    if (!ok || title == before)
        return;
    ViewSettings view = m_document->session().view;
    view.title = title.toStdString();
    m_document->setView(view, tr("Set Title"));
}

void FileActions::exportTableDialog()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Table"),
        QDir::home().filePath(QStringLiteral("kernels.csv")), tr("CSV (*.csv);;JSON (*.json)"));
    const auto analysis = m_document->analysis();
    if (path.isEmpty() || !analysis)
        return;
    const auto format
        = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? OutputFormat::Json : OutputFormat::Csv;
    const std::string text = formatPlacements(
        m_document->session().kernels, analysis->placements, analysis->roof, format, analysis->summary.totalTime);
    if (auto error = writeFileAtomically(path, text))
        warn(tr("Export failed"), *error);
    else
        emit message(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void FileActions::editProfile(bool asNew)
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
    ProfileEditor editor(start, m_window);
    if (editor.exec() != QDialog::Accepted)
        return;
    QString error;
    const auto edited = editor.profile(&error);
    if (!edited)
        warn(tr("Profile not saved"), error);
    else
        warn(tr("Profile not saved"), saveUserProfile(*edited));
}

void FileActions::measureMachine(double seconds)
{
    MeasureOptions options;
    options.seconds = seconds;
    auto m = measureResponsively(options, m_window);
    if (!m) {
        emit message(tr("Measurement cancelled; nothing changed"), 5000);
        return;
    }
    if (!m->ok())
        return warn(tr("Measurement failed"), qs(m->error().message));
    const HardwareProfile profile = measuredProfile(m->value());
    if (const QString error = saveUserProfile(profile); !error.isEmpty())
        return warn(tr("Profile not saved"), error);
    // The datasheet's roof beside the measured one, when the part is a shipped profile.
    const std::string sheet = hardwareForCpuName(m->value().machine.cpuName);
    if (!sheet.empty() && m_document->catalog().find(sheet)) {
        ViewSettings view = m_document->session().view;
        if (std::find(view.compare.begin(), view.compare.end(), sheet) == view.compare.end())
            view.compare.push_back(sheet);
        m_document->setView(view, tr("Compare With Datasheet"));
    }
    emit message(tr("Measured %1: FP64 %2, DRAM %3 (saved as profile %4)")
                     .arg(qs(m->value().machine.cpuName.empty() ? "this machine" : m->value().machine.cpuName),
                         qs(formatQuantity(*profile.peak(Precision::FP64), Dimension::FlopRate)),
                         qs(formatQuantity(profile.mainBandwidth(), Dimension::ByteRate)), qs(profile.id)),
        15000);
}

void FileActions::importCeilingsDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Measured Ceilings"),
        m_settings->lastDirectory(),
        tr("ERT, rocprof, ncu or NERSC ceilings (roofline.json sum rpt roofline.csv data.txt *.json *.csv *.txt);;All "
           "files (*)"));
    rememberFolder(m_settings, path);
    if (!path.isEmpty()) // kept in the user's profile folder, where the CLI finds it too
        warn(tr("Import failed"), takeCeilings(path, {}, true));
}

} // namespace roofline::ui
