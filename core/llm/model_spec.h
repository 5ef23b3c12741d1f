// SPDX-License-Identifier: MIT
// Transformer model presets (resources/models/*.yaml). Schema: docs/file-formats.md.
#pragma once

#include "core/common/result.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roofline {

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
    int experts = 1; ///< MLP experts per layer
    int expertsPerToken = 1;
    std::vector<std::string> sources;

    bool hasArchitecture() const { return layers > 0 && hiddenSize > 0; }
    /// Parameters used per token (active for a mixture of experts).
    double parametersPerToken() const { return activeParameters.value_or(parameters); }

    friend bool operator==(const ModelSpec& a, const ModelSpec& b);
};

std::ostream& operator<<(std::ostream& os, const ModelSpec& m);

/// A model known only by its parameter count ("--params 70e9").
ModelSpec modelFromParameters(double parameters);

Result<ModelSpec> parseModelSpec(const std::string& yamlText, const std::string& file);
Result<ModelSpec> loadModelFile(const std::string& path);
/// Every *.yaml in `dir`, by id; bad files go to `errors`.
std::vector<ModelSpec> loadModelDirectory(const std::string& dir, std::vector<Error>& errors);

} // namespace roofline
