// SPDX-License-Identifier: MIT
#include "core/io/yaml_error.h"

#include <yaml-cpp/yaml.h>

namespace roofline {

YAML::Node loadSingleYaml(const std::string& text, const std::string& file)
{
    const std::vector<YAML::Node> docs = YAML::LoadAll(text);
    if (docs.size() > 1)
        yamlFail(file, docs[1],
            "a second document starts here (after '---', or text after the first value); a file holds one");
    if (docs.empty())
        return YAML::Node();
    // Walk it as every reader will, counting values, and stop once past what the text could hold.
    const std::size_t budget = 4 * text.size() + 1000;
    std::size_t seen = 0;
    std::vector<YAML::Node> stack {docs.front()};
    while (!stack.empty()) {
        const YAML::Node n = stack.back();
        stack.pop_back();
        if (++seen > budget)
            yamlFail(file, docs.front(),
                "its aliases (*name) expand to more than " + std::to_string(budget)
                    + " values, more than its text holds; refused (an alias bomb?)");
        if (n.IsSequence()) {
            for (const auto& child : n)
                stack.push_back(child);
        } else if (n.IsMap()) {
            for (const auto& entry : n) {
                stack.push_back(entry.first);
                stack.push_back(entry.second);
            }
        }
    }
    return docs.front();
}

} // namespace roofline
