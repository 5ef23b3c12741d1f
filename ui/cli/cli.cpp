// SPDX-License-Identifier: MIT
#include "ui/cli/cli.h"

#include "core/analysis/session_analysis.h"
#include "core/common/text.h"
#include "core/io/ceilings.h"
#include "core/io/kernel_io.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "core/llm/llm_report.h"
#include "core/model/units.h"
#include "core/plot/plot_spec.h"
#include "core/report/report.h"
#include "ui/app_paths.h"
#include "ui/plot/figure_export.h"
#include "ui/plot/plot_style.h"
#include "ui/pool_task.h"

#include <CLI/CLI.hpp>

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>

namespace roofline::cli {
namespace {

constexpr int kOk = 0;
constexpr int kBadInput = 1;
constexpr int kUsage = 2;

/// A usage problem found after parsing (a value CLI11 cannot judge).
struct UsageError {
    std::string message;
};

struct Options {
    std::vector<std::string> profileDirs;
    std::string format = "table";
    // hw show
    std::string showId;
    // point / export
    std::string hw;
    std::string precision;
    std::string roofKind = "peak";
    std::string name = "kernel";
    std::string flops, bytes, time;
    std::string output;
    std::vector<std::string> points;
    std::string title;
    std::string theme = "light";
    bool achievableRoof = false;
    int width = 1000, height = 650, dpi = 144;
    // llm
    std::string model, params, weightPrecision, kvPrecision, faster = "b200";
    int batch = 1, prompt = 2048, context = 0, batchFactor = 8;
    double bytesPerWeight = 0.0;
    bool layers = false;
    // analyze / export input
    std::string input;
    bool skipInvalid = false;
    bool aggregate = false;
    std::string newId, newName;
    // export: many roofs
    std::vector<std::string> compare, precisions;
    std::string panels;
    bool otherPrecisions = false, levels = false, interconnect = false;
};

/// A problem with an input file: exit 1, after the messages are printed.
struct InputError {
    std::vector<std::string> messages;
};

/// f()'s status, or the one for the UsageError or InputError it threw, whose message it prints.
template <typename F> int reportingErrors(F&& f)
{
    try {
        return f();
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.message << "\n";
        return kUsage;
    } catch (const InputError& e) {
        for (const auto& m : e.messages)
            std::cerr << "error: " << m << "\n";
        return kBadInput;
    }
}

OutputFormat outputFormat(const Options& o)
{
    if (auto f = parseOutputFormat(o.format))
        return *f;
    throw UsageError {"unknown format '" + o.format + "'; use table, json or csv"};
}

const HardwareProfile& resolveHardware(const ProfileCatalog& catalog, const std::string& id)
{
    if (id.empty())
        throw UsageError {"--hw is required; 'roofline hw list' shows the ids"};
    auto r = catalog.resolve(id);
    if (!r)
        throw UsageError {r.error().message};
    return *r.value();
}

Precision resolvePrecision(const HardwareProfile& hw, const std::string& name)
{
    if (name.empty())
        return hw.defaultPrecision();
    const auto p = parsePrecision(name);
    if (!p)
        throw UsageError {"unknown precision '" + name + "'; use one of: " + precisionList()};
    return *p;
}

Roofline roofFor(const HardwareProfile& hw, Precision p, const std::string& kind)
{
    if (kind != "peak" && kind != "achievable")
        throw UsageError {"--roof must be 'peak' or 'achievable'"};
    auto r = makeRoofline(hw, p, 0, kind == "achievable" ? RoofKind::Achievable : RoofKind::Peak);
    if (!r)
        throw UsageError {r.error().message};
    return r.value();
}

double quantityArg(const std::string& text, Dimension d, const char* option)
{
    auto r = parseQuantity(text, d);
    if (!r)
        throw UsageError {std::string(option) + ": " + r.error().message};
    return r.value();
}

int cmdHwList(const ProfileCatalog& catalog, const Options& o)
{
    std::cout << formatHardwareList(catalog.profiles(), outputFormat(o));
    return kOk;
}

int cmdHwShow(const ProfileCatalog& catalog, const Options& o)
{
    const auto& hw = resolveHardware(catalog, o.showId);
    std::cout << formatHardwareDetails(hw, outputFormat(o));
    return kOk;
}

int cmdPoint(const ProfileCatalog& catalog, const Options& o)
{
    const auto& hw = resolveHardware(catalog, o.hw);
    const Precision p = resolvePrecision(hw, o.precision);
    const Roofline roof = roofFor(hw, p, o.roofKind);
    Kernel k;
    k.name = o.name;
    k.flops = quantityArg(o.flops, Dimension::Flops, "--flops");
    k.bytes = quantityArg(o.bytes, Dimension::Bytes, "--bytes");
    if (!o.time.empty())
        k.time = quantityArg(o.time, Dimension::Time, "--time");
    if (auto why = validateKernel(k))
        throw UsageError {*why};
    const Placement placement = analyze(k, roof);
    const OutputFormat f = outputFormat(o);
    if (f == OutputFormat::Table)
        std::cout << formatPlacementDetails(k, placement, roof);
    else
        std::cout << formatPlacements({k}, {placement}, roof, f);
    return kOk;
}

/// The session a command works on: a session file, a kernel file (with --hw/--precision), or
/// nothing (only --hw/--precision); --hw and --precision override a session's own.
/// Rejected kernel rows fail the command unless --skip-invalid (then they are warnings).
struct Input {
    Session session;
    const HardwareProfile* hw = nullptr;
};

/// The input file read and parsed, which needs no hardware catalog: the command line reads it
/// on a second core while the first finds the fonts (a CSV of 10^4 kernels is ~3 ms). Nothing is
/// printed here: loadInput reports what it found, in the order it always has.
struct InputFile {
    std::optional<Error> error; ///< it could not be read or parsed
    std::optional<Session> session; ///< a session file
    std::optional<KernelImport> kernels; ///< a kernel file
};

InputFile readInputFile(const Options& o)
{
    InputFile f;
    auto text = readTextFile(o.input, kMaxKernelFileBytes);
    if (!text) {
        f.error = text.error();
    } else if (isSessionFile(o.input, text.value())) {
        auto s = parseSession(text.value(), o.input);
        if (s)
            f.session = std::move(s).value();
        else
            f.error = s.error();
    } else {
        KernelReadOptions read;
        read.aggregate = o.aggregate;
        auto k = parseKernels(text.value(), o.input, kernelFormatForPath(o.input), read);
        if (k)
            f.kernels = std::move(k).value();
        else
            f.error = k.error();
    }
    return f;
}

/// `early`: the input file as read beside the start-up (readInputFile), or null to read it here.
Input loadInput(const ProfileCatalog& catalog, const Options& o, InputFile* early = nullptr)
{
    Input in;
    bool fromSession = false;
    std::string suggested; // the profile a profiler export's device name points to
    if (!o.input.empty()) {
        InputFile file = early ? std::move(*early) : readInputFile(o);
        if (file.error)
            throw InputError {{file.error->toString()}};
        if (file.session) {
            in.session = std::move(*file.session);
            fromSession = true;
        } else {
            KernelImport& k = *file.kernels;
            if (!k.rejected.empty()) {
                std::vector<std::string> lines;
                for (const auto& e : k.rejected)
                    lines.push_back(e.toString());
                if (!o.skipInvalid) {
                    lines.push_back(std::to_string(k.rejected.size())
                        + " row(s) rejected; fix them, or pass --skip-invalid to place the other "
                        + std::to_string(k.kernels.size()));
                    throw InputError {lines};
                }
                for (const auto& l : lines)
                    std::cerr << "warning: " << l << " (skipped)\n";
            }
            for (const auto& w : k.warnings)
                std::cerr << "note: " << o.input << ": " << w << "\n";
            in.session.kernels = std::move(k.kernels);
            suggested = k.suggestedHardware;
            if (!k.device.empty())
                std::cerr << "note: " << o.input << ": device " << k.device
                          << (suggested.empty() ? std::string(" (no matching profile; give --hw)") : " -> " + suggested)
                          << "\n";
        }
    }
    if (!o.hw.empty() || !fromSession) {
        in.hw = &resolveHardware(catalog, o.hw.empty() && !suggested.empty() ? suggested : o.hw);
        in.session.hardwareId = in.hw->id;
        in.session.precision = resolvePrecision(*in.hw, o.precision);
    } else {
        auto r = catalog.resolve(in.session.hardwareId);
        if (!r)
            throw InputError {{o.input + ": hardware: " + r.error().message}};
        in.hw = r.value();
        if (!o.precision.empty())
            in.session.precision = resolvePrecision(*in.hw, o.precision);
    }
    for (const auto& spec : o.points) {
        auto k = parsePointSpec(spec);
        if (!k)
            throw UsageError {"--point: " + k.error().message};
        if (auto why = validateKernel(k.value()))
            throw UsageError {"--point: " + *why};
        in.session.kernels.push_back(k.value());
    }
    return in;
}

SessionAnalysis analyzeInput(const HardwareProfile& hw, const Session& session, const Options& o)
{
    if (o.roofKind != "peak" && o.roofKind != "achievable")
        throw UsageError {"--roof must be 'peak' or 'achievable'"};
    auto a = analyzeSession(hw, session, o.roofKind == "achievable" ? RoofKind::Achievable : RoofKind::Peak);
    if (!a)
        throw UsageError {a.error().message};
    for (const auto& note : a->notes)
        std::cerr << "note: " << note << "\n";
    return std::move(a).value();
}

SessionAnalysis analyzeInput(const Input& in, const Options& o)
{
    return analyzeInput(*in.hw, in.session, o);
}

int cmdAnalyze(const ProfileCatalog& catalog, const Options& o, InputFile* early)
{
    const OutputFormat f = outputFormat(o);
    const Input in = loadInput(catalog, o, early);
    const SessionAnalysis a = analyzeInput(in, o);
    std::cout << formatPlacements(in.session.kernels, a.placements, a.roof, f, a.summary.totalTime);
    return kOk;
}

/// What `export` draws, worked out without a QApplication (on the helper thread, beside the fonts).
struct FigureJob {
    std::vector<PlotSpec> specs; ///< one per panel
    ui::PlotStyle style;
    ui::ExportOptions options;
};

FigureJob prepareExport(const ProfileCatalog& catalog, const Options& o, InputFile* early)
{
    if (o.theme != "light" && o.theme != "dark")
        throw UsageError {"--theme must be 'light' or 'dark'"};
    const QString out = QString::fromStdString(o.output);
    if (!ui::isSupportedFigureSuffix(QFileInfo(out).suffix()))
        throw UsageError {"-o " + o.output + ": the figure format comes from the suffix; use .png, .svg or .pdf"};
    if (!o.panels.empty() && o.panels != "precisions" && o.panels != "hardware")
        throw UsageError {"--panels must be 'precisions' or 'hardware'"};
    // --precisions bf16,fp8: the first is the roof (unless --precision), the others are compared.
    std::vector<Precision> precisions;
    for (const auto& name : o.precisions) {
        const auto p = parsePrecision(name);
        if (!p)
            throw UsageError {"--precisions: unknown precision '" + name + "'; use " + precisionList()};
        precisions.push_back(*p);
    }
    Options first = o;
    if (first.precision.empty() && !precisions.empty())
        first.precision = precisionName(precisions.front());
    Input in = loadInput(catalog, first, early);
    if (!o.title.empty())
        in.session.view.title = o.title;
    if (o.achievableRoof)
        in.session.view.showAchievable = true;
    in.session.view.showOtherPrecisions |= o.otherPrecisions;
    in.session.view.showLevels |= o.levels;
    in.session.view.showInterconnect |= o.interconnect;
    for (const auto& id : o.compare) {
        auto r = catalog.resolve(id);
        if (!r)
            throw UsageError {"--compare: " + r.error().message};
        in.session.view.compare.push_back(r.value()->id);
    }
    for (Precision p : precisions) {
        if (!in.hw->hasPrecision(p))
            throw UsageError {"--precisions: " + in.hw->id + " has no " + precisionName(p) + " peak"};
        if (p != in.session.precision)
            in.session.view.comparePrecisions.push_back(p);
    }
    std::vector<Error> modelErrors;
    const auto models = in.session.llm.enabled ? ui::loadModelPresets(modelErrors) : std::vector<ModelSpec> {};
    for (const auto& e : modelErrors)
        std::cerr << "warning: " << e.toString() << " (model skipped)\n";
    // One figure, or small multiples with shared axes: a panel per precision or per accelerator.
    std::vector<std::pair<const HardwareProfile*, Session>> panels;
    if (o.panels == "precisions") {
        std::vector<Precision> list = precisions.empty() ? in.hw->precisions() : precisions;
        for (Precision p : list) {
            Session s = in.session;
            s.precision = p;
            s.view.comparePrecisions.clear();
            panels.emplace_back(in.hw, s);
        }
    } else if (o.panels == "hardware") {
        std::vector<const HardwareProfile*> hws {in.hw};
        for (const auto& id : in.session.view.compare)
            hws.push_back(catalog.find(id));
        for (const HardwareProfile* hw : hws) {
            Session s = in.session;
            s.hardwareId = hw->id;
            // A compared part without the precision is drawn at its own default, and says so;
            // the part asked for keeps it, and its analysis refuses a precision it lacks.
            if (hw != in.hw && !hw->hasPrecision(s.precision)) {
                std::cerr << "note: " << hw->id << " has no " << precisionName(s.precision) << " peak; its panel is "
                          << precisionName(hw->defaultPrecision()) << "\n";
                s.precision = hw->defaultPrecision();
            }
            s.view.compare.clear();
            panels.emplace_back(hw, s);
        }
        // Shared axes: the ranges that hold every panel's roofs and kernels. A kernel's intensity
        // and measured rate are the same on every part; one without a time sits on each part's
        // roof, which the roofs' ranges hold.
        std::vector<const HardwareProfile*> others(hws.begin() + 1, hws.end());
        const auto placed
            = analyzeSession(*in.hw, in.session, o.roofKind == "achievable" ? RoofKind::Achievable : RoofKind::Peak);
        const auto [x, y] = axisRangesFor(*in.hw, placed ? placed->summary : PlacementSummary {}, others);
        for (auto& [hw, s] : panels) {
            if (!s.view.x)
                s.view.x = x;
            if (!s.view.y)
                s.view.y = y;
        }
    } else {
        panels.emplace_back(in.hw, std::move(in.session)); // one panel: no copy of 10^5 kernels
    }
    std::vector<PlotSpec> specs;
    for (const auto& [hw, s] : panels) {
        const SessionAnalysis a = analyzeInput(*hw, s, o);
        std::string llmError;
        specs.push_back(buildSessionFigure(*hw, s, a, models, &catalog, &llmError));
        if (!llmError.empty())
            throw InputError {{o.input + ": llm: " + llmError}};
    }
    return {std::move(specs), o.theme == "dark" ? ui::PlotStyle::dark() : ui::PlotStyle::light(),
        ui::ExportOptions {o.width, o.height, o.dpi}};
}

/// Whether the figure is a PNG (drawn into a canvas a helper can make ahead: ui::pngCanvas).
bool exportsPng(const Options& o)
{
    return QFileInfo(QString::fromStdString(o.output)).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) == 0;
}

/// Draws and writes the figure: needs the QApplication (QCustomPlot is a widget). `canvas`: the
/// PNG's, made ahead, once the drawing starts (ui::exportPanels).
int writeExport(const FigureJob& job, const Options& o, const std::function<QImage()>& canvas)
{
    const auto error = ui::exportPanels(job.specs, job.style, QString::fromStdString(o.output), job.options, canvas);
    if (error) {
        std::cerr << "error: " << error->toStdString() << "\n";
        return kBadInput;
    }
    std::cerr << "wrote " << o.output << "\n";
    return kOk;
}

/// "70e9", "70B", "7.2 B", "400M": a parameter count.
double parameterCount(const std::string& text)
{
    std::string t = trimmed(text);
    double scale = 1.0;
    if (!t.empty()) {
        const char c = t.back();
        if (c == 'B' || c == 'b' || c == 'G')
            scale = 1e9;
        else if (c == 'M' || c == 'm')
            scale = 1e6;
        else if (c == 'T' || c == 't')
            scale = 1e12;
        else if (c == 'k' || c == 'K')
            scale = 1e3;
        if (scale != 1.0)
            t = trimmed(t.substr(0, t.size() - 1));
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v) || v <= 0)
        throw UsageError {"--params '" + text + "' must be a parameter count such as 70e9 or 70B"};
    return v * scale;
}

int cmdLlm(const ProfileCatalog& catalog, const Options& o)
{
    const OutputFormat f = outputFormat(o);
    const auto& hw = resolveHardware(catalog, o.hw);
    const Precision p = resolvePrecision(hw, o.precision);
    const Roofline roof = roofFor(hw, p, o.roofKind);
    if (o.model.empty() == o.params.empty())
        throw UsageError {"give --model NAME (a preset) or --params N (a dense model of N parameters), not both"};
    LlmSettings s;
    s.enabled = true;
    if (!o.params.empty())
        s.parameters = parameterCount(o.params);
    else
        s.model = o.model;
    if (o.batch < 1 || o.prompt < 1 || o.context < 0)
        throw UsageError {"--batch and --prompt must be at least 1, --context at least 0"};
    s.batch = o.batch;
    s.prompt = o.prompt;
    s.context = o.context;
    auto precisionOption = [](const std::string& name, const char* option) -> std::optional<Precision> {
        if (name.empty())
            return std::nullopt;
        const auto pr = parsePrecision(name);
        if (!pr)
            throw UsageError {
                std::string(option) + ": unknown precision '" + name + "'; use one of: " + precisionList()};
        return pr;
    };
    s.weightPrecision = precisionOption(o.weightPrecision, "--weight-precision");
    s.kvPrecision = precisionOption(o.kvPrecision, "--kv-precision");
    if (o.bytesPerWeight < 0 || o.bytesPerWeight > 16)
        throw UsageError {"--bytes-per-weight must be from 0 to 16"};
    if (o.bytesPerWeight > 0)
        s.bytesPerWeight = o.bytesPerWeight;
    s.batchFactor = o.batchFactor;
    s.fasterHardware = o.faster;
    std::vector<Error> modelErrors;
    const auto models = ui::loadModelPresets(modelErrors);
    for (const auto& e : modelErrors)
        std::cerr << "warning: " << e.toString() << " (model skipped)\n";
    auto a = analyzeLlm(s, hw, roof, models, &catalog);
    if (!a)
        throw UsageError {a.error().message};
    std::cout << formatLlm(a.value(), roof, f, o.layers);
    return kOk;
}

int cmdImportCeilings(const Options& o)
{
    auto p = loadCeilingsFile(o.input);
    if (!p)
        throw InputError {{p.error().toString()}};
    HardwareProfile profile = std::move(p).value();
    if (!o.newId.empty())
        profile.id = o.newId;
    if (!o.newName.empty())
        profile.name = o.newName;
    const std::string yaml
        = "# Measured ceilings imported by `roofline import-ceilings " + o.input + "`\n" + profileToYaml(profile);
    // Check that what we write reads back as a valid profile before replacing anything.
    if (auto check = parseProfile(yaml, o.output); !check)
        throw UsageError {check.error().message};
    QSaveFile file(QString::fromStdString(o.output));
    if (!file.open(QIODevice::WriteOnly) || file.write(yaml.data(), qint64(yaml.size())) != qint64(yaml.size())
        || !file.commit())
        throw InputError {{o.output + ": cannot write (" + file.errorString().toStdString() + ")"}};
    std::cout << formatHardwareDetails(profile, OutputFormat::Table);
    std::cerr << "wrote " << o.output << " (use it with --profiles "
              << QFileInfo(QString::fromStdString(o.output)).absolutePath().toStdString() << ", or copy it to "
              << ui::userProfilesDirectory().toStdString() << ")\n";
    return kOk;
}

void addFormat(CLI::App* cmd, Options& o, const std::string& allowed)
{
    cmd->add_option("--format", o.format, "Output format: " + allowed)->capture_default_str();
}

/// The one hardware id a command needs, when it can name it before any profile is read: an
/// export or an analysis of a kernel file (not a session or a YAML file, which may name parts of
/// their own) with --hw, and no other part to compare. Empty: load every profile.
std::string oneExactHardware(const Options& o, bool exporting, bool analyzing)
{
    if (!(exporting || analyzing) || o.hw.empty())
        return {};
    if (exporting && (!o.compare.empty() || o.panels == "hardware"))
        return {};
    const std::string ext = toLower(std::filesystem::path(o.input).extension().string());
    if (ext == ".yaml" || ext == ".yml")
        return {};
    return toLower(o.hw);
}

} // namespace

int run(int argc, char** argv, bool endProcessWhenExported)
{
    Options o;
    CLI::App app {"Roofline Studio command line: roofline plots and kernel placement for accelerators.\n"
                  "Peaks are dense (no 2:4 sparsity); values take units (989.4 TFLOP/s, 3.35 TB/s, 70 GB, 20.9 ms).",
        "roofline"};
    app.set_version_flag("--version", std::string(ROOFLINE_VERSION));
    app.add_option("--profiles", o.profileDirs,
        "Extra folder of hardware profile YAML files; overrides shipped and user profiles by id "
        "(repeatable)");
    app.require_subcommand(1);

    CLI::App* hw = app.add_subcommand("hw", "Hardware profiles: list them or show one");
    hw->require_subcommand(1);
    CLI::App* hwList = hw->add_subcommand("list", "List the known accelerators (id, memory, BF16 ridge, precisions)");
    addFormat(hwList, o, "table|json|csv");
    CLI::App* hwShow = hw->add_subcommand("show", "Peaks, bandwidths and the ridge per precision of one accelerator");
    hwShow->add_option("id", o.showId, "Hardware id, alias (h100) or unique prefix")->required();
    addFormat(hwShow, o, "table|json|csv");

    CLI::App* point = app.add_subcommand("point", "Place one kernel given by its FLOPs and bytes (and time)");
    point->add_option("--hw", o.hw, "Hardware id, alias or unique prefix")->required();
    point->add_option("--precision", o.precision, "fp64 fp32 tf32 bf16 fp16 fp8 fp6 fp4 int8 (default: bf16)");
    point->add_option("--flops", o.flops, "Work, e.g. '140 GFLOP' or 1.4e11")->required();
    point->add_option("--bytes", o.bytes, "Traffic to main memory, e.g. '70 GB' or 7e10")->required();
    point->add_option("--time", o.time, "Measured time, e.g. '25 ms': gives achieved FLOP/s, headroom, MFU");
    point->add_option("--name", o.name, "Kernel name")->capture_default_str();
    point->add_option("--roof", o.roofKind, "peak (datasheet) or achievable (peak x the profile's fraction)")
        ->capture_default_str();
    addFormat(point, o, "table|json|csv");

    CLI::App* llm = app.add_subcommand("llm",
        "An LLM's decode step and prompt prefill on the roofline: FLOPs, bytes, regime, time and tokens/s bounds");
    llm->add_option("--hw", o.hw, "Hardware id, alias or unique prefix")->required();
    llm->add_option("--precision", o.precision, "Compute precision of the roof (default: bf16)");
    llm->add_option(
        "--model", o.model, "Model preset: llama-2-7b, llama-3-8b, llama-3-70b, mixtral-8x7b, dense-70b ...");
    llm->add_option("--params", o.params, "Instead of --model: a dense model of N parameters (70e9 or 70B)");
    llm->add_option("--batch", o.batch, "Concurrent sequences")->capture_default_str();
    llm->add_option("--prompt", o.prompt, "Prompt length in tokens (prefill)")->capture_default_str();
    llm->add_option("--context", o.context, "Tokens already in the KV cache at the decode step")->capture_default_str();
    llm->add_option(
        "--weight-precision", o.weightPrecision, "Weights' precision (default: the roof's); sets bytes per weight");
    llm->add_option("--kv-precision", o.kvPrecision, "KV cache precision (default: the roof's)");
    llm->add_option(
        "--bytes-per-weight", o.bytesPerWeight, "Override the bytes per weight (e.g. 0.5625 for a 4.5-bit format)");
    llm->add_option("--faster", o.faster, "Accelerator for the faster-memory lever ('' for none)")
        ->capture_default_str();
    llm->add_option("--batch-factor", o.batchFactor, "Multiplier of the batch lever")
        ->capture_default_str()
        ->check(CLI::Range(2, 1024));
    llm->add_option("--roof", o.roofKind, "peak or achievable")->capture_default_str();
    llm->add_flag("--layers", o.layers, "Also print the breakdown by layer type (rows sum to the phase totals)");
    addFormat(llm, o, "table|json|csv");

    CLI::App* ceilings = app.add_subcommand("import-ceilings",
        "Measured ceilings (ERT roofline.json or sum, rocprof-compute roofline.csv) as a hardware profile YAML");
    ceilings->add_option("file", o.input, "ERT roofline.json / sum, or rocprof-compute roofline.csv")->required();
    ceilings->add_option("-o,--output", o.output, "The profile YAML to write")->required();
    ceilings->add_option("--id", o.newId, "Profile id (default: measured-<file name>)");
    ceilings->add_option("--name", o.newName, "Profile name");

    CLI::App* analyzeCmd = app.add_subcommand(
        "analyze", "Place every kernel of a kernel file (CSV/TSV/YAML/JSON) or a session; one row per kernel");
    analyzeCmd->add_option("file", o.input, "Kernel file or session (*.roofline.yaml)")->required();
    analyzeCmd->add_option("--hw", o.hw,
        "Hardware id, alias or unique prefix (default: a session's own, or the device an ncu export names)");
    analyzeCmd->add_option("--precision", o.precision, "Precision of the roof (a session's own, else bf16)");
    analyzeCmd->add_option("--roof", o.roofKind, "peak or achievable")->capture_default_str();
    analyzeCmd->add_flag("--aggregate", o.aggregate,
        "Profiler exports: sum the launches of each kernel by name (default: one row per launch)");
    analyzeCmd->add_flag("--skip-invalid", o.skipInvalid,
        "Place the good rows and warn about bad ones (default: bad rows fail the command)");
    addFormat(analyzeCmd, o, "table|csv|json");

    CLI::App* exp = app.add_subcommand(
        "export", "Write the roofline figure (PNG, SVG or PDF) of a session, a kernel file or --point kernels");
    exp->add_option("file", o.input, "Optional: a session (*.roofline.yaml) or a kernel file");
    exp->add_option("--hw", o.hw, "Hardware id, alias or unique prefix (required without a session)");
    exp->add_option("--precision", o.precision, "Precision of the roof (a session's own, else bf16)");
    exp->add_flag("--aggregate", o.aggregate, "Profiler exports: sum the launches of each kernel by name");
    exp->add_flag("--skip-invalid", o.skipInvalid, "Draw the good rows of a kernel file and warn about bad ones");
    exp->add_option("-o,--output", o.output, "Figure file: .png, .svg (text as text) or .pdf")->required();
    exp->add_option(
           "--point", o.points, "A kernel: name,flops,bytes[,time], e.g. 'decode,140 GFLOP,70 GB' (repeatable)")
        ->type_name("SPEC")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    exp->add_option("--width", o.width, "Layout width in logical pixels")
        ->capture_default_str()
        ->check(CLI::Range(100, 20000));
    exp->add_option("--height", o.height, "Layout height in logical pixels")
        ->capture_default_str()
        ->check(CLI::Range(100, 20000));
    exp->add_option("--dpi", o.dpi, "PNG resolution: pixels = size x dpi / 96")
        ->capture_default_str()
        ->check(CLI::Range(24, 1200));
    exp->add_option("--title", o.title, "Figure title (default: accelerator and precision)");
    exp->add_option("--theme", o.theme, "light or dark")->capture_default_str();
    exp->add_option("--roof", o.roofKind, "peak or achievable: which roof the points are judged against")
        ->capture_default_str();
    exp->add_flag("--achievable-roof", o.achievableRoof, "Also draw the achievable roof (dashed)");
    exp->add_option("--compare", o.compare, "Overlay other accelerators' roofs: ID[,ID] (e.g. b200)")->delimiter(',');
    exp->add_option("--precisions", o.precisions,
           "The part at several precisions: the first is the roof, the others are overlaid (e.g. bf16,fp8)")
        ->delimiter(',');
    exp->add_option("--panels", o.panels,
        "Small multiples with shared axes: 'precisions' (one panel per --precisions entry, or every precision) or "
        "'hardware' (this part and each --compare part)");
    exp->add_flag("--other-precisions", o.otherPrecisions, "Also draw the part's other precisions' ceilings, dimmed");
    exp->add_flag("--levels", o.levels, "Also draw the inner memory roofs (L2, L1/shared)");
    exp->add_flag("--interconnect", o.interconnect, "Also draw the link roof (NVLink, ICI ...)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "error: " << e.what() << "\nrun 'roofline --help' (or 'roofline <command> --help') for usage\n";
        return kUsage;
    }

    // Only a figure export needs widgets; it always renders offscreen.
    const bool needsGui = exp->parsed();
    std::optional<ui::PoolTask> fontconfig;
    std::unique_ptr<QCoreApplication> qapp;
    static int qargc = 1;
    static char name[] = "roofline";
    static char* qargv[] = {name, nullptr};
    if (needsGui) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        // Qt warns on stderr when this is unset (as in CI or a cron job); give it a private one.
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
            qputenv("XDG_RUNTIME_DIR", QDir::tempPath().toUtf8() + "/roofline-runtime-" + QByteArray::number(getuid()));
        // The fonts start with fontconfig reading the system's configuration (~2.3 ms), which
        // needs no QApplication: on a helper, at once, beside it (docs/performance.md). Only once
        // the environment is set: fontconfig reads it, and getenv is not safe beside setenv (the
        // QApplication sets nothing: checked by watching setenv, putenv and unsetenv).
        fontconfig.emplace(&ui::PlotStyle::setUpFontconfig);
        qapp = std::make_unique<QApplication>(qargc, qargv);
    } else {
        qapp = std::make_unique<QCoreApplication>(qargc, qargv);
    }
    ui::setApplicationIdentity();

    QStringList extra;
    for (const auto& d : o.profileDirs) {
        if (!QFileInfo(QString::fromStdString(d)).isDir()) {
            std::cerr << "error: --profiles " << d << ": not a folder\n";
            return kUsage;
        }
        extra << QString::fromStdString(d);
    }
    std::vector<Error> loadErrors;
    // The profiles are parsed on two cores (ProfileLoad: each takes the next file). A figure or
    // an analysis of a kernel file for one part named by its exact id needs only that part's
    // shipped profile and the folders that may replace it (yaml-cpp reads the 23 shipped ones in
    // 4 ms); a name no shipped file has (an alias, a prefix) loads them all.
    const std::vector<std::string> profileDirs = ui::profileDirectories(extra);
    const std::string onlyId = oneExactHardware(o, exp->parsed(), analyzeCmd->parsed());
    ProfileLoad loading(profileDirs, onlyId);
    // An export's helper, once fontconfig's configuration is read, joins the profiles.
    std::optional<ui::PoolTask> parsing;
    if (needsGui)
        parsing.emplace([&loading]() { loading.parseAll(); });
    // The input file needs no catalog: the helper task below reads and parses it first, then
    // joins the profiles (a CSV of 10^4 kernels is ~3 ms).
    std::optional<InputFile> early;
    const bool readsInput = (exp->parsed() || analyzeCmd->parsed()) && !o.input.empty();
    ProfileCatalog catalog;
    // The catalog once every profile is parsed, its warnings printed: an error status if empty.
    auto finishCatalog = [&]() -> std::optional<int> {
        catalog = loading.finish(loadErrors);
        // An input of any name that turns out to be a session may name other parts: all of them.
        if (loading.narrowed() && (!catalog.find(onlyId) || (early && early->session))) {
            loadErrors.clear();
            catalog = ProfileLoad(profileDirs).finish(loadErrors);
        }
        for (const auto& e : loadErrors)
            std::cerr << "warning: " << e.toString() << " (profile skipped)\n";
        if (catalog.empty()) {
            std::cerr << "error: no hardware profiles found (looked in " << ui::shippedProfilesDirectory().toStdString()
                      << ")\n";
            return kBadInput;
        }
        return std::nullopt;
    };
    // An export's figure (analysis, layout, labels) needs no QApplication either: the helper
    // task works it out once the catalog is whole, beside the fonts, and the main thread then
    // only draws it (100 kernels: 0.7 ms that came after the fonts; 10^4: 1.5 ms).
    std::optional<FigureJob> figure;
    std::optional<int> figureStatus; // the export stopped before drawing (no profiles, bad input)
    // A PNG's canvas (5.85 MB filled with the background), made by a helper once the figure is
    // known, while the main thread finds the fonts.
    QImage canvas;
    std::optional<ui::PoolTask> canvasMaker;
    ui::PoolTask helper([&]() {
        if (readsInput)
            early = readInputFile(o);
        loading.parseAll();
        if (!needsGui)
            return;
        figureStatus = finishCatalog();
        if (figureStatus)
            return;
        const int status = reportingErrors([&]() {
            figure = prepareExport(catalog, o, early ? &*early : nullptr);
            if (exportsPng(o))
                canvasMaker.emplace(
                    [&]() { canvas = ui::pngCanvas(figure->specs.size(), figure->style, figure->options); });
            return kOk;
        });
        if (status != kOk)
            figureStatus = status;
    });
    if (needsGui) {
        // While a helper reads fontconfig's configuration, this thread works out the figure
        // itself if no other helper has taken it (on two cores there is one helper), then finds
        // the fonts; if the configuration is read already, the fonts come first.
        if (!fontconfig->finished())
            helper.wait();
        fontconfig->wait();
        ui::PlotStyle::light().prepareFonts();
    }
    loading.parseAll();
    helper.wait();

    if (needsGui) {
        if (figureStatus)
            return *figureStatus;
        const int status = writeExport(*figure, o, [&]() {
            if (canvasMaker)
                canvasMaker->wait();
            return std::move(canvas);
        });
#if !defined(__SANITIZE_ADDRESS__)
        if (endProcessWhenExported && status == kOk) {
            std::cout.flush();
            std::cerr.flush();
            std::fflush(nullptr);
            std::_Exit(status);
        }
#endif
        return status;
    }
    if (const auto status = finishCatalog())
        return *status;
    return reportingErrors([&]() {
        if (hwList->parsed())
            return cmdHwList(catalog, o);
        if (hwShow->parsed())
            return cmdHwShow(catalog, o);
        if (point->parsed())
            return cmdPoint(catalog, o);
        if (analyzeCmd->parsed())
            return cmdAnalyze(catalog, o, early ? &*early : nullptr);
        if (llm->parsed())
            return cmdLlm(catalog, o);
        if (ceilings->parsed())
            return cmdImportCeilings(o);
        std::cerr << "error: no command given; run 'roofline --help'\n";
        return kUsage;
    });
}

} // namespace roofline::cli
