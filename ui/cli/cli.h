// SPDX-License-Identifier: MIT
#pragma once

namespace roofline::cli {

/// The `roofline` command line (DESIGN.md, "Interfaces that are a contract"). Creates its own
/// Q(Core)Application. Exit codes: 0 success, 1 bad input (files), 2 bad usage.
///
/// `endProcessWhenExported`: once a figure is written, flush the output and end the process
/// there (std::_Exit) instead of returning, as compilers do after their last output file: the
/// teardown of Qt (the application, its fonts and plugins, its thread pool) and of the static
/// objects was a millisecond of a 30 ms export (docs/performance.md). Not under AddressSanitizer,
/// whose leak check runs at exit.
int run(int argc, char** argv, bool endProcessWhenExported = false);

} // namespace roofline::cli
