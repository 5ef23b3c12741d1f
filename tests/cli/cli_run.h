// SPDX-License-Identifier: MIT
// Runs the real `roofline` binary for the CLI tests, as users and scripts do: its output, its
// error stream and its exit code, with a HOME of its own.
#pragma once
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace clitest {

namespace fs = std::filesystem;

struct CliRun {
    int code = -1;
    std::string out;
    std::string err;
};

inline std::string shellQuote(const std::string& s)
{
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
}

inline std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline fs::path scratch()
{
    static const fs::path dir = [] {
        fs::path d = fs::temp_directory_path() / ("roofline-cli-tests-" + std::to_string(::getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

// Runs the CLI with an isolated HOME / XDG data folder so a user's own profiles don't leak in.
// `shellPrefix`: shell commands run first, in the same shell (a `ulimit`).
inline CliRun roofline(const std::vector<std::string>& args, const std::string& shellPrefix = "")
{
    const fs::path errFile = scratch() / "stderr.txt";
    std::string cmd = shellPrefix + "env HOME=" + shellQuote(scratch().string())
        + " XDG_DATA_HOME=" + shellQuote((scratch() / "xdg").string()) + " " + shellQuote(ROOFLINE_CLI);
    for (const auto& a : args)
        cmd += " " + shellQuote(a);
    cmd += " 2>" + shellQuote(errFile.string());
    CliRun r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe)
        return r;
    std::array<char, 4096> buf {};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0)
        r.out.append(buf.data(), n);
    const int status = pclose(pipe);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = readAll(errFile.string());
    return r;
}

} // namespace clitest
