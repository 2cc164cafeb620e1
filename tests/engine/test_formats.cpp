// The file formats as users meet them: every loader refuses a field it does not know (at every
// level, with the path and the closest known field), the format pages' field tables are the
// loaders' own field lists, and every example on a format page loads.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <functional>
#include <map>
#include <set>

#include "arch/accelerator_json.hpp"
#include "arch/area_model.hpp"
#include "arch/maestro_hw_file.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/map_space.hpp"
#include "mapping/mapping_json.hpp"
#include "naas/network_family.hpp"
#include "schedule/job_table_file.hpp"
#include "schedule/platform.hpp"
#include "schedule/task_mix.hpp"
#include "study/study.hpp"
#include "sweep/sweep_spec.hpp"
#include "tech/technology_json.hpp"
#include "tech/technology_library.hpp"
#include "util/json_document.hpp"
#include "util/json_schema.hpp"
#include "util/text_file.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

QString source_path(const QString& relative) { return QStringLiteral(MAPSCAPE_SOURCE_TREE "/") + relative; }

std::vector<const JsonObjectSchema*> every_schema() {
    std::vector<const JsonObjectSchema*> all;
    for (const auto& list : {model_schemas(), accelerator_schemas(), area_model_schemas(), task_mix_schemas(), platform_schemas(),
                             job_table_schemas(), study_schemas(), mapping_schemas(), sweep_spec_schemas(), network_family_schemas(),
                             technology_schemas()})
        all.insert(all.end(), list.begin(), list.end());
    return all;
}

QStringList backticked(const QString& text) {
    QStringList out;
    static const QRegularExpression code("`([^`]+)`");
    for (auto it = code.globalMatch(text); it.hasNext();) out << it.next().captured(1);
    return out;
}

QStringList cells_of(const QString& row) {
    QStringList cells = row.trimmed().split('|');
    if (!cells.isEmpty() && cells.front().trimmed().isEmpty()) cells.removeFirst();
    if (!cells.isEmpty() && cells.back().trimmed().isEmpty()) cells.removeLast();
    return cells;
}

// What the pages say each object's fields are: "<!-- fields: NAME -->" before a table whose
// first column names the fields, or "<!-- field lists -->" before a table of (object, fields).
struct DocumentedFields {
    std::map<std::string, std::set<std::string>> fields;
    std::map<std::string, QString> where;
    QStringList problems;
};

DocumentedFields documented_fields() {
    DocumentedFields out;
    static const QRegularExpression single("^<!-- fields: (.+) -->$");
    QDirIterator it(source_path("docs"), {"*.md"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) continue;
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const auto m = single.match(lines[i].trimmed());
            const bool lists = lines[i].trimmed() == "<!-- field lists -->";
            if (!m.hasMatch() && !lists) continue;
            const QString where = QDir(source_path("")).relativeFilePath(path) + ":" + QString::number(i + 1);
            qsizetype row = i + 1;
            if (row >= lines.size() || !lines[row].startsWith('|')) {
                out.problems << where + ": no table after the marker";
                continue;
            }
            row += 2;  // the header and its rule
            for (; row < lines.size() && lines[row].startsWith('|'); ++row) {
                const QStringList cells = cells_of(lines[row]);
                if (cells.isEmpty()) continue;
                std::string object = m.hasMatch() ? m.captured(1).toStdString() : std::string();
                QString names_cell = cells[0];
                if (lists) {
                    const QStringList head = backticked(cells[0]);
                    if (head.size() != 1 || cells.size() < 2) {
                        out.problems << where + ": a field-list row names one object and its fields: " + lines[row];
                        continue;
                    }
                    object = head.front().toStdString();
                    names_cell = cells[1];
                }
                if (out.where.count(object) && out.where[object] != where)
                    out.problems << where + ": " + QString::fromStdString(object) + " is documented twice (also " + out.where[object] + ")";
                out.where[object] = where;
                for (const QString& name : backticked(names_cell)) out.fields[object].insert(name.toStdString());
            }
        }
    }
    return out;
}

QStringList json_blocks(const QString& markdown) {
    QStringList blocks;
    QString current;
    bool in_json = false;
    for (const QString& line : markdown.split('\n')) {
        if (line.startsWith("```")) {
            if (in_json) blocks << current;
            in_json = !in_json && line.trimmed() == "```json";
            current.clear();
            continue;
        }
        if (in_json) current += line + '\n';
    }
    return blocks;
}

// Loads `text` as the format its "format" names (the pages' examples), through the same
// loader the programs use.
void load_as_its_format(const std::string& text, const std::string& where) {
    const JsonDocument doc = JsonDocument::parse(text, where);
    const std::string format = doc.root().value("format", std::string());
    if (format == "mapscape-model") {
        (void)parse_model_json(text, where);
    } else if (format == "mapscape-accelerator") {
        (void)parse_accelerator_json(text, where);
    } else if (format == "mapscape-mix") {
        (void)parse_task_mix_json(text, where);
    } else if (format == "mapscape-platform") {
        (void)parse_platform_json(text, where);
    } else if (format == "mapscape-job-table") {
        (void)parse_job_table_file(text, where);
    } else if (format == "mapscape-sweep") {
        (void)parse_sweep_spec(text, where, MAPSCAPE_EXAMPLES_DIR);
    } else if (format == "mapscape-study") {
        (void)parse_study_json(text, where);
    } else if (format == "mapscape-technology") {
        (void)parse_technology_json(text, where, [](const std::string& name) { return load_technology(name); });
    } else if (format == "mapscape-area-models") {
        (void)parse_area_models(text, where);
    } else if (format == "mapscape-network-family") {
        const QString path = QDir::temp().filePath("mapscape_test_family.json");
        write_text_file_atomically(path.toStdString(), text);
        (void)load_network_family(path.toStdString());
    } else {
        throw std::runtime_error(where + ": an example with no known format (\"" + format + "\")");
    }
}

void load_technology_text(const std::string& text) {
    (void)parse_technology_json(text, "t.json", [](const std::string& name) { return load_technology(name); });
}

}  // namespace

class FormatsTest : public QObject {
    Q_OBJECT

private slots:
    void path_text_reads_as_users_write_it() {
        QCOMPARE(json_path_text("/l1_size"), std::string("l1_size"));
        QCOMPARE(json_path_text("/layers/3/Kx"), std::string("layers[3].Kx"));
        QCOMPARE(json_path_text("/a~1b/c~0d"), std::string("a/b.c~d"));
    }

    // The user's typo from the report: an unbounded L1 without a word, now an error that says
    // what was meant.
    void a_misspelled_accelerator_field_is_refused_with_the_likely_one() {
        const std::string text = "{\n  \"num_pes\": 168,\n  \"l1_size\": 5\n}\n";
        try {
            (void)parse_accelerator_json(text, "acc.json");
            QFAIL("an unknown field was accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.diagnostic().to_string()),
                     QString("acc.json:3:14: l1_size: unknown field \"l1_size\" (did you mean \"l1_size_bytes\"?)"));
        }
    }

    void nested_fields_are_checked_at_every_level() {
        const std::vector<std::pair<std::string, std::string>> cases = {
            {R"({"num_pes": 4, "noc": {"hopz": 2}})", "noc.hopz: unknown field \"hopz\" (did you mean \"hops\"?)"},
            {R"({"num_pes": 4, "technology": {"mac_energy": 1}})", "technology.mac_energy: unknown field \"mac_energy\" (did you mean \"mac_energy_nj\"?)"},
            {R"({"num_pes": 4, "map_space": {"levels": [{"paralel": ["out"]}]}})", "map_space.levels[0].paralel: unknown field \"paralel\" (did you mean \"parallel\"?)"},
        };
        for (const auto& [text, message] : cases) {
            try {
                (void)parse_accelerator_json(text, "a.json");
                QFAIL(qPrintable(QString::fromStdString("accepted: " + text)));
            } catch (const InputError& e) {
                QVERIFY2(e.diagnostic().message == message, e.what());
            }
        }
    }

    // "The formats pages say unknown fields are refused": the noc page promised defaults for
    // every field, and a level with only hops was refused for a missing bandwidth.
    void a_noc_level_may_leave_out_any_field() {
        const Accelerator a = parse_accelerator_json(R"({"num_pes": 4, "noc": {"hops": 2}})", "a.json");
        QCOMPARE(a.noc[0].hops, std::int64_t{2});
        QCOMPARE(a.noc[0].bandwidth_elements_per_cycle, NocLevel{}.bandwidth_elements_per_cycle);
        QCOMPARE(a.noc[0].hop_latency_cycles, std::int64_t{0});
    }

    void a_layer_field_of_another_type_is_refused() {
        auto refused = [](const std::string& layer) -> std::string {
            try {
                (void)parse_model_json(R"({"layers": [)" + layer + "]}", "m.json");
            } catch (const InputError& e) {
                return e.diagnostic().message;
            }
            return {};
        };
        QVERIFY(refused(R"({"type": "DSCONV", "K": 3, "C": 32, "R": 3, "S": 3, "Y": 8, "X": 8})").find("K must be 1") != std::string::npos);
        QVERIFY(refused(R"({"type": "DSCONV", "K": 1, "C": 32, "R": 3, "S": 3, "Y": 8, "X": 8})").empty());
        QVERIFY(refused(R"({"type": "GEMM", "M": 4, "N": 4, "K": 4, "stride": 2})").find("does not belong to a GEMM") != std::string::npos);
        QVERIFY(refused(R"({"type": "FC", "K": 4, "C": 4, "R": 1})").find("does not belong") != std::string::npos);
        QVERIFY(refused(R"({"type": "CONV", "K": 4, "C": 4, "R": 3, "S": 3, "Y": 8, "X": 8, "Kk": 2})").find("did you mean \"K\"") != std::string::npos);
        // Padding: four whole numbers inside Y and X, convolutions only.
        const std::string conv = R"({"type": "CONV", "K": 4, "C": 4, "R": 3, "S": 3, "Y": 8, "X": 8, "padding": )";
        QVERIFY(refused(conv + "[1, 1, 1, 1]}").empty());
        QVERIFY(refused(conv + "[1, 1, 1]}").find("must list 4 numbers") != std::string::npos);
        QVERIFY(refused(conv + "[1, -1, 1, 1]}").find("0 or more") != std::string::npos);
        QVERIFY(refused(conv + "[1, \"x\", 1, 1]}").find("whole number") != std::string::npos);
        QVERIFY(refused(conv + "\"same\"}").find("padding") != std::string::npos);
        QVERIFY(refused(conv + "[4, 4, 0, 0]}").find("leaves no input row") != std::string::npos);
        QVERIFY(refused(R"({"type": "GEMM", "M": 4, "N": 4, "K": 4, "padding": [0, 0, 0, 0]})").find("does not belong to a GEMM") != std::string::npos);
        // Round trip.
        const Model m = parse_model_json(R"({"layers": [)" + conv + "[1, 0, 2, 1]}]}", "m.json");
        QCOMPARE(m.layers.at(0).padding, (std::array<std::int64_t, 4>{1, 0, 2, 1}));
        QVERIFY(layer_to_json(m.layers.at(0)).dump().find("\"padding\":[1,0,2,1]") != std::string::npos);
    }

    // "analysis": maestro or faithful; anything else is refused where it is.
    void an_accelerator_analysis_of_another_kind_is_refused() {
        QCOMPARE(parse_accelerator_json(R"({"num_pes": 4, "analysis": "faithful"})", "a.json").analysis, AnalysisMode::Faithful);
        for (const char* bad : {R"({"num_pes": 4, "analysis": "exact"})", R"({"num_pes": 4, "analysis": 1})"}) {
            try {
                (void)parse_accelerator_json(bad, "a.json");
                QFAIL(bad);
            } catch (const InputError& e) {
                QVERIFY2(e.diagnostic().message.find("analysis") != std::string::npos, e.what());
            }
        }
    }

    void every_object_of_every_format_is_documented_with_its_fields() {
        const DocumentedFields docs = documented_fields();
        QVERIFY2(docs.problems.isEmpty(), qPrintable(docs.problems.join('\n')));
        QStringList problems;
        std::set<std::string> known;
        for (const JsonObjectSchema* schema : every_schema()) {
            QVERIFY2(known.insert(schema->name).second, qPrintable(QString::fromStdString("two schemas named " + schema->name)));
            const auto it = docs.fields.find(schema->name);
            if (it == docs.fields.end()) {
                problems << QString::fromStdString(schema->name) + ": no field table in docs/ (<!-- fields: " +
                                QString::fromStdString(schema->name) + " -->)";
                continue;
            }
            const std::set<std::string> loader(schema->fields.begin(), schema->fields.end());
            for (const std::string& f : loader)
                if (!it->second.count(f)) problems << docs.where.at(schema->name) + ": " + QString::fromStdString(schema->name + " reads \"" + f + "\", not in the table");
            for (const std::string& f : it->second)
                if (!loader.count(f)) problems << docs.where.at(schema->name) + ": " + QString::fromStdString(schema->name + " has no field \"" + f + "\", but the table lists it");
        }
        for (const auto& [object, fields] : docs.fields)
            if (!known.count(object)) problems << docs.where.at(object) + ": a table for \"" + QString::fromStdString(object) + "\", which no loader reads";
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    }

    // Each format page's JSON examples are real files: they load as they are printed.
    void every_example_on_a_format_page_loads() {
        int loaded = 0;
        QDirIterator it(source_path("docs/formats"), {"*.md"}, QDir::Files);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QStringList blocks = json_blocks(QString::fromUtf8(f.readAll()));
            for (qsizetype i = 0; i < blocks.size(); ++i) {
                const std::string where = QFileInfo(path).fileName().toStdString() + " example " + std::to_string(i + 1);
                // Fragments that elide with "..." (a mapping inside a study) are not files.
                if (blocks[i].contains("...}") || blocks[i].contains(", ...]") || !blocks[i].trimmed().startsWith('{')) continue;
                try {
                    load_as_its_format(blocks[i].toStdString(), where);
                    ++loaded;
                } catch (const std::exception& e) {
                    QFAIL(qPrintable(QString::fromStdString(where + ": " + e.what())));
                }
            }
        }
        QVERIFY2(loaded >= 9, qPrintable(QString::number(loaded)));
    }

    // A typo in any field of any bundled or shipped file is refused with a suggestion: for every
    // field of every object of each sample, the field with one letter doubled.
    void a_misspelled_field_is_refused_in_every_format() {
        const std::vector<std::pair<std::string, std::function<void(const std::string&)>>> samples = {
            {MAPSCAPE_MODELS_DIR "/mobilenet_v2.json", [](const std::string& t) { (void)parse_model_json(t, "m.json"); }},
            {MAPSCAPE_MODELS_DIR "/mix_vision.json", [](const std::string& t) { (void)parse_task_mix_json(t, "x.json"); }},
            {MAPSCAPE_EXAMPLES_DIR "/example_study.json", [](const std::string& t) { (void)parse_study_json(t, "s.json"); }},
            {MAPSCAPE_EXAMPLES_DIR "/sweep_example.json", [](const std::string& t) { (void)parse_sweep_spec(t, "s.json", MAPSCAPE_EXAMPLES_DIR); }},
            {MAPSCAPE_EXAMPLES_DIR "/codesign_sweep.json", [](const std::string& t) { (void)parse_sweep_spec(t, "s.json", MAPSCAPE_EXAMPLES_DIR); }},
            {MAPSCAPE_SOURCE_TREE "/resources/technology/area_models.json", [](const std::string& t) { (void)parse_area_models(t, "a.json"); }},
            {MAPSCAPE_SOURCE_TREE "/resources/technologies/45nm.json", load_technology_text},
            {MAPSCAPE_SOURCE_TREE "/resources/technologies/maestro.json", load_technology_text},
            {MAPSCAPE_SOURCE_TREE "/resources/technologies/7nm.json", load_technology_text},
        };
        int mutants = 0;
        for (const auto& [path, load] : samples) {
            const std::string text = read_text_file(path);
            load(text);  // the sample itself loads
            // Every key of every object: "key": -> "kkey":
            static const QRegularExpression key("\"([A-Za-z_'][A-Za-z0-9_']*)\"\\s*:");
            const QString q = QString::fromStdString(text);
            std::set<QString> seen;
            for (auto it = key.globalMatch(q); it.hasNext();) {
                const auto m = it.next();
                const QString name = m.captured(1);
                if (!seen.insert(name).second) continue;  // each field name once per sample
                QString mutant = q;
                mutant.replace(m.capturedStart(1), name.size(), name.left(1) + name);
                try {
                    load(mutant.toStdString());
                    QFAIL(qPrintable(QString::fromStdString(path) + ": accepted the misspelled field " + name.left(1) + name));
                } catch (const InputError& e) {
                    // One- and two-letter names (dimensions: "YY" is as close to Y as to Y') get the
                    // list of fields instead of a guess.
                    const std::string& message = e.diagnostic().message;
                    const bool suggested = message.find("did you mean \"" + name.toStdString() + "\"") != std::string::npos;
                    const bool listed = name.size() <= 1 && message.find(" fields: ") != std::string::npos;
                    QVERIFY2(message.find("unknown field") != std::string::npos && (suggested || listed) && e.diagnostic().where.line > 0,
                             qPrintable(QString::fromStdString(path) + ": " + name + ": " + e.what()));
                }
                ++mutants;
            }
        }
        qInfo("%d misspelled fields refused", mutants);
        QVERIFY(mutants >= 60);
    }

    // The accelerator page's refusals for MAESTRO HW files: a negative value (which MAESTRO's
    // own tokenizer reads as positive), a key given twice, a misspelled key.
    void maestro_hw_refusals_are_located() {
        auto refusal = [](const std::string& text) -> std::string {
            try {
                (void)parse_maestro_hw_text(text, "hw.m", Accelerator{});
            } catch (const InputError& e) {
                return e.diagnostic().to_string();
            }
            return {};
        };
        QCOMPARE(QString::fromStdString(refusal("num_pes: 256\nNoC_NumHops: -1\n")),
                 QString("hw.m:2:15: the value of NoC_NumHops must be at least 0, not -1"));
        QCOMPARE(QString::fromStdString(refusal("num_pes: -256\n")), QString("hw.m:1:11: the value of num_pes must be at least 1, not -256"));
        QCOMPARE(QString::fromStdString(refusal("num_pes: 256\nnum_pes: 128\n")), QString("hw.m:2:1: num_pes is given twice"));
        QVERIFY(refusal("num_pe: 256\n").find("did you mean \"num_pes\"") != std::string::npos);
        QVERIFY(refusal("num_pes: 256\nNoC_NumHops: 0\n").empty());
        // In a network file, a negative dimension or constant is refused the same way.
        const std::string layer = "Network n {\nLayer L {\nType: CONV\nDimensions { K: -4, C: 3, R: 1, S: 1, Y: 8, X: 8 }\n"
                                  "Dataflow { SpatialMap(1,1) K; }\n}\n}\n";
        try {
            (void)parse_maestro_text(layer, "n.m");
            QFAIL("a negative K was accepted");
        } catch (const InputError& e) {
            QVERIFY2(e.diagnostic().message.find("must be at least 1, not -4") != std::string::npos, e.what());
        }
    }

    void deep_nesting_is_refused_with_its_place() {
        const std::string deep = std::string(50000, '[') + std::string(50000, ']');
        try {
            (void)parse_model_json(deep, "deep.json");
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(e.diagnostic().where.line, 1);
            QCOMPARE(e.diagnostic().where.column, JsonDocument::kMaxNestingDepth + 1);
            QVERIFY(e.diagnostic().message.find("nest more than 64") != std::string::npos);
        }
        std::string objects;
        for (int i = 0; i < 50000; ++i) objects += "{\"a\":";
        objects += "1" + std::string(50000, '}');
        QVERIFY_THROWS_EXCEPTION(InputError, (void)parse_sweep_spec(objects, "deep.json", ""));
        // Brackets inside strings do not count.
        QVERIFY(parse_model_json(R"({"name": ")" + std::string(200, '[') + R"(", "layers": [{"type": "FC", "K": 2, "C": 2}]})", "m.json")
                    .layers.size() == 1);
    }
};

QTEST_GUILESS_MAIN(FormatsTest)
#include "test_formats.moc"
