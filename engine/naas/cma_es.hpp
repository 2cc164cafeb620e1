// The covariance matrix adaptation evolution strategy (Hansen's CMA-ES, as "The CMA Evolution
// Strategy: A Tutorial", 2016, states it) in ask-and-tell form, for NAAS's outer search: the
// caller draws candidates, may throw away and redraw ones that decode to nothing (as NAAS does
// with invalid accelerators), evaluates a full population, and tells their fitness back.
// Small dimensions (NAAS's hardware vector has 12 genes, a layer's mapping 24 to 36): the
// covariance is decomposed every generation up to 19 dimensions, every n / 10 generations above.
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
    // One draw from the current distribution.
    std::vector<double> sample();
    // Updates the distribution from a full population (lambda candidates) and its fitness
    // (lower is better; +inf allowed).
    void tell(const std::vector<std::vector<double>>& candidates, const std::vector<double>& fitness);
    std::vector<double> mean() const;
    double sigma() const { return sigma_; }

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
