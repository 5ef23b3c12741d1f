// SPDX-License-Identifier: MIT
#include "core/llm/model_spec.h"

#include "core/io/text_file.h"
#include "core/io/yaml_error.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

namespace roofline {
namespace {

double positive(const std::string& file, const YAML::Node& n, const std::string& key)
{
    double v = 0;
    if (!n.IsScalar() || !YAML::convert<double>::decode(n, v) || !std::isfinite(v) || v <= 0)
        yamlFail(file, n, "'" + key + "' must be a number greater than zero");
    return v;
}

int count(const std::string& file, const YAML::Node& n, const std::string& key)
{
    const double v = positive(file, n, key);
    if (v != std::floor(v) || v > 1e9)
        yamlFail(file, n, "'" + key + "' must be a whole number");
    return static_cast<int>(v);
}

} // namespace

bool operator==(const ModelSpec& a, const ModelSpec& b)
{
    return a.id == b.id && a.name == b.name && a.parameters == b.parameters && a.activeParameters == b.activeParameters
        && a.layers == b.layers && a.hiddenSize == b.hiddenSize && a.heads == b.heads && a.kvHeads == b.kvHeads
        && a.headDim == b.headDim && a.intermediateSize == b.intermediateSize && a.vocabSize == b.vocabSize
        && a.gatedMlp == b.gatedMlp && a.experts == b.experts && a.expertsPerToken == b.expertsPerToken
        && a.sharedExperts == b.sharedExperts && a.moeIntermediateSize == b.moeIntermediateSize
        && a.denseLayers == b.denseLayers && a.tiedEmbeddings == b.tiedEmbeddings && a.kvLoraRank == b.kvLoraRank
        && a.qLoraRank == b.qLoraRank && a.qkNopeHeadDim == b.qkNopeHeadDim && a.qkRopeHeadDim == b.qkRopeHeadDim
        && a.vHeadDim == b.vHeadDim && a.slidingWindow == b.slidingWindow && a.slidingLayers == b.slidingLayers
        && a.stored == b.stored && a.moeLayerStep == b.moeLayerStep && a.positionEmbeddings == b.positionEmbeddings;
}

double ModelSpec::kvBytesPerToken(double bytesPerValue) const
{
    if (!hasArchitecture())
        return 0.0;
    const double perLayer = latentAttention() ? kvLoraRank + qkRopeHeadDim : 2.0 * kvHeads * headDim;
    return perLayer * layers * bytesPerValue;
}

std::ostream& operator<<(std::ostream& os, const ModelSpec& m)
{
    os << "ModelSpec{" << m.id << ", " << m.parameters << " params";
    if (m.hasArchitecture())
        os << ", " << m.layers << " layers x " << m.hiddenSize << ", heads " << m.heads << "/" << m.kvHeads;
    if (m.stored)
        os << ", stored " << m.stored->format << " (" << m.stored->bytesPerWeight << " B)";
    return os << "}";
}

ModelSpec modelFromParameters(double parameters)
{
    ModelSpec m;
    m.parameters = parameters;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", parameters / 1e9);
    m.id = "dense-" + std::string(buf) + "b";
    m.name = "Dense " + std::string(buf) + "B (parameters only)";
    return m;
}

Result<ModelSpec> parseModelSpec(const std::string& text, const std::string& file)
{
    try {
        const YAML::Node root = loadSingleYaml(text, file);
        if (!root.IsMap())
            return Error {file, 1, 1, "expected a model preset: a mapping with id, name and parameters"};
        static const std::vector<std::string> known {"schema_version", "id", "name", "parameters", "active_parameters",
            "layers", "hidden_size", "heads", "kv_heads", "head_dim", "intermediate_size", "vocab_size", "mlp",
            "experts", "experts_per_token", "sources", "notes"};
        std::set<std::string> seen;
        for (auto it = root.begin(); it != root.end(); ++it) {
            const std::string key = it->first.Scalar();
            if (std::find(known.begin(), known.end(), key) == known.end())
                yamlFail(file, it->first, "unknown field '" + key + "' in a model preset");
            if (!seen.insert(key).second)
                yamlFail(file, it->first, "duplicate field '" + key + "'");
        }
        ModelSpec m;
        for (const char* key : {"id", "name", "parameters"})
            if (!root[key])
                yamlFail(file, root, std::string("missing field '") + key + "'");
        m.id = root["id"].Scalar();
        m.name = root["name"].Scalar();
        m.parameters = positive(file, root["parameters"], "parameters");
        if (root["active_parameters"])
            m.activeParameters = positive(file, root["active_parameters"], "active_parameters");
        const bool any = root["layers"] || root["hidden_size"];
        if (any) {
            for (const char* key : {"layers", "hidden_size", "heads", "intermediate_size", "vocab_size"})
                if (!root[key])
                    yamlFail(file, root,
                        std::string("missing field '") + key
                            + "' (an architecture needs layers, "
                              "hidden_size, heads, intermediate_size and vocab_size)");
            m.layers = count(file, root["layers"], "layers");
            m.hiddenSize = count(file, root["hidden_size"], "hidden_size");
            m.heads = count(file, root["heads"], "heads");
            m.kvHeads = root["kv_heads"] ? count(file, root["kv_heads"], "kv_heads") : m.heads;
            m.headDim = root["head_dim"] ? count(file, root["head_dim"], "head_dim") : m.hiddenSize / m.heads;
            m.intermediateSize = count(file, root["intermediate_size"], "intermediate_size");
            m.vocabSize = count(file, root["vocab_size"], "vocab_size");
            if (m.heads % m.kvHeads != 0)
                yamlFail(file, root["kv_heads"], "heads must be a multiple of kv_heads");
        }
        if (const YAML::Node mlp = root["mlp"]) {
            if (mlp.Scalar() != "gated" && mlp.Scalar() != "plain")
                yamlFail(file, mlp, "'mlp' must be 'gated' (gate, up, down) or 'plain' (up, down)");
            m.gatedMlp = mlp.Scalar() == "gated";
        }
        if (root["experts"])
            m.experts = count(file, root["experts"], "experts");
        if (root["experts_per_token"])
            m.expertsPerToken = count(file, root["experts_per_token"], "experts_per_token");
        if (m.expertsPerToken > m.experts)
            yamlFail(file, root["experts_per_token"], "experts_per_token cannot exceed experts");
        if (const YAML::Node s = root["sources"]; s && s.IsSequence())
            for (const auto& item : s)
                m.sources.push_back(item.Scalar());
        return m;
    } catch (const YamlFailure& f) {
        return f.error;
    } catch (const YAML::Exception& e) {
        return yamlError(file, e, "YAML syntax error: ");
    }
}

Result<ModelSpec> loadModelFile(const std::string& path)
{
    auto text = readTextFile(path, 1024 * 1024);
    if (!text)
        return text.error();
    return parseModelSpec(text.value(), path);
}

std::vector<ModelSpec> loadModelDirectory(const std::string& dir, std::vector<Error>& errors)
{
    namespace fs = std::filesystem;
    std::vector<ModelSpec> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return out;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".yaml" || e.path().extension() == ".yml" || e.path().extension() == ".json")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        auto m = f.extension() == ".json" ? loadHfConfigFile(f.string()) : loadModelFile(f.string());
        if (!m) {
            errors.push_back(m.error());
            continue;
        }
        if (std::any_of(out.begin(), out.end(), [&](const ModelSpec& x) { return x.id == m->id; })) {
            errors.push_back(Error {f.string(), 1, 1, "duplicate model id '" + m->id + "'"});
            continue;
        }
        out.push_back(std::move(m).value());
    }
    std::sort(out.begin(), out.end(), [](const ModelSpec& a, const ModelSpec& b) { return a.id < b.id; });
    return out;
}

} // namespace roofline
