// SPDX-License-Identifier: MIT
#include "core/model/precision.h"

#include <algorithm>
#include <cctype>

namespace roofline {

std::string precisionName(Precision p)
{
    switch (p) {
    case Precision::FP64:
        return "fp64";
    case Precision::FP32:
        return "fp32";
    case Precision::TF32:
        return "tf32";
    case Precision::BF16:
        return "bf16";
    case Precision::FP16:
        return "fp16";
    case Precision::FP8:
        return "fp8";
    case Precision::FP6:
        return "fp6";
    case Precision::FP4:
        return "fp4";
    case Precision::INT8:
        return "int8";
    }
    return "?";
}

std::string precisionLabel(Precision p)
{
    std::string s = precisionName(p);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
    return s;
}

std::optional<Precision> parsePrecision(std::string_view name)
{
    std::string n(name);
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    for (Precision p : kAllPrecisions)
        if (precisionName(p) == n)
            return p;
    return std::nullopt;
}

std::string computeUnitName(ComputeUnit u)
{
    return u == ComputeUnit::Vector ? "vector" : "matrix";
}

std::optional<ComputeUnit> parseComputeUnit(std::string_view name)
{
    std::string n(name);
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    if (n == "vector")
        return ComputeUnit::Vector;
    if (n == "matrix")
        return ComputeUnit::Matrix;
    return std::nullopt;
}

namespace {
/// The block-scaled formats: bits of the value plus its share of the block's 8-bit scale.
struct BlockFormat {
    const char* name;
    Precision compute;
    double bits;
};
constexpr BlockFormat kBlockFormats[]
    = {{"nvfp4", Precision::FP4, 4.0 + 8.0 / 16.0}, {"mxfp4", Precision::FP4, 4.0 + 8.0 / 32.0},
        {"mxfp6", Precision::FP6, 6.0 + 8.0 / 32.0}, {"mxfp8", Precision::FP8, 8.0 + 8.0 / 32.0}};
} // namespace

std::optional<WeightFormat> parseWeightFormat(std::string_view name)
{
    std::string n(name);
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const auto& f : kBlockFormats)
        if (n == f.name)
            return WeightFormat {f.name, f.compute, f.bits / 8.0};
    if (const auto p = parsePrecision(n))
        return WeightFormat {precisionName(*p), *p, bytesPerElement(*p)};
    return std::nullopt;
}

std::string weightFormatName(Precision compute, double bytesPerValue)
{
    for (const auto& f : kBlockFormats)
        if (f.compute == compute && f.bits / 8.0 == bytesPerValue)
            return f.name;
    return precisionName(compute);
}

std::string weightFormatList()
{
    std::string out;
    for (const auto& f : kBlockFormats)
        out += (out.empty() ? "" : " ") + std::string(f.name);
    return out;
}

std::string precisionList()
{
    std::string out;
    for (Precision p : kAllPrecisions) {
        if (!out.empty())
            out += ' ';
        out += precisionName(p);
    }
    return out;
}

bool isIntegerPrecision(Precision p)
{
    return p == Precision::INT8;
}

double bytesPerElement(Precision p)
{
    switch (p) {
    case Precision::FP64:
        return 8.0;
    case Precision::FP32:
    case Precision::TF32:
        return 4.0;
    case Precision::BF16:
    case Precision::FP16:
        return 2.0;
    case Precision::FP8:
    case Precision::INT8:
        return 1.0;
    case Precision::FP6:
        return 0.75;
    case Precision::FP4:
        return 0.5;
    }
    return 1.0;
}

std::ostream& operator<<(std::ostream& os, Precision p)
{
    return os << precisionName(p);
}

} // namespace roofline
