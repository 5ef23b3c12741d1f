// SPDX-License-Identifier: MIT
// Reads the bad-input corpus manifest, tests/data/invalid/cases.tsv (shared by core and CLI tests).
#pragma once

#include <cctype>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

struct InvalidCase {
    std::string kind; ///< kernels | session | session-cli | ceilings | profile | model
    std::string file; ///< name inside tests/data/invalid
    std::string path;
    std::string expected; ///< a substring of the one-line message
};

inline std::ostream& operator<<(std::ostream& os, const InvalidCase& c)
{
    return os << c.kind << " " << c.file << " -> \"" << c.expected << "\"";
}

inline std::string invalidCorpusDir()
{
    return std::string(ROOFLINE_TEST_DATA) + "/invalid";
}

inline std::vector<InvalidCase> invalidCases()
{
    std::vector<InvalidCase> cases;
    std::ifstream in(invalidCorpusDir() + "/cases.tsv");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto a = line.find('\t'), b = line.find('\t', a + 1);
        if (a == std::string::npos || b == std::string::npos)
            continue;
        InvalidCase c {line.substr(0, a), line.substr(a + 1, b - a - 1), {}, line.substr(b + 1)};
        c.path = invalidCorpusDir() + "/" + c.file;
        cases.push_back(c);
    }
    return cases;
}

inline std::string invalidCaseTestName(const InvalidCase& c)
{
    std::string n;
    for (char ch : c.file)
        n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    return n;
}
