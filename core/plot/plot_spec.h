// SPDX-License-Identifier: MIT
// Everything a roofline figure shows, in data coordinates, computed without Qt. The widget
// and the exporter only map this onto QCustomPlot, so the window and a CLI export agree.
#pragma once

#include "core/analysis/roofline.h"
#include "core/model/geometry.h"
#include "core/model/hardware.h"
#include "core/plot/cell_set.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

enum class CeilingRole {
    Roof, ///< the selected roof: slope and flat part as one polyline
    AchievableRoof, ///< the same roof scaled by the achievable fraction
    LevelRoof, ///< an inner memory level's bandwidth slope (hierarchical roofline)
    PrecisionRoof, ///< another precision's flat compute ceiling (dimmed)
    Interconnect, ///< the link roof: bytes over NVLink / ICI per FLOP
    Compare, ///< another accelerator's (or precision's) whole roof, overlaid
};

/// A ceiling drawn as a polyline (straight segments in log-log space).
struct CeilingLine {
    CeilingRole role = CeilingRole::Roof;
    std::string legend; ///< legend entry, e.g. "Roof: BF16, HBM3"
    std::vector<PlotXY> points; ///< vertices from left to right
    friend bool operator==(const CeilingLine& a, const CeilingLine& b)
    {
        return a.role == b.role && a.legend == b.legend && a.points == b.points;
    }
};

/// What a text is. KeyNumber is the number drawn at a point whose name went to the key: the
/// layout measures it in its own font; a PlotLabel keeps its own role.
enum class LabelRole {
    SlopeLabel,
    PeakLabel,
    RidgeLabel,
    RegionLabel,
    PointLabel,
    LeverLabel,
    CeilingLabel,
    KeyNumber
};

/// Text placed at a data position. `along` (if set) is a second point; the text is rotated to
/// run along the line from `at` to `along` in screen space (slope labels, the ridge guide).
struct PlotLabel {
    LabelRole role = LabelRole::RegionLabel;
    std::string text;
    PlotXY at;
    std::optional<PlotXY> along;
    enum class Align { Left, Center, Right } align = Align::Left; ///< which side of the anchor the text starts
    enum class VAlign { Above, Middle, Below } valign = VAlign::Above; ///< text above, level with, or below it
    /// Where the laid-out text is anchored (align and valign around it, no further gap): set by
    /// the label layout for every label not written along a line.
    std::optional<PlotXY> textAt {};
    /// The text sits away from `at`: a thin line from the marker's edge to the text.
    std::optional<std::array<PlotXY, 2>> leader {};
    /// > 0: there was no room for the text; this number is drawn at `at` and the text is line
    /// keyNumber of the figure's key (PlotSpec::key).
    int keyNumber = 0;
    double weight = 0.0; ///< who gets room first (a kernel's share of the time; LLM phases 1)
    std::string keyText {}; ///< the key's line for this label when it is not the text on one line
    int kernel = -1; ///< a kernel's name label: the kernel's index (PlotPoint::index)
    /// Where the user put the text (its centre), by hand: the layout keeps it there and the other
    /// texts keep clear of it (ViewSettings::labelAt).
    std::optional<PlotXY> pinned {};
    friend bool operator==(const PlotLabel& a, const PlotLabel& b)
    {
        return a.role == b.role && a.text == b.text && a.at == b.at && a.along == b.along && a.align == b.align
            && a.valign == b.valign && a.textAt == b.textAt && a.leader == b.leader && a.keyNumber == b.keyNumber
            && a.kernel == b.kernel && a.pinned == b.pinned;
    }
};

/// A kernel as drawn: at (intensity, achieved rate) or, without a time, on its roof.
struct PlotPoint {
    PlotXY at;
    double size = 1.0; ///< marker scale (1 = normal; follows time share when asked)
    int index = -1; ///< the kernel's index in the placements given (-1: not a kernel)
    Regime regime = Regime::MemoryBound;
    bool measured = false; ///< has a time (else drawn on the roof, hollow)
    bool aboveRoof = false;
    enum class Kind : std::uint8_t { Kernel, LlmPhase, Trajectory, Level } kind = Kind::Kernel;
    /// Empty for the kernel points of a crowded figure (over kThinningThreshold kernels): `index`
    /// names the kernel there, and a 10^5-point figure does not hold a second copy of every name.
    std::string name;
    friend bool operator==(const PlotPoint& a, const PlotPoint& b)
    {
        return a.name == b.name && a.at == b.at && a.regime == b.regime && a.measured == b.measured
            && a.aboveRoof == b.aboveRoof && a.size == b.size && a.index == b.index && a.kind == b.kind;
    }
};

/// An arrow with a label at its head: a what-if lever (batch, quantize, faster memory).
struct PlotArrow {
    PlotXY from;
    PlotXY to;
    std::string label;
    /// A lever (what-if), or a kernel's move between two runs: faster or slower.
    /// Unchanged: a move within the noise between two runs (kChangeNoise).
    enum class Tone { Lever, Faster, Slower, Unchanged } tone = Tone::Lever;
    friend bool operator==(const PlotArrow& a, const PlotArrow& b)
    {
        return a.from == b.from && a.to == b.to && a.label == b.label && a.tone == b.tone;
    }
};

/// A dashed drop from a measured point up (or down) to its roof: the headroom.
struct PlotSegment {
    PlotXY from;
    PlotXY to;
    Regime regime = Regime::MemoryBound; ///< of the point it belongs to (its colour)
    bool aboveRoof = false;
    friend bool operator==(const PlotSegment& a, const PlotSegment& b) { return a.from == b.from && a.to == b.to; }
};

struct AxisTick {
    double value = 0.0;
    std::string label;
    friend bool operator==(const AxisTick& a, const AxisTick& b) { return a.value == b.value && a.label == b.label; }
};

struct PlotSpec {
    std::string title;
    std::string subtitle;
    std::string xLabel;
    std::string yLabel;
    AxisRange x;
    AxisRange y;
    std::vector<AxisTick> xTicks; ///< decades
    std::vector<AxisTick> yTicks; ///< decades
    std::vector<CeilingLine> ceilings;
    double ridge = 0.0; ///< FLOP/byte
    double peak = 0.0; ///< flat roof, FLOP/s
    std::vector<PlotLabel> labels;
    /// The key under the figure: line k - 1 names the label drawn as the number k.
    std::vector<std::string> key;
    /// Kernels that have no name in the figure (more than PlotOptions::labelLimit): the figure
    /// says how many.
    int unnamedKernels = 0;
    std::vector<PlotPoint> points;
    std::vector<PlotSegment> drops;
    int thinnedPoints = 0; ///< kernels not drawn because a point of the same kind covers their pixel
    std::vector<PlotSegment> levelLinks; ///< a kernel's main point to its inner-level points
    std::vector<PlotXY> trajectory; ///< LLM decode as the batch sweeps 1 -> 1024
    /// The sweep's part past the memory wall (from the last batch that fits): drawn apart, in red.
    std::vector<PlotXY> trajectoryBeyondMemory;
    std::vector<PlotArrow> arrows;
    /// The natural logarithms of each point's coordinates, as a crowded figure took them (for the
    /// thinning and the label layout), so that drawing it does not take 10^6 logarithms again.
    /// Empty otherwise; ignored unless there is one per point. Not part of the figure's value
    /// (==, the text form).
    std::vector<PlotXY> pointLogs;
    /// Thousands of points (drawn or thinned): the figure is thinned, names are few, and points
    /// are drawn as clouds on the thinning grid.
    bool crowded() const;
    /// The point of kernel `index`, or nullptr (thinned out, or no such kernel). The kernel
    /// points come first, in kernel order, so this is a binary search, not a walk through 10^5
    /// points.
    const PlotPoint* kernelPoint(int index) const;
    /// How many points are kernel points (the first ones); inner-level and LLM points follow.
    size_t kernelPointCount() const;
    friend bool operator==(const PlotSpec& a, const PlotSpec& b);
};

/// Another roof drawn over the main one (compare accelerators or precisions).
struct CompareRoof {
    Roofline roof;
    std::string label; ///< "NVIDIA B200 · BF16"
};

/// Above this many kernels the figure thins points that share a pixel of a kThinningGrid^2 grid.
inline constexpr size_t kThinningThreshold = 2000;
inline constexpr double kThinningGrid = 2400.0;

/// The thinning grid: kThinningGrid^2 cells over the log axes. Two points in the same cell with
/// the same kind (regime, measured or not, above its roof or not) look the same.
struct ThinningGrid {
    ThinningGrid(const AxisRange& x, const AxisRange& y);
    struct Cell {
        std::uint32_t x, y; ///< 0..kThinningGrid inside the axes (up to 10^6 outside)
        std::uint32_t kind; ///< regime, measured, above its roof, kernel or level point (< 32)
    };
    /// The cell of point p from the natural logarithms of its coordinates (taken once by the
    /// caller, which needs them for more than the cell). Inline: it is called for every point.
    Cell cellOfLogs(double lnX, double lnY, const PlotPoint& p) const
    {
        return {cellIndex((lnX - m_lx0) * m_lxs), cellIndex((lnY - m_ly0) * m_lys),
            static_cast<std::uint32_t>(p.regime) * 4 + (p.measured ? 2 : 0) + (p.aboveRoof ? 1 : 0)
                + (p.kind == PlotPoint::Kind::Kernel ? 0 : 12)};
    }
    /// Its column alone (Cell::x).
    std::uint32_t columnOfLog(double lnX) const { return cellIndex((lnX - m_lx0) * m_lxs); }
    /// The cells already holding a point, for `expected` points.
    static CellSet cellSet(std::size_t expected);

private:
    static std::uint32_t cellIndex(double v) // NaN (a point without a place) goes to cell 0
    {
        return static_cast<std::uint32_t>(v > 0.0 ? std::min(v, 1e6) : 0.0);
    }
    double m_lx0, m_lxs, m_ly0, m_lys;
};

struct PlotOptions {
    bool showAchievable = false; ///< also draw the achievable roof (dashed)
    std::optional<AxisRange> x; ///< fixed ranges instead of the derived ones
    std::optional<AxisRange> y;
    std::string title; ///< replaces the generated title when set; may use {hardware}, {precision}
    bool showLabels = true; ///< label each kernel (name, regime, headroom)
    bool sizeByTimeShare = false; ///< marker area follows the kernel's share of the total time
    /// Above this many kernels only the slowest ones are named (at most
    /// PlacementSummary::kSlowest, 64: more names than that are unreadable anyway); the figure
    /// says how many are not.
    int labelLimit = 50;
    /// With thousands of kernels, skip drawing a point whose grid cell already holds one of its
    /// kind (the figure only; off to compare a thinned figure with the full one).
    bool thinPoints = true;
    bool showOtherPrecisions = false; ///< dimmed flat ceilings of the part's other precisions
    bool showLevels = false; ///< inner memory roofs (L2, L1) even without hierarchical kernels
    bool showInterconnect = false; ///< the link roof (interconnect bandwidth)
    bool fitAxes = false; ///< axes fitted to the kernels and the roofs drawn (fittedAxisRanges)
    std::vector<CompareRoof> compare; ///< other roofs overlaid, with distinct styles and a legend
    /// Profiles whose ceilings the derived axis ranges must also cover (compared accelerators).
    std::vector<const HardwareProfile*> rangeProfiles;
    /// Other points the derived ranges must hold (an LLM's phases and its batch sweep).
    std::vector<PlotXY> alsoInside;
    /// Kernels' names moved by hand: kernel name -> the text's centre (ViewSettings::labelAt).
    std::map<std::string, PlotXY> labelAt;
};

/// The most characters of a kernel's name a figure's label shows: an engineer's name
/// (kernel_name.h) is rarely longer; a longer one is cut in the middle.
inline constexpr size_t kLabelNameChars = 40;

/// Two lines: the name (elided past `maxName` characters), then "memory-bound · 3.2x below roof".
/// `roofName`: the roof that judged it when that is not the figure's ("FP64", "FP64 matrix"):
/// "1.5x below FP64 roof".
std::string pointLabelText(
    const Kernel& kernel, const Placement& p, size_t maxName = kLabelNameChars, const std::string& roofName = {});
/// The same with the name as it is to be shown (distinctKernelNames: the figure's names differ).
std::string pointLabelText(const std::string& name, const Placement& p, const std::string& roofName = {});

/// Axis ranges for a profile, snapped to whole decades and derived from all of its
/// precisions' ceilings, so they do not move when the precision is toggled and two figures
/// of the same hardware line up. Points outside are included (again snapped to decades).
std::pair<AxisRange, AxisRange> axisRangesFor(const HardwareProfile& profile, const std::vector<Placement>& placements,
    const std::vector<const HardwareProfile*>& others = {});
/// The same from the placements' summary (their extremes).
std::pair<AxisRange, AxisRange> axisRangesFor(const HardwareProfile& profile, const PlacementSummary& summary,
    const std::vector<const HardwareProfile*>& others = {});

/// Axes fitted to what a figure shows: the extremes of its points and the ridges and peaks of
/// `roofs` (the view's first), with room around them, snapped to half decades (10^k and
/// 3.16 x 10^k). `extremes` must hold at least one point.
std::pair<AxisRange, AxisRange> fittedAxisRanges(const std::vector<Roofline>& roofs, const PlacementSummary& extremes);

/// A figure's title: the accelerator and the precision ("NVIDIA H100 SXM5 80GB · BF16 (dense)"),
/// or the user's own `title` with `{hardware}` and `{precision}` replaced, so it follows the view.
std::string figureTitle(const std::string& title, const HardwareProfile& profile, Precision precision);

/// The label of one tick: intensity as "0.1", "10", "1k"; rates as "10 TFLOP/s".
std::string tickLabel(double value, bool rate, const std::string& unit);

/// Decade ticks with labels: intensity as "0.1 1 10 100 1k 10k", rates as "10 TFLOP/s".
std::vector<AxisTick> decadeTicks(const AxisRange& range, bool rates, const std::string& unit);

/// Builds the figure for one roof and the kernels' placements against it (placements[i] is
/// kernels[i]; std::invalid_argument when the counts differ).
PlotSpec buildPlotSpec(const HardwareProfile& profile, const Roofline& roof, const std::vector<Kernel>& kernels,
    const std::vector<Placement>& placements, const PlotOptions& options = {});
/// The same given the placements' summary (SessionAnalysis::summary), which spares a figure of
/// 10^6 kernels two walks through them. The figure is the one the overload above builds.
PlotSpec buildPlotSpec(const HardwareProfile& profile, const Roofline& roof, const std::vector<Kernel>& kernels,
    const std::vector<Placement>& placements, const PlotOptions& options, const PlacementSummary& summary);

/// A stable, line-by-line text form of a spec, for golden tests and `--format spec`.
std::string plotSpecToText(const PlotSpec& spec);

} // namespace roofline
