// SPDX-License-Identifier: MIT
// `roofline measure`: this machine's roofline, measured (core/measure), as a profile.
#include "core/io/profile_yaml.h"
#include "core/measure/measure.h"
#include "core/report/report.h"
#include "ui/cli/commands.h"
#include "ui/common/app_paths.h"
#include "ui/common/atomic_file.h"

#include <QFileInfo>
#include <QString>

#include <iostream>

namespace roofline::cli {
namespace {

/// How the measured figures compare with the shipped profile of the same part, if there is one.
void printDatasheetRatio(const ProfileCatalog& catalog, const HardwareProfile& measured, const std::string& cpu)
{
    const std::string id = hardwareForCpuName(cpu);
    const HardwareProfile* sheet = id.empty() ? nullptr : catalog.find(id);
    if (!sheet)
        return;
    std::cout << "\nagainst the datasheet (" << sheet->id << "):\n";
    for (const auto& [prec, v] : measured.peaks)
        if (const auto s = sheet->peak(prec))
            std::cout << "  " << precisionName(prec) << "  " << formatNumber(v / *s * 100.0, 3) << "% of "
                      << formatQuantity(*s, Dimension::FlopRate) << "\n";
    std::cout << "  DRAM  " << formatNumber(measured.mainBandwidth() / sheet->mainBandwidth() * 100.0, 3) << "% of "
              << formatQuantity(sheet->mainBandwidth(), Dimension::ByteRate) << "\n";
}

} // namespace

int cmdMeasure(const ProfileCatalog& catalog, const Options& o)
{
    checkOutputReplacesNothingOfTheUsers(o.output, {}, true); // (before a 20 s measurement)
    MeasureOptions options;
    options.seconds = o.seconds;
    options.threads = o.threads;
    std::string shown;
    options.progress = [&shown](double done, const std::string& step) {
        if (step != shown) // once a step, not once a run
            std::cerr << "measuring: " << step << " (" << static_cast<int>(done * 100) << "%)\n";
        shown = step;
        return true;
    };
    auto m = measureMachine(options);
    if (!m)
        throw InputError {{m.error().message}};
    HardwareProfile profile = measuredProfile(m.value(), o.newId);
    if (!o.newName.empty())
        profile.name = o.newName;
    std::cout << formatHardwareDetails(profile, OutputFormat::Table);
    printDatasheetRatio(catalog, profile, m->machine.cpuName);
    if (o.output.empty()) {
        std::cerr << "note: give -o profile.yaml to keep it as a profile\n";
        return kOk;
    }
    const std::string yaml = "# Measured by `roofline measure` (docs/profilers.md)\n" + profileToYaml(profile);
    if (auto check = parseProfile(yaml, o.output); !check) // what is written must read back
        throw UsageError {check.error().message};
    if (auto error = ui::writeFileAtomically(QString::fromStdString(o.output), yaml))
        throw InputError {{error->toStdString()}};
    std::cerr << "wrote " << o.output << " (" << whereProfilesGo(o.output) << ")\n";
    return kOk;
}

} // namespace roofline::cli
