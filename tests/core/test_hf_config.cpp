// SPDX-License-Identifier: MIT
// Hugging Face config.json files as models (resources/models/*.config.json, copied byte for byte
// from NVIDIA's aiconfigurator), and the serving questions: does it fit, where batching stops
// paying, fused or unfused decode attention. Each expected value is worked by hand below.
#include "core/llm/llm_analysis.h"
#include "core/llm/llm_workload.h"
#include "core/llm/model_spec.h"
#include "support/fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace roofline;

namespace {

ModelSpec config(const std::string& file)
{
    auto m = loadHfConfigFile(std::string(ROOFLINE_SOURCE_DIR) + "/resources/models/" + file);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().toString());
    return m.ok() ? m.value() : ModelSpec {};
}

LlmInputs inputs(const ModelSpec& m, Precision p, int batch = 1, int context = 0)
{
    LlmInputs in;
    in.model = m;
    in.weightPrecision = p;
    in.kvPrecision = p;
    in.batch = batch;
    in.context = context;
    return in;
}

const HardwareProfile& hw(const char* id)
{
    return *test::shippedCatalog().find(id);
}

} // namespace

TEST(HfConfig, DenseLlamaParametersAndKvCacheComeOutOfTheShapes)
{
    const ModelSpec m = config("Llama-3.1-8B.config.json");
    EXPECT_EQ(m.id, "llama-3.1-8b");
    EXPECT_EQ(m.name, "Llama-3.1-8B");
    // embed + head 2 x 128256 x 4096 = 1.0507e9; per layer q,o 2 x 4096^2 + k,v 2 x 4096 x 1024
    // + MLP 3 x 4096 x 14336 = 218.1e6, x 32 = 6.98e9: 8.03e9 in all.
    EXPECT_NEAR(m.parameters, 8.03e9, 0.005e9);
    // KV per token, bf16: 2 (K, V) x 32 layers x 8 KV heads x 128 x 2 B = 131,072.
    EXPECT_DOUBLE_EQ(m.kvBytesPerToken(2.0), 131072.0);
    const ModelSpec big = config("Llama-3.1-405B.config.json");
    EXPECT_NEAR(big.parameters, 4.059e11, 0.002e11);
    EXPECT_DOUBLE_EQ(big.kvBytesPerToken(2.0), 516096.0); // 2 x 126 x 8 x 128 x 2
}

TEST(HfConfig, MixturesOfExpertsCountEveryExpertAndUseTheRoutedOnes)
{
    const ModelSpec qwen = config("Qwen3-235B-A22B.config.json");
    EXPECT_EQ(qwen.headDim, 128) << "head_dim is given: not 4096 / 64";
    EXPECT_EQ(qwen.experts, 128);
    EXPECT_EQ(qwen.expertsPerToken, 8);
    EXPECT_NEAR(qwen.parameters, 235e9, 2e9);
    EXPECT_NEAR(*qwen.activeParameters, 22e9, 1e9);
    EXPECT_DOUBLE_EQ(qwen.kvBytesPerToken(2.0), 192512.0); // 2 x 94 x 4 x 128 x 2
    const ModelSpec mix = config("Mixtral-8x22B.config.json");
    EXPECT_EQ(mix.experts, 8); // num_local_experts
    EXPECT_NEAR(mix.parameters, 141e9, 1.5e9);
    EXPECT_DOUBLE_EQ(mix.kvBytesPerToken(2.0), 229376.0); // 2 x 56 x 8 x 128 x 2
}

TEST(HfConfig, DeepSeekV3HasLatentAttentionSharedExpertsAndDenseFirstLayers)
{
    const ModelSpec m = config("DeepSeek-V3.config.json");
    EXPECT_TRUE(m.latentAttention());
    EXPECT_EQ(m.kvLoraRank, 512);
    EXPECT_EQ(m.qkRopeHeadDim, 64);
    EXPECT_EQ(m.sharedExperts, 1);
    EXPECT_EQ(m.denseLayers, 3);
    EXPECT_EQ(m.expertWidth(), 2048);
    // 671e9 parameters in all (DeepSeek's report), 37e9 per token.
    EXPECT_NEAR(m.parameters, 671e9, 5e9);
    EXPECT_NEAR(*m.activeParameters, 37e9, 1.5e9);
    // The latent cache: (512 + 64) x 61 layers x 2 B = 70,272 B a token, not 2 x 128 heads x 192.
    EXPECT_DOUBLE_EQ(m.kvBytesPerToken(2.0), 70272.0);
    // Decode at context 4095 reads 4096 latents per layer once, shared by the 128 heads.
    const PhaseCost d = decodeCost(inputs(m, Precision::BF16, 1, 4095));
    double attention = 0;
    for (const auto& r : d.layers)
        if (r.name.rfind("attention", 0) == 0)
            attention += r.kvBytes;
    EXPECT_DOUBLE_EQ(attention, 4096.0 * 70272.0);
}

TEST(HfConfig, SlidingWindowLayersReadOnlyTheirWindow)
{
    const ModelSpec m = config("gpt-oss-120b.config.json");
    EXPECT_EQ(m.headDim, 64) << "not 2880 / 64";
    EXPECT_EQ(m.slidingWindow, 128);
    EXPECT_EQ(m.slidingLayers, 18); // layer_types alternates sliding and full
    EXPECT_NEAR(m.parameters, 116.8e9, 1.5e9);
    EXPECT_DOUBLE_EQ(m.kvBytesPerToken(2.0), 73728.0); // 2 x 36 x 8 x 64 x 2, before the window
    // Decode at context 8191: 18 full layers read 8192 tokens' K and V, 18 sliding ones 128.
    const PhaseCost d = decodeCost(inputs(m, Precision::BF16, 1, 8191));
    double kv = 0;
    for (const auto& r : d.layers)
        if (r.name.rfind("attention", 0) == 0)
            kv += r.kvBytes;
    const double perTokenLayer = 2.0 * 8 * 64 * 2;
    EXPECT_DOUBLE_EQ(kv, 18 * 8192 * perTokenLayer + 18 * 128 * perTokenLayer);
}

TEST(HfConfig, AMissingFieldIsNamedAndUnknownOnesAreIgnored)
{
    auto bad = parseHfConfig(R"({"hidden_size": 4096, "num_attention_heads": 32, "intermediate_size": 11008,
        "vocab_size": 32000})",
        "x.json", "x", "x");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("'num_hidden_layers'"), std::string::npos) << bad.error().message;
    auto ok = parseHfConfig(R"({"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
        "intermediate_size": 11008, "vocab_size": 32000, "quantization_config": {"quant_method": "fp8"},
        "rope_scaling": {"type": "yarn"}, "some_future_field": [1, 2]})",
        "x.json", "x", "x");
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_EQ(ok->kvHeads, 32) << "no num_key_value_heads: multi-head attention";
    auto broken = parseHfConfig("{\"hidden_size\": 4096,", "x.json", "x", "x");
    ASSERT_FALSE(broken.ok());
    EXPECT_NE(broken.error().message.find("not a JSON config"), std::string::npos);
}

TEST(HfConfig, TheMemoryWallSaysHowManySequencesFit)
{
    // Llama-3.1-8B, bf16, on an "80 GB" H100 at context 8192. Its memory is 81,559 MiB (what
    // nvidia-smi reports: 85.52e9 B; read as 80e9 B it gave 54, 9 % low). Weights 8.03e9 x 2 =
    // 16.06 GB; a sequence holds 8193 tokens x 131,072 B = 1.0739 GB of cache and a 2048-token
    // prefill's activations 2048 x (2 x 4096 + 14336) x 2 B = 92.3 MB: (85.52 - 16.06) / 1.1662 = 59.6.
    const ModelSpec m = config("Llama-3.1-8B.config.json");
    LlmInputs in = inputs(m, Precision::BF16, 8, 8192);
    const MemoryNeeds n = memoryNeeds(in, hw("h100-sxm5"));
    EXPECT_NEAR(n.weightBytes, 16.06e9, 0.01e9);
    EXPECT_DOUBLE_EQ(n.kvBytes, 8 * 8193.0 * 131072);
    EXPECT_DOUBLE_EQ(n.activationBytes, 8 * 2048.0 * (2 * 4096 + 14336) * 2);
    EXPECT_TRUE(n.fits);
    ASSERT_TRUE(n.capacityBytes);
    EXPECT_DOUBLE_EQ(*n.capacityBytes, 81559.0 * 1024 * 1024);
    EXPECT_EQ(n.maxBatch, 59);
    in.batch = 64;
    EXPECT_FALSE(memoryNeeds(in, hw("h100-sxm5")).fits);
    // Llama-3.1-405B's 812 GB of bf16 weights do not fit one H100 at all.
    EXPECT_EQ(memoryNeeds(inputs(config("Llama-3.1-405B.config.json"), Precision::BF16), hw("h100-sxm5")).maxBatch, 0);
}

TEST(HfConfig, TheCriticalBatchIsWhereDecodeReachesTheRidge)
{
    // A 70e9-parameter model in FP8 with no KV cache: 2 b FLOP per byte of weights, so decode
    // reaches the H100's FP8 ridge (1978.9 / 3.35 = 590.7) at b = 296.
    const Roofline fp8 = makeRoofline(hw("h100-sxm5"), Precision::FP8).value();
    EXPECT_EQ(criticalBatch(inputs(modelFromParameters(70e9), Precision::FP8), fp8), 296);
    // Llama-3.1-8B at context 32k: the cache grows with the batch, decode never gets there.
    const Roofline bf16 = makeRoofline(hw("h100-sxm5"), Precision::BF16).value();
    EXPECT_FALSE(criticalBatch(inputs(config("Llama-3.1-8B.config.json"), Precision::BF16, 1, 32768), bf16));
}

TEST(HfConfig, UnfusedDecodeAttentionAddsTheScoresRoundTrip)
{
    // Unfused: the scores are written (1), read and written by the softmax (2) and read by PV (1):
    // 4 x batch x heads x keys x 2 B a layer more than the fused kernel, the same FLOPs.
    LlmInputs fused = inputs(config("Llama-3.1-8B.config.json"), Precision::BF16, 4, 4095);
    LlmInputs unfused = fused;
    unfused.fusedDecodeAttention = false;
    const PhaseCost f = decodeCost(fused), u = decodeCost(unfused);
    EXPECT_DOUBLE_EQ(u.flops, f.flops);
    EXPECT_DOUBLE_EQ(u.bytes - f.bytes, 32.0 * 4 * 4 * 32 * 4096 * 2);
    EXPECT_DOUBLE_EQ(u.kvBytes, f.kvBytes) << "the cache is read once either way";
}

TEST(HfConfig, MultimodalConfigsNestTheLanguageModelAndGemmaSlidesFiveLayersOfSix)
{
    // Gemma-3-27B: the shapes live under text_config; embeddings tied by default; a window on 5 of
    // every 6 layers: 62 - 62/6 = 52 sliding, 10 global.
    const ModelSpec g = config("Gemma-3-27B.config.json");
    EXPECT_EQ(g.hiddenSize, 5376);
    EXPECT_TRUE(g.tiedEmbeddings);
    EXPECT_EQ(g.slidingLayers, 52);
    EXPECT_EQ(g.slidingWindow, 1024);
    // embed 262208 x 5376 = 1.41e9 (once); per layer q,o 2 x 5376 x 4096 + k,v 2 x 5376 x 2048 +
    // MLP 3 x 5376 x 21504 = 412.9e6, x 62 = 25.6e9: 27.0e9.
    EXPECT_NEAR(g.parameters, 27.0e9, 0.05e9);
    // Dense presets written from the publishers' configs: Llama-3.1-70B 70.6e9, Qwen3-32B 32.8e9
    // (head_dim 128 given, use_sliding_window false).
    EXPECT_NEAR(config("Llama-3.1-70B.config.json").parameters, 70.55e9, 0.05e9);
    const ModelSpec q = config("Qwen3-32B.config.json");
    EXPECT_NEAR(q.parameters, 32.76e9, 0.05e9);
    EXPECT_EQ(q.slidingLayers, 0);
}

TEST(HfConfig, TensorParallelSplitsTheWorkAndAddsTheAllReduces)
{
    // Llama-3.1-70B, bf16, batch 16 on 8 H100s (NVLink 4, 900 GB/s bidirectional: 450 each way).
    LlmInputs one = inputs(config("Llama-3.1-70B.config.json"), Precision::BF16, 16, 4096);
    LlmInputs eight = one;
    eight.chips = 8;
    eight.linkBandwidth = 900e9;
    eight.collectiveLatency = 5e-6;
    const PhaseCost a = decodeCost(one), b = decodeCost(eight);
    // Each chip holds an eighth of the matrices; the norms' scales (2 x 8192 x 2 B a layer) stay whole.
    const double norms = 80.0 * 2 * 8192 * 2;
    EXPECT_NEAR(b.weightBytes, (a.weightBytes - norms) / 8 + norms, 1.0);
    EXPECT_NEAR(b.kvBytes, a.kvBytes / 8, a.kvBytes * 1e-12);
    // Two all-reduces a layer of 16 x 8192 x 2 B; a ring sends 2 x 7/8 of each: 160 x 1.75 x 262,144 B.
    EXPECT_DOUBLE_EQ(b.linkBytes, 160.0 * 1.75 * 16 * 8192 * 2);
    EXPECT_NEAR(b.linkTime, b.linkBytes / 450e9 + 160 * 5e-6, 1e-12);
    const Roofline bf16 = makeRoofline(hw("h100-sxm5"), Precision::BF16).value();
    const PhaseResult r = evaluatePhase(b, bf16, 16);
    EXPECT_DOUBLE_EQ(r.timeLowerBound, std::max(r.computeTime, r.memoryTime) + r.linkTime)
        << "the collectives sit between the layers' matrix products: they add";
    EXPECT_EQ(r.bound, "memory");
    // One chip's memory: an eighth of 141 GB of weights.
    EXPECT_NEAR(memoryNeeds(eight, hw("h100-sxm5")).weightBytes, 70.55e9 * 2 / 8, 0.01e9);
}

TEST(HfConfig, EfficienciesScaleTheirTermsAndAParametersOnlyModelCanHaveACache)
{
    // The lesson's 70B FP8 decode: 70 GB at 3.35 TB/s = 20.9 ms; at 80 % of the bandwidth 26.1 ms.
    const Roofline fp8 = makeRoofline(hw("h100-sxm5"), Precision::FP8).value();
    LlmInputs in = inputs(modelFromParameters(70e9), Precision::FP8);
    EXPECT_NEAR(evaluatePhase(decodeCost(in), fp8, 1).timeLowerBound, 70e9 / 3.35e12, 1e-12);
    in.memoryEfficiency = 0.8;
    EXPECT_NEAR(evaluatePhase(decodeCost(in), fp8, 1).timeLowerBound, 70e9 / (3.35e12 * 0.8), 1e-12);
    // --kv-bytes-per-token 327,680 (80 layers x 8 KV heads x 128 x 2 x 2 B) at context 999: the
    // step reads 1000 tokens' cache and writes one more.
    LlmInputs kv = inputs(modelFromParameters(70e9), Precision::FP8, 1, 999);
    kv.kvBytesPerToken = 327680;
    EXPECT_DOUBLE_EQ(decodeCost(kv).kvBytes, (1000.0 + 1) * 327680);
    EXPECT_DOUBLE_EQ(decodeCost(kv).bytes, 70e9 + 1001.0 * 327680);
    EXPECT_DOUBLE_EQ(memoryNeeds(kv, hw("h100-sxm5")).kvBytes, 2048.0 * 327680) << "max(prompt, context + 1) tokens";
}

TEST(HfConfig, ANonCausalPrefillCountsEveryPair)
{
    // Llama-3.1-8B, prompt 2048: causal 2048 x 2049 / 2 pairs a head, non-causal 2048^2; the
    // attention row's FLOPs scale by 2 x 2048 / 2049 (QK and PV over the pairs, 5 for the softmax).
    LlmInputs causal = inputs(config("Llama-3.1-8B.config.json"), Precision::BF16);
    LlmInputs full = causal;
    full.causalPrefill = false;
    auto attention = [](const PhaseCost& c) {
        for (const auto& r : c.layers)
            if (r.name == "attention (fused)")
                return r.flops;
        return 0.0;
    };
    EXPECT_DOUBLE_EQ(attention(prefillCost(full)) / attention(prefillCost(causal)), 2.0 * 2048 / 2049);
}

// Issue 45: the numbers are never silently wrong.

TEST(HfConfig, TheCheckpointIsWeighedAsItsQuantizationConfigStoresIt)
{
    // DeepSeek-V3 ships FP8 (e4m3, a float32 scale per 128 x 128 block); its embeddings and head
    // stay BF16: 2 x 7168 x 129280 = 1.853e9 weights at 2 B, the rest at 1 + 4 / 16384 B. Read as
    // BF16 a decode step's weights were 73 GB; as stored 36.7 GB.
    const ModelSpec ds = config("DeepSeek-V3.config.json");
    ASSERT_TRUE(ds.stored);
    EXPECT_EQ(ds.stored->precision, Precision::FP8);
    EXPECT_EQ(ds.stored->format, "fp8, 128x128 blocks");
    const double kept = 2.0 * 7168 * 129280;
    EXPECT_NEAR(
        ds.stored->bytesPerWeight, (kept * 2.0 + (ds.parameters - kept) * (1.0 + 4.0 / 16384)) / ds.parameters, 1e-12);
    LlmSettings s;
    s.model = "deepseek-v3";
    const LlmInputs asStored = llmInputsFor(s, Precision::BF16, {ds}).value();
    EXPECT_EQ(asStored.weightPrecision, Precision::FP8);
    EXPECT_EQ(asStored.weightSource, "as stored: fp8, 128x128 blocks");
    const double decodeWeights = decodeCost(asStored).weightBytes;
    EXPECT_GT(decodeWeights, 36e9);
    EXPECT_LT(decodeWeights, 38e9);
    // Asked for, another precision wins and nothing is said to be as stored.
    s.weightPrecision = Precision::BF16;
    const LlmInputs asked = llmInputsFor(s, Precision::BF16, {ds}).value();
    EXPECT_EQ(asked.weightBytes(), 2.0);
    EXPECT_EQ(asked.weightSource, "");
    EXPECT_NEAR(decodeCost(asked).weightBytes, 2.0 * decodeWeights / asStored.weightBytes(), 73e9 * 1e-4);

    // gpt-oss-120b: MXFP4 experts (4.25 bits), attention, router, embeddings and head kept BF16.
    const ModelSpec oss = config("gpt-oss-120b.config.json");
    ASSERT_TRUE(oss.stored);
    EXPECT_EQ(oss.stored->precision, Precision::FP4);
    EXPECT_EQ(oss.stored->format, "mxfp4, attention kept BF16");
    EXPECT_GT(oss.stored->bytesPerWeight, 4.25 / 8);
    EXPECT_LT(oss.stored->bytesPerWeight, 0.6) << "most weights are the experts'";
    // Unquantized configs store nothing; an unknown method is refused by name, not ignored.
    EXPECT_FALSE(config("Llama-3.1-8B.config.json").stored);
    const std::string base = R"({"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
        "intermediate_size": 14336, "vocab_size": 128256, "quantization_config": )";
    auto bnb = parseHfConfig(base + R"({"quant_method": "bitsandbytes"}})", "q.json", "q", "q");
    ASSERT_FALSE(bnb.ok());
    EXPECT_NE(bnb.error().message.find("quant_method 'bitsandbytes' is not read"), std::string::npos)
        << bnb.error().message;
    auto gptq = parseHfConfig(base + R"({"quant_method": "gptq", "bits": 4, "group_size": 128}})", "q.json", "q", "q");
    ASSERT_TRUE(gptq.ok()) << gptq.error().message;
    EXPECT_EQ(gptq->stored->format, "gptq int4, groups of 128");
}

TEST(HfConfig, AConfigGivenIsTheConfigUsedEvenUnderAPresetsName)
{
    // A 16-layer config saved as mixtral-8x7b.config.json: the preset of that id came out (the
    // last model of the id won).
    const std::string json = R"({"hidden_size": 4096, "num_hidden_layers": 16, "num_attention_heads": 32,
        "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 32000, "num_local_experts": 8,
        "num_experts_per_tok": 2})";
    const ModelSpec given = parseHfConfig(json, "mixtral-8x7b.config.json", "mixtral-8x7b", "Mixtral-8x7B").value();
    std::vector<Error> errors;
    std::vector<ModelSpec> models = loadModelDirectory(std::string(ROOFLINE_SOURCE_DIR) + "/resources/models", errors);
    ASSERT_TRUE(std::any_of(models.begin(), models.end(), [](const ModelSpec& m) { return m.id == "mixtral-8x7b"; }));
    models.insert(models.begin(), given); // as `roofline llm --config` does
    LlmSettings s;
    s.model = "mixtral-8x7b";
    const LlmInputs in = llmInputsFor(s, Precision::BF16, models).value();
    EXPECT_EQ(in.model.layers, 16);
    EXPECT_EQ(in.model.parameters, given.parameters);
}

TEST(HfConfig, ImpossibleShapesAreRefusedWithAReason)
{
    const std::string base = R"("hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
        "intermediate_size": 14336, "vocab_size": 128256)";
    for (const auto& [extra, says] :
        std::vector<std::pair<std::string, std::string>> {{R"("head_dim": 0)", "'head_dim' must be greater than zero"},
            {R"("num_local_experts": 0, "num_experts_per_tok": 2)", "the number of experts must be at least 1"},
            {R"("intermediate_size_x": 1, "vocab_size": 0)", "vocab_size"}}) {
        auto m = parseHfConfig("{" + base + ", " + extra + "}", "c.json", "c", "c");
        ASSERT_FALSE(m.ok()) << extra;
        EXPECT_NE(m.error().message.find(says), std::string::npos) << extra << ": " << m.error().message;
    }
    // A model known only by its parameter count: how many sequences fit is not known (it said
    // "at most 1073741824 sequences").
    LlmInputs in;
    in.model = modelFromParameters(7e9);
    const MemoryNeeds n = memoryNeeds(in, hw("h100-sxm5"));
    EXPECT_FALSE(n.maxBatchKnown);
    EXPECT_TRUE(n.fits);
    in.kvBytesPerToken = 131072;
    EXPECT_TRUE(memoryNeeds(in, hw("h100-sxm5")).maxBatchKnown);
}

TEST(HfConfig, TensorParallelSplitsTheKvCacheNoFurtherThanItsHeads)
{
    // Llama-3.1-70B has 8 KV heads: on 16 chips each holds one head's keys and values (1/8 of the
    // cache, not 1/16: a head is not split). DeepSeek-V3's latent is one value all heads share:
    // every chip holds it whole.
    LlmInputs one = inputs(config("Llama-3.1-70B.config.json"), Precision::BF16, 8, 8192);
    for (const auto& [chips, share] :
        std::vector<std::pair<int, double>> {{4, 0.25}, {8, 0.125}, {16, 0.125}, {3, 0.375}}) {
        LlmInputs tp = one;
        tp.chips = chips;
        EXPECT_DOUBLE_EQ(tp.kvShare(), share) << chips;
        EXPECT_NEAR(decodeCost(tp).kvBytes, decodeCost(one).kvBytes * share, decodeCost(one).kvBytes * 1e-12) << chips;
        EXPECT_NEAR(memoryNeeds(tp, hw("h100-sxm5")).kvBytes, memoryNeeds(one, hw("h100-sxm5")).kvBytes * share, 1.0)
            << chips;
    }
    LlmInputs ds = inputs(config("DeepSeek-V3.config.json"), Precision::FP8, 8, 8192);
    LlmInputs ds8 = ds;
    ds8.chips = 8;
    EXPECT_DOUBLE_EQ(ds8.kvShare(), 1.0);
    EXPECT_NEAR(memoryNeeds(ds8, hw("h200-sxm")).kvBytes, memoryNeeds(ds, hw("h200-sxm")).kvBytes, 1.0);
    // A model given by its parameters: the cache splits evenly.
    LlmInputs params;
    params.model = modelFromParameters(70e9);
    params.chips = 16;
    EXPECT_DOUBLE_EQ(params.kvShare(), 1.0 / 16);
}

namespace {

ModelSpec written(const std::string& file)
{
    auto m = loadHfConfigFile(std::string(ROOFLINE_SOURCE_DIR) + "/tests/data/llm-configs/" + file);
    EXPECT_TRUE(m.ok()) << file << ": " << (m.ok() ? "" : m.error().toString());
    return m.ok() ? m.value() : ModelSpec {};
}

} // namespace

TEST(HfConfig, TodaysLayoutsCountWithinTwoPercentOfTheirPublishedParameters)
{
    // Configs written from the published fields (tests/data/llm-configs/SOURCES.md). Plain MLPs
    // (up, down) were counted as gated (+22 %); GPT-2's `n_inner: null` was refused; Llama 4's
    // interleaved experts, dense width and shared expert gave 778e9 for a 400e9 model.
    struct Case {
        const char* file;
        double published;
        double activePublished;
        bool gated;
    };
    for (const Case& c :
        {Case {"gpt2.config.json", 124439808, 0, false}, Case {"gpt2-xl.config.json", 1557611200, 0, false},
            Case {"opt-1.3b.config.json", 1315758080, 0, false}, Case {"falcon-7b.config.json", 6921720704, 0, false},
            Case {"phi-2.config.json", 2779683840, 0, false}, Case {"llama-4-scout.config.json", 109e9, 17e9, true},
            Case {"llama-4-maverick.config.json", 400e9, 17e9, true}}) {
        const ModelSpec m = written(c.file);
        EXPECT_NEAR(m.parameters, c.published, 0.02 * c.published) << c.file;
        EXPECT_EQ(m.gatedMlp, c.gated) << c.file;
        if (c.activePublished > 0) {
            ASSERT_TRUE(m.activeParameters) << c.file;
            EXPECT_NEAR(*m.activeParameters, c.activePublished, 0.02 * c.activePublished) << c.file;
        }
    }
    const ModelSpec gpt2 = written("gpt2.config.json");
    EXPECT_EQ(gpt2.intermediateSize, 4 * 768) << "n_inner null: 4 x n_embd";
    EXPECT_TRUE(gpt2.tiedEmbeddings) << "Hugging Face's default";
    EXPECT_EQ(gpt2.positionEmbeddings, 1024);
    EXPECT_EQ(written("falcon-7b.config.json").kvHeads, 1) << "multi_query";
    const ModelSpec maverick = written("llama-4-maverick.config.json");
    EXPECT_EQ(maverick.moeLayers(), 24) << "experts on every other layer";
    EXPECT_EQ(maverick.intermediateSize, 16384) << "the dense layers' width";
    EXPECT_EQ(maverick.expertWidth(), 8192);
    EXPECT_EQ(maverick.sharedExperts, 1);
    EXPECT_EQ(maverick.slidingWindow, 8192) << "chunked attention on three layers of four";
    EXPECT_EQ(maverick.slidingLayers, 36);
    // A decode step of one token: 2 FLOPs per active weight used in a product (all but the
    // embedding's lookup), plus attention over an empty cache: within 1 %.
    LlmInputs in = inputs(maverick, Precision::BF16);
    const double products = *maverick.activeParameters - 5120.0 * 202048;
    EXPECT_NEAR(decodeCost(in).flops, 2.0 * products, 0.01 * 2.0 * products);
}

TEST(HfConfig, AFieldThatChangesTheShapeAndIsNotReadIsRefusedByName)
{
    const std::string base = R"("hidden_size": 2048, "num_hidden_layers": 24, "num_attention_heads": 16,
        "intermediate_size": 8192, "vocab_size": 32000)";
    for (const auto& [extra, says] :
        std::vector<std::pair<std::string, std::string>> {
            {R"("top_k_experts": 8)", "field 'top_k_experts' changes the layers' shape"},
            {R"("global_head_dim": 256)", "field 'global_head_dim' changes the layers' shape"},
            {R"("num_kv_shared_layers": 10)", "field 'num_kv_shared_layers'"},
            {R"("layer_types": ["linear_attention", "full_attention"])", "'linear_attention' layers are not supported"},
            {R"("num_experts": 8, "num_experts_per_tok": 2, "decoder_sparse_step": 2)", "'decoder_sparse_step'"},
            {R"("mlp_only_layers": [0, 3])", "'mlp_only_layers'"}}) {
        auto m = parseHfConfig("{" + base + ", " + extra + "}", "c.json", "c", "c");
        ASSERT_FALSE(m.ok()) << extra;
        EXPECT_NE(m.error().message.find(says), std::string::npos) << extra << ": " << m.error().message;
    }
    // Qwen2-MoE's shared expert is a whole number of experts wide: read as that many.
    auto qwen
        = parseHfConfig("{" + base + R"(, "num_experts": 60, "num_experts_per_tok": 4, "moe_intermediate_size": 1408,
        "shared_expert_intermediate_size": 5632})",
            "c.json", "c", "c");
    ASSERT_TRUE(qwen.ok()) << qwen.error().message;
    EXPECT_EQ(qwen->sharedExperts, 4);
}

TEST(HfConfig, AStepsTimeIsTheSumOfItsLayersBoundsNotOneRoof)
{
    // The lesson: "the end-to-end time is a sum, not one roof". A prefill's projections are
    // compute-bound and its norms, softmax and residual adds memory-bound; one roof over the
    // summed work hid the memory-bound layers under the others' compute (12-18 % low).
    const Roofline fp8 = makeRoofline(hw("h100-sxm5"), Precision::FP8).value();
    LlmInputs in = inputs(config("Llama-3.1-8B.config.json"), Precision::FP8, 512);
    in.prompt = 2048;
    const PhaseResult r = evaluatePhase(prefillCost(in), fp8, 512);
    double sum = 0.0;
    bool compute = false, memory = false;
    for (const LayerCost& row : r.cost.layers) {
        const double c = row.flops / fp8.peakFlops, m = row.bytes / fp8.bandwidth;
        sum += std::max(c, m);
        (c >= m ? compute : memory) = true;
    }
    ASSERT_TRUE(compute && memory) << "a step of both regimes";
    EXPECT_NEAR(r.timeLowerBound, sum, sum * 1e-12);
    EXPECT_NEAR(r.overlappedTime, std::max(r.computeTime, r.memoryTime), 1e-15);
    EXPECT_GT(r.timeLowerBound, 1.05 * r.overlappedTime) << "the memory-bound layers add their time";
    // A step whose layers all sit on one side of the ridge reads the same either way: the
    // lesson's decode of a 70e9-parameter model, FP8 on an H100: 70 GB / 3.35 TB/s = 20.9 ms.
    LlmInputs lesson;
    lesson.model = modelFromParameters(70e9);
    lesson.weightPrecision = lesson.kvPrecision = Precision::FP8;
    const PhaseResult d = evaluatePhase(decodeCost(lesson), fp8, 1);
    EXPECT_NEAR(d.timeLowerBound, 70e9 / 3.35e12, 1e-6);
    EXPECT_DOUBLE_EQ(d.timeLowerBound, d.overlappedTime);
}

TEST(HfConfig, TheAllReducesAddOrRunUnderTheComputeAndTheLinkSaysItsLatency)
{
    // Llama-3.1-70B, bf16, batch 16 on 8 H100s: the link's time adds to the layers' by default;
    // overlapped (the JAX scaling book's convention) the step takes the longer of the two.
    LlmInputs in = inputs(config("Llama-3.1-70B.config.json"), Precision::BF16, 16, 4096);
    in.chips = 8;
    in.linkBandwidth = 900e9;
    const Roofline bf16 = makeRoofline(hw("h100-sxm5"), Precision::BF16).value();
    const PhaseResult adds = evaluatePhase(decodeCost(in), bf16, 16);
    in.overlapAllReduce = true;
    const PhaseResult under = evaluatePhase(decodeCost(in), bf16, 16);
    ASSERT_GT(adds.linkTime, 0.0);
    EXPECT_NEAR(adds.timeLowerBound - under.timeLowerBound, adds.linkTime, 1e-12)
        << "the layers take longer than the link here, so overlapping hides all of it";
    EXPECT_NEAR(under.timeLowerBound, std::max(adds.timeLowerBound - adds.linkTime, adds.linkTime), 1e-12);
    // A profile's interconnect latency is the collectives' (5 us without one): 160 of them a step.
    HardwareProfile part = hw("h100-sxm5");
    part.interconnect->latency = 10e-6;
    LlmSettings s;
    s.model = "llama-3.1-70b";
    s.chips = 8;
    const auto a = analyzeLlm(s, part, bf16, {config("Llama-3.1-70B.config.json")}, nullptr);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_DOUBLE_EQ(a->inputs.collectiveLatency, 10e-6);
    const auto b = analyzeLlm(s, hw("h100-sxm5"), bf16, {config("Llama-3.1-70B.config.json")}, nullptr);
    EXPECT_NEAR(a->decode.linkTime - b->decode.linkTime, 160 * 5e-6, 1e-12);
}

TEST(HfConfig, UnfusedPrefillAttentionWritesAndReadsTheScoreMatrix)
{
    // Llama-3.1-8B, one 2048-token prompt: 2048 x 2049 / 2 causal pairs a head, 32 heads, 32
    // layers = 2.148e9 scores; unfused, QK^T writes them, the softmax reads and writes them and
    // PV reads them: 4 x 2 B each, 17.2 GB more; the FLOPs do not change.
    LlmInputs fused = inputs(config("Llama-3.1-8B.config.json"), Precision::BF16);
    fused.prompt = 2048;
    LlmInputs unfused = fused;
    unfused.fusedPrefillAttention = false;
    const PhaseCost a = prefillCost(fused), b = prefillCost(unfused);
    const double scores = 2048.0 * 2049 / 2 * 32 * 32;
    EXPECT_NEAR(b.bytes - a.bytes, 4 * 2.0 * scores, 1.0);
    EXPECT_NEAR(b.flops, a.flops, a.flops * 1e-12);
    EXPECT_DOUBLE_EQ(b.kvBytes, a.kvBytes) << "the cache is read as before";
    EXPECT_TRUE(std::any_of(b.layers.begin(), b.layers.end(), [](const LayerCost& r) { return r.name == "softmax"; }));
}
