// SPDX-License-Identifier: MIT
#include "core/llm/llm_workload.h"

#include "core/model/units.h"

#include <algorithm>
#include <cmath>

namespace roofline {
namespace {

void add(PhaseCost& c, LayerCost row)
{
    c.flops += row.flops;
    c.bytes += row.bytes;
    c.weightBytes += row.weightBytes;
    c.kvBytes += row.kvBytes;
    c.layers.push_back(std::move(row));
}

// tokens x (in -> out): 2 FLOPs per multiply-add; the weights are read once for all tokens.
LayerCost linear(const std::string& name, double tokens, double in, double out, double bpw, double ab,
    double weightCopies = 1.0, double flopCopies = 1.0)
{
    LayerCost r;
    r.name = name;
    r.flops = 2.0 * tokens * in * out * flopCopies;
    r.weightBytes = in * out * bpw * weightCopies;
    r.bytes = r.weightBytes + tokens * (in + out) * ab * flopCopies;
    return r;
}

LayerCost scaled(LayerCost r, double layers)
{
    r.flops *= layers;
    r.bytes *= layers;
    r.weightBytes *= layers;
    r.kvBytes *= layers;
    return r;
}

// A projection whose output is the KV cache: read the input, write the keys (or values, or
// MLA latent) once, as the cache (not again as an activation).
LayerCost cacheWrite(const std::string& name, double tokens, double in, double out, double bpw, double ab, double bkv)
{
    LayerCost r = linear(name, tokens, in, out, bpw, ab);
    r.kvBytes = tokens * out * bkv;
    r.bytes = r.weightBytes + tokens * in * ab + r.kvBytes;
    return r;
}

// The rows before attention: the query, key and value projections (MLA: the query's low-rank
// pair and the shared latent, whose output is the cache).
void projections(PhaseCost& c, const LlmInputs& in, double tokens)
{
    const ModelSpec& m = in.model;
    const double L = m.layers, H = m.hiddenSize, hd = m.headDim;
    const double bpw = in.weightBytes(), ab = in.activationBytes, bkv = in.kvBytes();
    if (m.latentAttention()) {
        const double qk = m.qkNopeHeadDim + m.qkRopeHeadDim;
        if (m.qLoraRank > 0) {
            add(c, scaled(linear("q_a_proj", tokens, H, m.qLoraRank, bpw, ab), L));
            add(c, scaled(linear("q_b_proj", tokens, m.qLoraRank, m.heads * qk, bpw, ab), L));
        } else {
            add(c, scaled(linear("q_proj", tokens, H, m.heads * qk, bpw, ab), L));
        }
        add(c,
            scaled(cacheWrite("kv_a_proj (latent cache)", tokens, H, m.kvLoraRank + m.qkRopeHeadDim, bpw, ab, bkv), L));
        return;
    }
    const double q = m.heads * hd, kv = m.kvHeads * hd;
    add(c, scaled(linear("q_proj", tokens, H, q, bpw, ab), L));
    for (const char* name : {"k_proj", "v_proj"})
        add(c, scaled(cacheWrite(name, tokens, H, kv, bpw, ab, bkv), L));
}

// The rows after attention: the output projection and, for MLA, the latent's up-projection
// (absorbed into the query and the output at decode, as serving engines run it).
void outputProjection(PhaseCost& c, const LlmInputs& in, double tokens)
{
    const ModelSpec& m = in.model;
    const double L = m.layers, bpw = in.weightBytes(), ab = in.activationBytes;
    const double vOut = m.latentAttention() ? m.vHeadDim : m.headDim;
    add(c, scaled(linear("o_proj", tokens, m.heads * vOut, m.hiddenSize, bpw, ab), L));
}

// One layer kind's MLP rows: gate (gated MLPs), up and down of `width`, `copies` matrices of
// weights read and `uses` applied per token.
void mlpTriple(PhaseCost& c, const LlmInputs& in, const std::string& prefix, double tokens, double width, double copies,
    double uses, double layers)
{
    if (layers <= 0 || width <= 0)
        return;
    const double H = in.model.hiddenSize, bpw = in.weightBytes(), ab = in.activationBytes;
    if (in.model.gatedMlp)
        add(c, scaled(linear(prefix + "gate", tokens, H, width, bpw, ab, copies, uses), layers));
    add(c, scaled(linear(prefix + "up", tokens, H, width, bpw, ab, copies, uses), layers));
    // The activation (SiLU of the gate times up): read both, write one; ~5 FLOPs an element.
    LayerCost act;
    act.name = prefix + "act";
    const double elements = tokens * width * uses;
    act.flops = 5.0 * elements;
    act.bytes = (in.model.gatedMlp ? 3.0 : 2.0) * elements * ab;
    add(c, scaled(act, layers));
    add(c, scaled(linear(prefix + "down", tokens, width, H, bpw, ab, copies, uses), layers));
}

void mlpRows(PhaseCost& c, const LlmInputs& in, double tokens)
{
    const ModelSpec& m = in.model;
    if (!m.mixtureOfExperts()) {
        mlpTriple(c, in, "mlp_", tokens, m.intermediateSize, 1.0, 1.0, m.layers);
        return;
    }
    const double moeLayers = m.moeLayers();
    mlpTriple(c, in, "dense_mlp_", tokens, m.intermediateSize, 1.0, 1.0, m.layers - moeLayers);
    add(c, scaled(linear("router", tokens, m.hiddenSize, m.experts, in.weightBytes(), in.activationBytes), moeLayers));
    mlpTriple(c, in, "mlp_", tokens, m.expertWidth(), expectedExpertsRead(m, tokens), m.expertsPerToken, moeLayers);
    mlpTriple(c, in, "shared_expert_", tokens, double(m.expertWidth()) * m.sharedExperts, 1.0, 1.0, moeLayers);
}

void normsResidualsAndHead(PhaseCost& c, const LlmInputs& in, double tokens, double headTokens)
{
    const ModelSpec& m = in.model;
    const double L = m.layers, H = m.hiddenSize, ab = in.activationBytes;
    LayerCost norms;
    norms.name = "norms";
    // Two RMSNorms per layer: ~4 FLOPs per element; read and write the activations, read the scale.
    norms.flops = 2.0 * 4.0 * tokens * H;
    norms.weightBytes = 2.0 * H * ab;
    norms.bytes = 2.0 * 2.0 * tokens * H * ab + norms.weightBytes;
    add(c, scaled(norms, L));
    // Two residual adds per layer (after attention, after the MLP): read two, write one.
    LayerCost residual;
    residual.name = "residual adds";
    residual.flops = 2.0 * tokens * H;
    residual.bytes = 2.0 * 3.0 * tokens * H * ab;
    add(c, scaled(residual, L));
    add(c, linear("lm_head", headTokens, H, m.vocabSize, in.weightBytes(), ab));
}

// Layers of each attention kind and the tokens a query attends to in it: sliding-window layers
// see at most the window.
struct AttentionSpan {
    double layers;
    double keys;
    const char* suffix;
};
std::vector<AttentionSpan> decodeSpans(const ModelSpec& m, double len)
{
    const double sliding = m.slidingWindow > 0 ? m.slidingLayers : 0;
    std::vector<AttentionSpan> out;
    if (m.layers - sliding > 0)
        out.push_back({m.layers - sliding, len, ""});
    if (sliding > 0)
        out.push_back({sliding, std::min(len, double(m.slidingWindow)), ", sliding window"});
    return out;
}

// Decode attention for `keys` cached tokens per sequence: fused (one kernel, the cache read
// once) or unfused (scores and probabilities written and read back).
void decodeAttention(PhaseCost& c, const LlmInputs& in, double b, const AttentionSpan& span)
{
    const ModelSpec& m = in.model;
    const double ab = in.activationBytes, bkv = in.kvBytes(), n = span.keys, heads = m.heads;
    // Per head and key: the score's dot product and the value's weighted sum (MLA, absorbed:
    // over the latent and the rotary key, and the latent again).
    const double scoreDim = m.latentAttention() ? m.kvLoraRank + m.qkRopeHeadDim : m.headDim;
    const double valueDim = m.latentAttention() ? m.kvLoraRank : m.headDim;
    const double cachePerToken = m.latentAttention() ? m.kvLoraRank + m.qkRopeHeadDim : 2.0 * m.kvHeads * m.headDim;
    const double qIn = b * heads * scoreDim * ab, oOut = b * heads * valueDim * ab;
    const std::string suffix = span.suffix;
    if (in.fusedDecodeAttention) {
        LayerCost a;
        a.name = "attention (fused" + suffix + ")";
        a.flops = 2.0 * b * heads * (scoreDim + valueDim) * n + 5.0 * b * heads * n;
        a.kvBytes = b * n * cachePerToken * bkv;
        a.bytes = a.kvBytes + qIn + oOut;
        add(c, scaled(a, span.layers));
        return;
    }
    const double half = b * n * cachePerToken * bkv / (m.latentAttention() ? 1.0 : 2.0); // keys (MLA: the latent)
    LayerCost score;
    score.name = "attn_score" + suffix;
    score.flops = 2.0 * b * heads * scoreDim * n;
    score.kvBytes = half;
    score.bytes = score.kvBytes + qIn + b * heads * n * ab;
    add(c, scaled(score, span.layers));
    LayerCost softmax;
    softmax.name = "softmax" + suffix;
    softmax.flops = 5.0 * b * heads * n;
    softmax.bytes = 2.0 * b * heads * n * ab;
    add(c, scaled(softmax, span.layers));
    LayerCost value;
    value.name = "attn_value" + suffix;
    value.flops = 2.0 * b * heads * valueDim * n;
    value.kvBytes = half; // the values (MLA: the latent again)
    value.bytes = value.kvBytes + b * heads * n * ab + oOut;
    add(c, scaled(value, span.layers));
}

// Prefill attention as three kernels, as LLM-Viewer and GenZ count it: QK^T writes the scores of
// every pair, the softmax reads and writes them, PV reads the probabilities (BF16 each time).
void unfusedPrefillAttention(
    PhaseCost& c, const LlmInputs& in, double tokens, double pairs, double kv, const AttentionSpan& span)
{
    const ModelSpec& m = in.model;
    const double ab = in.activationBytes;
    const double qk = m.latentAttention() ? m.qkNopeHeadDim + m.qkRopeHeadDim : m.headDim;
    const double vd = m.latentAttention() ? m.vHeadDim : m.headDim;
    const double matrix = pairs * ab;
    LayerCost score;
    score.name = std::string("attn_score") + span.suffix;
    score.flops = 2.0 * pairs * qk;
    score.kvBytes = m.latentAttention() ? 0.0 : kv / 2.0; // the keys
    score.bytes = kv / 2.0 + tokens * m.heads * qk * ab + matrix;
    add(c, scaled(score, span.layers));
    LayerCost softmax;
    softmax.name = std::string("softmax") + span.suffix;
    softmax.flops = 5.0 * pairs;
    softmax.bytes = 2.0 * matrix;
    add(c, scaled(softmax, span.layers));
    LayerCost value;
    value.name = std::string("attn_value") + span.suffix;
    value.flops = 2.0 * pairs * vd;
    value.kvBytes = m.latentAttention() ? 0.0 : kv / 2.0; // the values
    value.bytes = kv / 2.0 + matrix + tokens * m.heads * vd * ab;
    add(c, scaled(value, span.layers));
}

// MLA at decode: the latent's up-projection absorbed into the query (nope part) and the output
// (value part): its weights are read once, applied per head.
void absorbedLatent(PhaseCost& c, const LlmInputs& in, double b)
{
    const ModelSpec& m = in.model;
    LayerCost r;
    r.name = "kv_b_proj (absorbed)";
    const double perHead = double(m.kvLoraRank) * (m.qkNopeHeadDim + m.vHeadDim);
    r.flops = 2.0 * b * m.heads * perHead;
    r.weightBytes = m.heads * perHead * in.weightBytes();
    r.bytes = r.weightBytes + b * m.heads * (m.qkNopeHeadDim + m.kvLoraRank * 2.0 + m.vHeadDim) * in.activationBytes;
    add(c, scaled(r, m.layers));
}

// A model given only by its size (the lesson's): 2 FLOPs per parameter per token, and every
// weight read once per step, whatever the number of tokens.
LayerCost allWeights(const LlmInputs& in, double tokens)
{
    LayerCost all;
    all.name = "all weights";
    all.flops = 2.0 * in.model.parametersPerToken() * tokens;
    all.weightBytes = in.model.parameters * in.weightBytes();
    all.bytes = all.weightBytes;
    return all;
}

// A parameters-only model with a KV cache given per token: the step reads `read` tokens' worth
// per sequence and writes `written` tokens' worth.
void addGivenKvCache(PhaseCost& c, const LlmInputs& in, double sequences, double read, double written)
{
    if (in.kvBytesPerToken <= 0)
        return;
    LayerCost kv;
    kv.name = "KV cache";
    kv.kvBytes = (sequences * read + written) * in.kvBytesPerToken;
    kv.bytes = kv.kvBytes;
    add(c, kv);
}

// One chip's share under tensor parallelism: the matrix work, its weights and the cache split
// over the chips (norms and residual adds run on every chip's copy of the activations); two
// ring all-reduces of T x H activations per layer, each chip sending 2 (N-1)/N of the message.
PhaseCost shard(PhaseCost c, const LlmInputs& in, double tokens)
{
    c.computeEfficiency = in.computeEfficiency;
    c.memoryEfficiency = in.memoryEfficiency;
    const int n = std::max(1, in.chips);
    c.chips = n;
    if (n == 1)
        return c;
    c.flops = c.bytes = c.weightBytes = c.kvBytes = 0.0;
    const double kvShare = in.kvShare();
    for (LayerCost& r : c.layers) {
        if (r.name != "norms" && r.name != "residual adds") {
            r.flops /= n;
            r.bytes = (r.bytes - r.kvBytes) / n + r.kvBytes * kvShare;
            r.weightBytes /= n;
            r.kvBytes *= kvShare;
        }
        c.flops += r.flops;
        c.bytes += r.bytes;
        c.weightBytes += r.weightBytes;
        c.kvBytes += r.kvBytes;
    }
    const double layers = std::max(1, in.model.layers), collectives = 2.0 * layers;
    const double message = tokens * std::max(1, in.model.hiddenSize) * in.activationBytes;
    c.linkBytes = collectives * 2.0 * (n - 1.0) / n * message;
    const double perDirection = in.linkBandwidth / 2.0;
    c.linkTime = (perDirection > 0 ? c.linkBytes / perDirection : 0.0) + collectives * in.collectiveLatency;
    c.linkOverlapped = in.overlapAllReduce;
    return c;
}

// Query-key pairs of a causal prompt of s tokens per head, each query seeing at most `window`
// keys (0: all before it).
double causalPairs(double s, double window)
{
    if (window <= 0 || window >= s)
        return s * (s + 1.0) / 2.0;
    return window * (window + 1.0) / 2.0 + (s - window) * window;
}

} // namespace

PhaseCost decodeCost(const LlmInputs& in)
{
    PhaseCost c;
    c.phase = "decode";
    const double b = std::max(1, in.batch);
    c.tokens = b;
    const ModelSpec& m = in.model;
    if (!m.hasArchitecture()) {
        add(c, allWeights(in, b));
        addGivenKvCache(c, in, b, in.context + 1.0, b);
        return shard(c, in, b);
    }
    const double len = static_cast<double>(std::max(0, in.context)) + 1.0; // keys / values attended to
    projections(c, in, b);
    if (m.latentAttention())
        absorbedLatent(c, in, b);
    for (const AttentionSpan& span : decodeSpans(m, len))
        decodeAttention(c, in, b, span);
    outputProjection(c, in, b);
    mlpRows(c, in, b);
    normsResidualsAndHead(c, in, b, b);
    return shard(c, in, b);
}

PhaseCost prefillCost(const LlmInputs& in)
{
    PhaseCost c;
    c.phase = "prefill";
    const double b = std::max(1, in.batch);
    const double s = std::max(1, in.prompt);
    const double tokens = b * s;
    c.tokens = tokens;
    const ModelSpec& m = in.model;
    if (!m.hasArchitecture()) {
        add(c, allWeights(in, tokens));
        addGivenKvCache(c, in, b, 0.0, tokens);
        return shard(c, in, tokens);
    }
    const double ab = in.activationBytes, bkv = in.kvBytes();
    projections(c, in, tokens);
    // MLA: the latent is expanded to keys and values per head for the prompt (not absorbed).
    const double qk = m.latentAttention() ? m.qkNopeHeadDim + m.qkRopeHeadDim : m.headDim;
    const double vd = m.latentAttention() ? m.vHeadDim : m.headDim;
    if (m.latentAttention())
        add(c,
            scaled(linear("kv_b_proj", tokens, m.kvLoraRank, double(m.heads) * (m.qkNopeHeadDim + m.vHeadDim),
                       in.weightBytes(), ab),
                m.layers));
    // Causal attention as one fused (FlashAttention-style) kernel: QK^T and PV over the pairs,
    // softmax ~5 FLOPs per pair; Q, K, V read once, O written once.
    for (const AttentionSpan& span : decodeSpans(m, s)) {
        const double pairs = in.causalPrefill ? b * m.heads * causalPairs(s, span.keys < s ? span.keys : 0.0)
                                              : b * m.heads * s * std::min(s, span.keys);
        const double kv = m.latentAttention() ? tokens * m.heads * (qk + vd) * ab // expanded per head
                                              : 2.0 * tokens * m.kvHeads * m.headDim * bkv; // the cache
        if (!in.fusedPrefillAttention) {
            unfusedPrefillAttention(c, in, tokens, pairs, kv, span);
            continue;
        }
        LayerCost attn;
        attn.name = std::string("attention (fused") + span.suffix + ")";
        attn.flops = 2.0 * pairs * (qk + vd) + 5.0 * pairs;
        attn.kvBytes = m.latentAttention() ? 0.0 : kv;
        attn.bytes = kv + tokens * m.heads * (qk + vd) * ab;
        add(c, scaled(attn, span.layers));
    }
    outputProjection(c, in, tokens);
    mlpRows(c, in, tokens);
    normsResidualsAndHead(c, in, tokens, b); // logits for the last token of each sequence only
    return shard(c, in, tokens);
}

PhaseResult evaluatePhase(const PhaseCost& cost, const Roofline& roof, int batch)
{
    PhaseResult r;
    r.cost = cost;
    Kernel k;
    k.name = cost.phase;
    k.flops = cost.flops;
    k.bytes = cost.bytes;
    k.group = "llm";
    r.placement = analyze(k, roof);
    // The layers run one after another, so the step's bound is the sum of each layer's own
    // (its FLOPs or its bytes, whichever takes longer: the lesson's "the end-to-end time is a
    // sum, not one roof"), plus the all-reduces: tensor parallel's collectives sit between a
    // layer's matrix products, so they add. One roof over the summed work is the time were every
    // layer's compute hidden under another's memory traffic.
    const double peak = roof.peakFlops * cost.computeEfficiency, bandwidth = roof.bandwidth * cost.memoryEfficiency;
    r.computeTime = cost.flops / peak;
    r.memoryTime = cost.bytes / bandwidth;
    r.linkTime = cost.linkTime;
    double layers = 0.0;
    for (const LayerCost& row : cost.layers)
        layers += std::max(row.flops / peak, row.bytes / bandwidth);
    const double work = cost.layers.empty() ? std::max(r.computeTime, r.memoryTime) : layers;
    const auto withLink = [&](double t) { return cost.linkOverlapped ? std::max(t, r.linkTime) : t + r.linkTime; };
    r.overlappedTime = withLink(std::max(r.computeTime, r.memoryTime));
    r.timeLowerBound = withLink(work);
    r.bound = r.linkTime > std::max(r.computeTime, r.memoryTime) ? "link"
        : r.computeTime >= r.memoryTime                          ? "compute"
                                                                 : "memory";
    const double t = r.timeLowerBound;
    r.tokensPerSecond = cost.tokens / t;
    r.tokensPerSecondPerStream = r.tokensPerSecond / std::max(1, batch);
    r.weightFraction = cost.weightBytes / cost.bytes;
    r.kvFraction = cost.kvBytes / cost.bytes;
    return r;
}

std::optional<Precision> quantizeStep(Precision p)
{
    switch (p) {
    case Precision::FP64:
        return Precision::FP32;
    case Precision::FP32:
    case Precision::TF32:
        return Precision::BF16;
    case Precision::BF16:
    case Precision::FP16:
        return Precision::FP8;
    case Precision::FP8:
    case Precision::INT8:
    case Precision::FP6:
        return Precision::FP4;
    case Precision::FP4:
        return std::nullopt;
    }
    return std::nullopt;
}

std::vector<LlmLever> decodeLevers(const LlmInputs& in, const HardwareProfile& hw, const Roofline& roof,
    int batchFactor, const HardwareProfile* faster)
{
    std::vector<LlmLever> out;
    const PhaseResult base = evaluatePhase(decodeCost(in), roof, in.batch);
    const PlotXY from {base.placement.intensity, base.placement.roof()};
    auto fmt = [](double x) { return formatNumber(x, 2) + "x"; };
    if (batchFactor > 1) {
        LlmInputs b = in;
        b.batch = in.batch * batchFactor;
        const PhaseResult r = evaluatePhase(decodeCost(b), roof, b.batch);
        const double s = r.tokensPerSecond / base.tokensPerSecond;
        out.push_back({"batch x" + std::to_string(batchFactor) + ": " + fmt(s) + " tokens/s", from,
            {r.placement.intensity, r.placement.roof()}, s});
    }
    if (auto lower = quantizeStep(in.weightPrecision); lower && !in.bytesPerWeight) {
        LlmInputs q = in;
        q.weightPrecision = *lower;
        const PhaseResult r = evaluatePhase(decodeCost(q), roof, q.batch);
        const double s = r.tokensPerSecond / base.tokensPerSecond;
        out.push_back(
            {precisionLabel(*lower) + " weights: " + fmt(s), from, {r.placement.intensity, r.placement.roof()}, s});
    }
    if (faster && faster->id != hw.id) {
        const Precision p = faster->hasPrecision(roof.precision) ? roof.precision : faster->defaultPrecision();
        if (auto other = makeRoofline(*faster, p, 0, roof.kind)) {
            const PhaseResult r = evaluatePhase(decodeCost(in), other.value(), in.batch);
            const double s = r.tokensPerSecond / base.tokensPerSecond;
            // "NVIDIA B200 (HGX/DGX B200, per GPU)" -> "NVIDIA B200"
            const std::string shortName = faster->name.substr(0, faster->name.find(" ("));
            out.push_back({shortName + ": " + fmt(s), from, {r.placement.intensity, r.placement.roof()}, s});
        }
    }
    return out;
}

std::vector<PlotXY> decodeTrajectory(const LlmInputs& in, const Roofline& roof)
{
    std::vector<PlotXY> pts;
    for (int b = 1; b <= 1024; b *= 2) {
        LlmInputs x = in;
        x.batch = b;
        const PhaseResult r = evaluatePhase(decodeCost(x), roof, b);
        pts.push_back({r.placement.intensity, r.placement.roof()});
    }
    return pts;
}

} // namespace roofline

namespace roofline {

double LlmInputs::kvShare() const
{
    const int n = std::max(1, chips);
    if (model.latentAttention())
        return 1.0;
    if (!model.hasArchitecture() || model.kvHeads <= 0)
        return 1.0 / n;
    const int heads = model.kvHeads;
    return double((heads + n - 1) / n) / heads; // the busiest chip's heads
}

double expectedExpertsRead(const ModelSpec& m, double tokens)
{
    if (m.experts <= 1)
        return 1.0;
    const double E = m.experts, k = m.expertsPerToken;
    return E * (1.0 - std::pow(1.0 - k / E, tokens));
}

MemoryNeeds memoryNeeds(const LlmInputs& in, const HardwareProfile& hw)
{
    const ModelSpec& m = in.model;
    MemoryNeeds n;
    const double chips = std::max(1, in.chips);
    n.weightBytes = m.parameters * in.weightBytes() / chips;
    // A sequence holds its prompt and the tokens decoded after it (the context), at least one.
    const double held = std::max(1, std::max(in.prompt, in.context + 1));
    double kvPerSequence = 0.0;
    for (const AttentionSpan& span : decodeSpans(m, held))
        kvPerSequence += span.layers * span.keys;
    kvPerSequence *= m.layers > 0 ? m.kvBytesPerToken(in.kvBytes()) / m.layers : 0.0;
    if (!m.hasArchitecture())
        kvPerSequence = held * in.kvBytesPerToken;
    kvPerSequence *= in.kvShare();
    // The activations of one layer for a prefill chunk: the residual stream, its normed copy and
    // the widest intermediate (the MLP's, or the routed experts' for each token).
    const double wide = m.mixtureOfExperts() ? double(m.expertWidth()) * m.expertsPerToken : m.intermediateSize;
    const double actPerSequence = std::max(1, in.prompt) * (2.0 * m.hiddenSize + wide) * in.activationBytes;
    const double b = std::max(1, in.batch);
    n.kvBytes = b * kvPerSequence;
    n.activationBytes = b * actPerSequence;
    n.capacityBytes = hw.mainMemory().capacity;
    if (!n.capacityBytes)
        return n;
    const double room = *n.capacityBytes - n.weightBytes;
    n.fits = n.weightBytes + n.kvBytes + n.activationBytes <= *n.capacityBytes;
    const double perSequence = kvPerSequence + actPerSequence;
    n.maxBatchKnown = room <= 0 || perSequence > 0;
    n.maxBatch = room <= 0 || !n.maxBatchKnown ? 0 : static_cast<int>(std::min(1e9, std::floor(room / perSequence)));
    return n;
}

std::optional<int> criticalBatch(const LlmInputs& in, const Roofline& roof)
{
    auto reaches = [&](int batch) {
        LlmInputs x = in;
        x.batch = batch;
        return evaluatePhase(decodeCost(x), roof, batch).placement.intensity >= roof.ridge();
    };
    constexpr int kMost = 1 << 20;
    int lo = 1, hi = 1;
    while (!reaches(hi)) {
        if (hi >= kMost)
            return std::nullopt;
        lo = hi;
        hi *= 2;
    }
    if (hi == 1)
        return 1;
    while (hi - lo > 1) { // reaches(hi), not reaches(lo)
        const int mid = lo + (hi - lo) / 2;
        (reaches(mid) ? hi : lo) = mid;
    }
    return hi;
}

} // namespace roofline
