// SPDX-License-Identifier: MIT
// libFuzzer targets, one per parser; FUZZ_TARGET selects which (see CMakeLists.txt). Every
// input must give a value or an Error: no crash, no hang, no sanitizer report.
#include "core/io/ceilings.h"
#include "core/io/kernel_io.h"
#include "core/io/profile_yaml.h"
#include "core/io/session_yaml.h"
#include "core/llm/model_spec.h"
#include "core/model/kernel.h"
#include "core/model/units.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace roofline;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
#if FUZZ_TARGET == 1
    for (Dimension d : {Dimension::FlopRate, Dimension::ByteRate, Dimension::Flops, Dimension::Bytes, Dimension::Time,
             Dimension::Intensity}) {
        auto r = parseQuantity(text, d);
        if (r)
            (void)formatQuantity(r.value(), d);
    }
#elif FUZZ_TARGET == 2
    auto r = parseProfile(text, "fuzz.yaml");
    if (r)
        (void)parseProfile(profileToYaml(r.value()), "again.yaml");
#elif FUZZ_TARGET == 3
    auto r = parseKernels(text, "fuzz.csv");
    if (r)
        (void)kernelsToCsv(r->kernels);
    (void)parseKernels(text, "fuzz.csv", KernelFormat::Csv, [] {
        KernelReadOptions o;
        o.aggregate = true;
        return o;
    }());
#elif FUZZ_TARGET == 4
    (void)parseCeilings(text, "fuzz.json");
#elif FUZZ_TARGET == 5
    auto r = parseSession(text, "fuzz.roofline.yaml");
    if (r)
        (void)parseSession(sessionToYaml(r.value()), "again.yaml");
#elif FUZZ_TARGET == 6
    (void)parseModelSpec(text, "fuzz.yaml");
#elif FUZZ_TARGET == 7
    (void)parsePointSpec(text);
#endif
    return 0;
}
