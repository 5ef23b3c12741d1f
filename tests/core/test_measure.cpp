// SPDX-License-Identifier: MIT
// `roofline measure`: the machine description and the shape of a short run's profile. The
// figures themselves are a benchmark (docs/profilers.md), not something a test can time.
#include "core/io/profile_yaml.h"
#include "core/measure/machine.h"
#include "core/measure/measure.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <tuple>

using namespace roofline;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& file, const std::string& text)
{
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text << "\n";
}

} // namespace

TEST(Measure, SysfsCachesAreReadAsLinuxWritesThem)
{
    EXPECT_EQ(sysfsSize("48K"), 48u << 10);
    EXPECT_EQ(sysfsSize("32768K"), 32u << 20);
    EXPECT_EQ(sysfsSize("2M"), 2u << 20);
    EXPECT_EQ(sysfsSize("x"), 0u);
    EXPECT_EQ(cpuListCount("0-1"), 2);
    EXPECT_EQ(cpuListCount("0-3,8,10-11"), 7);
    // This machine's layout: L1d 48K and L1i 32K per core, L2 1M per core, L3 32M for both.
    const fs::path cpu = fs::temp_directory_path() / "rs-measure-sysfs" / "cpu0";
    fs::remove_all(cpu.parent_path());
    const std::tuple<const char*, const char*, const char*, const char*, const char*> rows[]
        = {{"index0", "1", "Data", "48K", "0"}, {"index1", "1", "Instruction", "32K", "0"},
            {"index2", "2", "Unified", "1024K", "0"}, {"index3", "3", "Unified", "32768K", "0-1"}};
    for (const auto& [index, level, type, size, shared] : rows) {
        write(cpu / "cache" / index / "level", level);
        write(cpu / "cache" / index / "type", type);
        write(cpu / "cache" / index / "size", size);
        write(cpu / "cache" / index / "shared_cpu_list", shared);
    }
    const auto caches = linuxCaches(cpu.string());
    EXPECT_EQ(caches, (std::vector<CacheLevel> {{"L1", 48u << 10, 1}, {"L2", 1u << 20, 1}, {"L3", 32u << 20, 2}}));
    EXPECT_TRUE(linuxCaches((cpu / "missing").string()).empty());
    fs::remove_all(cpu.parent_path());
    EXPECT_EQ(hardwareForCpuName("AMD EPYC 9654 96-Core Processor"), "epyc-9654");
    EXPECT_EQ(hardwareForCpuName("AMD EPYC"), "");
}

TEST(Measure, AShortRunGivesAProfileWithEveryFigureMeasuredAndSourced)
{
    MeasureOptions o;
    o.seconds = 1;
    o.threads = 1;
    std::vector<std::string> steps;
    o.progress = [&](double done, const std::string& step) {
        EXPECT_GE(done, 0.0);
        EXPECT_LE(done, 1.0);
        if (steps.empty() || steps.back() != step)
            steps.push_back(step);
        return true;
    };
    const auto m = measureMachine(o);
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(m->threads, 1);
    ASSERT_EQ(m->compute.size(), 2u);
    ASSERT_EQ(m->memory.size(), 4u);
    EXPECT_EQ(m->memory[0].figure, "DRAM");
    EXPECT_EQ(m->memory[3].figure, "L1");
    for (const auto* list : {&m->compute, &m->memory})
        for (const MeasuredFigure& f : *list) {
            EXPECT_GT(f.worst, 0.0) << f.figure;
            EXPECT_LE(f.worst, f.median) << f.figure;
            EXPECT_LE(f.median, f.best) << f.figure;
            EXPECT_EQ(f.runs, 5) << f.figure;
        }
    EXPECT_EQ(steps.front(), "FP64 FMA chains");
    EXPECT_EQ(steps.back(), "done");

    const HardwareProfile p = measuredProfile(m.value());
    EXPECT_EQ(p.id, "measured-this-machine");
    EXPECT_EQ(p.vendor, "Measured");
    EXPECT_DOUBLE_EQ(p.achievable, 1.0);
    EXPECT_DOUBLE_EQ(*p.peak(Precision::FP64), m->compute[0].best);
    EXPECT_EQ(p.memory.front().name, "DRAM");
    ASSERT_EQ(p.sources.size(), 1u);
    EXPECT_TRUE(p.sources[0].measured);
    EXPECT_TRUE(p.unsourced().empty());
    EXPECT_NE(p.notes[1].find("fp64: 12 independent FMA chains"), std::string::npos) << p.notes[1];
    EXPECT_NE(p.notes[1].find("over 5 runs (spread"), std::string::npos) << p.notes[1];
    // It is an ordinary profile: written and read back the same.
    auto back = parseProfile(profileToYaml(p), "measured.yaml");
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back.value(), p);
}

TEST(Measure, ACancelledRunEndsWithTheCancelError)
{
    MeasureOptions o;
    o.seconds = 1;
    o.threads = 1;
    o.progress = [](double done, const std::string&) { return done < 0.3; };
    const auto m = measureMachine(o);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().message, kMeasureCancelled);
}
