// SPDX-License-Identifier: MIT
// Internal to core/io: JSON kernel lists read as a stream of events (nlohmann-json's SAX), one
// row built per object, so a list takes the memory of its kernels, not of a tree of its text.
#pragma once

#include "core/io/kernel_io.h"

#include <string>
#include <string_view>

namespace roofline {

/// How a JSON syntax error's message starts (the caller may then try YAML's flow syntax).
inline constexpr const char* kJsonSyntaxError = "JSON syntax error: ";

/// A JSON list of kernel objects, or an object with "kernels": [...]; the same rules and
/// messages as the YAML reader (collectTreeKernels), each row with its line.
Result<KernelImport> parseJsonKernels(std::string_view text, const std::string& file);

} // namespace roofline
