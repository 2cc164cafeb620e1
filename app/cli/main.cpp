// mapscape-cli: the headless front end of the Mapscape engine.
#include <malloc.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/help_format.hpp"
#include "util/diagnostic.hpp"
#ifdef MAPSCAPE_TORCH_PLUGIN
#include "cli/surrogate_plugin.hpp"
#endif

int main(int argc, char** argv) {
    // pagmo's CMA-ES allocates and frees matrices of a few hundred KB every generation; glibc
    // would map and unmap each one (a page fault per page). Keep such blocks on the heap.
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    CLI::App app{"mapscape-cli: evaluate, search and schedule DNN accelerator mappings", "mapscape-cli"};
    app.formatter(std::make_shared<mapscape::cli::SynopsisFormatter>());  // subcommands inherit it
    app.set_version_flag("--version", std::string("mapscape-cli ") + MAPSCAPE_VERSION);
    app.require_subcommand(1);
    int exit_code = mapscape::cli::kExitOk;
    mapscape::cli::add_eval_command(app, exit_code);
    mapscape::cli::add_bench_command(app, exit_code);
    mapscape::cli::add_model_command(app, exit_code);
    mapscape::cli::add_search_command(app, exit_code);
    mapscape::cli::add_compare_command(app, exit_code);
    mapscape::cli::add_schedule_command(app, exit_code);
    mapscape::cli::add_schedule_eval_command(app, exit_code);
    mapscape::cli::add_sweep_command(app, exit_code);
    mapscape::cli::add_codesign_command(app, exit_code);
    mapscape::cli::add_codesign_compare_command(app, exit_code);
    mapscape::cli::add_naas_command(app, exit_code);
    mapscape::cli::add_naas_compare_command(app, exit_code);
#ifdef MAPSCAPE_TORCH_PLUGIN
    mapscape::cli::register_deferred_surrogate_algorithms();  // --algo mindmappings, gamma-guided, ddpg, a2c, ppo2
    mapscape::cli::add_deferred_surrogate_commands(app, exit_code, argc, argv);  // surrogate, rl
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return mapscape::cli::report_parse_error(app, e);
    } catch (const mapscape::InputError& e) {
        std::cerr << e.diagnostic().to_string() << "\n";
        return mapscape::cli::kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "mapscape-cli: " << e.what() << "\n";
        return mapscape::cli::kExitBadInput;
    }
    return exit_code;
}
