// Forward and backward passes of an Mlp without autograd, into buffers kept between calls: the
// actor-critic agents call their networks a million times per search on small batches, where
// libtorch's autograd graph and per-op allocations cost more than the matrix products. The
// products still go through libtorch (at::addmm_out / at::mm_out, i.e. its BLAS), the rest is
// plain loops; the tanh is computed as Mlp::forward computes it, so the outputs are the same.
#pragma once

#include <vector>

#include <torch/torch.h>

#include "rl/mlp.hpp"

namespace mapscape::rl {

class MlpPass {
public:
    MlpPass() = default;
    explicit MlpPass(const Mlp& net) : net_(&net) {}

    // x: [rows, inputs], contiguous float32, kept (not copied) until backward(). Returns the
    // [rows, outputs] output, valid until the next forward(). Buffers are reallocated only when
    // `rows` changes.
    const torch::Tensor& forward(const torch::Tensor& x);
    // The forward of rows [offset, offset + x.size(0)) of a batch of `total_rows` rows, the others
    // kept from earlier calls: the agent computes a rollout's logits step by step while acting,
    // and its update then backpropagates through them all (after set_input) without a second
    // forward. Returns those rows of the output.
    torch::Tensor forward_rows(const torch::Tensor& x, std::int64_t total_rows, std::int64_t offset);
    // The whole batch's input, for backward() after forward_rows().
    void set_input(const torch::Tensor& x) { input_ = x; }
    // The output of the whole batch.
    const torch::Tensor& output() const { return outputs_.back(); }
    // Given d(loss)/d(output) of the last forward ([rows, outputs], contiguous float32), writes
    // (does not add) d(loss)/d(parameters) into the net's bound gradient.
    void backward(const torch::Tensor& d_output);

private:
    const Mlp* net_ = nullptr;
    torch::Tensor input_;
    std::vector<torch::Tensor> outputs_;  // each layer's output, after its activation
    torch::Tensor d_current_, d_previous_;
};

}  // namespace mapscape::rl
