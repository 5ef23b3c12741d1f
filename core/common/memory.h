// SPDX-License-Identifier: MIT
// How much memory this process may still take, to refuse an input that would run out of it
// before spending half a minute on it.
#pragma once

#include <cstdint>
#include <optional>

namespace roofline {

/// Bytes this process may still allocate: the smaller of what is left under its address-space
/// limit (`ulimit -v`) and the memory the system has available. Nothing where neither is known
/// (outside Linux, a limit-less process on a system that does not say).
std::optional<std::uintmax_t> memoryThisProcessMayTake();

} // namespace roofline
