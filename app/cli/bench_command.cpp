// `mapscape-cli bench`: cost-model throughput.
#include "cli/commands.hpp"

namespace mapscape::cli {

void add_bench_command(CLI::App& app, int& exit_code) {
    CLI::App* c = app.add_subcommand("bench", "measure cost-model throughput");
    c->callback([&exit_code] { exit_code = kExitOk; });
}

}  // namespace mapscape::cli
