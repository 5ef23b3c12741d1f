// SPDX-License-Identifier: MIT
#include "ui/cli/commands.h"

#include "core/common/text.h"
#include "core/figure/session_figure.h"
#include "core/io/ceilings.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "core/llm/llm_report.h"
#include "core/llm/model_spec.h"
#include "core/model/units.h"
#include "core/report/report.h"
#include "ui/cli/input.h"
#include "ui/common/app_paths.h"
#include "ui/common/atomic_file.h"

#include <QDir>
#include <QFileInfo>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>

namespace roofline::cli {
namespace {

Roofline roofFor(const HardwareProfile& hw, Precision p, const Options& o)
{
    auto r = makeRoofline(hw, p, 0, roofKindOf(o));
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

std::optional<Precision> precisionOption(const std::string& name, const char* option)
{
    if (name.empty())
        return std::nullopt;
    const auto p = parsePrecision(name);
    if (!p)
        throw UsageError {std::string(option) + ": unknown precision '" + name + "'; use one of: " + precisionList()};
    return p;
}

/// A number option given on the command line must be above 0 and at most `most` (NaN, infinity,
/// 0 or a negative value is refused, never ignored).
void checkGiven(const std::optional<double>& value, const char* option, const char* what, double most)
{
    if (value && !(std::isfinite(*value) && *value > 0 && *value <= most))
        throw UsageError {std::string(option) + " must be " + what};
}

/// The LLM workload the llm command's options describe.
LlmSettings llmSettings(const Options& o)
{
    if (int(!o.model.empty()) + int(!o.params.empty()) + int(!o.modelConfig.empty()) != 1)
        throw UsageError {"give one of --model NAME (a preset), --config config.json (a Hugging Face config) or "
                          "--params N (a dense model of N parameters)"};
    if (o.attention != "fused" && o.attention != "unfused")
        throw UsageError {"--attention must be fused or unfused"};
    if (o.batch < 1 || o.prompt < 1 || o.context < 0)
        throw UsageError {"--batch and --prompt must be at least 1, --context at least 0"};
    checkGiven(o.bytesPerWeight, "--bytes-per-weight", "bytes per weight above 0 and at most 16, e.g. 0.5625", 16);
    LlmSettings s;
    s.enabled = true;
    if (!o.params.empty())
        s.parameters = parameterCount(o.params);
    else
        s.model = o.model;
    s.fusedDecodeAttention = o.attention == "fused";
    s.causalPrefill = !o.nonCausal;
    s.overlapAllReduce = o.overlapAllReduce;
    if (o.prefillAttention != "fused" && o.prefillAttention != "unfused")
        throw UsageError {"--prefill-attention must be fused or unfused"};
    s.fusedPrefillAttention = o.prefillAttention == "fused";
    if (o.chips < 1 || o.chips > 4096)
        throw UsageError {"--chips must be from 1 to 4096"};
    s.chips = o.chips;
    for (const auto& [value, name] : {std::pair {o.computeEfficiency, "--compute-efficiency"},
             std::pair {o.memoryEfficiency, "--memory-efficiency"}})
        checkGiven(value, name, "a fraction in (0, 1], e.g. 0.7", 1.0);
    if (o.computeEfficiency)
        s.computeEfficiency = *o.computeEfficiency;
    if (o.memoryEfficiency)
        s.memoryEfficiency = *o.memoryEfficiency;
    checkGiven(o.kvBytesPerToken, "--kv-bytes-per-token", "a number of bytes above 0, e.g. 327680", 1e12);
    if (o.kvBytesPerToken)
        s.kvBytesPerToken = *o.kvBytesPerToken;
    s.batch = o.batch;
    s.prompt = o.prompt;
    s.context = o.context;
    if (!o.weightPrecision.empty()) { // a precision, or a block-scaled format with its scales' bytes
        const auto format = parseWeightFormat(o.weightPrecision);
        if (!format)
            throw UsageError {"--weight-precision: unknown format '" + o.weightPrecision
                + "'; use one of: " + precisionList() + " " + weightFormatList()};
        s.weightPrecision = format->compute;
        if (format->bytesPerValue != bytesPerElement(format->compute))
            s.bytesPerWeight = format->bytesPerValue;
    }
    s.kvPrecision = precisionOption(o.kvPrecision, "--kv-precision");
    if (o.bytesPerWeight)
        s.bytesPerWeight = *o.bytesPerWeight;
    s.batchFactor = o.batchFactor;
    s.fasterHardware = o.faster;
    return s;
}

} // namespace

ui::PlotStyle themeOf(const Options& o)
{
    if (o.theme != "light" && o.theme != "dark")
        throw UsageError {"--theme must be 'light' or 'dark'"};
    return o.theme == "dark" ? ui::PlotStyle::dark() : ui::PlotStyle::light();
}

int saidWritten(const std::optional<QString>& error, const std::string& path)
{
    if (error) {
        std::cerr << "error: " << error->toStdString() << "\n";
        return kBadInput;
    }
    std::cerr << "wrote " << path << "\n";
    return kOk;
}

std::string whereProfilesGo(const std::string& written)
{
    const std::string use
        = "use it with --profiles " + QFileInfo(QString::fromStdString(written)).absolutePath().toStdString();
    if (qEnvironmentVariableIsEmpty("HOME")) // (the user's folder would be //.local/...)
        return use + "; HOME is not set, so there is no profile folder of yours to copy it to";
    return use + ", or copy it to " + QDir::cleanPath(ui::userProfilesDirectory()).toStdString();
}

void checkOutputReplacesNothingOfTheUsers(
    const std::string& output, const std::vector<std::string>& inputs, bool writesAProfile)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (output.empty() || !fs::exists(output, ec))
        return;
    for (const std::string& input : inputs)
        if (!input.empty() && fs::equivalent(output, input, ec))
            throw UsageError {"-o " + output + " is also the input " + input
                + ": it would be replaced by the output; write to another file"};
    if (!writesAProfile || !fs::is_regular_file(output, ec))
        return;
    const auto head = readTextFile(output, 1 << 20);
    const bool profile = head && head->find("schema_version:") != std::string::npos
        && head->find("peaks:") != std::string::npos && !looksLikeSession(*head);
    if (!profile)
        throw UsageError {"-o " + output + " is there and is not a hardware profile ("
            + (head && looksLikeSession(*head) ? std::string("a session") : std::string("another file"))
            + "): it is not replaced; give a new name, or a profile to update"};
}

int cmdHwList(const ProfileCatalog& catalog, const Options& o)
{
    auto same = [](const std::string& a, const std::string& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
            return std::tolower(x) == std::tolower(y);
        });
    };
    std::vector<HardwareProfile> shown;
    for (const auto& p : catalog.profiles())
        if ((o.vendor.empty() || same(p.vendor, o.vendor)) && (o.category.empty() || same(p.category, o.category)))
            shown.push_back(p);
    if (shown.empty())
        throw UsageError {"no hardware profile matches" + (o.vendor.empty() ? "" : " --vendor " + o.vendor)
            + (o.category.empty() ? "" : " --category " + o.category)};
    std::cout << formatHardwareList(shown, outputFormat(o));
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
    const Roofline roof = roofFor(hw, resolvePrecision(hw, o.precision), o);
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

int cmdAnalyze(const ProfileCatalog& catalog, const Options& o)
{
    const OutputFormat f = outputFormat(o);
    const Input in = loadInput(catalog, o);
    const SessionAnalysis a = analyzeInput(*in.hw, in.session, o);
    writePlacements(std::cout, in.session.kernels, a.placements, a.roof, f, a.summary.totalTime);
    return kOk;
}

int cmdLlm(const ProfileCatalog& catalog, const Options& o)
{
    const OutputFormat f = outputFormat(o);
    const auto& hw = resolveHardware(catalog, o.hw);
    const Roofline roof = roofFor(hw, resolvePrecision(hw, o.precision), o);
    LlmSettings s = llmSettings(o);
    std::vector<Error> modelErrors;
    auto models = ui::loadModelPresets(modelErrors);
    for (const auto& e : modelErrors)
        std::cerr << "warning: " << e.toString() << " (model skipped)\n";
    if (!o.modelConfig.empty()) { // the config's model, ahead of any preset of the same id
        auto config = loadHfConfigFile(o.modelConfig);
        if (!config)
            throw InputError {{config.error().toString()}};
        s.model = config->id;
        models.insert(models.begin(), std::move(config).value());
    }
    auto a = analyzeLlm(s, hw, roof, models, &catalog);
    if (!a)
        throw UsageError {a.error().message};
    std::cout << formatLlm(a.value(), roof, f, o.layers);
    return kOk;
}

int cmdImportCeilings(const ProfileCatalog&, const Options& o)
{
    checkOutputReplacesNothingOfTheUsers(o.output, {o.input}, true);
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
    if (auto error = ui::writeFileAtomically(QString::fromStdString(o.output), yaml))
        throw InputError {{error->toStdString()}};
    std::cout << formatHardwareDetails(profile, OutputFormat::Table);
    std::cerr << "wrote " << o.output << " (" << whereProfilesGo(o.output) << ")\n";
    return kOk;
}

} // namespace roofline::cli
