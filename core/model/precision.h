// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

#include <array>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace roofline {

/// Arithmetic precisions a profile can give a dense peak for, widest first.
enum class Precision : std::uint8_t { FP64, FP32, TF32, BF16, FP16, FP8, FP6, FP4, INT8 };

inline constexpr std::array<Precision, 9> kAllPrecisions {Precision::FP64, Precision::FP32, Precision::TF32,
    Precision::BF16, Precision::FP16, Precision::FP8, Precision::FP6, Precision::FP4, Precision::INT8};

/// "fp64", "bf16", "int8" ... (the file and command-line spelling).
std::string precisionName(Precision p);
/// "FP64", "BF16", "INT8" ... (for titles and buttons).
std::string precisionLabel(Precision p);
/// Case-insensitive; nullopt for unknown names.
std::optional<Precision> parsePrecision(std::string_view name);
/// "fp64 fp32 tf32 bf16 fp16 fp8 fp6 fp4 int8", for messages.
std::string precisionList();
/// Integer precisions count operations, not floating-point ones (TOP/s instead of TFLOP/s).
bool isIntegerPrecision(Precision p);
/// Bytes per element (fp4 = 0.5, fp6 = 0.75).
double bytesPerElement(Precision p);

std::ostream& operator<<(std::ostream& os, Precision p);

} // namespace roofline
