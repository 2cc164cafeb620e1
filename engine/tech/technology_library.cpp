#include "tech/technology_library.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "tech/technology_json.hpp"
#include "util/closest_name.hpp"
#include "util/data_paths.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape {

namespace fs = std::filesystem;

namespace {

// A file's modification time and size: a technology file edited since it was read is read again.
struct FileStamp {
    std::string path;
    fs::file_time_type modified{};
    std::uintmax_t size = 0;
    bool operator==(const FileStamp&) const = default;
};

FileStamp stamp_of(const std::string& path) {
    std::error_code ec;
    FileStamp s{path, fs::last_write_time(path, ec), 0};
    if (ec) s.modified = {};
    s.size = fs::file_size(path, ec);
    if (ec) s.size = 0;
    return s;
}

// A loaded technology and the files it was made from (its own, then any base it scales).
struct LoadedTechnology {
    std::shared_ptr<const Technology> technology;
    std::vector<FileStamp> sources;
};

std::map<std::string, LoadedTechnology>& cache() {
    static std::map<std::string, LoadedTechnology> c;
    return c;
}

bool names_a_technology_file(const std::string& s) {
    return s.find('/') != std::string::npos || (s.size() > 5 && s.substr(s.size() - 5) == ".json");
}

std::string bundled_directory() { return data_directory() + "/technologies"; }

const LoadedTechnology& load_file(const std::string& path);

const LoadedTechnology& load_bundled(const std::string& name) {
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

// Called with the library's mutex held (recursively, for a scaled file's base). A file is read
// once and shared, until it or a base it scales changes on disk: then it is read again (the
// accelerators holding the old one keep it).
const LoadedTechnology& load_file(const std::string& path) {
    std::error_code ec;
    const std::string key = fs::weakly_canonical(path, ec).string();
    if (auto it = cache().find(key); it != cache().end()) {
        const bool unchanged = std::all_of(it->second.sources.begin(), it->second.sources.end(),
                                           [](const FileStamp& s) { return stamp_of(s.path) == s; });
        if (unchanged) return it->second;
    }
    // A file that scales from itself, directly or through others, would recurse without end.
    static std::set<std::string> being_read;
    if (!being_read.insert(key).second)
        throw InputError({path, 0, 0}, "is scaled from itself (its \"scaled_from\" chain leads back to it)");
    struct Done {
        const std::string& key;
        ~Done() { being_read.erase(key); }
    } done{key};
    const std::string dir = fs::path(path).parent_path().string();
    LoadedTechnology loaded;
    loaded.sources.push_back(stamp_of(path));
    auto resolve = [&](const std::string& base) {
        const LoadedTechnology& b = names_a_technology_file(base)
                                        ? load_file(fs::path(base).is_absolute() || dir.empty() ? base : dir + "/" + base)
                                    : fs::exists(dir + "/" + base + ".json") ? load_file(dir + "/" + base + ".json")
                                                                               : load_bundled(base);
        loaded.sources.insert(loaded.sources.end(), b.sources.begin(), b.sources.end());
        return b.technology;
    };
    loaded.technology = std::make_shared<const Technology>(parse_technology_json(read_text_file(path), path, resolve));
    return cache()[key] = std::move(loaded);
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
        return load_file(relative ? relative_to + "/" + name_or_path : name_or_path).technology;
    }
    return load_bundled(name_or_path).technology;
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
