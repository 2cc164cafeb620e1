#include "tech/technology_library.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>

#include "tech/technology_json.hpp"
#include "util/closest_name.hpp"
#include "util/data_paths.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape {

namespace fs = std::filesystem;

namespace {

std::map<std::string, std::shared_ptr<const Technology>>& cache() {
    static std::map<std::string, std::shared_ptr<const Technology>> c;
    return c;
}

bool names_a_technology_file(const std::string& s) {
    return s.find('/') != std::string::npos || (s.size() > 5 && s.substr(s.size() - 5) == ".json");
}

std::string bundled_directory() { return data_directory() + "/technologies"; }

std::shared_ptr<const Technology> load_file(const std::string& path);

std::shared_ptr<const Technology> load_bundled(const std::string& name) {
    const std::string path = bundled_directory() + "/" + name + ".json";
    if (!fs::exists(path)) {
        const std::vector<std::string> known = bundled_technology_names();
        std::string list;
        for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
        throw InputError({name, 0, 0}, "no technology called \"" + name + "\"" + did_you_mean(name, known) + " (bundled: " +
                                           list + "; or a technology file, .json)");
    }
    return load_file(path);
}

// Called with the library's mutex held (recursively, for a scaled file's base).
std::shared_ptr<const Technology> load_file(const std::string& path) {
    std::error_code ec;
    const std::string key = fs::weakly_canonical(path, ec).string();
    if (auto it = cache().find(key); it != cache().end()) return it->second;
    const std::string dir = fs::path(path).parent_path().string();
    auto resolve = [&](const std::string& base) {
        if (names_a_technology_file(base)) return load_file(fs::path(base).is_absolute() || dir.empty() ? base : dir + "/" + base);
        if (fs::exists(dir + "/" + base + ".json")) return load_file(dir + "/" + base + ".json");
        return load_bundled(base);
    };
    auto t = std::make_shared<const Technology>(parse_technology_json(read_text_file(path), path, resolve));
    cache()[key] = t;
    return t;
}

std::recursive_mutex& load_mutex() {
    static std::recursive_mutex m;
    return m;
}

}  // namespace

std::shared_ptr<const Technology> load_technology(const std::string& name_or_path, const std::string& relative_to) {
    std::lock_guard<std::recursive_mutex> lock(load_mutex());
    if (name_or_path.empty()) throw InputError({"", 0, 0}, "an empty technology name");
    if (names_a_technology_file(name_or_path)) {
        const bool relative = !fs::path(name_or_path).is_absolute() && !relative_to.empty();
        return load_file(relative ? relative_to + "/" + name_or_path : name_or_path);
    }
    return load_bundled(name_or_path);
}

std::vector<std::string> bundled_technology_names() {
    std::vector<std::pair<double, std::string>> found;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(bundled_directory(), ec)) {
        if (e.path().extension() != ".json") continue;
        const std::string name = e.path().stem().string();
        double node = 1e9;  // maestro first
        if (name != "maestro") {
            try {
                node = std::stod(name);
            } catch (...) {
                node = 0;
            }
        }
        found.emplace_back(node, name);
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    std::vector<std::string> names;
    for (auto& f : found) names.push_back(f.second);
    return names;
}

void apply_technology(Accelerator& acc, const std::shared_ptr<const Technology>& tech) {
    if (!tech || tech->maestro_relative) {
        acc.physical_technology.reset();
        acc.technology = tech ? tech->maestro : TechnologyTable{};
        return;
    }
    acc.physical_technology = tech;
    if (!acc.dram_type.empty() && !tech->dram(acc.dram_type)) acc.dram_type.clear();
}

std::string technology_reference(const Technology& tech) {
    std::error_code ec;
    const fs::path bundled = fs::path(bundled_directory()) / (tech.name + ".json");
    if (!tech.file.empty() && fs::exists(bundled) && fs::equivalent(bundled, tech.file, ec)) return tech.name;
    return tech.file.empty() ? tech.name : tech.file;
}

std::string technology_label(const Accelerator& acc) {
    if (acc.physical_technology) return acc.physical_technology->name;
    return acc.technology == TechnologyTable{} ? "maestro" : "maestro (custom)";
}

}  // namespace mapscape
