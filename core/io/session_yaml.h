// SPDX-License-Identifier: MIT
// Session files (*.roofline.yaml): readable, diff-friendly YAML. Schema: docs/file-formats.md.
#pragma once

#include "core/common/result.h"
#include "core/model/session.h"

#include <string>

namespace roofline {

inline constexpr std::uintmax_t kMaxSessionBytes = 512ull * 1024 * 1024;

/// Parses a session. Every problem, including a single bad kernel, is an Error with its
/// line: a session is never loaded with parts silently missing.
Result<Session> parseSession(const std::string& yamlText, const std::string& file);
Result<Session> loadSessionFile(const std::string& path);
/// The YAML text of a session; parseSession(sessionToYaml(s)) == s.
std::string sessionToYaml(const Session& session);
/// True when the text is a session (it has a top-level 'roofline_session' key).
bool looksLikeSession(const std::string& text);
/// True when a file is to be read as a session: its name ends in `.roofline.yaml` (so a broken
/// session is reported as one, never read as a kernel list) or its text looks like one.
bool isSessionFile(const std::string& path, const std::string& text);

} // namespace roofline
