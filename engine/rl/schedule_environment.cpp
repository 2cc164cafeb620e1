#include "rl/schedule_environment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapscape::rl {

namespace {

// MAGMA's norm_value: (x - mean) / std over the array, unless the std is 0.
void z_score(float* x, int n) {
    double mean = 0;
    for (int i = 0; i < n; ++i) mean += x[i];
    mean /= n;
    double variance = 0;
    for (int i = 0; i < n; ++i) variance += (x[i] - mean) * (x[i] - mean);
    const double sd = std::sqrt(variance / n);
    if (sd == 0) return;
    for (int i = 0; i < n; ++i) x[i] = static_cast<float>((x[i] - mean) / sd);
}

}  // namespace

ScheduleEnvironment::ScheduleEnvironment(const JobTable& table, ScheduleObjective objective, int window, StateScale scale, double shared_scale,
                                         double bandwidth_scale)
    : table_(&table), objective_(objective), scale_(scale), shared_scale_(shared_scale > 0 ? shared_scale : 1),
      bandwidth_scale_(std::isfinite(bandwidth_scale) && bandwidth_scale > 0 ? bandwidth_scale : 0), window_(std::max(1, window)),
      cores_(table.cores()), jobs_(table.jobs()) {
    assignment_.core.assign(static_cast<std::size_t>(jobs_), 0);
    assignment_.priority.assign(static_cast<std::size_t>(jobs_), 0.0);
    reset();
}

void ScheduleEnvironment::reset() {
    pool_.clear();
    for (next_job_ = 0; next_job_ < std::min(window_, jobs_); ++next_job_) pool_.push_back(next_job_);
    placed_ = 0;
    done_ = jobs_ == 0;
    core_time_.assign(static_cast<std::size_t>(cores_), 0.0);
    core_bytes_.assign(static_cast<std::size_t>(cores_), 0.0);
}

void ScheduleEnvironment::observe(float* state) const {
    const int slots = window_ * cores_;
    const bool shared = scale_ == StateScale::Shared;
    for (int s = 0; s < window_; ++s)
        for (int c = 0; c < cores_; ++c) {
            float v = -1;
            if (s < static_cast<int>(pool_.size())) {
                const double latency = table_->latency(pool_[static_cast<std::size_t>(s)], c);
                if (std::isfinite(latency)) v = static_cast<float>(shared ? latency / shared_scale_ : latency);
            }
            state[s * cores_ + c] = v;
        }
    if (!shared) z_score(state, slots);
    for (int c = 0; c < cores_; ++c) {
        const double t = core_time_[static_cast<std::size_t>(c)];
        state[slots + c] = static_cast<float>(shared ? t / shared_scale_ : t);
    }
    if (!shared) z_score(state + slots, cores_);
    if (bandwidth_scale_ <= 0) return;
    float* bandwidth = state + slots + cores_;
    for (int s = 0; s < window_; ++s)
        for (int c = 0; c < cores_; ++c) {
            float v = -1;
            if (s < static_cast<int>(pool_.size()) && table_->runs_on(pool_[static_cast<std::size_t>(s)], c))
                v = static_cast<float>(table_->bandwidth(pool_[static_cast<std::size_t>(s)], c) / bandwidth_scale_);
            bandwidth[s * cores_ + c] = v;
        }
    for (int c = 0; c < cores_; ++c) {
        const auto i = static_cast<std::size_t>(c);
        bandwidth[slots + c] = core_time_[i] > 0 ? static_cast<float>(core_bytes_[i] / core_time_[i] / bandwidth_scale_) : 0.0f;
    }
}

void ScheduleEnvironment::core_mask(int slot, std::uint8_t* mask) const {
    const bool empty = slot >= static_cast<int>(pool_.size());
    for (int c = 0; c < cores_; ++c) mask[c] = empty || table_->runs_on(pool_[static_cast<std::size_t>(slot)], c) ? 1 : 0;
}

int ScheduleEnvironment::least_loaded_core_for(int job) const {
    int best = -1;
    for (int c = 0; c < cores_; ++c)
        if (table_->runs_on(job, c) && (best < 0 || core_time_[static_cast<std::size_t>(c)] < core_time_[static_cast<std::size_t>(best)])) best = c;
    return std::max(best, 0);
}

double ScheduleEnvironment::step_reward(int job, int core) const {
    if (objective_ == ScheduleObjective::Energy) return -table_->energy_nj(job, core);
    return -core_time_[static_cast<std::size_t>(core)];
}

void ScheduleEnvironment::place(int job, int core) {
    core_time_[static_cast<std::size_t>(core)] += table_->latency(job, core);
    core_bytes_[static_cast<std::size_t>(core)] += table_->bandwidth(job, core) * table_->latency(job, core);
    assignment_.core[static_cast<std::size_t>(job)] = core;
    assignment_.priority[static_cast<std::size_t>(job)] = static_cast<double>(placed_) / static_cast<double>(jobs_);
    ++placed_;
}

double ScheduleEnvironment::step(int slot, int core) {
    if (done_) return 0;
    if (slot >= static_cast<int>(pool_.size())) {
        // MAGMA's complete_rest_jobs: each remaining job, in window order, to the least-loaded
        // core; their rewards summed as reward = reward * 0.99 + r.
        double reward = 0;
        for (int job : pool_) {
            const int c = least_loaded_core_for(job);
            place(job, c);
            reward = reward * 0.99 + step_reward(job, c);
        }
        pool_.clear();
        done_ = true;
        return reward;
    }
    const int job = pool_[static_cast<std::size_t>(slot)];
    if (core < 0 || core >= cores_ || !table_->runs_on(job, core)) core = least_loaded_core_for(job);
    place(job, core);
    const double reward = step_reward(job, core);
    pool_.erase(pool_.begin() + slot);
    if (next_job_ < jobs_) pool_.push_back(next_job_++);
    done_ = placed_ == jobs_;
    return reward;
}

}  // namespace mapscape::rl
