// SPDX-License-Identifier: MIT
// Every shipped profile against the rules of docs/hardware-profiles.md: each figure sourced,
// no sparse figure on a roof, every disagreement recorded with the value used among its
// candidates, and the per-vendor rules for low precisions.
#include "core/io/profile_catalog.h"
#include "core/io/profile_yaml.h"
#include "core/report/report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace roofline;

namespace {

const ProfileCatalog& shipped()
{
    static const ProfileCatalog c = [] {
        ProfileCatalog catalog;
        std::vector<Error> errors;
        catalog.loadDirectory(std::string(ROOFLINE_SOURCE_DIR) + "/hardware_profiles", errors);
        EXPECT_TRUE(errors.empty()) << errors.front();
        return catalog;
    }();
    return c;
}

const HardwareProfile& profile(const char* id)
{
    const HardwareProfile* p = shipped().find(id);
    EXPECT_NE(p, nullptr) << id;
    static const HardwareProfile none;
    return p ? *p : none;
}

double peak(const char* id, Precision p)
{
    return profile(id).peak(p).value_or(0.0);
}

} // namespace

TEST(Catalogue, ShipsThe2026Parts)
{
    for (const char* id : {"b300", "gb300", "h20", "rtx-5090", "h100-nvl", "grace", "grace-superchip", "mi355x",
             "mi350x", "tpu7x", "trainium2", "trainium3", "xeon-6980p", "epyc-9755", "mi300a"})
        EXPECT_NE(shipped().find(id), nullptr) << id;
    EXPECT_GE(shipped().profiles().size(), 38u);
}

TEST(Catalogue, EveryFigureOfEveryProfileHasAPublicSource)
{
    for (const auto& p : shipped().profiles()) {
        const auto unsourced = p.unsourced();
        std::string list;
        for (const auto& f : unsourced)
            list += " " + f;
        EXPECT_TRUE(unsourced.empty()) << p.id << ": no source gives" << list;
        for (const auto& s : p.sources) {
            EXPECT_EQ(s.ref.find("shared/"), std::string::npos) << p.id << " cites a path outside the repo: " << s.ref;
            if (!s.backs.empty() && !s.measured)
                EXPECT_NE(s.ref.find("http"), std::string::npos)
                    << p.id << ": a source that gives figures names where to read them: " << s.ref;
        }
        for (const auto& f : p.derived) // a derived figure says how in a note
            EXPECT_FALSE(p.notes.empty()) << p.id << " derives " << f << " without a note";
    }
}

TEST(Catalogue, NoSparseFigureIsOnARoofAndRidgesFollowPeaksAndBandwidths)
{
    for (const auto& p : shipped().profiles()) {
        for (const auto& [prec, sparse] : p.sparse)
            if (p.hasPrecision(prec))
                EXPECT_LT(*p.peak(prec), sparse) << p.id << " " << prec;
        for (Precision prec : p.precisions()) {
            const double ridge = *p.ridge(prec);
            EXPECT_DOUBLE_EQ(ridge, *p.peak(prec) / p.mainBandwidth()) << p.id;
            EXPECT_GT(ridge, 0.05) << p.id << " " << prec << ": a ridge below 0.05 FLOP/byte is a unit slip";
            EXPECT_LT(ridge, 5000.0) << p.id << " " << prec << ": a ridge above 5000 FLOP/byte is a unit slip";
        }
        // Halving the bits never lowers the rate (an FP8 roof under the BF16 one is a typo),
        // except where a vendor says so: Blackwell Ultra's INT8 is not its FP8.
        if (p.hasPrecision(Precision::BF16) && p.hasPrecision(Precision::FP8))
            EXPECT_GE(*p.peak(Precision::FP8), *p.peak(Precision::BF16)) << p.id;
        if (p.hasPrecision(Precision::FP8) && p.hasPrecision(Precision::FP4))
            EXPECT_GE(*p.peak(Precision::FP4), *p.peak(Precision::FP8)) << p.id;
        EXPECT_NE(p.defaultPrecision(), Precision::INT8) << p.id << ": 8-bit is never INT8 by default";
    }
}

TEST(Catalogue, WherePublicSourcesDisagreeTheProfileRecordsEveryValue)
{
    auto range = [](const char* id, const char* figure) {
        const Disagreement* d = profile(id).disagreementOn(figure);
        EXPECT_NE(d, nullptr) << id << " " << figure;
        std::vector<double> v;
        if (d)
            for (const auto& c : d->candidates)
                v.push_back(c.value);
        std::sort(v.begin(), v.end());
        return v;
    };
    EXPECT_EQ(range("tpu7x", "HBM3E"), (std::vector<double> {7.2e12, 7.3e12, 7.37e12}));
    EXPECT_EQ(range("b300", "fp4"), (std::vector<double> {13.125e15, 14e15}));
    EXPECT_EQ(range("h20", "HBM3 capacity"), (std::vector<double> {96e9, 141e9}));
    const std::string shown = formatHardwareDetails(profile("tpu7x"), OutputFormat::Table);
    EXPECT_NE(shown.find("sources say 7.2 TB/s to 7.37 TB/s (3 sources)"), std::string::npos) << shown;
    EXPECT_NE(shown.find("7.37 TB/s (used)"), std::string::npos) << shown;
}

TEST(Catalogue, LowPrecisionsFollowEachVendorsRules)
{
    // NVIDIA: FP6 at the FP8 rate; Blackwell Ultra's INT8 a small fraction of B200's.
    for (const char* id : {"b200", "gb200", "b300", "gb300"})
        EXPECT_EQ(peak(id, Precision::FP6), peak(id, Precision::FP8)) << id;
    EXPECT_LT(peak("b300", Precision::INT8), peak("b200", Precision::INT8) / 20);
    EXPECT_LT(peak("gb300", Precision::INT8), peak("gb200", Precision::INT8) / 20);
    EXPECT_EQ(peak("gb300", Precision::FP4), 15e15);
    // AMD CDNA 4: MXFP6 at the MXFP4 rate, twice FP8.
    for (const char* id : {"mi355x", "mi350x"}) {
        EXPECT_EQ(peak(id, Precision::FP6), peak(id, Precision::FP4)) << id;
        EXPECT_NEAR(peak(id, Precision::FP4) / peak(id, Precision::FP8), 2.0, 1e-3) << id;
    }
    // Trainium3: MXFP4 at the MXFP8 rate, so the two ridges are one.
    EXPECT_EQ(peak("trainium3", Precision::FP4), peak("trainium3", Precision::FP8));
    EXPECT_NEAR(*profile("trainium3").ridge(Precision::FP8), 513.7, 0.1);
    // GeForce: FP16/BF16 tensor rates at FP32 accumulate, half the FP16-accumulate rate.
    for (const char* id : {"rtx-4090", "rtx-5090"}) {
        const HardwareProfile& p = profile(id);
        ASSERT_EQ(p.accumulate.count(Precision::BF16), 1u) << id;
        EXPECT_EQ(p.accumulate.at(Precision::BF16), Precision::FP32) << id;
        EXPECT_NEAR(peak(id, Precision::BF16), 2 * peak(id, Precision::FP32), 1e12)
            << id << ": a tensor rate, not the vector one";
    }
    EXPECT_NEAR(peak("rtx-5090", Precision::BF16), 838.4e12 / 4, 1e10) << "sparse FP16-accumulate / 2 / 2";
}

TEST(Catalogue, TheNewPartsRidgesComeOutOfTheirSources)
{
    EXPECT_NEAR(*profile("tpu7x").ridge(Precision::BF16), 313.0, 0.5); // 2307 TFLOP/s / 7.37 TB/s
    EXPECT_NEAR(*profile("mi355x").ridge(Precision::FP8), 629.2, 0.5); // 256 CUs x 8192 x 2.4 GHz / 8 TB/s
    EXPECT_NEAR(*profile("b300").ridge(Precision::BF16), 292.2, 0.5); // 2.25 PF / 7.7 TB/s
    EXPECT_NEAR(*profile("h20").ridge(Precision::BF16), 37.0, 0.1); // 148 TF / 4 TB/s
    EXPECT_NEAR(*profile("trainium2").ridge(Precision::BF16), 230.0, 0.1); // 667 TF / 2.9 TB/s
    EXPECT_NEAR(*profile("grace").ridge(Precision::FP64), 6.93, 0.01); // 3.55 TF / 512 GB/s
}

TEST(Catalogue, BlockScaledWeightFormatsCountTheirScales)
{
    const auto nv = parseWeightFormat("NVFP4");
    ASSERT_TRUE(nv);
    EXPECT_EQ(nv->compute, Precision::FP4);
    EXPECT_DOUBLE_EQ(nv->bytesPerValue, 4.5 / 8); // 4 bits + an 8-bit scale per 16 values
    EXPECT_DOUBLE_EQ(parseWeightFormat("mxfp4")->bytesPerValue, 4.25 / 8); // per 32 values
    EXPECT_DOUBLE_EQ(parseWeightFormat("mxfp6")->bytesPerValue, 6.25 / 8);
    EXPECT_DOUBLE_EQ(parseWeightFormat("mxfp8")->bytesPerValue, 8.25 / 8);
    EXPECT_EQ(parseWeightFormat("mxfp8")->compute, Precision::FP8);
    EXPECT_DOUBLE_EQ(parseWeightFormat("bf16")->bytesPerValue, 2.0);
    EXPECT_FALSE(parseWeightFormat("q4_k"));
    EXPECT_EQ(weightFormatName(Precision::FP4, 0.5625), "nvfp4");
    EXPECT_EQ(weightFormatName(Precision::FP4, 0.5), "fp4");
}

TEST(Catalogue, AnEditKeepsOnlyTheRecordsThatStillHold)
{
    HardwareProfile edited = profile("b300");
    const HardwareProfile original = edited;
    edited.peaks[Precision::FP4] = 15e15; // the user's own figure: no longer a candidate
    edited.sparse.clear();
    edited.disagreements.clear();
    edited.derived.clear();
    for (auto& s : edited.sources)
        s.backs.clear();
    carryRecords(original, edited);
    EXPECT_EQ(edited.disagreementOn("fp4"), nullptr);
    EXPECT_NE(edited.disagreementOn("HBM3e"), nullptr);
    EXPECT_EQ(edited.sparse, original.sparse);
    EXPECT_EQ(edited.sources, original.sources);
    EXPECT_TRUE(parseProfile(profileToYaml(edited), "edited.yaml").ok());
}
