#include "rl/row_major_gemm.hpp"

#include <dlfcn.h>

#include <torch/torch.h>

namespace mapscape::rl {

namespace {

using Sgemm = void (*)(const char*, const char*, const int*, const int*, const int*, const float*, const float*, const int*, const float*,
                       const int*, const float*, float*, const int*);

// libtorch's own BLAS, already loaded with it (RTLD_NOLOAD: nothing new is opened); null when
// this libtorch was built without one, and at::mm_out does the products instead.
Sgemm find_sgemm() {
    void* blas = dlopen("libblas.so.3", RTLD_LAZY | RTLD_NOLOAD);
    return blas ? reinterpret_cast<Sgemm>(dlsym(blas, "sgemm_")) : nullptr;
}

}  // namespace

void row_major_gemm(bool transpose_a, bool transpose_b, std::int64_t m, std::int64_t n, std::int64_t k, float alpha, const float* a,
                    std::int64_t lda, const float* b, std::int64_t ldb, float beta, float* c, std::int64_t ldc) {
    static const Sgemm sgemm = find_sgemm();
    if (sgemm) {
        // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: the same buffers and
        // flags, the operands swapped.
        const char ta = transpose_a ? 'T' : 'N', tb = transpose_b ? 'T' : 'N';
        const int M = static_cast<int>(n), N = static_cast<int>(m), K = static_cast<int>(k);
        const int LDA = static_cast<int>(ldb), LDB = static_cast<int>(lda), LDC = static_cast<int>(ldc);
        sgemm(&tb, &ta, &M, &N, &K, &alpha, b, &LDA, a, &LDB, &beta, c, &LDC);
        return;
    }
    torch::NoGradGuard no_grad;
    auto view = [](const float* p, std::int64_t rows, std::int64_t cols, std::int64_t ld, bool transpose) {
        torch::Tensor t = torch::from_blob(const_cast<float*>(p), {transpose ? cols : rows, transpose ? rows : cols}, {ld, 1}, torch::kFloat32);
        return transpose ? t.t() : t;
    };
    torch::Tensor out = torch::from_blob(c, {m, n}, {ldc, 1}, torch::kFloat32);
    const torch::Tensor product = torch::mm(view(a, m, k, lda, transpose_a), view(b, k, n, ldb, transpose_b));
    if (beta == 0)
        out.copy_(product.mul_(alpha));
    else
        out.mul_(beta).add_(product, alpha);
}

}  // namespace mapscape::rl
