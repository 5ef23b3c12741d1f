// SPDX-License-Identifier: MIT
#include "core/io/yaml_error.h"

#include <yaml-cpp/yaml.h>

#include <string_view>

namespace roofline {

namespace {

/// The line (1-based) of a document marker ('---' or '...' at the start of a line) that comes
/// after the first document's content, or 0. yaml-cpp's LoadAll is not used to find it: on some
/// broken input (a CSV line ending inside a quote) it loops without end.
int secondDocumentLine(const std::string& text)
{
    bool content = false;
    int line = 1;
    for (std::size_t at = 0; at < text.size(); ++line) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos)
            end = text.size();
        const std::string_view l(text.data() + at, end - at);
        const bool marker = (l.rfind("---", 0) == 0 || l.rfind("...", 0) == 0)
            && (l.size() == 3 || l[3] == ' ' || l[3] == '\t' || l[3] == '\r');
        if (marker && content)
            return line;
        if (!marker) {
            const auto first = l.find_first_not_of(" \t\r");
            content |= first != std::string_view::npos && l[first] != '#';
        }
        at = end + 1;
    }
    return 0;
}

} // namespace

YAML::Node loadSingleYaml(const std::string& text, const std::string& file)
{
    const YAML::Node doc = YAML::Load(text);
    if (const int second = secondDocumentLine(text))
        throw YamlFailure {
            Error {file, second, 1, "a second document starts here (after '---' or '...'); a file holds one"}};
    if (!doc)
        return doc;
    // Walk it as every reader will, counting values, and stop once past what the text could hold.
    const std::size_t budget = 4 * text.size() + 1000;
    std::size_t seen = 0;
    std::vector<YAML::Node> stack {doc};
    while (!stack.empty()) {
        const YAML::Node n = stack.back();
        stack.pop_back();
        if (++seen > budget)
            yamlFail(file, doc,
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
    return doc;
}

} // namespace roofline
