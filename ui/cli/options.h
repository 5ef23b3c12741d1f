// SPDX-License-Identifier: MIT
// What the command line was asked: the options of every command, filled by CLI11.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace roofline::cli {

struct Options {
    std::vector<std::string> profileDirs;
    std::string format = "table";
    // hw show, hw list
    std::string showId;
    std::string vendor, category; ///< hw list: only these (case-insensitive)
    // point / export
    std::string hw;
    std::string precision;
    std::string roofKind = "peak";
    std::string name = "kernel";
    std::string flops, bytes, time;
    std::string output;
    std::vector<std::string> points;
    std::string title;
    std::string theme = "light";
    bool achievableRoof = false;
    int width = 1000, height = 650, dpi = 144;
    std::string preset; ///< export: column, double or slide (sets the size, dpi and font scale)
    bool widthGiven = false, heightGiven = false, dpiGiven = false; ///< given, they override the preset
    // llm
    std::string model, params, weightPrecision, kvPrecision, faster = "b200";
    std::string modelConfig; ///< llm --config: a Hugging Face config.json
    std::string attention = "fused";
    bool nonCausal = false;
    bool overlapAllReduce = false;
    std::string prefillAttention = "fused";
    int chips = 1;
    /// Empty until given (a given 0, negative or NaN value is refused, never ignored).
    std::optional<double> computeEfficiency, memoryEfficiency, kvBytesPerToken;
    int batch = 1, prompt = 2048, context = 0, batchFactor = 8;
    std::optional<double> bytesPerWeight;
    bool layers = false;
    // analyze / export input
    std::string input;
    // compare / check
    std::string baseline, match;
    std::string maxSlowdown = "5%";
    double minRoofFraction = -1.0; ///< check: a floor of % of roof (-1: none)
    std::string report; ///< check --report: the HTML report of the two runs
    std::string after; ///< report: a second run (the first is then the before run)
    bool skipInvalid = false;
    bool aggregate = false; ///< --aggregate (the default now; kept so old scripts run)
    bool launches = false; ///< --launches: a profiler's launches one by one, not grouped
    std::string newId, newName;
    double seconds = 20.0; ///< measure: about how long
    int threads = 0; ///< measure: 0 = every logical CPU
    // export: many roofs
    std::vector<std::string> compare, precisions;
    std::string panels;
    bool otherPrecisions = false, levels = false, interconnect = false;
    bool fitAxes = false; ///< export: axes fitted to the kernels and the roofs drawn
    std::string xRange, yRange; ///< export: "LO:HI" fixed axis ranges
};

} // namespace roofline::cli
