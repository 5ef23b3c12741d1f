// SPDX-License-Identifier: MIT
// FLOPs and bytes of a transformer's decode step and prompt prefill, per layer type, and
// where each phase sits on the roofline. Every counting rule: docs/llm.md.
#pragma once

#include "core/analysis/roofline.h"
#include "core/llm/model_spec.h"
#include "core/model/geometry.h"
#include "core/model/hardware.h"

#include <optional>
#include <string>
#include <vector>

namespace roofline {

struct LlmInputs {
    ModelSpec model;
    Precision weightPrecision = Precision::BF16; ///< bytes per weight follow it (fp8 = 1, fp4 = 0.5)
    std::optional<double> bytesPerWeight; ///< overrides the precision's size
    /// Where the weights' size comes from when not from the options: "as stored: fp8, 128x128
    /// blocks" (the checkpoint's quantization_config); empty otherwise.
    std::string weightSource;
    Precision kvPrecision = Precision::BF16; ///< bytes per KV-cache element
    double activationBytes = 2.0; ///< activations stay BF16/FP16
    int batch = 1; ///< concurrent sequences
    int prompt = 2048; ///< prompt length (prefill tokens per sequence)
    int context = 0; ///< tokens already in the KV cache at a decode step
    /// Decode attention as serving engines run it (FlashDecoding, paged attention): one kernel
    /// that reads the cache once and writes no score matrix. false: scores and probabilities
    /// round-trip through memory, as some calculators count it.
    bool fusedDecodeAttention = true;
    /// Prefill attention masked causally (s(s+1)/2 query-key pairs a head); false: every pair, s^2,
    /// as calculators that ignore the mask count it.
    bool causalPrefill = true;
    /// Prefill attention as one kernel (FlashAttention); false: QK^T, softmax and PV apart, the
    /// score matrix written and read in BF16, as LLM-Viewer and GenZ count it.
    bool fusedPrefillAttention = true;
    /// Tensor parallel over `chips`: weights, KV cache and the matrix work split evenly; two
    /// all-reduces of the activations per layer over the link.
    int chips = 1;
    double linkBandwidth = 0.0; ///< byte/s, bidirectional total per chip (the profile's interconnect)
    std::string linkName;
    double collectiveLatency = 5e-6; ///< s per all-reduce (NCCL on NVLink: a few microseconds)
    bool overlapAllReduce = false; ///< the all-reduces run under the compute (LlmSettings)
    /// Fractions of the roof's peak and bandwidth a serving engine reaches (1: the roof's own).
    double computeEfficiency = 1.0, memoryEfficiency = 1.0;
    /// KV-cache bytes a token adds, for a model given only by its parameters (0: none counted).
    double kvBytesPerToken = 0.0;

    double weightBytes() const { return bytesPerWeight.value_or(bytesPerElement(weightPrecision)); }
    /// The share of the KV cache one chip holds under tensor parallelism: its KV heads (a head
    /// is not split, so past the KV heads' count chips hold copies: 8 heads on 16 chips, 1/8
    /// each); latent attention's cache is one latent all heads share, held whole by every chip;
    /// a model given by its parameters splits it evenly.
    double kvShare() const;
    double kvBytes() const { return bytesPerElement(kvPrecision); }
};

/// One row of the breakdown: a layer type summed over all layers (or the model-wide lm_head).
struct LayerCost {
    std::string name; ///< "q_proj", "attn_score", "mlp_down", "lm_head" ...
    double flops = 0.0;
    double bytes = 0.0; ///< weights + KV cache + activations
    double weightBytes = 0.0;
    double kvBytes = 0.0;
    friend bool operator==(const LayerCost& a, const LayerCost& b)
    {
        return a.name == b.name && a.flops == b.flops && a.bytes == b.bytes;
    }
};

struct PhaseCost {
    std::string phase; ///< "decode" or "prefill"
    double tokens = 0.0; ///< tokens produced (decode: batch) or processed (prefill: batch x prompt)
    double flops = 0.0;
    double bytes = 0.0;
    double weightBytes = 0.0;
    double kvBytes = 0.0;
    std::vector<LayerCost> layers; ///< rows that sum to the totals
    // With chips > 1 the figures above are one chip's; the all-reduces over the link:
    int chips = 1;
    double linkBytes = 0.0; ///< bytes one chip sends in the step's all-reduces
    double linkTime = 0.0; ///< s: the link's bytes at half its bidirectional bandwidth, and the latencies
    bool linkOverlapped = false; ///< the link's time runs under the layers' (else it adds)
    double computeEfficiency = 1.0, memoryEfficiency = 1.0;
};

/// One decode step for the whole batch (each sequence adds one token).
PhaseCost decodeCost(const LlmInputs& in);
/// The prefill of the prompt for the whole batch (an empty cache before it).
PhaseCost prefillCost(const LlmInputs& in);

struct PhaseResult {
    PhaseCost cost;
    Placement placement; ///< the phase as a kernel against the roof
    /// s: the phase's least time: each layer's bound (compute or memory, the longer), summed, and
    /// the link's time (docs/llm.md).
    double timeLowerBound = 0.0;
    /// s: one roof over the summed work, and the link: the time were every layer's compute hidden
    /// under another's memory traffic (at most timeLowerBound; equal when all layers share a regime).
    double overlappedTime = 0.0;
    double tokensPerSecond = 0.0; ///< total ceiling: tokens / time bound
    double tokensPerSecondPerStream = 0.0; ///< per sequence
    double weightFraction = 0.0; ///< share of the bytes that are weights
    double kvFraction = 0.0; ///< share that is KV cache
    double computeTime = 0.0, memoryTime = 0.0, linkTime = 0.0; ///< s: the terms of the time bound
    std::string bound; ///< "memory", "compute" or "link": the largest term
};

PhaseResult evaluatePhase(const PhaseCost& cost, const Roofline& roof, int batch);

/// A lever from the lesson applied to the decode step, as an arrow on the plot.
struct LlmLever {
    std::string label; ///< "batch x8: 8x tokens/s"
    PlotXY from;
    PlotXY to;
    double speedup = 1.0; ///< of the tokens/s ceiling
};

/// Batch x`batchFactor`, weights one precision step down (fp16/bf16 -> fp8 -> fp4), and the same
/// decode on `faster` (when given). Levers that do not apply (no lower precision) are left out.
std::vector<LlmLever> decodeLevers(const LlmInputs& in, const HardwareProfile& hw, const Roofline& roof,
    int batchFactor, const HardwareProfile* faster);

/// The next lower weight precision a quantization would use, if any.
std::optional<Precision> quantizeStep(Precision p);

/// Decode at batch 1, 2, 4 ... 1024: where the point goes as the batch grows.
std::vector<PlotXY> decodeTrajectory(const LlmInputs& in, const Roofline& roof);

/// Distinct experts a step of `tokens` tokens reads, each token routed to k of E experts
/// uniformly at random: E (1 - (1 - k/E)^tokens). k at one token, all E as tokens grow.
double expectedExpertsRead(const ModelSpec& m, double tokens);

/// What a batch holds in the memory of one chip: the weights, every sequence's KV cache (its
/// prompt and context) and the activations of a prefill chunk, against the part's capacity.
struct MemoryNeeds {
    double weightBytes = 0.0;
    double kvBytes = 0.0; ///< all sequences of the batch
    double activationBytes = 0.0;
    std::optional<double> capacityBytes; ///< the main memory's, when the profile gives it
    bool fits = true; ///< true when the capacity is unknown
    int maxBatch = 0; ///< the largest batch that fits at this context; 0: not even the weights
    /// false: what a sequence holds is not known (a model given by its parameter count without
    /// its KV bytes per token), so neither is maxBatch.
    bool maxBatchKnown = true;
};
MemoryNeeds memoryNeeds(const LlmInputs& in, const HardwareProfile& hw);

/// The batch at which decode reaches the ridge (its intensity crosses peak / bandwidth): below
/// it more sequences come for free. None when the KV cache keeps decode memory-bound.
std::optional<int> criticalBatch(const LlmInputs& in, const Roofline& roof);

} // namespace roofline
