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

/// A format weights are stored in: a precision, or a block-scaled format whose scales add to
/// every value's size (OCP MX: one E8M0 scale per 32 values; NVFP4: one E4M3 scale per 16).
struct WeightFormat {
    std::string name; ///< "bf16", "nvfp4", "mxfp4" ...
    Precision compute; ///< the roof its matrix math runs on
    double bytesPerValue; ///< with the scales: nvfp4 4.5 bits = 0.5625 B, mxfp4 4.25 bits
};
/// "nvfp4" (4.5 bits), "mxfp4" (4.25), "mxfp6" (6.25), "mxfp8" (8.25), or any precision name
/// (its plain size); case-insensitive, nullopt for unknown names.
std::optional<WeightFormat> parseWeightFormat(std::string_view name);
/// The name of the format weights of `bytesPerValue` in `compute` are stored in: "nvfp4" for
/// 0.5625 B of FP4, else the precision's name ("fp4" for 0.5 B, or any other size).
std::string weightFormatName(Precision compute, double bytesPerValue);
/// "nvfp4 mxfp4 mxfp6 mxfp8", for messages.
std::string weightFormatList();

std::ostream& operator<<(std::ostream& os, Precision p);

/// The units a precision's FLOPs can run on, where a part has two rates: the vector / SIMT
/// units (CUDA cores, AMD VALU, TPU VPU) or the matrix units (tensor cores, MFMA, MXU).
enum class ComputeUnit : std::uint8_t { Vector, Matrix };
/// "vector" or "matrix" (the file spelling).
std::string computeUnitName(ComputeUnit u);
/// Case-insensitive "vector" / "matrix"; nullopt otherwise.
std::optional<ComputeUnit> parseComputeUnit(std::string_view name);

} // namespace roofline
