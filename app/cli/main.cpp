// mapscape-cli: the headless front end of the Mapscape engine.
#include <malloc.h>

#include <algorithm>
#include <iostream>
#include <iterator>
#include <string_view>

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
    // Defining every command's options was a third of a call's start-up (CLI11 builds each
    // option with its strings and validators): when the first argument names a command, only
    // that command is defined, and --version alone needs none. --help and anything else get
    // them all.
    struct Command {
        std::string_view names;  // the subcommands the function defines, space-separated
        void (*add)(CLI::App&, int&);
    };
    static constexpr Command kCommands[] = {
        {"eval", mapscape::cli::add_eval_command},
        {"bench", mapscape::cli::add_bench_command},
        {"model", mapscape::cli::add_model_command},
        {"search", mapscape::cli::add_search_command},
        {"compare", mapscape::cli::add_compare_command},
        {"schedule schedule-compare", mapscape::cli::add_schedule_command},
        {"schedule-eval", mapscape::cli::add_schedule_eval_command},
        {"sweep", mapscape::cli::add_sweep_command},
        {"codesign", mapscape::cli::add_codesign_command},
        {"codesign-compare", mapscape::cli::add_codesign_compare_command},
        {"naas", mapscape::cli::add_naas_command},
        {"naas-compare", mapscape::cli::add_naas_compare_command},
        {"whatif", mapscape::cli::add_whatif_command},
        {"simulate", mapscape::cli::add_simulate_command},
    };
#ifdef MAPSCAPE_TORCH_PLUGIN
    // Before the commands are defined: their help lists every algorithm by name.
    mapscape::cli::register_deferred_surrogate_algorithms();  // --algo mindmappings, gamma-guided, ddpg, a2c, ppo2
#endif
    const std::string_view first = argc > 1 ? argv[1] : "";
    const auto defines = [first](std::string_view names) {
        for (std::size_t at = 0; at < names.size();) {
            const std::size_t space = std::min(names.find(' ', at), names.size());
            if (names.substr(at, space - at) == first) return true;
            at = space + 1;
        }
        return false;
    };
    const auto named = std::find_if(std::begin(kCommands), std::end(kCommands), [&](const Command& c) { return defines(c.names); });
    if (named != std::end(kCommands)) {
        named->add(app, exit_code);
    } else if (!(argc == 2 && first == "--version")) {
        for (const Command& command : kCommands) command.add(app, exit_code);
    }
#ifdef MAPSCAPE_TORCH_PLUGIN
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
