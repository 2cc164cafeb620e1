#include "util/text_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "util/diagnostic.hpp"

namespace mapscape {

std::string read_text_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError({path, 0, 0}, "is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int error = errno;
        if (error == ENOENT) throw MissingFileError({path, 0, 0}, std::string("cannot open: ") + std::strerror(error));
        throw InputError({path, 0, 0}, std::string("cannot open: ") + std::strerror(error));
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw InputError({path, 0, 0}, "read error");
    return buffer.str();
}

void write_text_file_atomically(const std::string& path, const std::string& contents) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    fs::path temp = target;
    temp += ".tmp-" + std::to_string(static_cast<unsigned long>(::getpid()));
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw InputError({path, 0, 0}, std::string("cannot write: ") + std::strerror(errno));
        out << contents;
        out.flush();
        if (!out) {
            std::error_code ignore;
            fs::remove(temp, ignore);
            throw InputError({path, 0, 0}, "write error (disk full?)");
        }
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec) {
        std::error_code ignore;
        fs::remove(temp, ignore);
        throw InputError({path, 0, 0}, "cannot replace file: " + ec.message());
    }
}

}  // namespace mapscape
