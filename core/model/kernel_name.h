// SPDX-License-Identifier: MIT
// Kernel names as engineers say them. Profilers write demangled signatures ("void
// at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl(...)::{lambda...},
// ...>(int, ...)"): the figure, the table and the key show the function's own name, and where the
// function is a generic wrapper (cutlass::Kernel2, vectorized_elementwise_kernel ...) the one
// template argument that names the work. The full name stays in tooltips, JSON and sessions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

/// The function's own name: return type, namespaces, parameters and template arguments dropped,
/// except, for a generic wrapper, the argument that names the work
/// ("vectorized_elementwise_kernel<GeluCUDAKernelImpl>", "Kernel2<cutlass_80_tensorop_..._tn_align8>").
/// A launch suffix (" #3") is kept. A name that is not a signature ("triton_poi_fused_add_0",
/// "decode, batch 32") is returned as it is (control characters escaped).
std::string engineerName(std::string_view fullName);

/// engineerName, cut in the middle with "…" when it is longer than `maxChars` characters (the
/// start and the end of a name tell kernels apart; a launch suffix is always kept whole).
std::string shortKernelName(std::string_view fullName, std::size_t maxChars = 40);

/// shortKernelName of each name, made distinct: names that would read alike get the first words
/// of their full names that differ ("softmax<…Half…>" and "softmax<…float…>"), else a number.
std::vector<std::string> distinctKernelNames(const std::vector<std::string>& fullNames, std::size_t maxChars = 40);

} // namespace roofline
