// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/result.h"

#include <cstdint>
#include <string>

namespace roofline {

/// Reads a whole text file. Refuses, with a message naming the file: a missing file, a
/// directory, an unreadable file, a file larger than maxBytes, and a file with NUL bytes
/// (binary). A UTF-8 byte-order mark is dropped.
Result<std::string> readTextFile(const std::string& path, std::uintmax_t maxBytes);

} // namespace roofline
