// SPDX-License-Identifier: MIT
// Kernel names as engineers say them, from the signatures real profilers write.
#include "core/io/kernel_io.h"
#include "core/model/kernel_name.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace roofline;

TEST(KernelNames, ASignatureReadsAsItsFunctionsName)
{
    // The return type, namespaces, parameters and template arguments go.
    EXPECT_EQ(engineerName("void at::<unnamed>::cunn_SoftMaxForwardReg<c10::Half, float, c10::Half, "
                           "at::<unnamed>::SoftMaxForwardEpilogue, long, 8>(T3 *, const T1 *, T5) #7"),
        "cunn_SoftMaxForwardReg #7");
    EXPECT_EQ(engineerName("void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4, false, false, "
                           "cutlass::half_t, Flash_kernel_traits<128, 64, 64, 4, cutlass::half_t>>, false, true, "
                           "false, false, true, true, false>(Flash_fwd_params)"),
        "flash_fwd_kernel");
    EXPECT_EQ(engineerName("void (anonymous namespace)::layer_norm_kernel<float>(int, float, const float *)"),
        "layer_norm_kernel");
    // Names that are not signatures stay as they are.
    for (const char* plain : {"nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT", "triton_poi_fused_add_mul_0",
             "decode, batch 32", "__omp_offloading_32_6b6b__QQmain_l41.kd #2", "GEMV (decode step)"})
        EXPECT_EQ(engineerName(plain), plain);
}

TEST(KernelNames, AGenericWrapperKeepsTheArgumentThatNamesItsWork)
{
    EXPECT_EQ(engineerName("void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8>("
                           "cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8::Params)"),
        "Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_32x6_tn_align8>");
    EXPECT_EQ(engineerName("void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl("
                           "at::TensorIteratorBase &, at::native::GeluType)::[lambda() (instance 1)]::operator ()() "
                           "const::[lambda(float) (instance 1)], std::array<char *, 2>>(int, T2, T3)"),
        "vectorized_elementwise_kernel<\xE2\x80\xA6GeluCUDAKernelImpl\xE2\x80\xA6>");
    // The inner functor names the operation, the outer one only its arity.
    EXPECT_EQ(engineerName("void at::vectorized_elementwise_kernel<4, at::AUnaryFunctor<float, float, float, "
                           "binary_internal::MulFunctor<float>>, std::array<char *, 2>>(int, T2, T3)"),
        "vectorized_elementwise_kernel<\xE2\x80\xA6MulFunctor\xE2\x80\xA6>");
}

TEST(KernelNames, EveryKernelOfTheRealH200ExportIsNamedByItsFunctionAndNoTwoAlike)
{
    auto r = loadKernelFile(std::string(ROOFLINE_TEST_DATA) + "/real/h200_ncu_raw.csv");
    ASSERT_TRUE(r.ok());
    std::vector<std::string> full;
    for (const Kernel& k : r->kernels)
        full.push_back(k.name);
    const auto names = distinctKernelNames(full, 64);
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size()) << "no two alike";
    EXPECT_EQ(names[2], "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT #2");
    EXPECT_EQ(names[7], "cunn_SoftMaxForwardReg #7");
    EXPECT_EQ(names[0], "distribution_elementwise_grid_stride_kernel<\xE2\x80\xA6normal_kernel\xE2\x80\xA6> #0");
    for (const std::string& n : names) {
        EXPECT_EQ(n.rfind("void ", 0), std::string::npos) << n;
        EXPECT_LE(n.size(), 64u + 4) << n; // 64 characters; an ellipsis is 3 bytes
    }
}

TEST(KernelNames, NamesThatReadAlikeAreToldApart)
{
    // Two instantiations of one template, aggregated by their full names.
    const auto names
        = distinctKernelNames({"void softmax<c10::Half>(float *)", "void softmax<float>(float *)", "gemm"});
    EXPECT_EQ(names[0], "softmax [Half]");
    EXPECT_EQ(names[1], "softmax [float]");
    EXPECT_EQ(names[2], "gemm");
    const auto same = distinctKernelNames({"k", "k"});
    EXPECT_EQ(same[0], "k (1)");
    EXPECT_EQ(same[1], "k (2)");
}
