// SPDX-License-Identifier: MIT
// Internal to core/io: yaml-cpp's exceptions become Errors at the parser boundary.
#pragma once

#include "core/common/result.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/node/node.h>

#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace roofline {

/// file:line:column (1-based, from the exception's mark when it has one): prefix + message.
/// yaml-cpp refuses nesting deeper than its depth guard (a few hundred levels of brackets or
/// blocks); that becomes a message saying so rather than its "bad file".
inline Error yamlError(const std::string& file, const YAML::Exception& e, const std::string& prefix)
{
    const int line = e.mark.line >= 0 ? e.mark.line + 1 : 0, column = e.mark.column >= 0 ? e.mark.column + 1 : 0;
    if (dynamic_cast<const YAML::DeepRecursion*>(&e))
        return Error {file, line, column, "nested too deeply (the limit is a few hundred levels of lists or mappings)"};
    return Error {file, line, column, prefix + e.msg};
}

/// Thrown by a parser's helpers and caught at its boundary (never escapes core/io).
struct YamlFailure {
    Error error;
};

/// Stops parsing with `message` at the node's position.
[[noreturn]] inline void yamlFail(const std::string& file, const YAML::Node& at, const std::string& message)
{
    const YAML::Mark m = at.Mark();
    throw YamlFailure {Error {file, m.line + 1, m.column + 1, message}};
}

/// Stops parsing when a mapping gives the same key twice (yaml-cpp keeps both silently).
inline void yamlRejectDuplicate(std::set<std::string>& seen, const std::string& file, const YAML::Node& key)
{
    if (!seen.insert(key.Scalar()).second)
        yamlFail(file, key, "field '" + key.Scalar() + "' is given twice");
}

/// The one YAML (or JSON) document of a file. A second document (after a '---' or '...' line)
/// is an error, not dropped. So is a document whose aliases
/// expand to more values than its text could hold without them (a few hundred aliases of
/// aliases of a large mapping make billions: every walk through it would take minutes).
YAML::Node loadSingleYaml(const std::string& text, const std::string& file);

} // namespace roofline
