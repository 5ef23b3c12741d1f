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

// The per-layer rows that attention does not change between phases.
void projections(PhaseCost& c, const LlmInputs& in, double tokens)
{
    const ModelSpec& m = in.model;
    const double L = m.layers, H = m.hiddenSize, hd = m.headDim;
    const double bpw = in.weightBytes(), ab = in.activationBytes, bkv = in.kvBytes();
    const double q = m.heads * hd, kv = m.kvHeads * hd;
    add(c, scaled(linear("q_proj", tokens, H, q, bpw, ab), L));
    for (const char* name : {"k_proj", "v_proj"}) {
        LayerCost r = linear(name, tokens, H, kv, bpw, ab);
        r.kvBytes = tokens * kv * bkv; // the new keys / values written to the cache
        r.bytes += r.kvBytes;
        add(c, scaled(r, L));
    }
}

void mlpRows(PhaseCost& c, const LlmInputs& in, double tokens, double expertsRead)
{
    const ModelSpec& m = in.model;
    const double L = m.layers, H = m.hiddenSize, I = m.intermediateSize;
    const double bpw = in.weightBytes(), ab = in.activationBytes;
    const double k = m.expertsPerToken;
    if (m.experts > 1)
        add(c, scaled(linear("router", tokens, H, m.experts, bpw, ab), L));
    if (m.gatedMlp)
        add(c, scaled(linear("mlp_gate", tokens, H, I, bpw, ab, expertsRead, k), L));
    add(c, scaled(linear("mlp_up", tokens, H, I, bpw, ab, expertsRead, k), L));
    add(c, scaled(linear("mlp_down", tokens, I, H, bpw, ab, expertsRead, k), L));
}

void normsAndHead(PhaseCost& c, const LlmInputs& in, double tokens, double headTokens)
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
    add(c, linear("lm_head", headTokens, H, m.vocabSize, in.weightBytes(), ab));
}

// Distinct experts whose weights a step reads: every token picks k of E.
double expertsTouched(const ModelSpec& m, double tokens)
{
    return std::min(static_cast<double>(m.experts), tokens * m.expertsPerToken);
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
        return c;
    }
    const double L = m.layers, hd = m.headDim, ab = in.activationBytes, bkv = in.kvBytes();
    const double len = static_cast<double>(std::max(0, in.context)) + 1.0; // keys / values attended to
    projections(c, in, b);
    LayerCost score;
    score.name = "attn_score";
    score.flops = 2.0 * b * m.heads * hd * len;
    score.kvBytes = b * len * m.kvHeads * hd * bkv; // read the keys
    score.bytes = score.kvBytes + b * m.heads * hd * ab + b * m.heads * len * ab;
    add(c, scaled(score, L));
    LayerCost softmax;
    softmax.name = "softmax";
    softmax.flops = 5.0 * b * m.heads * len;
    softmax.bytes = 2.0 * b * m.heads * len * ab;
    add(c, scaled(softmax, L));
    LayerCost value;
    value.name = "attn_value";
    value.flops = 2.0 * b * m.heads * hd * len;
    value.kvBytes = b * len * m.kvHeads * hd * bkv; // read the values
    value.bytes = value.kvBytes + b * m.heads * len * ab + b * m.heads * hd * ab;
    add(c, scaled(value, L));
    add(c, scaled(linear("o_proj", b, m.heads * hd, m.hiddenSize, in.weightBytes(), ab), L));
    mlpRows(c, in, b, expertsTouched(m, b));
    normsAndHead(c, in, b, b);
    return c;
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
        return c;
    }
    const double L = m.layers, hd = m.headDim, ab = in.activationBytes, bkv = in.kvBytes();
    projections(c, in, tokens);
    // Causal attention as one fused (FlashAttention-style) kernel: s(s+1)/2 query-key pairs per
    // head for QK^T and again for PV, softmax ~5 FLOPs per pair; Q, K, V read once, O written once.
    LayerCost attn;
    attn.name = "attention (fused)";
    const double pairs = b * m.heads * s * (s + 1.0) / 2.0;
    attn.flops = 2.0 * 2.0 * pairs * hd + 5.0 * pairs;
    attn.kvBytes = 2.0 * tokens * m.kvHeads * hd * bkv;
    attn.bytes = attn.kvBytes + 2.0 * tokens * m.heads * hd * ab;
    add(c, scaled(attn, L));
    add(c, scaled(linear("o_proj", tokens, m.heads * hd, m.hiddenSize, in.weightBytes(), ab), L));
    mlpRows(c, in, tokens, expertsTouched(m, tokens));
    normsAndHead(c, in, tokens, b); // logits for the last token of each sequence only
    return c;
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
    r.timeLowerBound = timeLowerBound(k, r.placement);
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
