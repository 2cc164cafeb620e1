// The covariance matrix adaptation evolution strategy (Hansen's CMA-ES, as "The CMA Evolution
// Strategy: A Tutorial", 2016, states it) in ask-and-tell form, for NAAS's outer search: the
// caller draws candidates, may throw away and redraw ones that decode to nothing (as NAAS does
// with invalid accelerators), evaluates a full population, and tells their fitness back.
// NAAS's vectors are small (the hardware 12 genes, a layer's mapping 24 to 36); the co-design
// black-box baseline's joint encodings have hundreds to over a thousand. The covariance is
// decomposed every generation up to 19 dimensions, every n / 10 generations above; above
// kLargeDimension the rank-mu update and batched sampling are matrix products (same algorithm,
// other rounding: smaller problems keep the vector form their earlier results were made with).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include <Eigen/Dense>

namespace mapscape {

class CmaEs {
public:
    // Starts at `mean` with step size `sigma`; lambda candidates per generation (0: 4 + 3 ln n).
    CmaEs(std::vector<double> mean, double sigma, int lambda, std::uint64_t seed);

    int lambda() const { return lambda_; }
    int dimension() const { return n_; }
    static constexpr int kLargeDimension = 64;

    // One draw from the current distribution.
    std::vector<double> sample();
    // `count` draws at once (one matrix product: what large dimensions need to be fast).
    std::vector<std::vector<double>> sample(int count);
    // Updates the distribution from a full population (lambda candidates) and its fitness
    // (lower is better; +inf allowed).
    void tell(const std::vector<std::vector<double>>& candidates, const std::vector<double>& fitness);
    std::vector<double> mean() const;
    double sigma() const { return sigma_; }
    // The largest standard deviation along any principal axis (sigma x the largest sqrt eigenvalue).
    double largest_step() const { return sigma_ * D_.diagonal().maxCoeff(); }

private:
    int n_, lambda_, mu_;
    std::vector<double> weights_;
    double mu_eff_, c_sigma_, d_sigma_, c_c_, c_1_, c_mu_, chi_n_;
    Eigen::VectorXd mean_, p_sigma_, p_c_;
    Eigen::MatrixXd C_, B_, D_, inv_sqrt_C_;
    double sigma_;
    int generation_ = 0;
    std::mt19937_64 rng_;
    std::normal_distribution<double> normal_{0.0, 1.0};
    void decompose();
};

}  // namespace mapscape
