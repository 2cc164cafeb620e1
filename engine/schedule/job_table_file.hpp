// A job table given as numbers, with schedules to evaluate on it (`mapscape-cli schedule-eval`):
// what-if studies on a hand-made or exported table, and the check of our bandwidth allocator
// against MAGMA's own environment (tools/compare_magma_env.py feeds both the same file's numbers).
//
//   {"format": "mapscape-job-table", "version": 1,
//    "cores": 2,
//    "system_bytes_per_cycle": 16,
//    "jobs": [{"latency": [100, 200], "bandwidth": [6, 3]}, ...],   // per core: no-stall cycles, bytes/cycle
//                                                                   // (and optionally "label": "resnet50#1/layer7",
//                                                                   // "shape": "CONV K64 C3 R7 S7 Y224 X224 /2")
//    "schedules": [{"core": [0, 1, 0], "priority": [0.9, 0.5, 0.1]},  // MAGMA's encoding
//                  {"queues": [[0, 2], [1]]}]}                         // each core's jobs in order
//
// A latency of null means the job cannot run on that core. Errors name FILE:LINE:COL.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "schedule/job_analysis.hpp"
#include "schedule/schedule.hpp"

namespace mapscape {

struct JsonObjectSchema;

struct JobTableFile {
    JobTable table;
    double system_bytes_per_cycle = 0;
    std::vector<CoreQueues> schedules;
    std::vector<std::string> labels;  // one per job, or none
    std::vector<std::string> shapes;  // one per job, or none (written, not read: for people)
};

// The fields of the file's objects (for the format page's check).
std::vector<const JsonObjectSchema*> job_table_schemas();
JobTableFile parse_job_table_file(std::string_view text, const std::string& file_name);
// The document parse_job_table_file reads (`schedule --job-table`): a group's table, with schedules.
nlohmann::ordered_json job_table_to_json(const JobTableFile& file);
JobTableFile load_job_table_file(const std::string& path);

}  // namespace mapscape
