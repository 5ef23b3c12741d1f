// SPDX-License-Identifier: MIT
// The exports of other tools that the kernel reader recognises by their content: one row per tool,
// its sniff and its parse (each tool's reader is a file of its own in core/io). A new format is a
// reader file and a row in importers.cpp. What no row recognises is read as a kernel table of our
// own columns (CSV/TSV, JSON or YAML: kernel_io.cpp).
#pragma once

#include "core/common/result.h"
#include "core/io/kernel_io.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofline {

struct Importer {
    std::string_view tool; ///< what the file is ("Nsight Compute CSV export"): docs and tests
    bool csvOnly = false; ///< tried only when the file may be CSV (its name says so, or nothing)
    bool (*looksLike)(std::string_view text) = nullptr; ///< the sniff: true when the content is this tool's
    /// The parse: the kernels, or a located error. Rows for files that hold no kernels (a machine
    /// description, a model config) refuse here in one line that says what to open instead.
    Result<KernelImport> (*read)(std::string_view text, const std::string& file, const KernelReadOptions& options)
        = nullptr;
};

/// Every row, in the order they are tried (the most specific sniff first).
const std::vector<Importer>& importers();

/// The first row whose sniff recognises `text` (a file of `format`, Auto when the name says
/// nothing), or nullptr: a kernel table of our own columns.
const Importer* importerFor(std::string_view text, KernelFormat format);

} // namespace roofline
