// SPDX-License-Identifier: MIT
// Transformer model presets (resources/models/*.yaml). Schema: docs/file-formats.md.
#pragma once

#include "core/common/result.h"
#include "core/model/precision.h"

#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roofline {

/// A checkpoint's weights as stored (a Hugging Face config's quantization_config): the format,
/// and the bytes of a weight averaged over all of them (the scales in; the layers the format
/// leaves out, such as the embeddings, at BF16).
struct StoredWeights {
    Precision precision = Precision::BF16; ///< the format's class: fp8, fp4 (mxfp4, nvfp4, int4)
    double bytesPerWeight = 2.0;
    std::string format; ///< "fp8 e4m3, 128x128 blocks", "mxfp4", "gptq int4, groups of 128"
    friend bool operator==(const StoredWeights& a, const StoredWeights& b)
    {
        return a.precision == b.precision && a.bytesPerWeight == b.bytesPerWeight && a.format == b.format;
    }
};

struct ModelSpec {
    std::string id; ///< "llama-3-70b"
    std::string name; ///< "Llama-3-70B"
    double parameters = 0.0; ///< total (all experts)
    std::optional<double> activeParameters; ///< per token, for mixtures of experts
    // Architecture; absent for a model given only by its parameter count.
    int layers = 0;
    int hiddenSize = 0;
    int heads = 0;
    int kvHeads = 0;
    int headDim = 0;
    int intermediateSize = 0;
    int vocabSize = 0;
    bool gatedMlp = true; ///< SwiGLU: gate, up and down projections (else up and down)
    int experts = 1; ///< routed MLP experts per layer
    int expertsPerToken = 1;
    int sharedExperts = 0; ///< experts every token uses besides the routed ones (DeepSeek)
    int moeIntermediateSize = 0; ///< an expert's MLP width; 0: intermediateSize
    int denseLayers = 0; ///< the first layers of a mixture of experts keep a dense MLP (first_k_dense_replace)
    /// Of the other layers every moeLayerStep-th has experts, the rest a dense MLP of
    /// intermediateSize (Llama 4 Maverick: 2; interleave_moe_layer_step).
    int moeLayerStep = 1;
    int positionEmbeddings = 0; ///< rows of a learned position table (GPT-2, OPT), counted as weights
    bool tiedEmbeddings = false; ///< lm_head shares the embedding's weights
    // Multi-head latent attention (DeepSeek-V3): the cache holds a latent of kvLoraRank values and
    // a shared rotary key of qkRopeHeadDim per token and layer, not keys and values per head.
    int kvLoraRank = 0;
    int qLoraRank = 0; ///< 0: queries projected directly
    int qkNopeHeadDim = 0, qkRopeHeadDim = 0, vHeadDim = 0;
    int slidingWindow = 0; ///< tokens a sliding-window layer attends to (0: none)
    int slidingLayers = 0; ///< layers that use the window (gpt-oss: every other one)
    /// The weights as the checkpoint stores them, when its config says (quantization_config).
    std::optional<StoredWeights> stored;
    std::vector<std::string> sources;

    bool hasArchitecture() const { return layers > 0 && hiddenSize > 0; }
    bool latentAttention() const { return kvLoraRank > 0; }
    bool mixtureOfExperts() const { return experts > 1; }
    int expertWidth() const { return moeIntermediateSize > 0 ? moeIntermediateSize : intermediateSize; }
    /// Layers whose MLP is the experts; the others have a dense MLP of intermediateSize.
    int moeLayers() const { return mixtureOfExperts() ? (layers - denseLayers) / std::max(1, moeLayerStep) : 0; }
    /// KV-cache bytes one token adds over all layers at `bytesPerValue` (MLA: the latent and the
    /// rotary key; else keys and values of every KV head).
    double kvBytesPerToken(double bytesPerValue) const;
    /// Parameters used per token (active for a mixture of experts).
    double parametersPerToken() const { return activeParameters.value_or(parameters); }

    friend bool operator==(const ModelSpec& a, const ModelSpec& b);
};

std::ostream& operator<<(std::ostream& os, const ModelSpec& m);

/// Weights an architecture holds, counted from its shapes (embedding, attention, MLP or experts,
/// the head), and those one token uses (a mixture of experts: the routed few and the shared).
struct ParameterCount {
    double total = 0.0;
    double active = 0.0;
};
ParameterCount countParameters(const ModelSpec& m);

/// Reads a Hugging Face config.json: hidden size, layers, heads, KV heads, head dim,
/// intermediate size, vocabulary, tied embeddings; MoE (num_local_experts / n_routed_experts /
/// num_experts, num_experts_per_tok, n_shared_experts, moe_intermediate_size,
/// first_k_dense_replace); MLA (kv_lora_rank, q_lora_rank, qk_nope/rope_head_dim, v_head_dim);
/// sliding windows (sliding_window, layer_types). Unknown fields are ignored; a missing needed
/// field is an error naming it. The parameters are counted from the shapes.
Result<ModelSpec> parseHfConfig(
    const std::string& jsonText, const std::string& file, const std::string& id, const std::string& name);
/// A config file by path: its id and name come from the file name ("Meta-Llama-3.1-8B.config.json"
/// is "meta-llama-3.1-8b", "Meta-Llama-3.1-8B").
Result<ModelSpec> loadHfConfigFile(const std::string& path);

/// A model known only by its parameter count ("--params 70e9").
ModelSpec modelFromParameters(double parameters);

Result<ModelSpec> parseModelSpec(const std::string& yamlText, const std::string& file);
Result<ModelSpec> loadModelFile(const std::string& path);
/// Every *.yaml preset and *.json Hugging Face config in `dir`, by id; bad files go to `errors`.
std::vector<ModelSpec> loadModelDirectory(const std::string& dir, std::vector<Error>& errors);

} // namespace roofline
