#include "rl/mlp_pass.hpp"

#include <algorithm>
#include <stdexcept>

#include "rl/row_major_gemm.hpp"

namespace mapscape::rl {

namespace {

torch::Tensor& sized(torch::Tensor& buffer, std::int64_t rows, std::int64_t cols) {
    if (!buffer.defined() || buffer.size(0) != rows || buffer.size(1) != cols) buffer = torch::empty({rows, cols}, torch::kFloat32);
    return buffer;
}

}  // namespace

const torch::Tensor& MlpPass::forward(const torch::Tensor& x) {
    forward_rows(x, x.size(0), 0);
    input_ = x;
    return outputs_.back();
}

torch::Tensor MlpPass::forward_rows(const torch::Tensor& x, std::int64_t total_rows, std::int64_t offset) {
    torch::NoGradGuard no_grad;
    const std::size_t layers = net_->layer_count();
    if (layers == 0) throw std::logic_error("MlpPass::forward: the network is not bound");
    outputs_.resize(layers);
    const std::int64_t rows = x.size(0);
    torch::Tensor h = x;
    for (std::size_t i = 0; i < layers; ++i) {
        const torch::Tensor& w = net_->weight(i);
        torch::Tensor y = sized(outputs_[i], total_rows, w.size(1)).narrow(0, offset, rows);
        // y = bias + h w, as addmm computes it: the bias copied in, then the product added.
        const std::int64_t in = w.size(0), out = w.size(1);
        float* yp = y.data_ptr<float>();
        const float* bias = net_->bias(i).data_ptr<float>();
        for (std::int64_t r = 0; r < rows; ++r) std::copy_n(bias, out, yp + r * out);
        row_major_gemm(false, false, rows, out, in, 1.0f, h.data_ptr<float>(), in, w.data_ptr<float>(), out, 1.0f, yp, out);
        if (i + 1 < layers) {
            if (net_->activation() == Activation::Tanh) {
                // Mlp's tanh: 2 sigmoid(2x) - 1, in the same float operations.
                const std::int64_t n = y.numel();
                for (std::int64_t k = 0; k < n; ++k) yp[k] *= 2.0f;
                y.sigmoid_();
                float* p = yp;
                for (std::int64_t k = 0; k < n; ++k) p[k] = p[k] * 2.0f - 1.0f;
            } else {
                y.relu_();
            }
        }
        h = y;
    }
    return h;
}

void MlpPass::backward(const torch::Tensor& d_output) {
    torch::NoGradGuard no_grad;
    const std::size_t layers = outputs_.size();
    const std::int64_t rows = d_output.size(0);
    torch::Tensor dz = d_output;
    for (std::size_t i = layers; i-- > 0;) {
        const torch::Tensor& w = net_->weight(i);
        torch::Tensor weight_gradient = net_->weight(i).grad(), bias_gradient = net_->bias(i).grad();
        const torch::Tensor& h = i == 0 ? input_ : outputs_[i - 1];
        const std::int64_t in = w.size(0), out_width = w.size(1);
        row_major_gemm(true, false, in, out_width, rows, 1.0f, h.data_ptr<float>(), in, dz.data_ptr<float>(), out_width, 0.0f,
                       weight_gradient.data_ptr<float>(), out_width);
        {
            const std::int64_t out = out_width;
            float* db = bias_gradient.data_ptr<float>();
            const float* g = dz.data_ptr<float>();
            for (std::int64_t c = 0; c < out; ++c) db[c] = 0;
            for (std::int64_t r = 0; r < rows; ++r)
                for (std::int64_t c = 0; c < out; ++c) db[c] += g[r * out + c];
        }
        if (i == 0) break;
        torch::Tensor& d_previous = sized(i % 2 ? d_previous_ : d_current_, rows, w.size(0));
        row_major_gemm(false, true, rows, in, out_width, 1.0f, dz.data_ptr<float>(), out_width, w.data_ptr<float>(), out_width, 0.0f,
                       d_previous.data_ptr<float>(), in);
        float* d = d_previous.data_ptr<float>();
        const float* y = h.data_ptr<float>();
        const std::int64_t n = d_previous.numel();
        if (net_->activation() == Activation::Tanh)
            for (std::int64_t k = 0; k < n; ++k) d[k] *= 1.0f - y[k] * y[k];
        else
            for (std::int64_t k = 0; k < n; ++k) d[k] = y[k] > 0 ? d[k] : 0.0f;
        dz = d_previous;
    }
}

}  // namespace mapscape::rl
