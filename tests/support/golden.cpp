// SPDX-License-Identifier: MIT
#include "support/golden.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace roofline::test {
namespace {

std::vector<std::string> lines(const std::string& s)
{
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

} // namespace

std::string compareGolden(const std::string& name, const std::string& actual)
{
    const std::string path = std::string(ROOFLINE_GOLDEN_DIR) + "/" + name;
    if (const char* regen = std::getenv("ROOFLINE_REGENERATE_GOLDEN"); regen && std::string(regen) == "1") {
        std::ofstream(path, std::ios::binary) << actual;
        return {};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return "golden file " + path + " is missing; run with ROOFLINE_REGENERATE_GOLDEN=1 to create it";
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string expected = buf.str();
    if (expected == actual)
        return {};
    const auto e = lines(expected), a = lines(actual);
    std::string diff = "--- " + path + " (expected)\n+++ actual\n";
    const size_t n = std::max(e.size(), a.size());
    for (size_t i = 0; i < n; ++i) {
        const std::string* el = i < e.size() ? &e[i] : nullptr;
        const std::string* al = i < a.size() ? &a[i] : nullptr;
        if (el && al && *el == *al)
            continue;
        diff += "@@ line " + std::to_string(i + 1) + "\n";
        if (el)
            diff += "-" + *el + "\n";
        if (al)
            diff += "+" + *al + "\n";
    }
    return diff + "(set ROOFLINE_REGENERATE_GOLDEN=1 to accept the new output)\n";
}

} // namespace roofline::test
