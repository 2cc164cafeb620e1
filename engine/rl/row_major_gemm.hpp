// C = alpha op(A) op(B) + beta C on row-major float matrices, straight through the BLAS that
// libtorch itself calls (sgemm_ of libblas.so.3, OpenBLAS here), without libtorch's dispatcher:
// the actor-critic agents make about a hundred of these products per update, a million steps a
// search, where the dispatcher and its temporary tensors cost as much as the small products.
#pragma once

#include <cstdint>

namespace mapscape::rl {

// op(A) is [m, k], op(B) [k, n], C [m, n]; lda, ldb, ldc are the row strides as stored.
void row_major_gemm(bool transpose_a, bool transpose_b, std::int64_t m, std::int64_t n, std::int64_t k, float alpha, const float* a,
                    std::int64_t lda, const float* b, std::int64_t ldb, float beta, float* c, std::int64_t ldc);

}  // namespace mapscape::rl
