// Exports whatever the names hold: layer names from ONNX or TensorFlow graphs ("block1/conv1"),
// path tricks, backslashes, control characters, very long and non-ASCII names. Every file lands
// in the chosen directory under a unique, safe name, and the original name stays inside it.
#include <filesystem>
#include <set>

#include <QTemporaryDir>
#include <QtTest>
#include <unistd.h>

#include "arch/presets.hpp"
#include "mapping/maestro_file.hpp"
#include "search/maestro_export.hpp"
#include "test_support.hpp"
#include "util/csv.hpp"
#include "util/file_names.hpp"
#include "util/text_file.hpp"
#include "util/utf8.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

const std::vector<std::string>& awkward_names() {
    static const std::vector<std::string> names = {
        "block1/conv1", "../../../tmp/evil", "..", ".", "/etc/passwd", "a\\b\\c", "tab\there", "bell\x07 and\nnewline",
        std::string(300, 'x'), std::string(300, 'x') + "y", "Faltung-ä-層", "bad\xC1utf8", "", "CONV1", "conv1",
        "conv1", "resnet18_hw", "hw"};
    return names;
}

std::set<std::string> files_in(const std::filesystem::path& dir) {
    std::set<std::string> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) out.insert(e.path().string());
    return out;
}

}  // namespace

class ExportsTest : public QObject {
    Q_OBJECT

private slots:
    void safe_stems_stay_in_their_directory() {
        for (const std::string& name : awkward_names()) {
            const std::string stem = safe_file_stem(name);
            QVERIFY2(!stem.empty(), name.c_str());
            QVERIFY2(stem.find('/') == std::string::npos && stem.find('\\') == std::string::npos, stem.c_str());
            QVERIFY2(stem.front() != '.', stem.c_str());
            QVERIFY2(stem.size() <= 96, stem.c_str());
            QVERIFY2(first_invalid_utf8(stem) == std::string::npos, stem.c_str());
            for (unsigned char c : stem) QVERIFY2(c >= 0x20 && c != 0x7F, stem.c_str());
        }
        QCOMPARE(safe_file_stem("block1/conv1"), std::string("block1_conv1"));
        QCOMPARE(safe_file_stem("../../../tmp/evil"), std::string("_tmp_evil"));
        QCOMPARE(safe_file_stem("Faltung-ä-層"), std::string("Faltung-ä-層"));  // readable names stay readable
        QCOMPARE(safe_file_stem(""), std::string("unnamed"));
        // Long names that share a beginning stay distinct.
        QVERIFY(safe_file_stem(std::string(300, 'x')) != safe_file_stem(std::string(300, 'x') + "y"));
        QVERIFY_THROWS_EXCEPTION(InputError, file_in_directory("/tmp/d", "../x", ".m"));
        QVERIFY_THROWS_EXCEPTION(InputError, file_in_directory("/tmp/d", "..", ".m"));
    }

    void stems_are_unique_ignoring_case() {
        UniqueFileStems stems;
        std::set<std::string> lower;
        for (const std::string& name : awkward_names()) {
            std::string s = stems.claim(name);
            for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            QVERIFY2(lower.insert(s).second, s.c_str());
        }
    }

    void csv_fields_are_quoted_when_needed() {
        QCOMPARE(csv_field("conv1"), std::string("conv1"));
        QCOMPARE(csv_field("a,b"), std::string("\"a,b\""));
        QCOMPARE(csv_field("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(csv_field("two\nlines"), std::string("\"two\nlines\""));
    }

    // A model whose layers carry every awkward name: each gets its own file inside the
    // directory, re-reading gives the layer back under its original name (as MAESTRO can hold
    // it), and nothing is written anywhere else.
    void maestro_export_of_awkward_layer_names() {
        QTemporaryDir root;
        const std::filesystem::path dir = std::filesystem::path(root.path().toStdString()) / "out";
        const Layer base = load_bundled_model("resnet18").layers[1];
        Mapping m;
        m.directives = {Directive::spatial(Dim::K, 1, 1), Directive::temporal(Dim::C, 4, 4),
                        Directive::temporal(Dim::R, 3, 3), Directive::temporal(Dim::S, 3, 3),
                        Directive::temporal(Dim::Y, 3, 1), Directive::temporal(Dim::X, 3, 1)};
        std::vector<ExportLayer> layers;
        for (const std::string& name : awkward_names()) {
            ExportLayer e{base, m};
            e.layer.name = name;
            layers.push_back(e);
        }
        const ExportedFiles files = export_maestro_files(dir.string(), "../resnet18", layers, accelerator_preset("edge"));
        QCOMPARE(files.paths.size(), awkward_names().size() + 2);
        const std::set<std::string> written = files_in(root.path().toStdString());
        QCOMPARE(written.size(), files.paths.size() + 1);  // + the directory itself
        std::set<std::string> distinct(files.paths.begin(), files.paths.end());
        QCOMPARE(distinct.size(), files.paths.size());
        for (const std::string& p : files.paths) {
            QCOMPARE(std::filesystem::path(p).parent_path(), dir);
            QVERIFY(written.count(p));
        }
        const MaestroNetwork whole = read_maestro_file(files.paths[files.paths.size() - 2]);
        QCOMPARE(whole.layers.size(), awkward_names().size());
        QCOMPARE(whole.layers[0].layer.name, std::string("block1/conv1"));
        QCOMPARE(whole.layers[1].layer.name, std::string("../../../tmp/evil"));
        QCOMPARE(whole.layers[10].layer.name, std::string("Faltung_ä_層"));  // '-' separates MAESTRO tokens
        QVERIFY(read_text_file(files.paths[10]).find("// Layer name: Faltung-ä-層\n") != std::string::npos);
        for (const auto& l : whole.layers) QVERIFY(l.mapping == m);
    }

    void atomic_write_replaces_the_whole_file_and_leaves_no_temporary() {
        QTemporaryDir dir;
        const std::string path = (std::filesystem::path(dir.path().toStdString()) / "study.json").string();
        write_text_file_atomically(path, std::string(100000, 'a'));
        write_text_file_atomically(path, "short\n");
        QCOMPARE(read_text_file(path), std::string("short\n"));
        QCOMPARE(files_in(dir.path().toStdString()), std::set<std::string>{path});
    }

    // `--json /dev/null` (or a FIFO) is written in place: renaming over it would have replaced
    // the device with a plain file (as root, for the whole machine).
    void writing_to_a_device_keeps_the_device() {
        write_text_file_atomically("/dev/null", "{}\n");
        QVERIFY(std::filesystem::is_character_file("/dev/null"));
        QVERIFY(!std::filesystem::exists("/dev/null.tmp-" + std::to_string(::getpid())));
    }

    void atomic_write_into_a_missing_folder_names_the_file() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/no/such/folder/study.json";
        try {
            write_text_file_atomically(path, "x");
            QFAIL("writing into a missing folder must fail");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
        }
        QVERIFY(files_in(dir.path().toStdString()).empty());
    }
};

QTEST_GUILESS_MAIN(ExportsTest)
#include "test_exports.moc"
