// SPDX-License-Identifier: MIT
// Files users drop on the tool that are not kernel tables, told apart so each is refused in one
// line that says what it is and what to do instead (docs/profilers.md, "Files that are not read").
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace roofline {

/// Why `text` is a kind of file that holds no kernel table (Nsight Compute's console messages
/// or its source page, LIKWID output, a Hugging Face model config ...); nullopt when it may be
/// one. Looks at the first 64 KB.
std::optional<std::string> foreignFileReason(std::string_view text);

} // namespace roofline
