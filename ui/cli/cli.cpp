// SPDX-License-Identifier: MIT
// The `roofline` command line: the options are parsed (CLI11), the hardware catalogue is loaded,
// and the command given runs through a table of one function per command (commands.h).
#include "ui/cli/cli.h"

#include "core/common/text.h"
#include "core/model/units.h"

#include "ui/cli/commands.h"
#include "ui/cli/options.h"
#include "ui/common/app_paths.h"

#include <CLI/CLI.hpp>

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <clocale>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <regex>

#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace roofline::cli {
namespace {

using Command = std::function<int(const ProfileCatalog&, const Options&)>;

/// A subcommand and the function that runs it.
struct Dispatch {
    CLI::App* app;
    Command run;
    bool drawsFigures = false; ///< needs a QApplication (widgets), not only the core one
};

void addFormat(CLI::App* cmd, Options& o, const std::string& allowed)
{
    cmd->add_option("--format", o.format, "Output format: " + allowed)->capture_default_str();
}

/// `hw list` and `hw show`.
std::vector<Dispatch> addHwCommands(CLI::App& app, Options& o)
{
    CLI::App* hw = app.add_subcommand("hw", "Hardware profiles: list them or show one");
    hw->require_subcommand(1);
    CLI::App* hwList = hw->add_subcommand("list", "List the known accelerators (id, memory, BF16 ridge, precisions)");
    hwList->add_option("--vendor", o.vendor, "Only this vendor's parts (NVIDIA, AMD, Google, AWS, Intel, Apple)");
    hwList->add_option("--category", o.category, "Only parts of this kind: gpu, tpu, npu, cpu, soc");
    addFormat(hwList, o, "table|json|csv");
    CLI::App* hwShow = hw->add_subcommand("show", "Peaks, bandwidths and the ridge per precision of one accelerator");
    hwShow->add_option("id", o.showId, "Hardware id, alias (h100) or unique prefix")->required();
    addFormat(hwShow, o, "table|json|csv");

    return {{hwList, cmdHwList}, {hwShow, cmdHwShow}};
}

CLI::App* addPointCommand(CLI::App& app, Options& o)
{
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

    return point;
}

CLI::App* addLlmCommand(CLI::App& app, Options& o)
{
    CLI::App* llm = app.add_subcommand("llm",
        "An LLM's decode step and prompt prefill on the roofline: FLOPs, bytes, regime, time and tokens/s bounds");
    llm->add_option("--hw", o.hw, "Hardware id, alias or unique prefix")->required();
    llm->add_option("--precision", o.precision, "Compute precision of the roof (default: bf16)");
    llm->add_option(
        "--model", o.model, "Model preset: llama-2-7b, llama-3-8b, llama-3-70b, mixtral-8x7b, dense-70b ...");
    llm->add_option("--params", o.params, "Instead of --model: a dense model of N parameters (70e9 or 70B)");
    llm->add_option(
        "--config", o.modelConfig, "Instead of --model: a Hugging Face config.json (dense, MoE, MLA, sliding windows)");
    llm->add_option("--chips", o.chips,
           "Tensor parallel over N chips: weights and KV cache split, two all-reduces a layer over the "
           "profile's interconnect")
        ->capture_default_str();
    llm->add_option("--compute-efficiency", o.computeEfficiency,
        "Fraction of the roof's peak a serving engine reaches, in (0, 1] (default: the roof's own)");
    llm->add_option("--memory-efficiency", o.memoryEfficiency,
        "Fraction of the roof's bandwidth a serving engine reaches, in (0, 1] (default: the roof's own)");
    llm->add_option("--kv-bytes-per-token", o.kvBytesPerToken,
        "With --params: the KV-cache bytes a token adds (e.g. 327680 for 80 layers x 8 KV heads x 128 x 2 x 2 B)");
    llm->add_option("--prefill-attention", o.prefillAttention,
        "Prefill attention: fused (one kernel, FlashAttention; default) or unfused (the score matrix written and "
        "read, as LLM-Viewer and GenZ count it)");
    llm->add_flag("--overlap-allreduce", o.overlapAllReduce,
        "With --chips: the all-reduces run under the layers' compute (the JAX scaling book's convention) "
        "instead of adding to them");
    llm->add_flag("--non-causal", o.nonCausal,
        "Count every query-key pair of the prefill (s^2 a head), as calculators that ignore the causal mask do");
    llm->add_option("--attention", o.attention,
           "Decode attention: fused (one kernel reading the cache once, as serving engines run it) or unfused "
           "(scores through memory, as some calculators count)")
        ->capture_default_str();
    llm->add_option("--batch", o.batch, "Concurrent sequences")->capture_default_str();
    llm->add_option("--prompt", o.prompt, "Prompt length in tokens (prefill)")->capture_default_str();
    llm->add_option("--context", o.context, "Tokens already in the KV cache at the decode step")->capture_default_str();
    llm->add_option("--weight-precision", o.weightPrecision,
        "Weights' precision or block-scaled format (nvfp4 4.5 bits, mxfp4 4.25, mxfp6 6.25, mxfp8 8.25; default: the "
        "roof's); sets bytes per weight");
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

    return llm;
}

CLI::App* addImportCeilingsCommand(CLI::App& app, Options& o)
{
    CLI::App* ceilings = app.add_subcommand("import-ceilings",
        "Measured ceilings (ERT, rocprof-compute roofline.csv, ncu peaks, NERSC plot input, likwid-bench summary) "
        "as a hardware profile YAML");
    ceilings
        ->add_option("file", o.input,
            "ERT roofline.json / sum, rocprof-compute roofline.csv, ncu export with peaks or its RooflineChart "
            "section, NERSC data.txt, likwid-bench summary (docs/profilers.md)")
        ->required();
    ceilings->add_option("-o,--output", o.output, "The profile YAML to write")->required();
    ceilings->add_option("--id", o.newId, "Profile id (default: measured-<file name>)");
    ceilings->add_option("--name", o.newName, "Profile name");

    return ceilings;
}

CLI::App* addMeasureCommand(CLI::App& app, Options& o)
{
    CLI::App* measure = app.add_subcommand("measure",
        "Measure this machine's roofline (FP64/FP32 FMA peaks, L1/L2/L3/DRAM bandwidth) as a hardware profile");
    measure->add_option("-o,--output", o.output, "The profile YAML to write (without it, only printed)");
    measure->add_option("--seconds", o.seconds, "About how long the whole measurement takes")
        ->check(CLI::Range(1.0, 600.0))
        ->capture_default_str();
    measure->add_option("--threads", o.threads, "Threads to run on (default: every logical CPU)")
        ->check(CLI::Range(1, 4096));
    measure->add_option("--id", o.newId, "Profile id (default: measured-this-machine)");
    measure->add_option("--name", o.newName, "Profile name");
    return measure;
}

CLI::App* addAnalyzeCommand(CLI::App& app, Options& o)
{
    CLI::App* analyzeCmd = app.add_subcommand("analyze",
        "Place every kernel of a kernel file (CSV/TSV/YAML/JSON), a profiler export (ncu, rocprof-compute "
        "pmc_perf.csv, LLM-Viewer, NERSC data.txt) or a session; one row per kernel");
    analyzeCmd->add_option("file", o.input, "Kernel file or session (*.roofline.yaml)")->required();
    analyzeCmd->add_option(
        "--hw", o.hw, "Hardware id, alias or unique prefix (default: a session's own, or the device an export names)");
    analyzeCmd->add_option("--precision", o.precision,
        "Precision of the roof (a session's own, else that of most of the kernels' measured time, else the part's "
        "default)");
    analyzeCmd->add_option("--roof", o.roofKind, "peak or achievable")->capture_default_str();
    analyzeCmd->add_flag("--launches", o.launches,
        "Profiler exports: one row per launch (default: the launches of a kernel, by name and grid, summed)");
    analyzeCmd->add_flag("--aggregate", o.aggregate, "Profiler exports: sum the launches of each kernel (the default)");
    analyzeCmd->add_flag("--skip-invalid", o.skipInvalid,
        "Place the good rows and warn about bad ones (default: bad rows fail the command)");
    addFormat(analyzeCmd, o, "table|csv|json");

    return analyzeCmd;
}

CLI::App* addExportCommand(CLI::App& app, Options& o)
{
    CLI::App* exp = app.add_subcommand(
        "export", "Write the roofline figure (PNG, SVG or PDF) of a session, a kernel file or --point kernels");
    exp->add_option("file", o.input, "Optional: a session (*.roofline.yaml) or a kernel file");
    exp->add_option("--hw", o.hw, "Hardware id, alias or unique prefix (required without a session)");
    exp->add_option("--precision", o.precision, "Precision of the roof (a session's own, else bf16)");
    exp->add_flag("--launches", o.launches, "Profiler exports: a point per launch (default: a point per kernel)");
    exp->add_flag("--aggregate", o.aggregate, "Profiler exports: sum the launches of each kernel (the default)");
    exp->add_flag("--skip-invalid", o.skipInvalid, "Draw the good rows of a kernel file and warn about bad ones");
    exp->add_option("-o,--output", o.output, "Figure file: .png, .svg (text as text) or .pdf")->required();
    exp->add_option(
           "--point", o.points, "A kernel: name,flops,bytes[,time], e.g. 'decode,140 GFLOP,70 GB' (repeatable)")
        ->type_name("SPEC")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    exp->add_option("--preset", o.preset,
        "A report size: column (3.5 in, 300 dpi), double (7 in, 300 dpi) or slide (16:9, 1920 x 1080), with "
        "fonts sized for it; --width, --height and --dpi given as well override it");
    exp->add_option("--width", o.width, "Layout width in logical pixels (1/96 in)")
        ->capture_default_str()
        ->check(CLI::Range(100, 20000))
        ->each([&o](const std::string&) { o.widthGiven = true; });
    exp->add_option("--height", o.height, "Layout height in logical pixels (1/96 in)")
        ->capture_default_str()
        ->check(CLI::Range(100, 20000))
        ->each([&o](const std::string&) { o.heightGiven = true; });
    exp->add_option("--dpi", o.dpi, "PNG resolution: pixels = size x dpi / 96")
        ->capture_default_str()
        ->check(CLI::Range(24, 1200))
        ->each([&o](const std::string&) { o.dpiGiven = true; });
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
    exp->add_flag("--fit-axes", o.fitAxes,
        "Fit the axes to the kernels and the roofs drawn (default: whole decades that hold every precision of the "
        "part, as the window shows them)");
    exp->add_option("--x-range", o.xRange, "Fixed intensity axis LO:HI in FLOP/byte, e.g. 0.1:1000")
        ->type_name("LO:HI");
    exp->add_option("--y-range", o.yRange, "Fixed rate axis LO:HI in FLOP/s, e.g. '1 TFLOP/s:2 PFLOP/s'")
        ->type_name("LO:HI");

    return exp;
}

std::vector<Dispatch> addCompareCommands(CLI::App& app, Options& o)
{
    CLI::App* compare = app.add_subcommand(
        "compare", "Two runs kernel by kernel: time, speedup, intensity and % of roof before and after, on one roof");
    compare->add_option("before", o.baseline, "The run before: kernel file, profiler export or session")->required();
    compare->add_option("after", o.input, "The run after, the same kinds")->required();
    CLI::App* check = app.add_subcommand("check",
        "The CI gate: exit 0 when no kernel got slower than --max-slowdown against the baseline, 1 with a line per "
        "kernel that did, 2 on bad usage");
    check->add_option("after", o.input, "The new run: kernel file, profiler export or session")->required();
    check->add_option("--baseline", o.baseline, "The run to hold it to")->required();
    check->add_option("--max-slowdown", o.maxSlowdown, "Largest slowdown a kernel may have, e.g. 5% or 0.05")
        ->capture_default_str();
    check->add_option(
        "--min-roof-fraction", o.minRoofFraction, "Also fail a kernel under this fraction of its roof after, e.g. 0.3");
    for (CLI::App* cmd : {compare, check}) {
        cmd->add_option("--hw", o.hw, "Hardware id (default: the before run's own, or the device its export names)");
        cmd->add_option("--precision", o.precision, "Precision of the roof (default: the before run's)");
        cmd->add_option("--match", o.match,
            "A regular expression with one capture group: kernels whose captured parts agree are one kernel "
            "(renamed kernels, e.g. '^(.*)_v[0-9]+$')");
        addFormat(cmd, o, "table|json|csv");
    }
    check->add_option("--report", o.report,
        "Also write the HTML report of the two runs (roofline report BEFORE AFTER), pass or fail");
    check->add_option("--theme", o.theme, "--report: light or dark")->capture_default_str();
    compare->add_option("-o,--output", o.output, "Also draw the figure: each kernel an arrow from before to after");
    compare->add_option("--width", o.width, "Figure width (logical pixels)")->capture_default_str();
    compare->add_option("--height", o.height, "Figure height (logical pixels)")->capture_default_str();
    compare->add_option("--dpi", o.dpi, "PNG resolution")->capture_default_str();
    return {{compare, cmdCompare, true}, {check, cmdCheck}}; // check draws only with --report
}

CLI::App* addReportCommand(CLI::App& app, Options& o)
{
    CLI::App* report = app.add_subcommand("report",
        "Write one self-contained HTML file of an analysis (or of two runs): the figure at every precision, the "
        "kernel table, hover and sort, and where the numbers come from");
    report->add_option("file", o.input, "A session, a kernel file or a profiler export (with AFTER: the run before)")
        ->required();
    report->add_option("after", o.after, "Optional: the run after, for a before/after report");
    report->add_option("-o,--output", o.output, "The report: an .html file")->required();
    report->add_option("--hw", o.hw, "Hardware id (required for a kernel file that names no device)");
    report->add_option("--precision", o.precision, "The precision the page opens at (every one the part has is in it)");
    report->add_option("--roof", o.roofKind, "One file: peak or achievable, which roof the kernels are judged against")
        ->capture_default_str();
    report->add_option("--title", o.title, "One file: the report's title (default: the session's, or the accelerator)");
    report->add_option("--match", o.match, "Two runs: pair renamed kernels by a capture group, as compare --match");
    report->add_option("--theme", o.theme, "light or dark: the figures' colours and the page's")->capture_default_str();
    report->add_flag("--launches", o.launches, "Profiler exports: a row per launch (default: a row per kernel)");
    report->add_flag("--skip-invalid", o.skipInvalid, "Report the good rows of a kernel file and warn about bad ones");
    return report;
}

/// Every command, in the order of `roofline --help`.
std::vector<Dispatch> addCommands(CLI::App& app, Options& o)
{
    app.set_version_flag("--version", std::string(ROOFLINE_VERSION));
    app.add_option("--profiles", o.profileDirs,
        "Extra folder of hardware profile YAML files; overrides shipped and user profiles by id "
        "(repeatable)");
    app.require_subcommand(1);
    std::vector<Dispatch> commands = addHwCommands(app, o);
    commands.push_back({addPointCommand(app, o), cmdPoint});
    commands.push_back({addLlmCommand(app, o), cmdLlm});
    commands.push_back({addImportCeilingsCommand(app, o), cmdImportCeilings});
    commands.push_back({addMeasureCommand(app, o), cmdMeasure});
    commands.push_back({addAnalyzeCommand(app, o), cmdAnalyze});
    commands.push_back({addExportCommand(app, o), cmdExport, true});
    for (const Dispatch& d : addCompareCommands(app, o))
        commands.push_back(d);
    commands.push_back({addReportCommand(app, o), cmdReport, true});
    return commands;
}

/// The Qt application a command needs: a figure is drawn by widgets, offscreen; every other
/// command needs only the core application (paths, settings).
std::unique_ptr<QCoreApplication> makeQtApplication(bool drawsFigures)
{
    static int qargc = 1;
    static char name[] = "roofline";
    static char* qargv[] = {name, nullptr};
    if (!drawsFigures)
        return std::make_unique<QCoreApplication>(qargc, qargv);
    qputenv("QT_QPA_PLATFORM", "offscreen");
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    // Qt warns on stderr when this is unset (as in CI or a cron job); give it a private one.
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        qputenv("XDG_RUNTIME_DIR", QDir::tempPath().toUtf8() + "/roofline-runtime-" + QByteArray::number(getuid()));
#endif
    return std::make_unique<QApplication>(qargc, qargv);
}

std::unique_ptr<QCoreApplication> makeApplication(bool drawsFigures)
{
    auto app = makeQtApplication(drawsFigures);
    // Qt takes the user's locale for the C library too: `--max-slowdown 0.05` was refused and
    // tables printed 989,4 under LC_NUMERIC=de_DE. Numbers are read and written with a point.
    std::setlocale(LC_NUMERIC, "C");
    return app;
}

/// The profiles of the shipped, the user's and the --profiles folders, their problems printed as
/// warnings; nothing (after an error) when a folder is not one or no profile loads.
std::optional<ProfileCatalog> loadCatalog(const Options& o, int& status)
{
    QStringList extra;
    for (const auto& d : o.profileDirs) {
        if (!QFileInfo(QString::fromStdString(d)).isDir()) {
            std::cerr << "error: --profiles " << d << ": not a folder\n";
            status = kUsage;
            return std::nullopt;
        }
        extra << QString::fromStdString(d);
    }
    std::vector<Error> errors;
    ProfileCatalog catalog = ui::loadProfileCatalog(extra, errors);
    for (const auto& e : errors)
        std::cerr << "warning: " << e.toString() << " (profile skipped)\n";
    if (catalog.empty()) {
        std::cerr << "error: no hardware profiles found (looked in " << ui::shippedProfilesDirectory().toStdString()
                  << ")\n";
        status = kBadInput;
        return std::nullopt;
    }
    return catalog;
}

/// The command's status, or the one for the UsageError or InputError it threw, whose message it
/// prints.
/// What went to standard output must all have reached it: on a full disk a redirected
/// `analyze > out.json` is cut short, which is an error to report, not a success.
int outputWritten(int status)
{
    errno = 0;
    std::cout.flush();
    if (std::cout)
        return status;
    const int error = errno;
    std::cerr << "error: standard output: cannot write all of it"
              << (error ? " (" + std::string(std::strerror(error)) + ")" : std::string())
              << "; what was written is cut short\n";
    return kBadInput;
}

/// `message` with every run of more than 100 characters without a space cut to its first 60 and
/// its length: a 100 KB option value was echoed whole in its error.
std::string shortened(const std::string& message)
{
    std::string out;
    std::size_t at = 0;
    while (at < message.size()) {
        const std::size_t space = message.find(' ', at);
        const std::size_t end = space == std::string::npos ? message.size() : space;
        const std::string_view word(message.data() + at, end - at);
        if (charCount(word) > 100)
            out += std::string(charSpan(word, 60, false)) + "... (" + std::to_string(charCount(word)) + " characters)";
        else
            out += word;
        if (space != std::string::npos)
            out += ' ';
        at = end + 1;
    }
    return out;
}

/// " reading FILE (SIZE)" for the command's input file, or nothing.
std::string inputAndItsSize(const Options& o)
{
    if (o.input.empty())
        return {};
    std::error_code ec;
    const auto size = std::filesystem::file_size(o.input, ec);
    return " reading " + o.input
        + (ec ? std::string() : " (" + formatQuantity(static_cast<double>(size), Dimension::Bytes) + ")");
}

int runReportingErrors(const Command& command, const ProfileCatalog& catalog, const Options& o)
{
    try {
        return outputWritten(command(catalog, o));
    } catch (const UsageError& e) {
        std::cerr << "error: " << shortened(e.message) << "\n";
        return kUsage;
    } catch (const InputError& e) {
        for (const auto& m : e.messages)
            std::cerr << "error: " << shortened(m) << "\n";
        return kBadInput;
    } catch (const std::bad_alloc&) { // (not an abort: the input is named and sized)
        std::cerr << "error: out of memory" << inputAndItsSize(o)
                  << "; aggregate or split the input, or run where more memory is free\n";
        return kBadInput;
    }
}

} // namespace

/// CLI11's message said as what to type: "Could not convert: --batch = 1e12" and "--width: Value
/// 1000.7 not in range 100 to 20000" name a whole number; a file whose name starts with '-' (read
/// as an option, then "file is required") gets the hint to write ./-k.csv or put -- before it.
/// A value is shown at most 60 characters long.
std::string usageMessage(const std::string& what, int argc, char** argv)
{
    static const std::regex convert("Could not convert: (--[a-z-]+) = (.*)");
    static const std::regex range("(--[a-z-]+): Value (.*) not in range (\\S+) to (\\S+)");
    std::smatch m;
    if (std::regex_match(what, m, convert))
        return m[1].str() + ": " + roofline::quoted(m[2].str())
            + " is not a value it takes (counts and sizes are whole numbers " + "written in digits, e.g. 64)";
    if (std::regex_match(what, m, range)) {
        const std::string v = m[2].str();
        const bool whole = v.find_first_not_of("0123456789") == std::string::npos;
        return m[1].str() + ": " + roofline::quoted(v) + (whole ? " is out of range" : " is not a whole number")
            + "; give one from " + m[3].str() + " to " + m[4].str();
    }
    std::string out = printable(what, 200);
    for (int i = 1; i < argc; ++i)
        if (const std::string a = argv[i];
            a.size() > 1 && a[0] == '-' && a.find('.') != std::string::npos && std::filesystem::exists(a)) {
            out += " (" + a + " is a file whose name starts with '-': write ./" + a + ", or put -- before it)";
            break;
        }
    return out;
}

int run(int argc, char** argv)
{
    // Output goes through iostreams only: no need to keep them in step with C's stdio, which
    // made each << a call into stdio (a 10^6-row analysis writes 10^7 of them).
    std::ios::sync_with_stdio(false);
    Options o;
    CLI::App app {"Roofline Studio command line: roofline plots and kernel placement for accelerators.\n"
                  "Peaks are dense (no 2:4 sparsity); values take units (989.4 TFLOP/s, 3.35 TB/s, 70 GB, 20.9 ms).",
        "roofline"};
    const std::vector<Dispatch> commands = addCommands(app, o);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "error: " << shortened(usageMessage(e.what(), argc, argv))
                  << "\nrun 'roofline --help' (or 'roofline <command> --help') for usage\n";
        return kUsage;
    }
    const Dispatch* chosen = nullptr;
    for (const Dispatch& d : commands)
        if (d.app->parsed())
            chosen = &d;
    if (!chosen) {
        std::cerr << "error: no command given; run 'roofline --help'\n";
        return kUsage;
    }
    const auto qapp = makeApplication(chosen->drawsFigures || !o.report.empty());
    ui::setApplicationIdentity();
    int status = kOk;
    const auto catalog = loadCatalog(o, status);
    if (!catalog)
        return status;
    return runReportingErrors(chosen->run, *catalog, o);
}

} // namespace roofline::cli
