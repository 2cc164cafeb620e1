#include "schedule/job_table_file.hpp"

#include <cmath>
#include <limits>

#include "util/json_document.hpp"
#include "util/text_file.hpp"

namespace mapscape {

namespace {

const JsonObjectSchema kJobTableFields{"job table", {"format", "version", "cores", "system_bytes_per_cycle", "jobs", "schedules"}};
// "shape" is what the writer notes for a reader's eyes (the layer the job is); the loader does not need it.
const JsonObjectSchema kJobFields{"job table.jobs[]", {"latency", "bandwidth", "label", "shape"}};
const JsonObjectSchema kScheduleFields{"job table.schedules[]", {"queues", "core", "priority"}};

constexpr int kMaxCores = 4096;
constexpr int kMaxJobs = 10'000'000;

// A per-core list of numbers: `cores` of them, each >= 0 (latencies > 0; null allowed for them).
std::vector<double> per_core(const JsonDocument& doc, const nlohmann::json& job, const std::string& at, const char* key, int cores,
                             bool latency) {
    const nlohmann::json& list = doc.array(job, at, key);
    const std::string p = json_child(at, key);
    if (static_cast<int>(list.size()) != cores)
        doc.fail(p, std::string("\"") + key + "\" lists " + std::to_string(list.size()) + " values; the table has " +
                        std::to_string(cores) + " cores");
    std::vector<double> out;
    for (std::size_t c = 0; c < list.size(); ++c) {
        const auto& v = list[c];
        if (latency && v.is_null()) {
            out.push_back(std::numeric_limits<double>::infinity());
            continue;
        }
        // At most 10^15: a job's bytes (latency x bandwidth) and the makespan's sums stay finite
        // and exact enough (10^308 made the lower bound "inf" and every schedule invalid).
        constexpr double kMost = 1e15;
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 || (latency && v.get<double>() <= 0) ||
            v.get<double>() > kMost)
            doc.fail(json_child(p, c), std::string(latency ? "a latency is a number of cycles above 0 and at most 1e15 (or null: "
                                                             "the job cannot run on this core)"
                                                           : "a bandwidth is a number of bytes per cycle from 0 to 1e15") +
                                           ", not " + v.dump());
        out.push_back(v.get<double>());
    }
    return out;
}

CoreQueues schedule_queues(const JsonDocument& doc, const nlohmann::json& s, const std::string& at, int jobs, int cores) {
    if (!s.is_object()) doc.fail(at, "a schedule is {\"core\": [...], \"priority\": [...]} or {\"queues\": [[...], ...]}");
    doc.check_fields(s, at, kScheduleFields);
    if (s.contains("queues") && (s.contains("core") || s.contains("priority")))
        doc.fail(at, "a schedule is either {\"queues\": ...} or {\"core\": ..., \"priority\": ...}, not both");
    if (s.contains("queues")) {
        const nlohmann::json& queues = doc.array(s, at, "queues");
        const std::string qp = json_child(at, "queues");
        if (static_cast<int>(queues.size()) != cores)
            doc.fail(qp, "\"queues\" lists " + std::to_string(queues.size()) + " cores; the table has " + std::to_string(cores));
        CoreQueues q(static_cast<std::size_t>(cores));
        std::vector<bool> seen(static_cast<std::size_t>(jobs), false);
        for (std::size_t c = 0; c < queues.size(); ++c) {
            if (!queues[c].is_array()) doc.fail(json_child(qp, c), "each core's queue is a list of job numbers");
            for (std::size_t k = 0; k < queues[c].size(); ++k) {
                const auto& v = queues[c][k];
                const std::string p = json_child(json_child(qp, c), k);
                if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= jobs)
                    doc.fail(p, "a job number is 0 to " + std::to_string(jobs - 1) + ", not " + v.dump());
                const auto j = static_cast<std::size_t>(v.get<std::int64_t>());
                if (seen[j]) doc.fail(p, "job " + std::to_string(j) + " is queued twice");
                seen[j] = true;
                q[c].push_back(static_cast<int>(j));
            }
        }
        for (std::size_t j = 0; j < seen.size(); ++j)
            if (!seen[j]) doc.fail(qp, "job " + std::to_string(j) + " is on no core's queue");
        return q;
    }
    const nlohmann::json& core = doc.array(s, at, "core");
    const nlohmann::json& priority = doc.array(s, at, "priority");
    if (static_cast<int>(core.size()) != jobs || static_cast<int>(priority.size()) != jobs)
        doc.fail(at, "\"core\" and \"priority\" need one value per job (" + std::to_string(jobs) + ")");
    Assignment a;
    for (std::size_t j = 0; j < core.size(); ++j) {
        const std::string p = json_child(json_child(at, "core"), j);
        // MAGMA stores core ids as floats; a whole number written as 1.0 is accepted.
        if (!core[j].is_number() || core[j].get<double>() != std::floor(core[j].get<double>()) || core[j].get<double>() < 0 ||
            core[j].get<double>() >= cores)
            doc.fail(p, "a core is 0 to " + std::to_string(cores - 1) + ", not " + core[j].dump());
        if (!priority[j].is_number() || !std::isfinite(priority[j].get<double>()))
            doc.fail(json_child(json_child(at, "priority"), j), "a priority is a number, not " + priority[j].dump());
        a.core.push_back(static_cast<int>(core[j].get<double>()));
        a.priority.push_back(priority[j].get<double>());
    }
    return queues_of(a, cores);
}

}  // namespace

std::vector<const JsonObjectSchema*> job_table_schemas() { return {&kJobTableFields, &kJobFields, &kScheduleFields}; }

JobTableFile parse_job_table_file(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    const nlohmann::json& root = doc.root();
    if (!root.is_object()) doc.fail("", "a job table must be a JSON object");
    doc.check_format("mapscape-job-table", 1, "job table");
    doc.check_fields(root, "", kJobTableFields);
    const int cores = static_cast<int>(doc.integer(root, "", "cores", 1, kMaxCores));
    JobTableFile f;
    f.system_bytes_per_cycle = doc.number_or(root, "", "system_bytes_per_cycle", -1, 0, 1e18);
    if (!(f.system_bytes_per_cycle > 0)) doc.fail("/system_bytes_per_cycle", "\"system_bytes_per_cycle\" (a number above 0) is required");
    const nlohmann::json& jobs = doc.array(root, "", "jobs");
    if (jobs.empty() || static_cast<std::int64_t>(jobs.size()) > kMaxJobs) doc.fail("/jobs", "\"jobs\" must list 1 to 10,000,000 jobs");
    std::vector<double> latency, bandwidth;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        const std::string at = json_child("/jobs", j);
        if (!jobs[j].is_object()) doc.fail(at, "a job is {\"latency\": [...], \"bandwidth\": [...]}");
        doc.check_fields(jobs[j], at, kJobFields);
        const std::vector<double> l = per_core(doc, jobs[j], at, "latency", cores, true);
        const std::vector<double> b = per_core(doc, jobs[j], at, "bandwidth", cores, false);
        if (jobs[j].contains("label")) {
            if (f.labels.size() != j) doc.fail(json_child(at, "label"), "either every job has a \"label\" or none");
            f.labels.push_back(doc.string(jobs[j], at, "label"));
        } else if (!f.labels.empty()) {
            doc.fail(at, "either every job has a \"label\" or none");
        }
        bool runs = false;
        for (double x : l) runs = runs || std::isfinite(x);
        if (!runs) doc.fail(at, "job " + std::to_string(j) + " cannot run on any core");
        latency.insert(latency.end(), l.begin(), l.end());
        bandwidth.insert(bandwidth.end(), b.begin(), b.end());
    }
    const int n = static_cast<int>(jobs.size());
    f.table = JobTable::from_numbers(n, cores, std::move(latency), std::move(bandwidth),
                                     std::vector<double>(static_cast<std::size_t>(n) * static_cast<std::size_t>(cores), 0.0),
                                     std::vector<std::int64_t>(static_cast<std::size_t>(n), 0));
    if (root.contains("schedules")) {
        const nlohmann::json& schedules = doc.array(root, "", "schedules");
        for (std::size_t i = 0; i < schedules.size(); ++i)
            f.schedules.push_back(schedule_queues(doc, schedules[i], json_child("/schedules", i), n, cores));
    }
    return f;
}

nlohmann::ordered_json job_table_to_json(const JobTableFile& f) {
    nlohmann::ordered_json j;
    j["format"] = "mapscape-job-table";
    j["version"] = 1;
    j["cores"] = f.table.cores();
    j["system_bytes_per_cycle"] = f.system_bytes_per_cycle;
    nlohmann::ordered_json jobs = nlohmann::ordered_json::array();
    for (int job = 0; job < f.table.jobs(); ++job) {
        nlohmann::ordered_json latency = nlohmann::ordered_json::array(), bandwidth = nlohmann::ordered_json::array();
        for (int c = 0; c < f.table.cores(); ++c) {
            latency.push_back(f.table.runs_on(job, c) ? nlohmann::ordered_json(f.table.latency(job, c)) : nlohmann::ordered_json(nullptr));
            bandwidth.push_back(f.table.runs_on(job, c) ? f.table.bandwidth(job, c) : 0.0);
        }
        nlohmann::ordered_json entry;
        if (static_cast<int>(f.labels.size()) == f.table.jobs()) entry["label"] = f.labels[static_cast<std::size_t>(job)];
        if (static_cast<int>(f.shapes.size()) == f.table.jobs()) entry["shape"] = f.shapes[static_cast<std::size_t>(job)];
        entry["latency"] = std::move(latency);
        entry["bandwidth"] = std::move(bandwidth);
        jobs.push_back(std::move(entry));
    }
    j["jobs"] = std::move(jobs);
    nlohmann::ordered_json schedules = nlohmann::ordered_json::array();
    for (const CoreQueues& q : f.schedules) schedules.push_back({{"queues", q}});
    j["schedules"] = std::move(schedules);
    return j;
}

JobTableFile load_job_table_file(const std::string& path) { return parse_job_table_file(read_text_file(path), path); }

}  // namespace mapscape
