// SPDX-License-Identifier: MIT
// Kernel lists: CSV/TSV, YAML and JSON. Format and column names: docs/file-formats.md.
#pragma once

#include "core/common/result.h"
#include "core/model/kernel.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

enum class KernelFormat { Auto, Csv, Tsv, Yaml, Json };

/// A profiler's kernel whose DRAM bytes (and time) the export gives but not its FLOPs: the
/// export has no FLOP counter for it. Unknown, not zero, so not a Kernel; the window offers to
/// type its FLOPs (File > Import Kernels).
struct FlopsUnknown {
    std::string name;
    int line = 0; ///< its first launch's line
    double bytes = 0;
    std::optional<double> time; ///< summed over its launches, when every one has a time
    int launches = 1;
    friend bool operator==(const FlopsUnknown& a, const FlopsUnknown& b)
    {
        return a.name == b.name && a.line == b.line && a.bytes == b.bytes && a.time == b.time
            && a.launches == b.launches;
    }
};
/// "memset (line 10): 1.05 MB in 5 µs, 1 launch, FLOPs unknown".
std::ostream& operator<<(std::ostream& os, const FlopsUnknown& k);

/// Adds a launch to `to`: summed into the kernel of that name when `aggregate`, else its own.
void addFlopsUnknown(std::vector<FlopsUnknown>& to, bool aggregate, const std::string& name, int line, double bytes,
    std::optional<double> time);

/// What an import found: the kernels that can be placed, and every row that cannot, with its
/// line and reason. Nothing is dropped silently: a row is either in `kernels` or in `rejected`.
struct KernelImport {
    std::vector<Kernel> kernels;
    std::vector<int> lines; ///< source line of each kernel
    std::vector<Error> rejected; ///< one per bad row: file, line, reason
    std::vector<std::string> warnings; ///< e.g. columns that were ignored
    std::string source; ///< the format it was read as ("csv", "ncu details" ...)
    std::string device; ///< a profiler's device name, when the file has one
    std::string suggestedHardware; ///< the shipped profile id for that device, if any
    /// Kernels with bytes but no FLOP counter (also named in a note of `warnings`).
    std::vector<FlopsUnknown> flopsUnknown;
};

/// Largest kernel file read (a profiler export of 10^6 launches is ~100 MB).
inline constexpr std::uintmax_t kMaxKernelFileBytes = 1024ull * 1024 * 1024;

/// Most data rows (lines) a kernel file may have: 10 million, refused before parsing so a huge
/// file ends in a message, not an out-of-memory (a row costs ~200 bytes once parsed).
inline constexpr std::size_t kMaxKernelRows = 10'000'000;

struct KernelReadOptions {
    bool aggregate = false; ///< profiler exports: sum the launches of a kernel by name
    std::size_t maxRows = kMaxKernelRows; ///< more lines than this is refused before parsing
    /// Called from time to time with the fraction done (0..1); returning false cancels: the
    /// read then ends with the Error kImportCancelled and nothing else. CSV files report every
    /// few thousand rows; YAML/JSON and profiler exports only before and after parsing.
    std::function<bool(double)> progress;
    /// An export whose only kernels have unknown FLOPs is read, not refused, so that the user
    /// can type their FLOPs (the window); otherwise it is "no kernel can be placed".
    bool keepFlopsUnknown = false;
};

/// What a profiler import's note on launches it could not place says (", not on the roofline: ").
inline constexpr const char* kNotOnTheRoofline = ", not on the roofline: ";

/// The message of the Error a cancelled read ends with.
inline constexpr const char* kImportCancelled = "import cancelled";

/// Parses a kernel list (or an Nsight Compute CSV export, detected by its header). A file-level problem (not text,
/// YAML/JSON syntax, no FLOP or byte column) is the Error; row-level problems are in KernelImport::rejected.
Result<KernelImport> parseKernels(const std::string& text, const std::string& file,
    KernelFormat format = KernelFormat::Auto, const KernelReadOptions& options = {});
/// Reads and parses a kernel file; the format comes from the suffix, else from the content.
Result<KernelImport> loadKernelFile(const std::string& path, const KernelReadOptions& options = {});

/// likwid-perfctr outputs of one program (a FLOPS_DP run, a MEM run, an L3 run ...) read as one
/// run, each region's quantities from the first output that measured them; an Error when a file
/// is not likwid-perfctr output (docs/profilers.md).
Result<KernelImport> loadLikwidRun(const std::vector<std::string>& paths);

/// The format a file name implies (Auto when the suffix says nothing).
KernelFormat kernelFormatForPath(const std::string& path);

/// Writes kernels as CSV with the canonical columns (name,flops,bytes,time_s,precision,group).
std::string kernelsToCsv(const std::vector<Kernel>& kernels);

} // namespace roofline
