// SPDX-License-Identifier: MIT
#include "ui/cli/cli.h"

#include "core/analysis/roofline.h"
#include "core/model/units.h"
#include "core/plot/plot_spec.h"
#include "core/report/report.h"
#include "ui/app_paths.h"
#include "ui/plot/figure_export.h"

#include <CLI/CLI.hpp>

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <unistd.h>

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
};

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
        std::cout << formatPlacementDetails(placement, roof);
    else
        std::cout << formatPlacements({placement}, roof, f);
    return kOk;
}

int cmdExport(const ProfileCatalog& catalog, const Options& o)
{
    const auto& hw = resolveHardware(catalog, o.hw);
    const Precision p = resolvePrecision(hw, o.precision);
    const Roofline roof = roofFor(hw, p, o.roofKind);
    std::vector<Placement> placements;
    for (const auto& spec : o.points) {
        auto k = parsePointSpec(spec);
        if (!k)
            throw UsageError {"--point: " + k.error().message};
        if (auto why = validateKernel(k.value()))
            throw UsageError {"--point: " + *why};
        placements.push_back(analyze(k.value(), roof));
    }
    if (o.theme != "light" && o.theme != "dark")
        throw UsageError {"--theme must be 'light' or 'dark'"};
    const QString out = QString::fromStdString(o.output);
    if (!ui::isSupportedFigureSuffix(QFileInfo(out).suffix()))
        throw UsageError {"-o " + o.output + ": the figure format comes from the suffix; use .png, .svg or .pdf"};
    PlotOptions plotOptions;
    plotOptions.title = o.title;
    plotOptions.showAchievable = o.achievableRoof;
    const PlotSpec spec = buildPlotSpec(hw, roof, placements, plotOptions);
    const ui::PlotStyle style = o.theme == "dark" ? ui::PlotStyle::dark() : ui::PlotStyle::light();
    if (const auto error = ui::exportFigure(spec, style, out, ui::ExportOptions {o.width, o.height, o.dpi})) {
        std::cerr << "error: " << error->toStdString() << "\n";
        return kBadInput;
    }
    std::cerr << "wrote " << o.output << "\n";
    return kOk;
}

void addFormat(CLI::App* cmd, Options& o, const std::string& allowed)
{
    cmd->add_option("--format", o.format, "Output format: " + allowed)->capture_default_str();
}

} // namespace

int run(int argc, char** argv)
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

    CLI::App* exp = app.add_subcommand("export", "Write the roofline figure (PNG, SVG or PDF) with optional points");
    exp->add_option("--hw", o.hw, "Hardware id, alias or unique prefix")->required();
    exp->add_option("--precision", o.precision, "Precision of the roof (default: bf16)");
    exp->add_option("-o,--output", o.output, "Figure file: .png, .svg (text as text) or .pdf")->required();
    exp->add_option("--point", o.points,
                    "A kernel: name,flops,bytes[,time], e.g. 'decode,140 GFLOP,70 GB' (repeatable)")
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
    std::unique_ptr<QCoreApplication> qapp;
    static int qargc = 1;
    static char name[] = "roofline";
    static char* qargv[] = {name, nullptr};
    if (needsGui) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        // Qt warns on stderr when this is unset (as in CI or a cron job); give it a private one.
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
            qputenv("XDG_RUNTIME_DIR", QDir::tempPath().toUtf8() + "/roofline-runtime-" + QByteArray::number(getuid()));
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
    const ProfileCatalog catalog = ui::loadProfileCatalog(extra, loadErrors);
    for (const auto& e : loadErrors)
        std::cerr << "warning: " << e.toString() << " (profile skipped)\n";
    if (catalog.empty()) {
        std::cerr << "error: no hardware profiles found (looked in " << ui::shippedProfilesDirectory().toStdString()
                  << ")\n";
        return kBadInput;
    }

    try {
        if (hwList->parsed())
            return cmdHwList(catalog, o);
        if (hwShow->parsed())
            return cmdHwShow(catalog, o);
        if (point->parsed())
            return cmdPoint(catalog, o);
        if (exp->parsed())
            return cmdExport(catalog, o);
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.message << "\n";
        return kUsage;
    }
    std::cerr << "error: no command given; run 'roofline --help'\n";
    return kUsage;
}

} // namespace roofline::cli
