// The subcommands of mapscape-cli. Each registers its options on the app and returns, through
// the callback it installs, the process exit code.
#pragma once

#include <CLI/CLI.hpp>

namespace mapscape::cli {

// Exit codes: 0 success, 1 a mapping or search reported a problem, 2 bad input or usage.
inline constexpr int kExitOk = 0;
inline constexpr int kExitProblem = 1;
inline constexpr int kExitBadInput = 2;

void add_eval_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_model_command(CLI::App& app, int& exit_code);
void add_search_command(CLI::App& app, int& exit_code);
void add_compare_command(CLI::App& app, int& exit_code);
void add_schedule_command(CLI::App& app, int& exit_code);
void add_schedule_eval_command(CLI::App& app, int& exit_code);
void add_sweep_command(CLI::App& app, int& exit_code);
void add_codesign_command(CLI::App& app, int& exit_code);
void add_codesign_compare_command(CLI::App& app, int& exit_code);
void add_naas_command(CLI::App& app, int& exit_code);
void add_naas_compare_command(CLI::App& app, int& exit_code);
void add_whatif_command(CLI::App& app, int& exit_code);
void add_simulate_command(CLI::App& app, int& exit_code);
#ifdef MAPSCAPE_HAS_SURROGATE
void add_surrogate_command(CLI::App& app, int& exit_code);
void add_rl_command(CLI::App& app, int& exit_code);
#endif

}  // namespace mapscape::cli
