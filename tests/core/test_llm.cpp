// SPDX-License-Identifier: MIT
#include "core/analysis/session_analysis.h"
#include "core/figure/session_figure.h"
#include "core/io/session_yaml.h"
#include "core/llm/llm_report.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

using namespace roofline;

namespace {

const std::vector<ModelSpec>& presets()
{
    static const std::vector<ModelSpec> models = [] {
        std::vector<Error> errors;
        auto m = loadModelDirectory(std::string(ROOFLINE_SOURCE_DIR) + "/resources/models", errors);
        EXPECT_TRUE(errors.empty()) << errors.front();
        return m;
    }();
    return models;
}

const ModelSpec& preset(const std::string& id)
{
    for (const auto& m : presets())
        if (m.id == id)
            return m;
    throw std::runtime_error("no preset " + id);
}

Roofline roof(const char* hw, Precision p)
{
    return makeRoofline(*test::shippedCatalog().find(hw), p).value();
}

LlmInputs inputs(const ModelSpec& m, Precision weights, int batch = 1)
{
    LlmInputs in;
    in.model = m;
    in.weightPrecision = weights;
    in.kvPrecision = weights;
    in.batch = batch;
    return in;
}

} // namespace

TEST(Llm, TheLessonsWorkedExampleExactly)
{
    // 70e9 parameters, FP8, H100 SXM5, only --params: 140 GFLOP and 70 GB per token.
    const LlmInputs in = inputs(modelFromParameters(70e9), Precision::FP8);
    const Roofline fp8 = roof("h100-sxm5", Precision::FP8);
    const PhaseResult d = evaluatePhase(decodeCost(in), fp8, 1);
    EXPECT_DOUBLE_EQ(d.cost.flops, 140e9);
    EXPECT_DOUBLE_EQ(d.cost.bytes, 70e9);
    EXPECT_DOUBLE_EQ(d.placement.intensity, 2.0);
    EXPECT_EQ(d.placement.regime, Regime::MemoryBound);
    EXPECT_DOUBLE_EQ(d.timeLowerBound, 70e9 / 3.35e12); // 20.9 ms
    EXPECT_NEAR(d.timeLowerBound, 20.9e-3, 0.05e-3);
    EXPECT_NEAR(d.tokensPerSecond, 47.86, 0.01); // "<= ~48 tokens/s"
    EXPECT_DOUBLE_EQ(d.weightFraction, 1.0);
    // Batch 32: I = 64, ~1,530 tokens/s in total.
    const PhaseResult b32 = evaluatePhase(decodeCost(inputs(modelFromParameters(70e9), Precision::FP8, 32)), fp8, 32);
    EXPECT_DOUBLE_EQ(b32.placement.intensity, 64.0);
    EXPECT_EQ(b32.placement.regime, Regime::MemoryBound);
    EXPECT_NEAR(b32.tokensPerSecond, 1531.4, 0.1);
    EXPECT_NEAR(b32.tokensPerSecondPerStream, 47.86, 0.01);
    // The levers: FP4 halves the bytes (2x); B200 at the same intensity ~2.4x.
    const auto levers
        = decodeLevers(in, *test::shippedCatalog().find("h100-sxm5"), fp8, 32, test::shippedCatalog().find("b200"));
    ASSERT_EQ(levers.size(), 3u);
    EXPECT_NEAR(levers[0].speedup, 32.0, 1e-9);
    EXPECT_EQ(levers[1].label, "FP4 weights: 2x");
    EXPECT_NEAR(levers[1].speedup, 2.0, 1e-12);
    EXPECT_DOUBLE_EQ(levers[1].to.x, 4.0);
    EXPECT_NEAR(levers[2].speedup, 8.0 / 3.35, 1e-12);
    EXPECT_EQ(levers[2].label, "NVIDIA B200: 2.4x");
}

TEST(Llm, RowsSumToThePhaseTotals)
{
    for (const auto& m : presets()) {
        for (int batch : {1, 16}) {
            LlmInputs in = inputs(m, Precision::BF16, batch);
            in.context = 1000;
            for (const PhaseCost& c : {decodeCost(in), prefillCost(in)}) {
                double f = 0, b = 0, w = 0, kv = 0;
                for (const auto& row : c.layers) {
                    EXPECT_GT(row.flops, 0) << m.id << " " << row.name;
                    EXPECT_GT(row.bytes, 0) << m.id << " " << row.name;
                    f += row.flops;
                    b += row.bytes;
                    w += row.weightBytes;
                    kv += row.kvBytes;
                }
                EXPECT_NEAR(f, c.flops, c.flops * 1e-12) << m.id << " " << c.phase;
                EXPECT_NEAR(b, c.bytes, c.bytes * 1e-12) << m.id << " " << c.phase;
                EXPECT_NEAR(w, c.weightBytes, c.weightBytes * 1e-12);
                EXPECT_NEAR(kv, c.kvBytes, c.kvBytes * 1e-12 + 1e-9);
            }
        }
    }
}

TEST(Llm, Llama2_7bLinearLayersByHand)
{
    // fp16 weights and KV, batch 1, prompt 2048; 32 layers, hidden 4096, intermediate 11008.
    LlmInputs in = inputs(preset("llama-2-7b"), Precision::FP16);
    const PhaseCost d = decodeCost(in);
    const PhaseCost p = prefillCost(in);
    auto row = [](const PhaseCost& c, const std::string& name) {
        for (const auto& r : c.layers)
            if (r.name == name)
                return r;
        throw std::runtime_error("no row " + name);
    };
    // decode q_proj: 2 x 1 x 4096 x 4096 FLOPs, 4096^2 x 2 B of weights, (4096 + 4096) x 2 B of activations.
    EXPECT_DOUBLE_EQ(row(d, "q_proj").flops, 32.0 * 2 * 1 * 4096 * 4096);
    EXPECT_DOUBLE_EQ(row(d, "q_proj").bytes, 32.0 * (4096.0 * 4096 * 2 + (4096 + 4096) * 2));
    EXPECT_DOUBLE_EQ(row(d, "mlp_down").flops, 32.0 * 2 * 11008 * 4096);
    EXPECT_DOUBLE_EQ(row(d, "mlp_down").bytes, 32.0 * (11008.0 * 4096 * 2 + (11008 + 4096) * 2));
    EXPECT_DOUBLE_EQ(row(d, "lm_head").flops, 2.0 * 4096 * 32000);
    EXPECT_DOUBLE_EQ(row(d, "lm_head").bytes, 4096.0 * 32000 * 2 + (4096 + 32000) * 2);
    // k_proj's output is the new key, written once, to the cache (fp16): weights, the 4096-wide
    // input read, 4096 x 2 B written per layer (not again as an activation).
    EXPECT_DOUBLE_EQ(row(d, "k_proj").bytes, 32.0 * (4096.0 * 4096 * 2 + 4096 * 2 + 4096 * 2));
    EXPECT_DOUBLE_EQ(row(d, "k_proj").kvBytes, 32.0 * 4096 * 2);
    // Two residual adds a layer, each reading two 4096-wide rows and writing one (fp16).
    EXPECT_DOUBLE_EQ(row(d, "residual adds").bytes, 32.0 * 2 * 3 * 4096 * 2);
    // The SiLU-times-up activation: read gate and up, write one, 11008 wide; ~5 FLOPs an element.
    EXPECT_DOUBLE_EQ(row(d, "mlp_act").bytes, 32.0 * 3 * 11008 * 2);
    EXPECT_DOUBLE_EQ(row(d, "mlp_act").flops, 32.0 * 5 * 11008);
    // prefill: 2048 tokens share one read of the weights.
    EXPECT_DOUBLE_EQ(row(p, "q_proj").flops, 32.0 * 2 * 2048 * 4096 * 4096);
    EXPECT_DOUBLE_EQ(row(p, "q_proj").bytes, 32.0 * (4096.0 * 4096 * 2 + 2048.0 * (4096 + 4096) * 2));
    EXPECT_DOUBLE_EQ(row(p, "mlp_gate").flops, 32.0 * 2 * 2048 * 4096 * 11008);
    // The weights read per decode step are the model's 6.74e9 parameters x 2 bytes but the input
    // embedding table, of which a step reads only one row per token (32000 x 4096 left out).
    const double readParams = 6.74e9 - 32000.0 * 4096;
    EXPECT_NEAR(d.weightBytes, readParams * 2, readParams * 2 * 0.005);
    // Decode is far left of the ridge; a 2048-token prefill sits right of it.
    const Roofline a100 = roof("a100-sxm4-80gb", Precision::FP16);
    EXPECT_EQ(evaluatePhase(d, a100, 1).placement.regime, Regime::MemoryBound);
    EXPECT_NEAR(evaluatePhase(d, a100, 1).placement.intensity, 1.0, 0.01);
    EXPECT_EQ(evaluatePhase(p, a100, 1).placement.regime, Regime::ComputeBound);
}

TEST(Llm, KvCacheGrowsWithContextAndGqaShrinksIt)
{
    LlmInputs in = inputs(preset("llama-3-70b"), Precision::BF16);
    in.context = 8192;
    const PhaseCost d = decodeCost(in);
    // 80 layers x (K + V) x 8 KV heads x 128 x 2 B per token, 8193 tokens attended.
    EXPECT_DOUBLE_EQ(d.kvBytes, 80.0 * (2 * 8193.0 * 8 * 128 * 2 + 2 * 8 * 128 * 2));
    LlmInputs mha = in;
    mha.model.kvHeads = mha.model.heads; // no GQA: 8x the cache
    EXPECT_NEAR(decodeCost(mha).kvBytes / d.kvBytes, 8.0, 0.01);
}

TEST(Llm, MixtureOfExpertsReadsOnlyTheExpertsItUses)
{
    const ModelSpec& mix = preset("mixtral-8x7b");
    const PhaseCost one = decodeCost(inputs(mix, Precision::BF16, 1));
    const PhaseCost many = decodeCost(inputs(mix, Precision::BF16, 64));
    // Batch 1 touches 2 of 8 experts; a large batch touches all 8.
    double mlp1 = 0, mlp64 = 0;
    for (const auto& r : one.layers)
        if (r.name.rfind("mlp_", 0) == 0)
            mlp1 += r.weightBytes;
    for (const auto& r : many.layers)
        if (r.name.rfind("mlp_", 0) == 0)
            mlp64 += r.weightBytes;
    // Uniform routing: 64 tokens each pick 2 of 8, so an expert is missed with (6/8)^64 = 1e-8:
    // 8 (1 - 0.75^64) experts read, against 2 at batch 1.
    EXPECT_NEAR(mlp64 / mlp1, 8.0 * (1.0 - std::pow(0.75, 64)) / 2.0, 1e-9);
    EXPECT_NEAR(one.flops / 2.0, 12.9e9, 12.9e9 * 0.05) << "FLOPs follow the active parameters";
    // Two tokens: 8 (1 - 0.75^2) = 3.5 experts on average, not min(8, 2 x 2) = 4.
    EXPECT_DOUBLE_EQ(expectedExpertsRead(mix, 2), 3.5);
    EXPECT_DOUBLE_EQ(expectedExpertsRead(mix, 1), 2.0);
}

TEST(Llm, BatchMovesDecodeAcrossTheRidge)
{
    const Roofline bf16 = roof("h100-sxm5", Precision::BF16);
    const auto traj = decodeTrajectory(inputs(modelFromParameters(70e9), Precision::BF16), bf16);
    ASSERT_EQ(traj.size(), 11u); // 1, 2, 4 ... 1024
    EXPECT_DOUBLE_EQ(traj.front().x, 1.0);
    EXPECT_DOUBLE_EQ(traj.back().x, 1024.0);
    EXPECT_LT(traj[8].x, bf16.ridge()); // batch 256: I = 256 < 295
    EXPECT_GT(traj[9].x, bf16.ridge()); // batch 512: I = 512 > 295
}

TEST(Llm, SettingsResolveModelsAndFollowTheRoofsPrecision)
{
    LlmSettings s;
    s.model = "llama-3-7"; // unique prefix
    auto in = llmInputsFor(s, Precision::FP8, presets());
    ASSERT_TRUE(in.ok()) << in.error();
    EXPECT_EQ(in->model.id, "llama-3-70b");
    EXPECT_EQ(in->weightPrecision, Precision::FP8);
    EXPECT_DOUBLE_EQ(in->weightBytes(), 1.0);
    s.weightPrecision = Precision::FP4;
    EXPECT_DOUBLE_EQ(llmInputsFor(s, Precision::FP8, presets())->weightBytes(), 0.5);
    s.model = "llama";
    EXPECT_EQ(llmInputsFor(s, Precision::FP8, presets()).error().message,
        "model 'llama' is ambiguous: llama-2-7b, llama-3-70b, llama-3-8b, llama-3.1-405b, llama-3.1-70b, llama-3.1-8b");
    s.model = "gpt-5";
    EXPECT_EQ(
        llmInputsFor(s, Precision::FP8, presets()).error().message.rfind("unknown model 'gpt-5'; known: ", 0), 0u);
}

TEST(Llm, SessionsKeepTheLlmSettings)
{
    Session s;
    s.llm.enabled = true;
    s.llm.model = "mixtral-8x7b";
    s.llm.batch = 64;
    s.llm.context = 4096;
    s.llm.kvPrecision = Precision::FP8;
    s.llm.bytesPerWeight = 0.5625;
    s.llm.trajectory = true;
    s.llm.fasterHardware = "mi300x";
    auto back = parseSession(sessionToYaml(s), "llm.yaml");
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back.value(), s);
    EXPECT_EQ(parseSession("roofline_session: 1\nllm: {batch: 0}\n", "b.yaml").error().toString(),
        "b.yaml:2:14: 'batch' must be a whole number from 1 to 1048576");
}

TEST(Llm, JsonHasTheContractKeysAndLayers)
{
    const Roofline fp8 = roof("h100-sxm5", Precision::FP8);
    LlmSettings s;
    s.model = "llama-3-8b";
    auto a = analyzeLlm(s, *test::shippedCatalog().find("h100-sxm5"), fp8, presets(), &test::shippedCatalog());
    ASSERT_TRUE(a.ok());
    const auto j = nlohmann::json::parse(formatLlm(a.value(), fp8, OutputFormat::Json, true));
    ASSERT_EQ(j["phases"].size(), 2u);
    for (const auto& ph : j["phases"]) {
        for (const char* key : {"phase", "flops", "bytes", "intensity", "regime", "time_lower_bound_s", "tokens_per_s"})
            EXPECT_TRUE(ph.contains(key)) << key;
        ASSERT_FALSE(ph["layers"].empty());
        for (const char* key : {"name", "flops", "bytes", "intensity", "regime", "time_lower_bound_s"})
            EXPECT_TRUE(ph["layers"][0].contains(key)) << key;
    }
    EXPECT_EQ(j["phases"][0]["phase"], "decode");
    EXPECT_EQ(j["phases"][1]["phase"], "prefill");
}

TEST(Llm, OverlayAddsPhasesTrajectoryAndLevers)
{
    const HardwareProfile& hw = *test::shippedCatalog().find("h100-sxm5");
    const Roofline fp8 = roof("h100-sxm5", Precision::FP8);
    Session session;
    session.hardwareId = "h100-sxm5";
    session.precision = Precision::FP8;
    session.llm.enabled = true;
    session.llm.parameters = 70e9;
    session.llm.trajectory = true;
    auto a = analyzeLlm(session.llm, hw, fp8, presets(), &test::shippedCatalog());
    ASSERT_TRUE(a.ok());
    PlotSpec spec = buildSessionPlot(hw, session).value();
    addLlmOverlay(spec, a.value(), session.llm);
    ASSERT_EQ(spec.points.size(), 2u);
    EXPECT_EQ(spec.points[0].kind, PlotPoint::Kind::LlmPhase);
    EXPECT_EQ(spec.points[0].name, "decode, batch 1");
    EXPECT_DOUBLE_EQ(spec.points[0].at.x, 2.0);
    EXPECT_EQ(spec.trajectory.size(), 11u);
    EXPECT_EQ(spec.arrows.size(), 3u);
}

TEST(Llm, DecodeAgreesWithLlmViewerPerLayer)
{
    // LLM-Viewer's Llama-2-7B decode rows at batch 1, seqlen 1024, 16-bit
    // (tests/data/kernels/llm-viewer/llama-2-7b_decode.csv, printed to 3 digits), against ours per
    // layer (our rows sum the 32 layers). Its rule for K and V is ours: the output is the cache
    // write, counted once (store_act 0, store_kv 8.2 KB).
    LlmInputs in = inputs(preset("llama-2-7b"), Precision::FP16);
    in.context = 1023; // 1024 keys attended
    in.fusedDecodeAttention = false; // LLM-Viewer writes the scores
    const PhaseCost d = decodeCost(in);
    auto perLayer = [&](const std::string& name) {
        for (const auto& r : d.layers)
            if (r.name == name)
                return r.bytes / 32.0;
        ADD_FAILURE() << "no row " << name;
        return 0.0;
    };
    const std::pair<const char*, double> viewer[]
        = {{"q_proj", 33.6e6}, {"k_proj", 33.6e6}, {"v_proj", 33.6e6}, {"o_proj", 33.6e6}, {"mlp_gate", 90.2e6},
            {"mlp_up", 90.2e6}, {"mlp_down", 90.2e6}, {"attn_score", 8.5e6}, {"softmax", 131e3}};
    for (const auto& [name, printed] : viewer)
        EXPECT_NEAR(perLayer(name), printed, printed * 0.006) << name << " (3 printed digits)";
    // Exactly: q_proj 4096^2 x 2 + 4096 x 2 in + 4096 x 2 out; k_proj the same with the output
    // as the cache write; softmax 2 x 32 heads x 1024 x 2 B.
    EXPECT_DOUBLE_EQ(perLayer("q_proj"), 4096.0 * 4096 * 2 + 4096 * 2 + 4096 * 2);
    EXPECT_DOUBLE_EQ(perLayer("k_proj"), 4096.0 * 4096 * 2 + 4096 * 2 + 4096 * 2);
    EXPECT_DOUBLE_EQ(perLayer("softmax"), 2.0 * 32 * 1024 * 2);
}
