// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace roofline::test {

/// Compares `actual` with tests/golden/<name>. On a mismatch the result holds a unified-style
/// diff. With ROOFLINE_REGENERATE_GOLDEN=1 in the environment the file is rewritten instead.
/// Returns an empty string when they match.
std::string compareGolden(const std::string& name, const std::string& actual);

} // namespace roofline::test
