// SPDX-License-Identifier: MIT
#include "core/llm/llm_report.h"

#include "core/model/units.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>
#include <cstdio>

namespace roofline {
namespace {

using nlohmann::json;

json num(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

/// A layer row as a kernel against the roof: its placement and its time bound.
struct RowPlacement {
    Placement placement;
    double timeLowerBound = 0.0;
};

RowPlacement placeRow(const LayerCost& row, const Roofline& roof)
{
    Kernel k;
    k.name = row.name;
    k.flops = row.flops;
    k.bytes = row.bytes;
    RowPlacement r {analyze(k, roof)};
    r.timeLowerBound = timeLowerBound(k, r.placement);
    return r;
}

std::string pct(double f)
{
    return formatNumber(f * 100.0, 3) + "%";
}

} // namespace

/// "memory: weights 141 GB + KV cache 10.7 GB + activations 0.6 GB = 152 GB of 80 GB: does not
/// fit (the weights alone do not)" or "... fits; at most 57 sequences at 8192 tokens".
std::string llmMemoryLine(const LlmAnalysis& a)
{
    const MemoryNeeds& m = a.memory;
    const double total = m.weightBytes + m.kvBytes + m.activationBytes;
    std::string out = "memory: weights " + formatQuantity(m.weightBytes, Dimension::Bytes) + " + KV cache "
        + formatQuantity(m.kvBytes, Dimension::Bytes) + " + activations "
        + formatQuantity(m.activationBytes, Dimension::Bytes) + " = " + formatQuantity(total, Dimension::Bytes);
    if (!m.capacityBytes)
        return out + " (the profile gives no capacity)";
    out += " of " + formatQuantity(*m.capacityBytes, Dimension::Bytes) + ": ";
    const int tokens = std::max(a.inputs.prompt, a.inputs.context + 1);
    if (!m.maxBatchKnown)
        return out + (m.fits ? "fits" : "does not fit")
            + "; how many sequences fit is not known: a model given by its parameters needs "
              "--kv-bytes-per-token";
    if (m.maxBatch == 0)
        return out + "does not fit (the weights alone do not)";
    return out + (m.fits ? "fits; " : "does not fit: ") + "at most " + std::to_string(m.maxBatch) + " sequence"
        + (m.maxBatch == 1 ? "" : "s") + " at " + std::to_string(tokens) + " tokens";
}

std::string llmCriticalBatchLine(const LlmAnalysis& a)
{
    if (!a.criticalBatch)
        return "critical batch: none: decode stays memory-bound at any batch (the KV cache grows with it)";
    return "critical batch: decode reaches the ridge at batch " + std::to_string(*a.criticalBatch)
        + (a.inputs.batch >= *a.criticalBatch ? " (this batch is past it: compute-bound)"
                                              : " (below it, more sequences cost no time)");
}

namespace {

using Phases = std::array<const PhaseResult*, 2>;

json phaseJson(const PhaseResult& r, const Roofline& roof, bool layers)
{
    const Placement& p = r.placement;
    json ph {{"phase", r.cost.phase}, {"tokens", num(r.cost.tokens)}, {"flops", num(r.cost.flops)},
        {"bytes", num(r.cost.bytes)}, {"intensity", num(p.intensity)}, {"regime", regimeName(p.regime)},
        {"roof_flops_per_s", num(p.roof())}, {"time_lower_bound_s", num(r.timeLowerBound)},
        {"tokens_per_s", num(r.tokensPerSecond)}, {"tokens_per_s_per_stream", num(r.tokensPerSecondPerStream)},
        {"weight_bytes", num(r.cost.weightBytes)}, {"kv_bytes", num(r.cost.kvBytes)},
        {"weight_fraction", num(r.weightFraction)}, {"kv_fraction", num(r.kvFraction)}, {"bound", r.bound},
        {"compute_time_s", num(r.computeTime)}, {"memory_time_s", num(r.memoryTime)}, {"link_time_s", num(r.linkTime)},
        {"time_if_overlapped_s", num(r.overlappedTime)}, {"link_bytes", num(r.cost.linkBytes)}};
    if (layers) {
        json rows = json::array();
        for (const auto& row : r.cost.layers) {
            const RowPlacement lr = placeRow(row, roof);
            const Placement& lp = lr.placement;
            rows.push_back(json {{"name", row.name}, {"flops", num(row.flops)}, {"bytes", num(row.bytes)},
                {"intensity", num(lp.intensity)}, {"regime", regimeName(lp.regime)},
                {"time_lower_bound_s", num(lr.timeLowerBound)}});
        }
        ph["layers"] = rows;
    }
    return ph;
}

std::string llmJson(const LlmAnalysis& a, const Roofline& roof, const Phases& phases, bool layers)
{
    const LlmInputs& in = a.inputs;
    json j {{"hardware", roof.hardwareId}, {"precision", precisionName(roof.precision)}, {"ridge", num(roof.ridge())},
        {"model", json {{"id", in.model.id}, {"name", in.model.name}, {"parameters", num(in.model.parameters)}}},
        {"batch", in.batch}, {"prompt", in.prompt}, {"context", in.context},
        {"weight_precision", precisionName(in.weightPrecision)},
        {"weight_format", weightFormatName(in.weightPrecision, in.weightBytes())},
        {"bytes_per_weight", num(in.weightBytes())},
        {"weight_source", in.weightSource.empty() ? json(nullptr) : json(in.weightSource)},
        {"kv_precision", precisionName(in.kvPrecision)}};
    json arr = json::array();
    for (const PhaseResult* r : phases)
        arr.push_back(phaseJson(*r, roof, layers));
    j["phases"] = arr;
    const MemoryNeeds& mem = a.memory;
    j["memory"] = json {{"weights_bytes", num(mem.weightBytes)}, {"kv_bytes", num(mem.kvBytes)},
        {"activation_bytes", num(mem.activationBytes)},
        {"capacity_bytes", mem.capacityBytes ? json(num(*mem.capacityBytes)) : json(nullptr)}, {"fits", mem.fits},
        {"max_batch", mem.capacityBytes && mem.maxBatchKnown ? json(mem.maxBatch) : json(nullptr)}};
    j["critical_batch"] = a.criticalBatch ? json(*a.criticalBatch) : json(nullptr);
    j["attention"] = in.fusedDecodeAttention ? "fused" : "unfused";
    j["causal"] = in.causalPrefill;
    j["chips"] = in.chips;
    j["link"] = in.chips > 1 ? json {{"name", in.linkName}, {"bandwidth_bytes_per_s", num(in.linkBandwidth)},
                    {"collective_latency_s", num(in.collectiveLatency)}}
                             : json(nullptr);
    j["compute_efficiency"] = num(in.computeEfficiency);
    j["memory_efficiency"] = num(in.memoryEfficiency);
    json levers = json::array();
    for (const auto& l : a.levers)
        levers.push_back(json {{"label", l.label}, {"speedup", num(l.speedup)}});
    j["levers"] = levers;
    return j.dump(2) + "\n";
}

std::string llmCsv(const Roofline& roof, const Phases& phases, bool layers)
{
    std::string out = "phase,layer,flops,bytes,intensity,regime,time_lower_bound_s,tokens_per_s\n";
    auto n = [](double v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.10g", v);
        return std::string(buf);
    };
    for (const PhaseResult* r : phases) {
        const Placement& p = r->placement;
        out += r->cost.phase + ",total," + n(r->cost.flops) + "," + n(r->cost.bytes) + "," + n(p.intensity) + ","
            + regimeName(p.regime) + "," + n(r->timeLowerBound) + "," + n(r->tokensPerSecond) + "\n";
        if (layers)
            for (const auto& row : r->cost.layers) {
                const RowPlacement lr = placeRow(row, roof);
                const Placement& lp = lr.placement;
                out += r->cost.phase + "," + row.name + "," + n(row.flops) + "," + n(row.bytes) + "," + n(lp.intensity)
                    + "," + regimeName(lp.regime) + "," + n(lr.timeLowerBound) + ",\n";
            }
    }
    return out;
}

/// What one chip of a tensor-parallel group holds: "1/16 of the weights and 1/8 of the KV cache
/// (8 KV heads: copies past 8 chips)".
std::string chipHolds(const LlmInputs& in)
{
    const ModelSpec& m = in.model;
    std::string out = "1/" + std::to_string(in.chips) + " of the weights and ";
    if (m.latentAttention())
        return out + "the whole KV cache (one latent all heads share)";
    const double share = in.kvShare();
    out += "1/" + formatNumber(1.0 / share, 3) + " of the KV cache";
    if (m.hasArchitecture() && m.kvHeads > 0 && m.kvHeads < in.chips)
        out += " (" + std::to_string(m.kvHeads) + " KV heads: copies past " + std::to_string(m.kvHeads) + " chips)";
    return out;
}

/// The model, the part and the precisions, then one row per phase.
std::string llmPhaseTable(const LlmAnalysis& a, const Roofline& roof, const Phases& phases)
{
    const LlmInputs& in = a.inputs;
    std::string out = in.model.name + " on " + roof.hardwareName + " \xC2\xB7 " + precisionLabel(roof.precision)
        + " roof (ridge " + formatQuantity(roof.ridge(), Dimension::Intensity) + ")\n";
    const std::string stored = weightFormatName(in.weightPrecision, in.weightBytes());
    out += "weights " + (stored == precisionName(in.weightPrecision) ? precisionLabel(in.weightPrecision) : stored)
        + " (" + formatNumber(in.weightBytes(), 4) + " B" + (in.weightSource.empty() ? "" : ", " + in.weightSource)
        + "), KV cache " + precisionLabel(in.kvPrecision) + ", batch " + std::to_string(in.batch) + ", prompt "
        + std::to_string(in.prompt) + ", context " + std::to_string(in.context) + "\n\n";
    if (in.chips > 1)
        out += "per chip of " + std::to_string(in.chips) + " (tensor parallel; two all-reduces a layer over "
            + in.linkName + " " + formatQuantity(in.linkBandwidth, Dimension::ByteRate) + ", "
            + formatQuantity(in.collectiveLatency, Dimension::Time) + " each); a chip holds " + chipHolds(in) + "\n";
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"PHASE", "FLOPs", "BYTES", "INTENSITY", "REGIME", "TIME >=", "BOUND", "TOKENS/S", "PER STREAM",
        "WEIGHTS", "KV"});
    for (const PhaseResult* r : phases) {
        const Placement& p = r->placement;
        std::string bound = r->bound;
        if (r->linkTime > 0)
            bound += " (link " + formatQuantity(r->linkTime, Dimension::Time) + ")";
        rows.push_back({r->cost.phase, formatQuantity(r->cost.flops, Dimension::Flops),
            formatQuantity(r->cost.bytes, Dimension::Bytes), formatNumber(p.intensity, 3), regimeName(p.regime),
            formatQuantity(r->timeLowerBound, Dimension::Time), bound, formatNumber(r->tokensPerSecond, 4),
            formatNumber(r->tokensPerSecondPerStream, 4), pct(r->weightFraction), pct(r->kvFraction)});
    }
    return out + renderTable(rows);
}

/// Each phase by layer type, summed over the layers.
std::string llmLayerTables(const Roofline& roof, const Phases& phases)
{
    std::string out;
    for (const PhaseResult* r : phases) {
        out += "\n" + r->cost.phase + " by layer type (summed over the layers):\n";
        std::vector<std::vector<std::string>> table;
        table.push_back({"LAYER", "FLOPs", "BYTES", "INTENSITY", "REGIME", "TIME >="});
        for (const auto& row : r->cost.layers) {
            const RowPlacement lr = placeRow(row, roof);
            const Placement& lp = lr.placement;
            table.push_back({row.name, formatQuantity(row.flops, Dimension::Flops),
                formatQuantity(row.bytes, Dimension::Bytes), formatNumber(lp.intensity, 3), regimeName(lp.regime),
                formatQuantity(lr.timeLowerBound, Dimension::Time)});
        }
        out += renderTable(table);
    }
    return out;
}

} // namespace

std::string formatLlm(const LlmAnalysis& a, const Roofline& roof, OutputFormat format, bool layers)
{
    const Phases phases {&a.decode, &a.prefill};
    if (format == OutputFormat::Json)
        return llmJson(a, roof, phases, layers);
    if (format == OutputFormat::Csv)
        return llmCsv(roof, phases, layers);
    std::string out = llmPhaseTable(a, roof, phases);
    if (a.inputs.context == 0 && a.inputs.model.hasArchitecture())
        out += "(context 0: the decode step reads no KV cache; pass --context for a long conversation)\n";
    out += llmMemoryLine(a) + "\n" + llmCriticalBatchLine(a) + "\n";
    if (!a.levers.empty()) {
        out += "\nlevers on the decode step:\n";
        for (const auto& l : a.levers)
            out += "  " + l.label + "\n";
    }
    if (layers)
        out += llmLayerTables(roof, phases);
    return out;
}

} // namespace roofline
