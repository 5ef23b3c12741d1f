// SPDX-License-Identifier: MIT
#pragma once

namespace roofline::cli {

/// The `roofline` command line (DESIGN.md, "Interfaces that are a contract"). Creates its own
/// Q(Core)Application. Exit codes: 0 success, 1 bad input (files), 2 bad usage.
int run(int argc, char** argv);

} // namespace roofline::cli
