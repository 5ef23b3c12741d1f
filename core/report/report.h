// SPDX-License-Identifier: MIT
// Text, CSV and JSON forms of profiles and placements, shared by the CLI and the GUI's
// "copy as" / export actions. JSON numbers are SI; missing values are null.
#pragma once

#include "core/analysis/roofline.h"
#include "core/model/hardware.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

enum class OutputFormat { Table, Json, Csv };

/// "table", "json", "csv" (case-insensitive).
std::optional<OutputFormat> parseOutputFormat(std::string_view name);

std::string formatHardwareList(const std::vector<HardwareProfile>& profiles, OutputFormat format);
std::string formatHardwareDetails(const HardwareProfile& profile, OutputFormat format);
/// What the window says under a roof's figures, a line each: the peak's accumulate, sparse
/// figure, derivation and the range sources give ("bf16: FP32 accumulate; sparse 838.4 TFLOP/s
/// (not a roof)"), then the main memory's range ("HBM3E: sources say 7.2 TB/s to 7.37 TB/s").
std::vector<std::string> roofRemarks(const HardwareProfile& profile, Precision precision);
/// Every candidate value and its source for the peak's and the main memory's disagreements.
std::string roofDisagreements(const HardwareProfile& profile, Precision precision);

/// One row (or object) per placement, with the keys of DESIGN.md: name, flops, bytes, time_s,
/// intensity, achieved_flops_per_s, roof_flops_per_s, ridge, regime, headroom, efficiency,
/// mfu, time_lower_bound_s (plus ridge_distance, above_roof, lever). placements[i] is kernels[i]
/// (std::invalid_argument when the counts differ).
/// `totalTime`: the session's measured time (SessionAnalysis::summary.totalTime) for each
/// kernel's time share and gain at roof; without it those are empty.
/// The same written to `out` as it is made, row by row (10^6 kernels are never held whole as
/// text). JSON puts one kernel on each line.
void writePlacements(std::ostream& out, const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const Roofline& roof, OutputFormat format, std::optional<double> totalTime = std::nullopt);
std::string formatPlacements(const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const Roofline& roof, OutputFormat format, std::optional<double> totalTime = std::nullopt);

/// Every figure of one placement as (label, text) pairs: intensity, roof, ridge and the side
/// of it, regime, headroom, % of roof, MFU, time bound, time share, gain, the lever.
std::vector<std::pair<std::string, std::string>> placementFacts(const Kernel& kernel, const Placement& placement,
    const Roofline& roof, std::optional<double> totalTime = std::nullopt);

/// One kernel in detail, a line per figure (the `point` command's table form).
std::string formatPlacementDetails(const Kernel& kernel, const Placement& placement, const Roofline& roof,
    std::optional<double> totalTime = std::nullopt);

/// One placement as the JSON object `analyze` writes per kernel (the same keys), on one line.
std::string placementJson(
    const Kernel& kernel, const Placement& placement, const Roofline& roof, double totalTime = 0.0);

/// A cell of a table people read: its text, the number it sorts by (none: its text does), and
/// the whole text when `text` is shortened (a long kernel name), else empty.
struct TableCell {
    std::string text;
    std::optional<double> sortKey;
    std::string whole;
    friend bool operator==(const TableCell& a, const TableCell& b)
    {
        return a.text == b.text && a.sortKey == b.sortKey && a.whole == b.whole;
    }
};
/// Rows of cells; the first row is the header.
using CellTable = std::vector<std::vector<TableCell>>;

/// The table `analyze` prints, as cells: NAME, INTENSITY, REGIME, ROOF, ACHIEVED, HEADROOM,
/// MFU, TIME >=, with PRECISION when kernels are judged by other roofs, AT ITS CLOCK when a
/// profiler measured clocks, SHARE and GAIN AT ROOF when the total time is known.
CellTable placementCells(const std::vector<Kernel>& kernels, const std::vector<Placement>& placements,
    const Roofline& roof, std::optional<double> totalTime = std::nullopt);

/// A fixed-width text table: the first row is the header.
std::string renderTable(const std::vector<std::vector<std::string>>& rows);

} // namespace roofline
