// SPDX-License-Identifier: MIT
// The layers docs/architecture.md draws, read off the sources: core's folders include each other
// without a cycle, core never includes Qt, and only core/measure starts threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kCore = fs::path(ROOFLINE_SOURCE_DIR) / "core";

/// Every source file of core, by folder.
std::map<std::string, std::vector<fs::path>> coreFiles()
{
    std::map<std::string, std::vector<fs::path>> out;
    for (const auto& entry : fs::recursive_directory_iterator(kCore))
        if (entry.is_regular_file() && (entry.path().extension() == ".h" || entry.path().extension() == ".cpp"))
            out[fs::relative(entry.path(), kCore).begin()->string()].push_back(entry.path());
    return out;
}

std::string text(const fs::path& p)
{
    std::ifstream in(p);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// folder -> the other core folders its files include.
std::map<std::string, std::set<std::string>> folderGraph()
{
    static const std::regex include(R"re(#include\s+"core/([a-z_]+)/)re");
    std::map<std::string, std::set<std::string>> graph;
    for (const auto& [folder, files] : coreFiles()) {
        graph[folder];
        for (const fs::path& f : files) {
            const std::string s = text(f);
            for (std::sregex_iterator it(s.begin(), s.end(), include), end; it != end; ++it)
                if ((*it)[1] != folder)
                    graph[folder].insert((*it)[1]);
        }
    }
    return graph;
}

/// A cycle through the graph as "a -> b -> a", or "" when there is none.
std::string findCycle(const std::map<std::string, std::set<std::string>>& graph)
{
    std::map<std::string, int> state; // 0 unseen, 1 on the path, 2 done
    std::vector<std::string> path;
    std::string cycle;
    std::function<bool(const std::string&)> visit = [&](const std::string& n) {
        state[n] = 1;
        path.push_back(n);
        const auto it = graph.find(n);
        if (it != graph.end())
            for (const std::string& m : it->second) {
                if (state[m] == 1) {
                    for (auto at = std::find(path.begin(), path.end(), m); at != path.end(); ++at)
                        cycle += *at + " -> ";
                    cycle += m;
                    return true;
                }
                if (state[m] == 0 && visit(m))
                    return true;
            }
        path.pop_back();
        state[n] = 2;
        return false;
    };
    for (const auto& [n, _] : graph)
        if (state[n] == 0 && visit(n))
            return cycle;
    return {};
}

} // namespace

TEST(Architecture, FindCycleFindsACycleAndNoneInADag)
{
    EXPECT_EQ(findCycle({{"a", {"b"}}, {"b", {"c"}}, {"c", {}}}), "");
    EXPECT_EQ(findCycle({{"a", {"b"}}, {"b", {"c"}}, {"c", {"a"}}}), "a -> b -> c -> a");
}

TEST(Architecture, CoresFoldersIncludeEachOtherWithoutACycle)
{
    const auto graph = folderGraph();
    ASSERT_GE(graph.size(), 9u) << "core's folders were found";
    EXPECT_EQ(findCycle(graph), "") << "core's folders must form a DAG (docs/architecture.md)";
    // The order docs/architecture.md gives: a folder includes only folders before it.
    const std::vector<std::string> order {
        "common", "model", "measure", "io", "analysis", "report", "plot", "labels", "llm", "figure"};
    for (const auto& [folder, uses] : graph) {
        const auto at = std::find(order.begin(), order.end(), folder);
        ASSERT_NE(at, order.end()) << "core/" << folder << " is not in docs/architecture.md's order";
        for (const std::string& used : uses)
            EXPECT_LT(std::find(order.begin(), order.end(), used) - order.begin(), at - order.begin())
                << "core/" << folder << " includes core/" << used;
    }
}

TEST(Architecture, CoreSeesNoQtAndOnlyMeasureStartsThreads)
{
    static const std::regex qt(R"re(#include\s+<Q)re");
    static const std::regex threads(R"re(std::(async|thread|jthread)\b|#include\s+<(future|thread)>)re");
    for (const auto& [folder, files] : coreFiles())
        for (const fs::path& f : files) {
            const std::string s = text(f);
            EXPECT_FALSE(std::regex_search(s, qt)) << f << " includes Qt";
            if (folder != "measure")
                EXPECT_FALSE(std::regex_search(s, threads)) << f << " starts a thread; core runs on one";
        }
}
