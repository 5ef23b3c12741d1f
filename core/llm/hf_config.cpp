// SPDX-License-Identifier: MIT
// Hugging Face config.json files as models, and a model's parameters counted from its shapes.
#include "core/io/text_file.h"
#include "core/llm/model_spec.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <tuple>

namespace roofline {
namespace {

using nlohmann::json;
using ::roofline::countParameters;

struct ConfigFailure {
    std::string message;
};

/// The first of `keys` the config has, as a whole number; `required`: an error naming them.
int field(const json& c, std::initializer_list<const char*> keys, bool required, int fallback = 0)
{
    for (const char* key : keys) {
        const auto it = c.find(key);
        if (it == c.end() || it->is_null())
            continue;
        if (!it->is_number() || it->get<double>() < 0 || it->get<double>() != std::floor(it->get<double>())
            || it->get<double>() > 1e9)
            throw ConfigFailure {"'" + std::string(key) + "' must be a whole number"};
        return static_cast<int>(it->get<double>());
    }
    if (!required)
        return fallback;
    std::string names;
    for (const char* key : keys)
        names += (names.empty() ? "'" : " or '") + std::string(key) + "'";
    throw ConfigFailure {"missing field " + names
        + " (a model config needs hidden_size, num_hidden_layers, "
          "num_attention_heads, intermediate_size and vocab_size)"};
}

/// Sliding-window layers: those `layer_types` marks so; with `sliding_window_pattern` N (Gemma 3)
/// every Nth layer is global and the rest slide; else every layer when only a window is given.
int slidingLayerCount(const json& c, int layers)
{
    const auto types = c.find("layer_types");
    if (types != c.end() && types->is_array())
        return static_cast<int>(std::count(types->begin(), types->end(), json("sliding_attention")));
    if (const int pattern = field(c, {"sliding_window_pattern"}, false); pattern > 1)
        return layers - layers / pattern;
    return layers;
}

/// Models whose MLP is plain (up, an activation, down: GPT-2, OPT, Falcon, Phi-1/2, GPT-NeoX,
/// GPT-J, BLOOM, StarCoder), with 4 x hidden_size when the config gives no width (GPT-2's
/// `n_inner: null`, Falcon), and a head tied to the embedding unless it says otherwise (Hugging
/// Face's default). Gemma too ties by default.
bool plainMlp(const std::string& type)
{
    for (const char* t :
        {"gpt2", "gpt_bigcode", "opt", "falcon", "phi", "gpt_neox", "gptj", "bloom", "codegen", "starcoder2", "mpt"})
        if (type == t)
            return true;
    return false;
}

/// The MLP's shape: its width (Llama 4's dense layers: intermediate_size_mlp, its experts:
/// intermediate_size) and whether it is gated.
void readMlp(const json& c, const std::string& type, ModelSpec& m)
{
    m.gatedMlp = !plainMlp(type);
    const int given = field(c, {"intermediate_size", "ffn_dim", "n_inner", "ffn_hidden_size"}, m.gatedMlp);
    m.intermediateSize = given > 0 || m.gatedMlp ? given : 4 * m.hiddenSize;
    if (const int dense = field(c, {"intermediate_size_mlp"}, false); dense > 0) {
        m.moeIntermediateSize = m.intermediateSize; // Llama 4: the experts' width, and the dense layers'
        m.intermediateSize = dense;
    }
    if (type == "gpt2" || type == "gpt_bigcode") // learned positions
        m.positionEmbeddings = field(c, {"n_positions"}, false);
    else if (type == "opt")
        m.positionEmbeddings = field(c, {"max_position_embeddings"}, false) + 2; // OPT's offset of 2
}

/// Fields that change a layer's shape in ways not read here are refused by name, never ignored
/// (a hybrid of linear attention or state spaces, Gemma 3n's and 4's per-layer inputs and
/// global heads, vision cross-attention layers, MoE layers by a list).
void refuseUnreadShapes(const json& c)
{
    static const char* const unread[]
        = {"global_head_dim", "num_global_key_value_heads", "attention_k_eq_v", "top_k_experts", "num_kv_shared_layers",
            "hidden_size_per_layer_input", "altup_num_inputs", "cross_attention_layers", "linear_num_value_heads",
            "linear_key_head_dim", "ssm_cfg", "mamba_d_state", "attn_layer_indices", "full_attn_idxs"};
    for (const char* key : unread)
        if (const auto it = c.find(key); it != c.end() && !it->is_null())
            throw ConfigFailure {"field '" + std::string(key)
                + "' changes the layers' shape and is not supported; the counts would be wrong"};
    auto notOne = [&](const char* key) { return field(c, {key}, false, 1) > 1; };
    for (const char* key : {"decoder_sparse_step", "moe_layer_freq"})
        if (notOne(key))
            throw ConfigFailure {"field '" + std::string(key) + "' (experts on some layers only) is not supported"};
    if (const auto it = c.find("mlp_only_layers"); it != c.end() && it->is_array() && !it->empty())
        throw ConfigFailure {"field 'mlp_only_layers' (dense layers by a list) is not supported"};
    if (const auto it = c.find("layer_types"); it != c.end() && it->is_array())
        for (const auto& t : *it)
            if (!t.is_string() || (t != "full_attention" && t != "sliding_attention"))
                throw ConfigFailure {"layer_types: '" + (t.is_string() ? t.get<std::string>() : t.dump())
                    + "' layers are not supported (full_attention and sliding_attention are)"};
}

void readMixture(const json& c, ModelSpec& m)
{
    m.experts = field(c, {"num_local_experts", "n_routed_experts", "num_experts"}, false, 1);
    if (m.experts == 0)
        throw ConfigFailure {"the number of experts must be at least 1 (leave it out for a dense model)"};
    if (m.experts == 1)
        return;
    m.expertsPerToken = field(c, {"num_experts_per_tok", "experts_per_token", "moe_top_k"}, true);
    if (m.expertsPerToken < 1 || m.expertsPerToken > m.experts)
        throw ConfigFailure {"num_experts_per_tok must be from 1 to the number of experts"};
    m.sharedExperts = field(c, {"n_shared_experts", "num_shared_experts"}, false);
    if (const int width = field(c, {"moe_intermediate_size"}, false); width > 0)
        m.moeIntermediateSize = width;
    const std::string type = c.value("model_type", std::string());
    if (type.rfind("llama4", 0) == 0) // every MoE layer of Llama 4 has one shared expert
        m.sharedExperts = 1;
    m.moeLayerStep = std::max(1, field(c, {"interleave_moe_layer_step"}, false, 1));
    if (const int shared = field(c, {"shared_expert_intermediate_size"}, false); shared > 0) { // Qwen2-MoE
        if (shared % m.expertWidth() != 0)
            throw ConfigFailure {"shared_expert_intermediate_size must be a multiple of moe_intermediate_size"};
        m.sharedExperts = shared / m.expertWidth();
    }
    m.denseLayers = std::min(m.layers, field(c, {"first_k_dense_replace"}, false));
}

/// Llama 4's chunked attention: a token sees its chunk (attention_chunk_size) on the layers with
/// rotary positions, every layer on the others (no_rope_layers: 1 = chunked; by default every
/// fourth layer is global): read as a window of the chunk on those layers.
void readChunkedAttention(const json& c, ModelSpec& m)
{
    const int chunk = field(c, {"attention_chunk_size"}, false);
    if (chunk == 0 || m.slidingWindow > 0)
        return;
    m.slidingWindow = chunk;
    m.slidingLayers = m.layers - m.layers / 4;
    if (const auto it = c.find("no_rope_layers"); it != c.end() && it->is_array() && !it->empty())
        m.slidingLayers = static_cast<int>(std::count(it->begin(), it->end(), json(1)));
}

void readLatentAttention(const json& c, ModelSpec& m)
{
    m.kvLoraRank = field(c, {"kv_lora_rank"}, false);
    if (m.kvLoraRank == 0)
        return;
    m.qLoraRank = field(c, {"q_lora_rank"}, false);
    m.qkNopeHeadDim = field(c, {"qk_nope_head_dim"}, true);
    m.qkRopeHeadDim = field(c, {"qk_rope_head_dim"}, true);
    m.vHeadDim = field(c, {"v_head_dim"}, true);
    m.headDim = m.qkNopeHeadDim + m.qkRopeHeadDim; // a query's and a key's width
}

ModelSpec readConfig(const json& whole)
{
    if (!whole.is_object())
        throw ConfigFailure {"expected a Hugging Face config.json: an object with hidden_size, num_hidden_layers ..."};
    // A multimodal model (Gemma 3, Qwen-VL) keeps the language model's shapes under text_config.
    const auto text = whole.find("text_config");
    const json& c = !whole.contains("hidden_size") && text != whole.end() && text->is_object() ? *text : whole;
    ModelSpec m;
    m.hiddenSize = field(c, {"hidden_size", "d_model", "n_embd"}, true);
    m.layers = field(c, {"num_hidden_layers", "n_layer", "num_layers"}, true);
    m.heads = field(c, {"num_attention_heads", "n_head"}, true);
    if (m.hiddenSize == 0 || m.layers == 0 || m.heads == 0)
        throw ConfigFailure {"hidden_size, num_hidden_layers and num_attention_heads must be greater than zero"};
    refuseUnreadShapes(c);
    // Falcon: one KV head with multi_query, num_kv_heads with the new decoder.
    m.kvHeads = field(
        c, {"num_key_value_heads", "num_kv_heads", "n_head_kv"}, false, c.value("multi_query", false) ? 1 : m.heads);
    if (m.kvHeads == 0 || m.heads % m.kvHeads != 0)
        throw ConfigFailure {"num_attention_heads must be a multiple of num_key_value_heads"};
    m.headDim = field(c, {"head_dim"}, false, m.hiddenSize / m.heads);
    if (m.headDim == 0)
        throw ConfigFailure {"'head_dim' must be greater than zero (hidden_size / num_attention_heads when absent)"};
    const std::string type = c.value("model_type", whole.value("model_type", std::string()));
    readMlp(c, type, m);
    m.vocabSize = field(c, {"vocab_size"}, true);
    if (m.intermediateSize == 0 || m.vocabSize == 0)
        throw ConfigFailure {"the MLP's width (intermediate_size) and vocab_size must be greater than zero"};
    const bool tiesByDefault = type.rfind("gemma", 0) == 0 || plainMlp(type);
    m.tiedEmbeddings = c.value("tie_word_embeddings", whole.value("tie_word_embeddings", tiesByDefault));
    readMixture(c, m);
    readLatentAttention(c, m);
    m.slidingWindow = c.value("use_sliding_window", true) ? field(c, {"sliding_window"}, false) : 0;
    if (m.slidingWindow > 0)
        m.slidingLayers = slidingLayerCount(c, m.layers);
    readChunkedAttention(c, m);
    return m;
}

/// One layer's attention weights.
double attentionParameters(const ModelSpec& m)
{
    const double H = m.hiddenSize;
    if (!m.latentAttention())
        return H * m.heads * m.headDim * 2.0 + H * m.kvHeads * m.headDim * 2.0; // q, o; k, v
    const double qk = m.qkNopeHeadDim + m.qkRopeHeadDim;
    const double q = m.qLoraRank > 0 ? H * m.qLoraRank + double(m.qLoraRank) * m.heads * qk : H * m.heads * qk;
    const double kvA = H * (m.kvLoraRank + m.qkRopeHeadDim);
    const double kvB = double(m.kvLoraRank) * m.heads * (m.qkNopeHeadDim + m.vHeadDim);
    return q + kvA + kvB + double(m.heads) * m.vHeadDim * H;
}

/// The bytes of one quantized weight and the format's name, from quantization_config `q`.
std::pair<Precision, double> quantizedWeight(const json& q, std::string& format)
{
    std::string method = q.value("quant_method", std::string());
    std::transform(method.begin(), method.end(), method.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (method == "fp8" || (method == "modelopt" && q.value("quant_algo", std::string()) == "FP8")) {
        double bytes = 1.0; // e4m3; a float32 scale per block when the weights have blocks
        format = "fp8";
        if (const auto b = q.find("weight_block_size"); b != q.end() && b->is_array() && b->size() == 2
            && (*b)[0].is_number() && (*b)[1].is_number() && (*b)[0].get<double>() >= 1 && (*b)[1].get<double>() >= 1) {
            bytes += 4.0 / ((*b)[0].get<double>() * (*b)[1].get<double>());
            format += ", " + std::to_string((*b)[0].get<int>()) + "x" + std::to_string((*b)[1].get<int>()) + " blocks";
        }
        return {Precision::FP8, bytes};
    }
    if (method == "mxfp4") { // 4-bit values and an 8-bit scale per 32
        format = "mxfp4";
        return {Precision::FP4, (4.0 + 8.0 / 32.0) / 8.0};
    }
    if (method == "modelopt" && q.value("quant_algo", std::string()) == "NVFP4") { // and an fp8 scale per 16
        format = "nvfp4";
        return {Precision::FP4, (4.0 + 8.0 / 16.0) / 8.0};
    }
    if (method == "gptq" || method == "awq") { // ints of `bits`, an fp16 scale and a zero per group
        const int bits = field(q, {"bits", "w_bit"}, true);
        const int group = q.contains("group_size") && q["group_size"].is_number() && q["group_size"].get<double>() > 0
            ? static_cast<int>(q["group_size"].get<double>())
            : field(q, {"q_group_size"}, false, 0);
        if (bits != 4 && bits != 8)
            throw ConfigFailure {"quantization_config: " + method + " with " + std::to_string(bits)
                + "-bit weights is not read (4 or 8 are)"};
        format = method + " int" + std::to_string(bits) + (group > 0 ? ", groups of " + std::to_string(group) : "");
        const double perGroup = group > 0 ? (2.0 + bits / 8.0) / group : 0.0;
        return {bits == 4 ? Precision::FP4 : Precision::INT8, bits / 8.0 + perGroup};
    }
    throw ConfigFailure {"quantization_config: quant_method '" + method
        + "' is not read (fp8, mxfp4, modelopt FP8/NVFP4, gptq and awq are); remove the section and give "
          "--weight-precision or --bytes-per-weight"};
}

/// The weights as the checkpoint stores them: the quantized layers in their format, the
/// embeddings and the head (never quantized by these methods) and any layer the config keeps out
/// (modules_to_not_convert: gpt-oss keeps attention) at BF16, averaged over every weight.
std::optional<StoredWeights> storedWeights(const json& whole, const ModelSpec& m)
{
    const auto q = whole.find("quantization_config");
    if (q == whole.end() || q->is_null())
        return std::nullopt;
    if (!q->is_object())
        throw ConfigFailure {"quantization_config must be an object"};
    StoredWeights w;
    std::tie(w.precision, w.bytesPerWeight) = quantizedWeight(*q, w.format);
    bool attentionKept = false;
    for (const char* list : {"modules_to_not_convert", "ignore", "ignored_layers"})
        if (const auto it = q->find(list); it != q->end() && it->is_array())
            for (const auto& name : *it)
                attentionKept |= name.is_string() && name.get<std::string>().find("attn") != std::string::npos;
    const double H = m.hiddenSize;
    const double kept
        = H * m.vocabSize * (m.tiedEmbeddings ? 1.0 : 2.0) + (attentionKept ? attentionParameters(m) * m.layers : 0.0);
    const double total = countParameters(m).total;
    w.bytesPerWeight = (kept * 2.0 + (total - kept) * w.bytesPerWeight) / total;
    if (attentionKept)
        w.format += ", attention kept BF16";
    return w;
}

} // namespace

ParameterCount countParameters(const ModelSpec& m)
{
    if (!m.hasArchitecture())
        return {m.parameters, m.parametersPerToken()};
    const double H = m.hiddenSize, mats = m.gatedMlp ? 3.0 : 2.0;
    const double embed = H * m.vocabSize * (m.tiedEmbeddings ? 1.0 : 2.0) + H * m.positionEmbeddings;
    const double dense = mats * H * m.intermediateSize, expert = mats * H * m.expertWidth();
    const int moeLayers = m.moeLayers();
    const double attention = attentionParameters(m) * m.layers;
    const double shared = m.sharedExperts * expert, router = H * m.experts;
    ParameterCount p;
    p.total = embed + attention + (m.layers - moeLayers) * dense + moeLayers * (m.experts * expert + shared + router);
    p.active = embed + attention + (m.layers - moeLayers) * dense
        + moeLayers * (m.expertsPerToken * expert + shared + router);
    return p;
}

Result<ModelSpec> parseHfConfig(
    const std::string& text, const std::string& file, const std::string& id, const std::string& name)
{
    json c;
    try {
        c = json::parse(text);
    } catch (const json::parse_error& e) {
        return Error {file, 0, 0, std::string("not a JSON config: ") + e.what()};
    }
    try {
        ModelSpec m = readConfig(c);
        m.id = id;
        m.name = name;
        const ParameterCount p = countParameters(m);
        m.parameters = p.total;
        if (m.mixtureOfExperts())
            m.activeParameters = p.active;
        m.stored = storedWeights(c, m);
        m.sources.push_back("Hugging Face config.json: " + std::filesystem::path(file).filename().string());
        return m;
    } catch (const ConfigFailure& f) {
        return Error {file, 0, 0, f.message};
    } catch (const json::exception& e) {
        return Error {file, 0, 0, std::string("unexpected value in the config: ") + e.what()};
    }
}

Result<ModelSpec> loadHfConfigFile(const std::string& path)
{
    auto text = readTextFile(path, 16 * 1024 * 1024); // a quantized model's config lists many modules
    if (!text)
        return text.error();
    std::string stem = std::filesystem::path(path).filename().string();
    for (const char* tail : {".config.json", "_config.json", ".json"})
        if (stem.size() > std::string(tail).size()
            && stem.compare(stem.size() - std::string(tail).size(), std::string::npos, tail) == 0) {
            stem.erase(stem.size() - std::string(tail).size());
            break;
        }
    std::string id;
    for (char ch : stem)
        id += std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' ? static_cast<char>(std::tolower(ch)) : '-';
    return parseHfConfig(text.value(), path, id, stem);
}

} // namespace roofline
