// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/geometry.h"
#include "core/model/kernel.h"
#include "core/model/precision.h"

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace roofline {

/// What the figure shows beyond the data: fixed ranges, title, extra roofs.
struct ViewSettings {
    std::optional<AxisRange> x;
    std::optional<AxisRange> y;
    std::string title;
    bool showAchievable = false;
    bool showLabels = true; ///< a label next to each kernel
    bool sizeByTimeShare = false; ///< marker area follows the kernel's share of total time
    bool showOtherPrecisions = false; ///< dimmed ceilings of the part's other precisions
    bool showLevels = false; ///< inner memory roofs (L2, L1)
    bool showInterconnect = false; ///< the link roof
    /// Axes fitted to the kernels and the roofs drawn (half decades), not to every precision of
    /// the part (whole decades, which do not move when the precision changes).
    bool fitAxes = false;
    std::vector<std::string> compare; ///< other accelerators overlaid (ids)
    std::vector<Precision> comparePrecisions; ///< the same part at other precisions, overlaid
    /// Kernels' names the user moved on the plot: kernel name -> the text's centre in data
    /// coordinates (intensity, FLOP/s). The layout keeps them there.
    std::map<std::string, PlotXY> labelAt;

    friend bool operator==(const ViewSettings& a, const ViewSettings& b)
    {
        return a.x == b.x && a.y == b.y && a.title == b.title && a.showAchievable == b.showAchievable
            && a.showLabels == b.showLabels && a.sizeByTimeShare == b.sizeByTimeShare
            && a.showOtherPrecisions == b.showOtherPrecisions && a.showLevels == b.showLevels
            && a.showInterconnect == b.showInterconnect && a.fitAxes == b.fitAxes && a.compare == b.compare
            && a.comparePrecisions == b.comparePrecisions && a.labelAt == b.labelAt;
    }
    friend bool operator!=(const ViewSettings& a, const ViewSettings& b) { return !(a == b); }
};

/// The LLM panel's inputs: a model (preset id, or a bare parameter count), batch, prompt and
/// context lengths, weight / KV precisions (following the roof's precision when unset).
struct LlmSettings {
    bool enabled = false;
    std::string model = "llama-3-70b"; ///< preset id; ignored when `parameters` is set
    std::optional<double> parameters; ///< a dense model given only by its size
    int batch = 1;
    int prompt = 2048;
    int context = 0;
    std::optional<Precision> weightPrecision;
    std::optional<Precision> kvPrecision;
    std::optional<double> bytesPerWeight; ///< overrides the weight precision's size
    bool fusedDecodeAttention = true; ///< decode attention in one kernel (FlashDecoding); false: unfused
    bool causalPrefill = true; ///< prefill attention under the causal mask; false: every pair
    int chips = 1; ///< tensor parallel over this many chips
    /// The all-reduces run under the layers' compute (the JAX scaling book's convention); false:
    /// they sit between the layers and add.
    bool overlapAllReduce = false;
    bool fusedPrefillAttention = true; ///< prefill attention in one kernel (FlashAttention); false: unfused
    std::optional<double> computeEfficiency, memoryEfficiency; ///< fractions of peak and bandwidth
    std::optional<double> kvBytesPerToken; ///< a parameters-only model's KV cache
    bool trajectory = false; ///< draw decode as the batch sweeps 1 -> 1024
    bool levers = true; ///< what-if arrows from the decode point
    int batchFactor = 8; ///< the batch lever's multiplier
    std::string fasterHardware = "b200"; ///< the faster-memory lever's accelerator ("" = none)

    friend bool operator==(const LlmSettings& a, const LlmSettings& b)
    {
        return a.enabled == b.enabled && a.model == b.model && a.parameters == b.parameters && a.batch == b.batch
            && a.prompt == b.prompt && a.context == b.context && a.weightPrecision == b.weightPrecision
            && a.kvPrecision == b.kvPrecision && a.bytesPerWeight == b.bytesPerWeight
            && a.fusedDecodeAttention == b.fusedDecodeAttention && a.causalPrefill == b.causalPrefill
            && a.chips == b.chips && a.overlapAllReduce == b.overlapAllReduce
            && a.fusedPrefillAttention == b.fusedPrefillAttention && a.computeEfficiency == b.computeEfficiency
            && a.memoryEfficiency == b.memoryEfficiency && a.kvBytesPerToken == b.kvBytesPerToken
            && a.trajectory == b.trajectory && a.levers == b.levers && a.batchFactor == b.batchFactor
            && a.fasterHardware == b.fasterHardware;
    }
    friend bool operator!=(const LlmSettings& a, const LlmSettings& b) { return !(a == b); }
};

/// One analysis: an accelerator, a precision, kernels, and how the figure looks.
struct Session {
    std::string hardwareId = "h100-sxm5";
    Precision precision = Precision::BF16;
    std::optional<double> achievable; ///< overrides the profile's achievable fraction
    std::vector<Kernel> kernels;
    ViewSettings view;
    LlmSettings llm;

    friend bool operator==(const Session& a, const Session& b)
    {
        return a.hardwareId == b.hardwareId && a.precision == b.precision && a.achievable == b.achievable
            && a.kernels == b.kernels && a.view == b.view && a.llm == b.llm;
    }
    friend bool operator!=(const Session& a, const Session& b) { return !(a == b); }
};

std::ostream& operator<<(std::ostream& os, const Session& s);

} // namespace roofline
