#include "cli/help_format.hpp"

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "util/closest_name.hpp"

namespace mapscape::cli {

namespace {

constexpr std::size_t kWidth = 100;

// "mapscape-cli search": the command as typed, from the program down to this subcommand.
std::string command_path(const CLI::App* app) {
    std::string path = app->get_name();
    for (const CLI::App* p = app->get_parent(); p; p = p->get_parent()) path = p->get_name() + " " + path;
    return path;
}

// The subcommand the user got to: the innermost one parsed.
CLI::App* innermost(CLI::App* app) {
    for (CLI::App* sub : app->get_subcommands()) return innermost(sub);
    return app;
}

std::vector<std::string> long_option_names(const CLI::App* app) {
    std::vector<std::string> names;
    for (const CLI::Option* o : app->get_options())
        for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
    return names;
}

std::vector<std::string> command_names(const CLI::App* app) {
    std::vector<std::string> names;
    for (const CLI::App* sub : app->get_subcommands([](const CLI::App* s) { return !s->get_name().empty(); }))
        names.push_back(sub->get_name());
    return names;
}

std::string joined(const std::vector<std::string>& items) {
    std::string s;
    for (const std::string& i : items) s += (s.empty() ? "" : ", ") + i;
    return s;
}

// The value a synopsis shows after an option: what CLI11's help calls it, without the
// validator's part ("INT:POSITIVE" -> "INT").
std::string metavar(const CLI::Option* o) {
    if (!o->get_option_text().empty()) return o->get_option_text();
    std::string type = o->get_type_name();
    if (const auto colon = type.find(':'); colon != std::string::npos) type.resize(colon);
    if (const auto space = type.find(' '); space != std::string::npos) type.resize(space);
    return type;
}

}  // namespace

std::string SynopsisFormatter::make_usage(const CLI::App* app, std::string name) const {
    std::vector<std::string> words;
    for (const CLI::Option* o : app->get_options()) {
        if (o == app->get_help_ptr() || o == app->get_help_all_ptr()) continue;
        std::string word;
        if (o->get_positional()) {
            word = o->get_name(true, false);
            if (o->get_expected_max() > 1) word += "...";
        } else {
            word = o->get_name(false, false);  // its first long name, or its short one
            if (const auto comma = word.find(','); comma != std::string::npos) word = word.substr(comma + 1);
            if (o->get_type_size() != 0 && !o->get_type_name().empty()) word += " " + metavar(o);  // not a flag
        }
        words.push_back(o->get_required() ? word : "[" + word + "]");
    }
    const auto subcommands = command_names(app);
    if (!subcommands.empty()) words.push_back(app->get_require_subcommand_min() > 0 ? "COMMAND" : "[COMMAND]");

    std::ostringstream out;
    const std::string head = get_label("Usage") + ": " + name;
    std::string line = head;
    const std::string indent(std::min<std::size_t>(head.size() + 1, 40), ' ');
    for (const std::string& w : words) {
        if (line.size() + 1 + w.size() > kWidth && line.size() > indent.size()) {
            out << line << "\n";
            line = indent + w;
        } else {
            line += " " + w;
        }
    }
    out << line << "\n";
    return out.str();
}

int report_parse_error(CLI::App& app, const CLI::ParseError& error) {
    // --help and --version print to stdout and succeed, as CLI11 does them.
    if (dynamic_cast<const CLI::CallForHelp*>(&error) || dynamic_cast<const CLI::CallForAllHelp*>(&error) ||
        dynamic_cast<const CLI::CallForVersion*>(&error))
        return app.exit(error);

    CLI::App* where = innermost(&app);
    const std::string path = command_path(where);
    const std::string help_hint =
        "'" + path + " --help' lists " + (command_names(where).empty() ? "every option" : "the commands");
    std::vector<std::string> left = app.remaining(true);

    const auto commands = command_names(where);
    if (!commands.empty()) {
        // No command was recognised here (mapscape-cli, or model/surrogate): the first word is a
        // misspelled command, or there is none.
        for (const std::string& word : left)
            if (!word.empty() && word.front() != '-') {
                const auto near = closest_name(word, commands);
                std::cerr << path << ": unknown command \"" << word << "\""
                          << (near ? " (did you mean \"" + *near + "\"?)" : std::string()) << "; the commands are "
                          << joined(commands) << "\n";
                return 2;
            }
        if (!left.empty()) {
            std::cerr << path << ": unknown option " << left.front() << " before the command; " << help_hint << "\n";
            return 2;
        }
        std::cerr << path << ": a command is needed: " << joined(commands) << " (" << help_hint << ")\n";
        return 2;
    }

    if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
        // CLI11 says "--budget: 1 required INT:POSITIVE missing" for an option left without its value.
        const std::string what = error.what();
        const std::string option = what.substr(0, what.find(':'));
        if (what.find(" missing") != std::string::npos && option.rfind("-", 0) == 0) {
            std::cerr << path << ": " << option << " needs a value; " << help_hint << "\n";
            return 2;
        }
    }

    if (dynamic_cast<const CLI::ExtrasError*>(&error) && !left.empty()) {
        // remaining() lists the leftovers last first; an unknown option explains its value too.
        std::string unknown_option, stray;
        for (auto it = left.rbegin(); it != left.rend(); ++it) {
            if (it->size() > 1 && it->front() == '-' && unknown_option.empty()) unknown_option = *it;
            if ((it->empty() || it->front() != '-') && stray.empty()) stray = *it;
        }
        if (!unknown_option.empty()) {
            const std::string typed = unknown_option.substr(0, unknown_option.find('='));
            const auto near = closest_name(typed, long_option_names(where));
            std::cerr << path << ": unknown option " << typed << (near ? " (did you mean " + *near + "?)" : std::string())
                      << "; " << help_hint << "\n";
        } else {
            std::cerr << path << ": unexpected argument \"" << stray << "\"; " << help_hint << "\n";
        }
        return 2;
    }

    std::string message = error.what();
    // Our validators (option_checks.hpp) say "must be ..."; CLI11 put "--budget: " in front.
    if (const auto at = message.find(": must be "); at != std::string::npos) message.erase(at, 1);
    std::cerr << path << ": " << message << "; " << help_hint << "\n";
    return 2;
}

}  // namespace mapscape::cli
