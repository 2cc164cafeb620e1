#include "search/cma_es.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <Eigen/Eigenvalues>

namespace mapscape {

CmaEs::CmaEs(std::vector<double> mean, double sigma, int lambda, std::uint64_t seed)
    : n_(static_cast<int>(mean.size())), sigma_(sigma), rng_(seed) {
    lambda_ = lambda > 0 ? lambda : 4 + static_cast<int>(3 * std::log(static_cast<double>(n_)));
    mu_ = lambda_ / 2;
    for (int i = 0; i < mu_; ++i) weights_.push_back(std::log((lambda_ + 1) / 2.0) - std::log(i + 1.0));
    const double sum = std::accumulate(weights_.begin(), weights_.end(), 0.0);
    double sum_sq = 0;
    for (double& w : weights_) {
        w /= sum;
        sum_sq += w * w;
    }
    mu_eff_ = 1.0 / sum_sq;
    const double n = n_;
    c_sigma_ = (mu_eff_ + 2) / (n + mu_eff_ + 5);
    d_sigma_ = 1 + 2 * std::max(0.0, std::sqrt((mu_eff_ - 1) / (n + 1)) - 1) + c_sigma_;
    c_c_ = (4 + mu_eff_ / n) / (n + 4 + 2 * mu_eff_ / n);
    c_1_ = 2 / ((n + 1.3) * (n + 1.3) + mu_eff_);
    c_mu_ = std::min(1 - c_1_, 2 * (mu_eff_ - 2 + 1 / mu_eff_) / ((n + 2) * (n + 2) + mu_eff_));
    chi_n_ = std::sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));
    mean_ = Eigen::Map<const Eigen::VectorXd>(mean.data(), n_);
    p_sigma_ = Eigen::VectorXd::Zero(n_);
    p_c_ = Eigen::VectorXd::Zero(n_);
    C_ = Eigen::MatrixXd::Identity(n_, n_);
    if (n_ > kLargeDimension) {  // the identity's decomposition is known: skip an O(n^3) solve per restart
        B_ = D_ = inv_sqrt_C_ = C_;
    } else {
        decompose();
    }
}

void CmaEs::decompose() {
    C_ = (C_ + C_.transpose()) / 2;  // keep it symmetric against rounding
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(C_);
    B_ = solver.eigenvectors();
    Eigen::VectorXd d = solver.eigenvalues().cwiseMax(1e-20).cwiseSqrt();
    D_ = d.asDiagonal();
    inv_sqrt_C_ = B_ * d.cwiseInverse().asDiagonal() * B_.transpose();
}

std::vector<double> CmaEs::sample() {
    Eigen::VectorXd z(n_);
    for (int i = 0; i < n_; ++i) z[i] = normal_(rng_);
    const Eigen::VectorXd x = mean_ + sigma_ * (B_ * (D_ * z));
    return std::vector<double>(x.data(), x.data() + n_);
}

std::vector<std::vector<double>> CmaEs::sample(int count) {
    Eigen::MatrixXd z(n_, count);
    for (int j = 0; j < count; ++j)
        for (int i = 0; i < n_; ++i) z(i, j) = normal_(rng_);
    Eigen::MatrixXd x(n_, count);
    x.noalias() = B_ * (D_.diagonal().asDiagonal() * z);
    std::vector<std::vector<double>> out(static_cast<std::size_t>(count), std::vector<double>(static_cast<std::size_t>(n_)));
    for (int j = 0; j < count; ++j)
        for (int i = 0; i < n_; ++i) out[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = mean_[i] + sigma_ * x(i, j);
    return out;
}

std::vector<double> CmaEs::mean() const { return std::vector<double>(mean_.data(), mean_.data() + n_); }

void CmaEs::tell(const std::vector<std::vector<double>>& candidates, const std::vector<double>& fitness) {
    std::vector<int> order(candidates.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return fitness[static_cast<std::size_t>(a)] < fitness[static_cast<std::size_t>(b)];
    });
    const Eigen::VectorXd old_mean = mean_;
    mean_.setZero();
    const int mu = std::min<int>(mu_, static_cast<int>(candidates.size()));
    std::vector<Eigen::VectorXd> steps;
    for (int i = 0; i < mu; ++i) {
        const auto& c = candidates[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
        const Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(c.data(), n_);
        mean_ += weights_[static_cast<std::size_t>(i)] * x;
        steps.push_back((x - old_mean) / sigma_);
    }
    const Eigen::VectorXd y = (mean_ - old_mean) / sigma_;
    ++generation_;
    p_sigma_ = (1 - c_sigma_) * p_sigma_ + std::sqrt(c_sigma_ * (2 - c_sigma_) * mu_eff_) * (inv_sqrt_C_ * y);
    const double ps_norm = p_sigma_.norm();
    const bool h_sigma = ps_norm / std::sqrt(1 - std::pow(1 - c_sigma_, 2.0 * generation_)) < (1.4 + 2 / (n_ + 1.0)) * chi_n_;
    p_c_ = (1 - c_c_) * p_c_ + (h_sigma ? std::sqrt(c_c_ * (2 - c_c_) * mu_eff_) : 0.0) * y;
    const double lost = h_sigma ? 0.0 : c_c_ * (2 - c_c_);
    const double keep = 1 - c_1_ - c_mu_ + c_1_ * lost;
    if (n_ > kLargeDimension) {  // in place, the rank-mu sum as one product (sum of w_i y_i y_i^T)
        Eigen::MatrixXd weighted(n_, mu);
        for (int i = 0; i < mu; ++i) weighted.col(i) = std::sqrt(c_mu_ * weights_[static_cast<std::size_t>(i)]) * steps[static_cast<std::size_t>(i)];
        C_ *= keep;
        C_.noalias() += c_1_ * p_c_ * p_c_.transpose();
        C_.noalias() += weighted * weighted.transpose();
    } else {
        Eigen::MatrixXd rank_mu = Eigen::MatrixXd::Zero(n_, n_);
        for (int i = 0; i < mu; ++i) rank_mu += weights_[static_cast<std::size_t>(i)] * steps[static_cast<std::size_t>(i)] * steps[static_cast<std::size_t>(i)].transpose();
        C_ = keep * C_ + c_1_ * p_c_ * p_c_.transpose() + c_mu_ * rank_mu;
    }
    sigma_ *= std::exp((c_sigma_ / d_sigma_) * (ps_norm / chi_n_ - 1));
    sigma_ = std::clamp(sigma_, 1e-8, 1.0);
    // The decomposition costs O(n^3), the generation O(lambda) evaluations: in larger dimensions
    // it is refreshed every n / 10 generations (the tutorial's lazy update; B and D lag a little).
    if (generation_ % std::max(1, n_ / 10) == 0) decompose();
}

}  // namespace mapscape
