// SPDX-License-Identifier: MIT
// Internal to core/report: the number forms the placement and hardware reports share.
#pragma once

#include "core/model/precision.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace roofline::report_detail {

using nlohmann::json;

/// A JSON number, or null when not finite.
json num(double v);
json opt(const std::optional<double>& v);
std::string rateUnit(Precision p);
/// "989.4 TFLOP/s", "1.979 POP/s".
std::string rate(double v, Precision p);
size_t displayWidth(const std::string& s);
void appendCsvNumber(std::string& out, double v);
std::string csvNumber(double v);

} // namespace roofline::report_detail
