// SPDX-License-Identifier: MIT
// What a file the user opens or drops on the window is, told from its content.
#pragma once

#include "core/model/kernel.h"

#include <cstddef>
#include <string>
#include <vector>

namespace roofline {

enum class FileKind {
    Session, ///< a Roofline Studio session (*.roofline.yaml, or 'roofline_session:')
    HardwareProfile, ///< a profile YAML ('peaks:' and 'memory:')
    ModelPreset, ///< an LLM model preset YAML ('hidden_size:')
    Ceilings, ///< measured ceilings (ERT's roofline.json or sum, rocprof-compute's roofline.csv)
    Kernels, ///< anything else: a kernel table or a profiler export, read by parseKernels
};

/// How much of a file detectFileKind needs: its first megabyte.
inline constexpr std::size_t kFileKindHeadBytes = std::size_t {1} << 20;

/// The kind of the file at `path` from its first kFileKindHeadBytes (`head`); `whole` says
/// whether `head` is all of it (only a whole small file can be measured ceilings or a preset).
FileKind detectFileKind(const std::string& path, const std::string& head, bool whole);

/// How many distinct kernels a profiler export's launches are: their names without the launch
/// suffix (" #3") that one row per launch carries.
std::size_t distinctKernelCount(const std::vector<Kernel>& launches);

} // namespace roofline
