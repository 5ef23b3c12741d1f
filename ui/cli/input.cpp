// SPDX-License-Identifier: MIT
#include "ui/cli/input.h"

#include "core/common/text.h"
#include "core/io/kernel_io.h"
#include "core/io/rocprof_csv.h"
#include "core/io/session_yaml.h"
#include "core/io/text_file.h"
#include "ui/cli/commands.h"

#include <algorithm>
#include <iostream>

namespace roofline::cli {

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

RoofKind roofKindOf(const Options& o)
{
    if (o.roofKind != "peak" && o.roofKind != "achievable")
        throw UsageError {"--roof must be 'peak' or 'achievable'"};
    return o.roofKind == "achievable" ? RoofKind::Achievable : RoofKind::Peak;
}

OutputFormat outputFormat(const Options& o)
{
    if (auto f = parseOutputFormat(o.format))
        return *f;
    throw UsageError {"unknown format '" + o.format + "'; use table, json or csv"};
}

namespace {

/// A kernel file's rows: its rejected rows fail the command unless --skip-invalid; its notes
/// and the device it names are printed. Returns the profile the device points to, if any.
std::string takeKernels(KernelImport& k, const Options& o, Input& in)
{
    if (!k.rejected.empty()) {
        // The first reasons, each once with how often it came (aliases of one bad YAML node give
        // the same line 300,000 times), then a count: 100,000 bad rows printed 100,001 lines.
        constexpr std::size_t kShown = 20;
        std::vector<std::pair<std::string, std::size_t>> reasons;
        std::size_t listed = 0;
        for (const auto& e : k.rejected) {
            const std::string line = e.toString();
            if (!reasons.empty() && reasons.back().first == line)
                ++reasons.back().second;
            else if (reasons.size() < kShown)
                reasons.push_back({line, 1});
            else
                break;
            ++listed;
        }
        std::vector<std::string> lines;
        for (const auto& [line, times] : reasons)
            lines.push_back(times > 1 ? line + " (" + std::to_string(times) + " times)" : line);
        if (k.rejected.size() > listed)
            lines.push_back(o.input + ": and " + std::to_string(k.rejected.size() - listed)
                + " more rejected row(s) (the first " + std::to_string(listed) + " are above)");
        if (!o.skipInvalid) {
            lines.push_back(std::to_string(k.rejected.size())
                + " row(s) rejected; fix them, or pass --skip-invalid to place the other "
                + std::to_string(k.kernels.size()));
            throw InputError {lines};
        }
        for (const auto& l : lines)
            std::cerr << "warning: " << l << " (skipped)\n";
        if (k.kernels.empty()) // --skip-invalid that leaves nothing to place is a failure
            throw InputError {{"every row was rejected (" + std::to_string(k.rejected.size()) + "); nothing to place"}};
    }
    for (const auto& w : k.warnings)
        std::cerr << "note: " << o.input << ": " << w << "\n";
    in.notes = k.warnings;
    in.device = k.device;
    in.session.kernels = std::move(k.kernels);
    // The device the export names, and the profile it picks; with --hw given, that is the choice.
    if (!k.device.empty() && o.hw.empty())
        std::cerr << "note: " << o.input << ": device " << printable(k.device)
                  << (k.suggestedHardware.empty() ? std::string(" (no matching profile; give --hw)")
                                                  : " -> " + k.suggestedHardware)
                  << "\n";
    return k.suggestedHardware;
}

/// Reads --input into `in.session`: true when it is a session file (which names its own part).
bool readInputFile(const Options& o, Input& in, std::string& suggested)
{
    auto text = readTextFile(o.input, kMaxKernelFileBytes);
    if (!text)
        throw InputError {{text.error().toString()}};
    if (isSessionFile(o.input, text.value())) {
        auto s = parseSession(text.value(), o.input);
        if (!s)
            throw InputError {{s.error().toString()}};
        in.session = std::move(s).value();
        return true;
    }
    KernelReadOptions read;
    read.aggregate = !o.launches; // a profiler's launches grouped into kernels unless asked
    auto k = parseKernels(text.value(), o.input, kernelFormatForPath(o.input), read);
    if (!k)
        throw InputError {{k.error().toString()}};
    addRocprofSysinfo(k.value(), o.input);
    suggested = takeKernels(k.value(), o, in);
    return false;
}

/// Without --precision, the view takes the precision of most of the kernels' measured time (an
/// FP64 export is shown under the FP64 roof), and says so when that is not the part's default.
void takeLeadingPrecision(const Options& o, const HardwareProfile& hw, Session& session)
{
    const auto lead = leadingPrecision(session.kernels, [&](Precision p) { return hw.hasPrecision(p); });
    if (!lead || *lead == session.precision)
        return;
    session.precision = *lead;
    std::cerr << "note: " << o.input << ": shown at " << precisionLabel(*lead)
              << ", the precision of most of the measured time (--precision to choose)\n";
}

} // namespace

Input loadInput(const ProfileCatalog& catalog, const Options& o)
{
    Input in;
    std::string suggested; // the profile a profiler export's device name points to
    const bool fromSession = !o.input.empty() && readInputFile(o, in, suggested);
    if (!o.hw.empty() || !fromSession) {
        in.hw = &resolveHardware(catalog, o.hw.empty() && !suggested.empty() ? suggested : o.hw);
        in.session.hardwareId = in.hw->id;
        in.session.precision = resolvePrecision(*in.hw, o.precision);
        if (o.precision.empty())
            takeLeadingPrecision(o, *in.hw, in.session);
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
    auto a = analyzeSession(hw, session, roofKindOf(o));
    if (!a)
        throw UsageError {a.error().message};
    for (const auto& note : a->notes)
        std::cerr << "note: " << note << "\n";
    return std::move(a).value();
}

} // namespace roofline::cli
