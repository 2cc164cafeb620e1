#include "sweep/results_database.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <sqlite3.h>

#include "util/diagnostic.hpp"
#include "util/sha256.hpp"

#ifndef MAPSCAPE_VERSION
#define MAPSCAPE_VERSION "unknown"
#endif

namespace mapscape {

namespace {

// Schema version 1. SQLite keeps these statements, comments included, in the file: `sqlite3
// OUT.sqlite .schema` shows them. Additions old readers can ignore (a table, a column they do
// not select, a run kind, a key in settings_json) keep version 1; the version goes up only when
// the meaning of something that exists changes.
constexpr const char* kSchema = R"sql(
CREATE TABLE meta (                 -- format, schema_version, created_by; synthetic=1 for benchmark files
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE invocations (          -- one row per `mapscape-cli sweep` that wrote here (all timing)
  invocation_id INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,         -- ISO 8601, UTC
  finished_at TEXT,                 -- NULL while running, or when it was killed
  software_version TEXT NOT NULL,
  host TEXT NOT NULL,
  ranks INTEGER NOT NULL,
  threads_per_rank INTEGER NOT NULL,
  spec_file TEXT NOT NULL,
  spec_text TEXT NOT NULL,          -- the spec as it was read
  runs_planned INTEGER NOT NULL,
  runs_already_done INTEGER NOT NULL,
  runs_written INTEGER              -- NULL until it finishes
);
CREATE TABLE models (               -- every workload a run used, keyed by content
  model_sha256 TEXT PRIMARY KEY,    -- first 16 hex digits of SHA-256(model_json)
  name TEXT NOT NULL,               -- as the spec names it (bundled name or path)
  model_json TEXT NOT NULL          -- "mapscape-model" JSON: every layer's shape
);
CREATE TABLE accelerators (         -- every accelerator a run used (co-design runs: the one found)
  accelerator_sha256 TEXT PRIMARY KEY,
  name TEXT NOT NULL,               -- preset id or path; a co-design run's find: PLATFORM@BUDGETmm2
  accelerator_json TEXT NOT NULL    -- "mapscape-accelerator" JSON
);
CREATE TABLE runs (
  run_id TEXT PRIMARY KEY,          -- first 32 hex digits of SHA-256(settings_json)
  run_index INTEGER NOT NULL,       -- position in the spec's product (models > ... > seeds)
  kind TEXT NOT NULL,               -- 'search' (a mapping search of every selected layer),
                                    -- 'codesign' (the accelerator searched with the mappings) or
                                    -- 'schedule' (a task mix on a multi-core platform: its model
                                    -- is the mix's jobs, its accelerator the platform, its
                                    -- system "BW UNITS, ANALYSIS", its layer_results the groups)
  settings_json TEXT NOT NULL,      -- the run's canonical settings: its identity
  status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  error TEXT,                       -- why, when failed
  model TEXT NOT NULL,
  model_sha256 TEXT NOT NULL REFERENCES models,
  layers TEXT NOT NULL,             -- the layer selection: all, 3, 2-5, 1,4,9
  accelerator TEXT NOT NULL,        -- co-design: PLATFORM@BUDGETmm2 (edge@0.2mm2)
  accelerator_sha256 TEXT NOT NULL REFERENCES accelerators,  -- co-design: the design found
  system TEXT NOT NULL,             -- S1, S2, S3; co-design: the array's levels searched, "levels 1-2"
  algorithm TEXT NOT NULL,          -- gamma, a baseline, fixed-DATAFLOW; digamma, hw-opt-..., ...
  objective TEXT NOT NULL,          -- latency, energy, edp, latency*energy^2, ...
  budget_samples INTEGER NOT NULL,  -- cost-model samples per layer (co-design: designs per model)
  seed INTEGER NOT NULL,
  layer_count INTEGER NOT NULL,
  layers_without_mapping INTEGER NOT NULL,
  objective_value REAL,             -- sum over layers of each layer's best objective (co-design:
                                    -- the design's, of the whole model)
  runtime_cycles INTEGER,           -- sum over layers with a valid mapping
  energy_nj REAL,                   -- sum over layers with a valid mapping
  edp REAL,                         -- energy_nj * runtime_cycles
  area_um2 REAL,                    -- the largest area a layer's best mapping needs (co-design:
                                    -- the design's area under the area model)
  power_mw REAL,                    -- the largest power of a layer's best mapping
  samples INTEGER NOT NULL,         -- evaluations, all layers
  valid_samples INTEGER NOT NULL,
  software_version TEXT NOT NULL,
  wall_seconds REAL NOT NULL,       -- timing
  worker_rank INTEGER NOT NULL,     -- timing: the MPI rank that ran it
  finished_at TEXT NOT NULL,        -- timing: ISO 8601, UTC
  invocation_id INTEGER             -- timing: which sweep wrote it
);
CREATE TABLE layer_results (
  run_id TEXT NOT NULL REFERENCES runs ON DELETE CASCADE,
  layer_number INTEGER NOT NULL,    -- 1-based position in the model
  name TEXT NOT NULL,
  found INTEGER NOT NULL,           -- 1 when a valid mapping was found
  objective_value REAL,             -- NULL when not found
  runtime_cycles INTEGER,
  energy_nj REAL,
  area_um2 REAL,
  power_mw REAL,
  samples INTEGER NOT NULL,
  valid_samples INTEGER NOT NULL,
  mapping_json TEXT,                -- the best mapping (Mapscape JSON)
  mapping_maestro TEXT,             -- the layer with its best mapping as a MAESTRO network file
  cost_json TEXT,                   -- the best mapping's full cost report
  trace_json TEXT NOT NULL,         -- convergence: [[samples, best so far], ...]
  wall_seconds REAL NOT NULL,       -- timing
  PRIMARY KEY (run_id, layer_number)
) WITHOUT ROWID;
)sql";

// Added to schema 1 with co-design runs (old readers ignore it; a writer adds it to older files).
constexpr const char* kRunTracesSchema = R"sql(
CREATE TABLE IF NOT EXISTS run_traces (  -- convergence of runs that search the whole model at once
  run_id TEXT PRIMARY KEY REFERENCES runs ON DELETE CASCADE,
  trace_json TEXT NOT NULL          -- [[samples, best objective so far], ...] (co-design runs)
) WITHOUT ROWID;
)sql";

const std::vector<std::string> kRequiredTables = {"meta", "invocations", "models", "accelerators", "runs", "layer_results"};

std::string now_utc() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "unknown";
    return name;
}

// NULL for values that do not exist (totals of a run with no valid mapping).
void bind_or_null(sql::Statement& s, int index, bool present, double value) {
    if (present)
        s.bind(index, value);
    else
        s.bind_null(index);
}

}  // namespace

std::string mapscape_version() { return MAPSCAPE_VERSION; }

const std::vector<std::string>& run_timing_columns() {
    static const std::vector<std::string> columns = {"wall_seconds", "worker_rank", "finished_at", "invocation_id"};
    return columns;
}

const std::vector<std::string>& layer_timing_columns() {
    static const std::vector<std::string> columns = {"wall_seconds"};
    return columns;
}

ResultsDatabase::ResultsDatabase(const std::string& path, Access access, bool integrity_check) : path_(path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    if (exists && fs::is_directory(path, ec)) throw InputError({path, 0, 0}, "is a directory, not a results database");
    if (!exists && access == Access::ReadOnly) throw InputError({path, 0, 0}, "no such file");
    const bool empty = !exists || fs::file_size(path, ec) == 0;
    if (empty && access == Access::ReadOnly) throw InputError({path, 0, 0}, "is an empty file, not a results database");
    if (!empty) {
        // SQLite's own header: anything else is not a database at all.
        char header[16] = {};
        std::ifstream in(path, std::ios::binary);
        in.read(header, sizeof header);
        if (!in || std::string(header, 16) != std::string("SQLite format 3\0", 16))
            throw InputError({path, 0, 0}, "is not a SQLite database (it does not start with SQLite's file header); "
                                           "not a Mapscape results database");
    }
    try {
        db_ = std::make_unique<sql::Connection>(
            path, access == Access::ReadOnly ? sql::Connection::Mode::ReadOnly : sql::Connection::Mode::ReadWriteCreate);
        if (access == Access::ReadWrite) {
            // WAL: the app can read while a sweep writes; a killed writer leaves the last
            // committed run intact. NORMAL sync survives a process kill (not a power cut).
            db_->exec("PRAGMA journal_mode=WAL");
            db_->exec("PRAGMA synchronous=NORMAL");
        }
        db_->exec("PRAGMA foreign_keys=ON");
        const std::int64_t tables = db_->integer("SELECT count(*) FROM sqlite_master").value_or(0);
        const std::int64_t application = db_->integer("PRAGMA application_id").value_or(0);
        if (tables == 0 && application == 0 && access == Access::ReadWrite) {
            create_schema();
            return;
        }
        check_is_ours(integrity_check);
        if (access == Access::ReadWrite) db_->exec(kRunTracesSchema);
    } catch (const sql::Error& e) {
        fail(e);
    }
}

void ResultsDatabase::fail(const sql::Error& e) const {
    if (e.code() == SQLITE_CORRUPT || e.code() == SQLITE_NOTADB)
        throw InputError({path_, 0, 0}, std::string("is corrupt: ") + e.what());
    throw InputError({path_, 0, 0}, std::string("database error: ") + e.what());
}

void ResultsDatabase::create_schema() {
    sql::in_transaction(*db_, [&] {
        db_->exec(kSchema);
        db_->exec(kRunTracesSchema);
        db_->exec("PRAGMA application_id=" + std::to_string(kResultsApplicationId));
        db_->exec("PRAGMA user_version=" + std::to_string(kResultsSchemaVersion));
        set_meta("format", "mapscape-sweep-results");
        set_meta("schema_version", std::to_string(kResultsSchemaVersion));
        set_meta("created_by", "Mapscape " + mapscape_version());
    });
}

void ResultsDatabase::check_is_ours(bool integrity_check) {
    const std::int64_t application = db_->integer("PRAGMA application_id").value_or(0);
    if (application != kResultsApplicationId) {
        std::string tables;
        auto s = db_->prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name LIMIT 6");
        for (int n = 0; s.step(); ++n) tables += (n ? ", " : "") + (n == 5 ? std::string("...") : s.text(0));
        throw InputError({path_, 0, 0}, "is a SQLite database but not a Mapscape results database (application id " +
                                            std::to_string(application) + ", tables: " + (tables.empty() ? "none" : tables) + ")");
    }
    const std::int64_t version = db_->integer("PRAGMA user_version").value_or(0);
    if (version > kResultsSchemaVersion)
        throw InputError({path_, 0, 0}, "results schema version " + std::to_string(version) +
                                            " is newer than this Mapscape understands (" +
                                            std::to_string(kResultsSchemaVersion) + "); please upgrade");
    if (version < 1) throw InputError({path_, 0, 0}, "results schema version " + std::to_string(version) + " is not one Mapscape writes");
    for (const std::string& table : kRequiredTables) {
        auto s = db_->prepare("SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?");
        s.bind(1, table);
        if (!s.step() || s.integer(0) == 0)
            throw InputError({path_, 0, 0}, "is damaged: its table \"" + table + "\" is missing");
    }
    if (integrity_check) {
        const std::string verdict = db_->text("PRAGMA quick_check").value_or("no answer");
        if (verdict != "ok") throw InputError({path_, 0, 0}, "is corrupt: " + verdict);
    }
}

void ResultsDatabase::set_meta(const std::string& key, const std::string& value) {
    try {
        db_->prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").bind(1, key).bind(2, value).run();
    } catch (const sql::Error& e) {
        fail(e);
    }
}

std::string ResultsDatabase::meta(const std::string& key) {
    try {
        auto s = db_->prepare("SELECT value FROM meta WHERE key=?");
        s.bind(1, key);
        return s.step() ? s.text(0) : std::string();
    } catch (const sql::Error& e) {
        fail(e);
    }
}

std::unordered_set<std::string> ResultsDatabase::finished_run_ids() {
    std::unordered_set<std::string> ids;
    try {
        auto s = db_->prepare("SELECT run_id FROM runs WHERE status='done'");
        while (s.step()) ids.insert(s.text(0));
    } catch (const sql::Error& e) {
        fail(e);
    }
    return ids;
}

std::int64_t ResultsDatabase::run_count() {
    try {
        return db_->integer("SELECT count(*) FROM runs").value_or(0);
    } catch (const sql::Error& e) {
        fail(e);
    }
}

std::int64_t ResultsDatabase::begin_invocation(const InvocationInfo& info, const SweepPlan& plan) {
    std::int64_t id = 0;
    try {
        sql::in_transaction(*db_, [&] {
            auto model = db_->prepare("INSERT OR IGNORE INTO models(model_sha256, name, model_json) VALUES (?, ?, ?)");
            for (std::size_t i = 0; i < plan.spec().models.size(); ++i) {
                model.bind(1, plan.model_sha256(i)).bind(2, plan.spec().models[i].name).bind(3, plan.model_json(i));
                model.run();
            }
            auto acc = db_->prepare(
                "INSERT OR IGNORE INTO accelerators(accelerator_sha256, name, accelerator_json) VALUES (?, ?, ?)");
            for (std::size_t i = 0; i < plan.spec().accelerators.size(); ++i) {
                acc.bind(1, plan.accelerator_sha256(i)).bind(2, plan.spec().accelerators[i].name).bind(3, plan.accelerator_json(i));
                acc.run();
            }
            db_->prepare(
                   "INSERT INTO invocations(started_at, software_version, host, ranks, threads_per_rank, spec_file, spec_text, "
                   "runs_planned, runs_already_done) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(1, now_utc())
                .bind(2, mapscape_version())
                .bind(3, host_name())
                .bind(4, info.ranks)
                .bind(5, info.threads_per_rank)
                .bind(6, info.spec_file)
                .bind(7, info.spec_text)
                .bind(8, info.runs_planned)
                .bind(9, info.runs_already_done)
                .run();
            id = sqlite3_last_insert_rowid(db_->handle());
        });
    } catch (const sql::Error& e) {
        fail(e);
    }
    return id;
}

void ResultsDatabase::end_invocation(std::int64_t invocation_id, std::int64_t runs_written) {
    try {
        db_->prepare("UPDATE invocations SET finished_at=?, runs_written=? WHERE invocation_id=?")
            .bind(1, now_utc())
            .bind(2, runs_written)
            .bind(3, invocation_id)
            .run();
        // Fold the write-ahead log back into the file, so that a finished sweep is one file.
        db_->exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (const sql::Error& e) {
        fail(e);
    }
}

void ResultsDatabase::write_run(const SweepPlan& plan, const RunResult& r, std::int64_t invocation_id) {
    const SweepSpec& spec = plan.spec();
    const RunPoint p = plan.point(r.index);
    const bool any = !r.failed && r.layers_without_mapping < static_cast<int>(r.layers.size());
    const std::string settings = plan.settings_json(r.index);
    const bool codesign = spec.kind == RunKind::Codesign;
    // A co-design run is stored against the design it found (or its platform, when none fitted).
    std::string accelerator_name = spec.accelerators[p.accelerator].name;
    std::string accelerator_sha = plan.accelerator_sha256(p.accelerator);
    // The technology and precision axes tell runs apart by the accelerator's name ("edge, 45nm,
    // int8"), which the results views and tables group by.
    if (spec.has_technology_axis()) accelerator_name += ", " + spec.technologies[p.technology];
    if (spec.has_precision_axis()) accelerator_name += ", " + spec.precisions[p.precision];
    std::string system = std::string(system_name(spec.systems[p.system]));
    std::string objective = spec.objectives[p.objective].name();
    auto layer_count = static_cast<std::int64_t>(spec.models[p.model].layer_numbers.size());
    if (spec.kind == RunKind::Schedule) {
        char bandwidth[64];
        std::snprintf(bandwidth, sizeof bandwidth, "%g %s, ", spec.bandwidths[p.bandwidth],
                      spec.bandwidth_unit == BandwidthUnit::Gbps ? "GB/s" : "B/cycle");
        system = bandwidth + std::string(job_analysis_name(spec.job_analyses[p.job_analysis]));
        objective = std::string(schedule_objective_name(spec.schedule_objectives[p.objective]));
        layer_count = (layer_count + spec.group_size - 1) / spec.group_size;  // the groups
    }
    if (codesign) {
        const nlohmann::json s = nlohmann::json::parse(settings);
        char budget[32];
        std::snprintf(budget, sizeof budget, "@%gmm2", s.at("area_budget_mm2").get<double>());
        accelerator_name += budget;
        system = "levels " + s.at("levels").get<std::string>();
        if (!r.accelerator_json.empty()) accelerator_sha = sha256_hex(r.accelerator_json, 16);
    }
    try {
        if (!insert_run_) {
            delete_run_ = std::make_unique<sql::Statement>(db_->prepare("DELETE FROM runs WHERE run_id=?"));
            insert_run_ = std::make_unique<sql::Statement>(db_->prepare(
                "INSERT INTO runs(run_id, run_index, kind, settings_json, status, error, model, model_sha256, layers, "
                "accelerator, accelerator_sha256, system, algorithm, objective, budget_samples, seed, layer_count, "
                "layers_without_mapping, objective_value, runtime_cycles, energy_nj, edp, area_um2, power_mw, samples, "
                "valid_samples, software_version, wall_seconds, worker_rank, finished_at, invocation_id) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
            insert_layer_ = std::make_unique<sql::Statement>(db_->prepare(
                "INSERT INTO layer_results(run_id, layer_number, name, found, objective_value, runtime_cycles, energy_nj, "
                "area_um2, power_mw, samples, valid_samples, mapping_json, mapping_maestro, cost_json, trace_json, "
                "wall_seconds) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
            insert_design_ = std::make_unique<sql::Statement>(db_->prepare(
                "INSERT OR IGNORE INTO accelerators(accelerator_sha256, name, accelerator_json) VALUES (?, ?, ?)"));
            insert_trace_ = std::make_unique<sql::Statement>(db_->prepare("INSERT INTO run_traces(run_id, trace_json) VALUES (?, ?)"));
        }
        sql::in_transaction(*db_, [&] {
            // A failed run stored earlier is replaced; its layers go with it.
            delete_run_->bind(1, r.run_id).run();
            if (codesign && !r.accelerator_json.empty())
                insert_design_->bind(1, accelerator_sha)
                    .bind(2, accelerator_name)
                    .bind(3, r.accelerator_json)
                    .run();
            sql::Statement& run = *insert_run_;
            run.bind(1, r.run_id)
                .bind(2, static_cast<std::int64_t>(r.index))
                .bind(3, std::string(run_kind_name(spec.kind)))
                .bind(4, settings)
                .bind(5, r.failed ? "failed" : "done")
                .bind_text_or_null(6, r.error)
                .bind(7, spec.models[p.model].name)
                .bind(8, plan.model_sha256(p.model))
                .bind(9, spec.models[p.model].layers)
                .bind(10, accelerator_name)
                .bind(11, accelerator_sha)
                .bind(12, system)
                .bind(13, spec.algorithms[p.algorithm].name)
                .bind(14, objective)
                .bind(15, spec.budgets[p.budget])
                .bind(16, static_cast<std::int64_t>(spec.seeds[p.seed]))
                .bind(17, layer_count)
                .bind(18, r.failed ? layer_count : static_cast<std::int64_t>(r.layers_without_mapping));
            bind_or_null(run, 19, any, r.objective_value);
            if (any)
                run.bind(20, r.runtime_cycles);
            else
                run.bind_null(20);
            bind_or_null(run, 21, any, r.energy_nj);
            bind_or_null(run, 22, any, r.energy_nj * static_cast<double>(r.runtime_cycles));
            bind_or_null(run, 23, any, r.area_um2);
            bind_or_null(run, 24, any, r.power_mw);
            run.bind(25, r.samples)
                .bind(26, r.valid_samples)
                .bind(27, mapscape_version())
                .bind(28, r.wall_seconds)
                .bind(29, r.worker_rank)
                .bind(30, now_utc())
                .bind(31, invocation_id)
                .run();
            sql::Statement& layer = *insert_layer_;
            for (const LayerResultRecord& l : r.layers) {
                layer.bind(1, r.run_id).bind(2, l.layer_number).bind(3, l.name).bind(4, l.found ? 1 : 0);
                bind_or_null(layer, 5, l.found, l.objective_value);
                if (l.found)
                    layer.bind(6, l.runtime_cycles);
                else
                    layer.bind_null(6);
                bind_or_null(layer, 7, l.found, l.energy_nj);
                bind_or_null(layer, 8, l.found, l.area_um2);
                bind_or_null(layer, 9, l.found, l.power_mw);
                layer.bind(10, l.samples)
                    .bind(11, l.valid_samples)
                    .bind_text_or_null(12, l.mapping_json)
                    .bind_text_or_null(13, l.mapping_maestro)
                    .bind_text_or_null(14, l.cost_json)
                    .bind(15, l.trace_json)
                    .bind(16, l.wall_seconds)
                    .run();
            }
            if (!r.trace_json.empty())
                insert_trace_->bind(1, r.run_id).bind(2, r.trace_json).run();
        });
    } catch (const sql::Error& e) {
        fail(e);
    }
}

StoredRun ResultsDatabase::read_run(const std::string& run_id) {
    StoredRun r;
    try {
        auto s = db_->prepare(
            "SELECT r.run_id, r.kind, r.settings_json, r.status, r.model, r.accelerator, r.system, r.algorithm, "
            "r.objective, r.layers, r.budget_samples, r.seed, m.model_json, a.accelerator_json FROM runs r "
            "LEFT JOIN models m ON m.model_sha256 = r.model_sha256 "
            "LEFT JOIN accelerators a ON a.accelerator_sha256 = r.accelerator_sha256 WHERE r.run_id = ?");
        s.bind(1, run_id);
        if (!s.step()) throw InputError({path_, 0, 0}, "has no run " + run_id);
        r.run_id = s.text(0);
        r.kind = s.text(1);
        r.settings_json = s.text(2);
        r.status = s.text(3);
        r.model = s.text(4);
        r.accelerator = s.text(5);
        r.system = s.text(6);
        r.algorithm = s.text(7);
        r.objective = s.text(8);
        r.layers = s.text(9);
        r.budget_samples = s.integer(10);
        r.seed = static_cast<std::uint64_t>(s.integer(11));
        r.model_json = s.text(12);
        r.accelerator_json = s.text(13);
        auto l = db_->prepare(
            "SELECT layer_number, name, found, objective_value, runtime_cycles, energy_nj, samples, mapping_json, "
            "mapping_maestro, trace_json FROM layer_results WHERE run_id = ? ORDER BY layer_number");
        l.bind(1, run_id);
        while (l.step()) {
            StoredLayer x;
            x.layer_number = static_cast<int>(l.integer(0));
            x.name = l.text(1);
            x.found = l.integer(2) != 0;
            x.objective_value = l.real(3);
            x.runtime_cycles = l.integer(4);
            x.energy_nj = l.real(5);
            x.samples = l.integer(6);
            x.mapping_json = l.text(7);
            x.mapping_maestro = l.text(8);
            x.trace_json = l.text(9);
            r.layer_results.push_back(std::move(x));
        }
        if (db_->integer("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='run_traces'").value_or(0) > 0) {
            auto t = db_->prepare("SELECT trace_json FROM run_traces WHERE run_id = ?");
            t.bind(1, run_id);
            if (t.step()) r.trace_json = t.text(0);
        }
    } catch (const sql::Error& e) {
        fail(e);
    }
    return r;
}

}  // namespace mapscape
