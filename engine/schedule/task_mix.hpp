// Multi-tenant workloads (MAGMA, HPCA'22, Sec. III and VI-A): a task mix is several models, each
// run as some copies with a mini-batch size; every layer of every copy is a job, and the jobs are
// cut into groups that the scheduler treats as dependency-free (as the paper and its code do).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "workload/layer.hpp"

namespace mapscape {

struct JsonObjectSchema;

struct MixEntry {
    std::string model;   // a bundled model name or a model file (relative: to the mix file's folder, else the working one)
    std::int64_t batch = 1;   // mini-batch of each job
    int copies = 1;      // independent instances of the model
    // An LLM request instead of a model (workload/llm_model.hpp): a configuration's prefill of
    // `prompt` tokens per sequence, then `decode_steps` decode steps (the context growing by one
    // each), `batch` sequences together; each copy is one such request.
    std::string llm;     // a bundled configuration or a config.json; "" for a model entry
    std::int64_t prompt = 0;
    std::int64_t decode_steps = 0;
};

struct TaskMix {
    std::string name;
    std::string description;
    std::vector<MixEntry> entries;
    // Jobs in the order of the entries and their layers (instance after instance), instead of
    // interleaved layer by layer: for job lists given as they are, such as MAGMA's instance
    // files (each a group of 100 jobs in the code's order).
    bool sequential = false;
};

struct Job {
    int id = 0;                 // position in the workload, 0-based
    std::string model;          // the model it comes from
    int copy = 0;               // which instance of the model
    int layer_number = 0;       // 1-based layer of the model
    Layer layer;                // with the mini-batch applied
    std::int64_t macs = 0;

    std::string label() const;  // "resnet50#1/layer7"
};

// Files "models/mix_<name>.json": {"format": "mapscape-mix", "version": 1, "name", "description",
// "order": "interleaved" (default) or "sequential", "models": [{"model": "resnet50", "batch": 1,
// "copies": 2}, {"llm": "gpt2", "prompt": 128, "decode_steps": 16, "batch": 1, "copies": 2}, ...]}.
TaskMix parse_task_mix_json(std::string_view text, const std::string& file_name);
// The fields of the file's objects (for the format page's check).
std::vector<const JsonObjectSchema*> task_mix_schemas();
std::vector<std::string> bundled_mix_names();  // vision, language, recommendation, mix
// A bundled mix name or a mix file; throws InputError.
TaskMix load_task_mix(const std::string& name_or_path);

// Every layer of every copy, interleaved across the instances layer by layer (so a group holds
// several models), each model's layers in order; a sequential mix's instances one after another.
// A layer with a repeat count is that many jobs. The batch goes to a convolution's N and a GEMM's
// rows M; a fully-connected layer with its batch becomes a GEMM.
std::vector<Job> build_jobs(const TaskMix& mix);
// Consecutive groups of group_size jobs (the last may be smaller).
std::vector<std::vector<Job>> split_groups(const std::vector<Job>& jobs, int group_size);

}  // namespace mapscape
