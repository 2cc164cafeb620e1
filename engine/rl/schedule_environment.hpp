// MAGMA's reinforcement-learning environment for multi-core scheduling, as its public code sets
// it up for the RL baselines (SchedulerRL_AB with both stages learned; ALGORITHM_NOTES 3.9):
//  * jobs arrive in the group's gene order (by best no-stall latency); a window holds the next
//    `window` (5) unplaced jobs, in arrival order;
//  * an action is (window slot, core): that job goes to that core and runs after the jobs already
//    placed there (priority = its placement rank / jobs);
//  * the state is each slot's job latency on every core (-1 for an empty slot), z-scored together,
//    then each core's accumulated latency, z-scored (left as is while all are equal);
//  * a step's reward is minus the chosen core's accumulated latency after the job; at the
//    episode's end minus the schedule's objective (the bandwidth allocator's makespan) is added;
//  * choosing an empty slot (fewer jobs left than the window holds) places the remaining jobs on
//    the least-loaded cores and ends the episode, with their step rewards summed as the code does.
// Beyond the code, off by default: with a bandwidth scale, the state also holds each slot's job's
// bandwidth ask on every core and each core's bandwidth use so far (the bytes of its jobs over
// their no-stall latencies), both over the scale (the system bandwidth, bytes/cycle), so that a
// policy can see where the shared bandwidth will throttle (MAGMA's environment shows none).
// Also beyond the code: a core that cannot run a job (the cost model refused it) reads -1 in the state
// and is masked out of that job's core choice; with the energy objective a step's reward is
// minus the job's energy on the chosen core.
#pragma once

#include <cstdint>
#include <vector>

#include "schedule/job_analysis.hpp"
#include "schedule/schedule.hpp"
#include "schedule/schedule_search.hpp"

namespace mapscape::rl {

// How the state's numbers are scaled: MAGMA's z-scores (the window's latencies among themselves,
// the cores' accumulated latencies among themselves), or every latency over one scale shared by
// both parts (the group's makespan lower bound), so that a job compares with the cores' loads.
enum class StateScale { ZScore, Shared };

class ScheduleEnvironment {
public:
    // `shared_scale` (cycles) is used with StateScale::Shared; `bandwidth_scale` (bytes/cycle),
    // when positive, adds the bandwidth part to the state.
    ScheduleEnvironment(const JobTable& table, ScheduleObjective objective, int window = 5, StateScale scale = StateScale::ZScore,
                        double shared_scale = 1, double bandwidth_scale = 0);

    int window() const { return window_; }
    int cores() const { return cores_; }
    int jobs() const { return jobs_; }
    int state_size() const { return (window_ + 1) * cores_ * (bandwidth_scale_ > 0 ? 2 : 1); }

    void reset();
    // Writes state_size() floats.
    void observe(float* state) const;
    // Writes cores() flags: 1 where the core can run the job in `slot` (all 1 for an empty slot).
    void core_mask(int slot, std::uint8_t* mask) const;
    // Places the job in `slot` on `core` (a core that cannot run it is replaced by the least-loaded
    // one that can) and returns the step's reward, without the final objective term.
    double step(int slot, int core);
    bool done() const { return done_; }
    // The episode's schedule, complete once done().
    const Assignment& assignment() const { return assignment_; }

private:
    void place(int job, int core);
    double step_reward(int job, int core) const;
    int least_loaded_core_for(int job) const;

    const JobTable* table_;
    ScheduleObjective objective_;
    StateScale scale_;
    double shared_scale_;
    double bandwidth_scale_;
    int window_, cores_, jobs_;
    std::vector<int> pool_;  // job indices in the window, arrival order
    int next_job_ = 0, placed_ = 0;
    bool done_ = false;
    std::vector<double> core_time_, core_bytes_;
    Assignment assignment_;
};

}  // namespace mapscape::rl
