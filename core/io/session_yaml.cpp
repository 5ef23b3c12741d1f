// SPDX-License-Identifier: MIT
#include "core/io/session_yaml.h"

#include "core/common/memory.h"
#include "core/common/text.h"
#include "core/io/kernel_fields.h"
#include "core/io/text_file.h"
#include "core/model/units.h"

#include "core/io/yaml_error.h"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <string_view>

namespace roofline {
namespace {

bool boolean(const std::string& file, const YAML::Node& n, const char* key)
{
    bool v = false;
    if (!n.IsScalar() || !YAML::convert<bool>::decode(n, v))
        yamlFail(file, n, std::string("'") + key + "' must be true or false");
    return v;
}

AxisRange range(const std::string& file, const YAML::Node& n, const char* key)
{
    double lo = 0, hi = 0;
    if (!n.IsSequence() || n.size() != 2 || !YAML::convert<double>::decode(n[0], lo)
        || !YAML::convert<double>::decode(n[1], hi))
        yamlFail(file, n, std::string("'") + key + "' must be [low, high], e.g. [0.1, 10000]");
    if (!std::isfinite(lo) || !std::isfinite(hi) || lo <= 0 || hi <= lo)
        yamlFail(file, n, std::string("'") + key + "' must have 0 < low < high on a log axis");
    return {lo, hi};
}

/// 'labels_at': kernel name -> [intensity, FLOP/s] of its name's centre, both > 0.
std::map<std::string, PlotXY> labelPositions(const std::string& file, const YAML::Node& n)
{
    if (!n.IsMap())
        yamlFail(file, n, "'labels_at' must map kernel names to [intensity, FLOP/s], e.g. {gemm: [300, 5e14]}");
    std::map<std::string, PlotXY> out;
    for (auto it = n.begin(); it != n.end(); ++it) {
        const YAML::Node at = it->second;
        double x = 0, y = 0;
        if (!it->first.IsScalar() || !at.IsSequence() || at.size() != 2 || !YAML::convert<double>::decode(at[0], x)
            || !YAML::convert<double>::decode(at[1], y) || !std::isfinite(x) || !std::isfinite(y) || x <= 0 || y <= 0)
            yamlFail(file, at, "a label's place must be [intensity, FLOP/s], both above 0, e.g. [300, 5e14]");
        out[it->first.Scalar()] = {x, y};
    }
    return out;
}

int whole(const std::string& file, const YAML::Node& n, const char* key, int lo, int hi)
{
    int v = 0;
    if (!n.IsScalar() || !YAML::convert<int>::decode(n, v) || v < lo || v > hi)
        yamlFail(file, n,
            std::string("'") + key + "' must be a whole number from " + std::to_string(lo) + " to "
                + std::to_string(hi));
    return v;
}

Precision precisionField(const std::string& file, const YAML::Node& n, const char* key)
{
    const auto p = n.IsScalar() ? parsePrecision(n.Scalar()) : std::nullopt;
    if (!p)
        yamlFail(file, n,
            std::string("unknown ") + key + " '" + (n.IsScalar() ? n.Scalar() : "?") + "'; known: " + precisionList());
    return *p;
}

LlmSettings parseLlm(const std::string& file, const YAML::Node& v)
{
    if (!v.IsMap())
        yamlFail(file, v, "'llm' must be a mapping (model, batch, prompt, context ...)");
    LlmSettings l;
    std::set<std::string> seen;
    for (auto it = v.begin(); it != v.end(); ++it) {
        yamlRejectDuplicate(seen, file, it->first);
        const std::string k = it->first.Scalar();
        const YAML::Node n = it->second; // a copy: the iterator hands out a temporary
        if (k == "enabled")
            l.enabled = boolean(file, n, "enabled");
        else if (k == "model")
            l.model = n.Scalar();
        else if (k == "parameters") {
            double p = 0;
            if (!n.IsScalar() || !YAML::convert<double>::decode(n, p) || !std::isfinite(p) || p <= 0)
                yamlFail(file, n, "'parameters' must be a number greater than zero, e.g. 70e9");
            l.parameters = p;
        } else if (k == "batch")
            l.batch = whole(file, n, "batch", 1, 1 << 20);
        else if (k == "prompt")
            l.prompt = whole(file, n, "prompt", 1, 1 << 24);
        else if (k == "context")
            l.context = whole(file, n, "context", 0, 1 << 24);
        else if (k == "weight_precision")
            l.weightPrecision = precisionField(file, n, "weight_precision");
        else if (k == "kv_precision")
            l.kvPrecision = precisionField(file, n, "kv_precision");
        else if (k == "bytes_per_weight") {
            double b = 0;
            if (!n.IsScalar() || !YAML::convert<double>::decode(n, b) || !std::isfinite(b) || b <= 0 || b > 16)
                yamlFail(file, n, "'bytes_per_weight' must be a number of bytes from 0 to 16, e.g. 0.5 for FP4");
            l.bytesPerWeight = b;
        } else if (k == "attention") {
            if (!n.IsScalar() || (n.Scalar() != "fused" && n.Scalar() != "unfused"))
                yamlFail(
                    file, n, "'attention' must be fused (one decode kernel, as serving engines run it) or unfused");
            l.fusedDecodeAttention = n.Scalar() == "fused";
        } else if (k == "causal")
            l.causalPrefill = boolean(file, n, "causal");
        else if (k == "chips")
            l.chips = whole(file, n, "chips", 1, 4096);
        else if (k == "overlap_allreduce")
            l.overlapAllReduce = boolean(file, n, "overlap_allreduce");
        else if (k == "prefill_attention") {
            if (!n.IsScalar() || (n.Scalar() != "fused" && n.Scalar() != "unfused"))
                yamlFail(file, n, "'prefill_attention' must be fused (one kernel, FlashAttention) or unfused");
            l.fusedPrefillAttention = n.Scalar() == "fused";
        } else if (k == "compute_efficiency" || k == "memory_efficiency") {
            double f = 0;
            if (!n.IsScalar() || !YAML::convert<double>::decode(n, f) || !(f > 0 && f <= 1))
                yamlFail(file, n, "'" + k + "' must be a fraction in (0, 1], e.g. 0.7");
            (k == "compute_efficiency" ? l.computeEfficiency : l.memoryEfficiency) = f;
        } else if (k == "kv_bytes_per_token") {
            double b = 0;
            if (!n.IsScalar() || !YAML::convert<double>::decode(n, b) || !std::isfinite(b) || b <= 0 || b > 1e9)
                yamlFail(file, n, "'kv_bytes_per_token' must be a number of bytes, e.g. 327680");
            l.kvBytesPerToken = b;
        } else if (k == "trajectory")
            l.trajectory = boolean(file, n, "trajectory");
        else if (k == "levers")
            l.levers = boolean(file, n, "levers");
        else if (k == "batch_factor")
            l.batchFactor = whole(file, n, "batch_factor", 2, 1024);
        else if (k == "faster_hardware")
            l.fasterHardware = n.IsNull() ? std::string() : n.Scalar();
        else
            yamlFail(file, it->first,
                "unknown llm field '" + k
                    + "'; expected enabled, model, parameters, batch, prompt, context, "
                      "weight_precision, kv_precision, bytes_per_weight, attention, prefill_attention, causal, chips, "
                      "overlap_allreduce, "
                      "compute_efficiency, "
                      "memory_efficiency, kv_bytes_per_token, trajectory, levers, batch_factor, "
                      "faster_hardware");
    }
    return l;
}

} // namespace

std::ostream& operator<<(std::ostream& os, const Session& s)
{
    os << "Session{" << s.hardwareId << " " << s.precision << ", " << s.kernels.size() << " kernels";
    for (const auto& k : s.kernels)
        os << " " << k;
    return os << "}";
}

bool looksLikeSession(const std::string& text)
{
    // A line of the first 64 KB that starts "roofline_session", then spaces, then ':'. (A
    // std::regex took 2 ms over those 64 KB of a CSV before every import.)
    const std::string_view head = std::string_view(text).substr(0, 64 * 1024);
    constexpr std::string_view key = "roofline_session";
    for (size_t at = head.find(key); at != std::string_view::npos; at = head.find(key, at + 1)) {
        if (at > 0 && head[at - 1] != '\n')
            continue;
        size_t i = at + key.size();
        while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
            ++i;
        if (i < head.size() && head[i] == ':')
            return true;
    }
    return false;
}

bool isSessionFile(const std::string& path, const std::string& text)
{
    const std::string suffix = ".roofline.yaml";
    return (path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
        || looksLikeSession(text);
}

namespace {

/// The 'view' mapping: title, fixed ranges, what is drawn, compared parts and precisions.
ViewSettings parseView(const std::string& file, const YAML::Node& v)
{
    if (!v.IsMap())
        yamlFail(file, v, "'view' must be a mapping (title, x, y, achievable_roof, labels, size_by_time)");
    ViewSettings view;
    std::set<std::string> seenView;
    for (auto vit = v.begin(); vit != v.end(); ++vit) {
        yamlRejectDuplicate(seenView, file, vit->first);
        const std::string vk = vit->first.Scalar();
        const YAML::Node vv = vit->second; // a copy: the iterator hands out a temporary
        if (vk == "title")
            view.title = vv.IsScalar() ? vv.Scalar() : std::string();
        else if (vk == "x")
            view.x = range(file, vv, "x");
        else if (vk == "y")
            view.y = range(file, vv, "y");
        else if (vk == "achievable_roof")
            view.showAchievable = boolean(file, vv, "achievable_roof");
        else if (vk == "labels")
            view.showLabels = boolean(file, vv, "labels");
        else if (vk == "size_by_time")
            view.sizeByTimeShare = boolean(file, vv, "size_by_time");
        else if (vk == "other_precisions")
            view.showOtherPrecisions = boolean(file, vv, "other_precisions");
        else if (vk == "levels")
            view.showLevels = boolean(file, vv, "levels");
        else if (vk == "interconnect")
            view.showInterconnect = boolean(file, vv, "interconnect");
        else if (vk == "fit_axes")
            view.fitAxes = boolean(file, vv, "fit_axes");
        else if (vk == "labels_at")
            view.labelAt = labelPositions(file, vv);
        else if (vk == "compare") {
            if (!vv.IsSequence())
                yamlFail(file, vv, "'compare' must be a list of hardware ids, e.g. [b200]");
            for (const auto& item : vv)
                view.compare.push_back(item.Scalar());
        } else if (vk == "compare_precisions") {
            if (!vv.IsSequence())
                yamlFail(file, vv, "'compare_precisions' must be a list, e.g. [fp8]");
            for (const auto& item : vv)
                view.comparePrecisions.push_back(precisionField(file, item, "precision"));
        } else
            yamlFail(file, vit->first,
                "unknown view field '" + vk
                    + "'; expected title, x, y, achievable_roof, labels, size_by_time, other_precisions, levels, "
                      "interconnect, fit_axes, labels_at, compare, compare_precisions");
    }
    return view;
}

/// The 'kernels' list: every kernel valid and named once (a session is a whole: a bad kernel
/// fails it).
std::vector<Kernel> parseSessionKernels(const std::string& file, const YAML::Node& v)
{
    if (v.IsNull())
        return {};
    if (!v.IsSequence())
        yamlFail(file, v, "'kernels' must be a list");
    KernelImport imported;
    KernelRowCollector collector(file, imported);
    std::set<std::string> ignored;
    collectTreeKernels(v, collector, ignored);
    collector.finish();
    if (!imported.rejected.empty())
        throw YamlFailure {imported.rejected.front()};
    if (auto e = collector.firstUnplaced())
        throw YamlFailure {*e};
    if (!ignored.empty())
        yamlFail(file, v, "unknown kernel field '" + *ignored.begin() + "'");
    return std::move(imported.kernels);
}

} // namespace

/// yaml-cpp holds a session in about 65 bytes of memory per byte of its text (a 14.5 MB session
/// of 200,000 kernels peaks at 934 MB); 80 leaves room for the rest.
constexpr std::uintmax_t kSessionMemoryPerByte = 80;

/// Why a session is too big to read in the memory this process may take, before reading it
/// (a 10^6-kernel session took 29 s and 3.5 GB to end in an out-of-memory error).
static std::optional<std::string> tooBigForMemory(std::size_t size)
{
    constexpr std::size_t kSmall = 1 << 20; // 80 MB at most: not worth asking the system (a read of /proc)
    if (size < kSmall)
        return std::nullopt;
    const std::uintmax_t need = size * kSessionMemoryPerByte;
    const auto room = memoryThisProcessMayTake();
    if (!room || need <= *room)
        return std::nullopt;
    const auto bytes = [](std::uintmax_t n) { return formatQuantity(static_cast<double>(n), Dimension::Bytes); };
    return "a session of " + bytes(size) + " takes about " + bytes(need) + " of memory to read and " + bytes(*room)
        + " is free to this process: run where more memory is free, or keep a run this large "
        + "in the profiler's export (a CSV of 10^6 kernels reads in seconds)";
}

Result<Session> parseSession(const std::string& text, const std::string& file)
{
    if (auto why = tooBigForMemory(text.size()))
        return Error {file, 0, 0, *why};
    try {
        const YAML::Node root = loadSingleYaml(text, file);
        if (!root.IsMap())
            return Error {file, 1, 1, "not a Roofline Studio session: expected a mapping with 'roofline_session: 1'"};
        const YAML::Node version = root["roofline_session"];
        if (!version)
            return Error {file, 1, 1, "not a Roofline Studio session: 'roofline_session: 1' is missing"};
        if (!version.IsScalar() || version.Scalar() != "1")
            yamlFail(file, version,
                "unsupported session version '" + (version.IsScalar() ? version.Scalar() : "?")
                    + "'; this version reads 1");
        Session s;
        std::set<std::string> seenKeys;
        for (auto it = root.begin(); it != root.end(); ++it) {
            yamlRejectDuplicate(seenKeys, file, it->first);
            const std::string key = it->first.Scalar();
            const YAML::Node v = it->second; // a copy: the iterator hands out a temporary
            if (key == "roofline_session") {
                continue;
            } else if (key == "hardware") {
                if (!v.IsScalar() || v.Scalar().empty())
                    yamlFail(file, v, "'hardware' must be a hardware id such as h100-sxm5");
                s.hardwareId = v.Scalar();
            } else if (key == "precision") {
                const auto p = v.IsScalar() ? parsePrecision(v.Scalar()) : std::nullopt;
                if (!p)
                    yamlFail(file, v,
                        "unknown precision '" + (v.IsScalar() ? v.Scalar() : "?") + "'; known: " + precisionList());
                s.precision = *p;
            } else if (key == "achievable") {
                double a = 0;
                if (!v.IsScalar() || !YAML::convert<double>::decode(v, a) || !std::isfinite(a) || a <= 0 || a > 1)
                    yamlFail(file, v, "achievable must be a fraction of peak in (0, 1], e.g. 0.85");
                s.achievable = a;
            } else if (key == "view") {
                s.view = parseView(file, v);
            } else if (key == "llm") {
                s.llm = parseLlm(file, v);
            } else if (key == "kernels") {
                s.kernels = parseSessionKernels(file, v);
            } else {
                yamlFail(file, it->first,
                    "unknown field '" + key
                        + "'; expected roofline_session, hardware, precision, achievable, view, llm, kernels");
            }
        }
        return s;
    } catch (const YamlFailure& f) {
        return f.error;
    } catch (const YAML::Exception& e) {
        return yamlError(file, e, "YAML syntax error: ");
    }
}

Result<Session> loadSessionFile(const std::string& path)
{
    auto text = readTextFile(path, kMaxSessionBytes);
    if (!text)
        return text.error();
    return parseSession(text.value(), path);
}

namespace {

/// The session's view: the title, fixed axes, what is drawn and what is compared.
void emitView(YAML::Emitter& out, const ViewSettings& view)
{
    out << YAML::Key << "view" << YAML::Value << YAML::BeginMap;
    if (!view.title.empty())
        out << YAML::Key << "title" << YAML::Value << YAML::DoubleQuoted << view.title;
    if (view.x)
        out << YAML::Key << "x" << YAML::Value << YAML::Flow << YAML::BeginSeq << shortestNumber(view.x->lo)
            << shortestNumber(view.x->hi) << YAML::EndSeq;
    if (view.y)
        out << YAML::Key << "y" << YAML::Value << YAML::Flow << YAML::BeginSeq << shortestNumber(view.y->lo)
            << shortestNumber(view.y->hi) << YAML::EndSeq;
    out << YAML::Key << "achievable_roof" << YAML::Value << view.showAchievable;
    out << YAML::Key << "labels" << YAML::Value << view.showLabels;
    out << YAML::Key << "size_by_time" << YAML::Value << view.sizeByTimeShare;
    if (view.showOtherPrecisions)
        out << YAML::Key << "other_precisions" << YAML::Value << true;
    if (view.showLevels)
        out << YAML::Key << "levels" << YAML::Value << true;
    if (view.showInterconnect)
        out << YAML::Key << "interconnect" << YAML::Value << true;
    if (view.fitAxes)
        out << YAML::Key << "fit_axes" << YAML::Value << true;
    if (!view.labelAt.empty()) {
        out << YAML::Key << "labels_at" << YAML::Value << YAML::BeginMap;
        for (const auto& [name, at] : view.labelAt)
            out << YAML::Key << YAML::DoubleQuoted << name << YAML::Value << YAML::Flow << YAML::BeginSeq
                << shortestNumber(at.x) << shortestNumber(at.y) << YAML::EndSeq;
        out << YAML::EndMap;
    }
    if (!view.compare.empty())
        out << YAML::Key << "compare" << YAML::Value << YAML::Flow << view.compare;
    if (!view.comparePrecisions.empty()) {
        out << YAML::Key << "compare_precisions" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (Precision p : view.comparePrecisions)
            out << precisionName(p);
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
}

/// The LLM workload placed on the plot.
void emitLlm(YAML::Emitter& out, const LlmSettings& l)
{
    out << YAML::BeginMap;
    out << YAML::Key << "enabled" << YAML::Value << l.enabled;
    if (l.parameters)
        out << YAML::Key << "parameters" << YAML::Value << shortestNumber(*l.parameters);
    else
        out << YAML::Key << "model" << YAML::Value << l.model;
    out << YAML::Key << "batch" << YAML::Value << l.batch;
    out << YAML::Key << "prompt" << YAML::Value << l.prompt;
    out << YAML::Key << "context" << YAML::Value << l.context;
    if (l.weightPrecision)
        out << YAML::Key << "weight_precision" << YAML::Value << precisionName(*l.weightPrecision);
    if (l.kvPrecision)
        out << YAML::Key << "kv_precision" << YAML::Value << precisionName(*l.kvPrecision);
    if (l.bytesPerWeight)
        out << YAML::Key << "bytes_per_weight" << YAML::Value << shortestNumber(*l.bytesPerWeight);
    if (!l.fusedDecodeAttention)
        out << YAML::Key << "attention" << YAML::Value << "unfused";
    if (!l.causalPrefill)
        out << YAML::Key << "causal" << YAML::Value << false;
    if (l.chips > 1)
        out << YAML::Key << "chips" << YAML::Value << l.chips;
    if (l.overlapAllReduce)
        out << YAML::Key << "overlap_allreduce" << YAML::Value << true;
    if (!l.fusedPrefillAttention)
        out << YAML::Key << "prefill_attention" << YAML::Value << "unfused";
    if (l.computeEfficiency)
        out << YAML::Key << "compute_efficiency" << YAML::Value << shortestNumber(*l.computeEfficiency);
    if (l.memoryEfficiency)
        out << YAML::Key << "memory_efficiency" << YAML::Value << shortestNumber(*l.memoryEfficiency);
    if (l.kvBytesPerToken)
        out << YAML::Key << "kv_bytes_per_token" << YAML::Value << shortestNumber(*l.kvBytesPerToken);
    out << YAML::Key << "trajectory" << YAML::Value << l.trajectory;
    out << YAML::Key << "levers" << YAML::Value << l.levers;
    out << YAML::Key << "batch_factor" << YAML::Value << l.batchFactor;
    out << YAML::Key << "faster_hardware" << YAML::Value << l.fasterHardware;
    out << YAML::EndMap;
}

/// One kernel: its work, and what is set of its precision, unit, group, levels and launches.
void emitKernel(YAML::Emitter& out, const Kernel& k)
{
    out << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << k.name;
    out << YAML::Key << "flops" << YAML::Value << formatExact(k.flops, Dimension::Flops);
    out << YAML::Key << "bytes" << YAML::Value << formatExact(k.bytes, Dimension::Bytes);
    if (k.time)
        out << YAML::Key << "time" << YAML::Value << formatExact(*k.time, Dimension::Time);
    if (k.precision)
        out << YAML::Key << "precision" << YAML::Value << precisionName(*k.precision);
    if (k.unit)
        out << YAML::Key << "unit" << YAML::Value << computeUnitName(*k.unit);
    if (!k.group.empty())
        out << YAML::Key << "group" << YAML::Value << YAML::DoubleQuoted << k.group;
    for (const auto& [level, bytes] : k.levelBytes)
        out << YAML::Key
            << (level == "L3"          ? "l3_bytes"
                       : level == "L2" ? "l2_bytes"
                                       : "l1_bytes")
            << YAML::Value << formatExact(bytes, Dimension::Bytes);
    if (k.launches != 1)
        out << YAML::Key << "launches" << YAML::Value << k.launches;
    if (k.clockPeak)
        out << YAML::Key << "clock_peak" << YAML::Value << formatExact(*k.clockPeak, Dimension::FlopRate);
    if (k.clockBandwidth)
        out << YAML::Key << "clock_bandwidth" << YAML::Value << formatExact(*k.clockBandwidth, Dimension::ByteRate);
    out << YAML::EndMap;
}

} // namespace

std::string sessionToYaml(const Session& s)
{
    YAML::Emitter out;
    out << YAML::Comment("Roofline Studio session (docs/file-formats.md)");
    out << YAML::BeginMap;
    out << YAML::Key << "roofline_session" << YAML::Value << 1;
    out << YAML::Key << "hardware" << YAML::Value << s.hardwareId;
    out << YAML::Key << "precision" << YAML::Value << precisionName(s.precision);
    if (s.achievable)
        out << YAML::Key << "achievable" << YAML::Value << shortestNumber(*s.achievable);
    emitView(out, s.view);
    if (s.llm != LlmSettings {}) {
        out << YAML::Key << "llm" << YAML::Value;
        emitLlm(out, s.llm);
    }
    out << YAML::Key << "kernels" << YAML::Value << YAML::BeginSeq;
    for (const auto& k : s.kernels)
        emitKernel(out, k);
    out << YAML::EndSeq;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

} // namespace roofline
