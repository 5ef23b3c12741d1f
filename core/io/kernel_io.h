// SPDX-License-Identifier: MIT
// Kernel lists: CSV/TSV, YAML and JSON. Format and column names: docs/file-formats.md.
#pragma once

#include "core/common/result.h"
#include "core/model/kernel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofline {

enum class KernelFormat { Auto, Csv, Tsv, Yaml, Json };

/// What an import found: the kernels that can be placed, and every row that cannot, with its
/// line and reason. Nothing is dropped silently: a row is either in `kernels` or in `rejected`.
struct KernelImport {
    std::vector<Kernel> kernels;
    std::vector<int> lines; ///< source line of each kernel
    std::vector<Error> rejected; ///< one per bad row: file, line, reason
    std::vector<std::string> warnings; ///< e.g. columns that were ignored
};

/// Largest kernel file read (a profiler export of 10^6 launches is ~100 MB).
inline constexpr std::uintmax_t kMaxKernelFileBytes = 1024ull * 1024 * 1024;

/// Parses a kernel list. A file-level problem (not text, YAML/JSON syntax, no FLOP or byte
/// column) is the Error; row-level problems are in KernelImport::rejected.
Result<KernelImport> parseKernels(
    const std::string& text, const std::string& file, KernelFormat format = KernelFormat::Auto);
/// Reads and parses a kernel file; the format comes from the suffix, else from the content.
Result<KernelImport> loadKernelFile(const std::string& path);

/// The format a file name implies (Auto when the suffix says nothing).
KernelFormat kernelFormatForPath(const std::string& path);

/// Writes kernels as CSV with the canonical columns (name,flops,bytes,time_s,precision,group).
std::string kernelsToCsv(const std::vector<Kernel>& kernels);

} // namespace roofline
