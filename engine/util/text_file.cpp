#include "util/text_file.hpp"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
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
    // Read in pieces up to a limit: a device that never ends (/dev/zero, /dev/urandom) would
    // otherwise fill the memory before anything could say what is wrong.
    std::string text;
    std::array<char, 1 << 16> piece;
    while (in.read(piece.data(), piece.size()) || in.gcount() > 0) {
        if (text.size() + static_cast<std::size_t>(in.gcount()) > kMostTextFileBytes)
            throw InputError({path, 0, 0}, "is larger than " + std::to_string(kMostTextFileBytes >> 20) +
                                               " MiB (or never ends, as a device may): not an input Mapscape reads");
        text.append(piece.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) throw InputError({path, 0, 0}, "read error");
    return text;
}

namespace {

// Writes all of `contents` to `fd`, retrying short writes and EINTR; false on a real error.
bool write_all(int fd, const std::string& contents) {
    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    return true;
}

// Makes the rename itself durable: a power cut right after a save must not bring back the old
// file (or none). Failure here is not reported: the data is already safe in the new file.
void sync_parent_directory(const std::filesystem::path& target) {
    const std::filesystem::path parent = target.has_parent_path() ? target.parent_path() : ".";
    const int dir = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return;
    ::fsync(dir);
    ::close(dir);
}

}  // namespace

// The temporary file is synced before it replaces the target, so a crash or power cut leaves
// either the old file or the complete new one, never a truncated one.
void write_text_file_atomically(const std::string& path, const std::string& contents) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    // A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written in place: renaming a new
    // file over it would replace the device itself (as root, /dev/null became a plain file).
    struct stat existing {};
    if (::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
        if (S_ISDIR(existing.st_mode)) throw InputError({path, 0, 0}, "cannot write: it is a directory");
        const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) throw InputError({path, 0, 0}, std::string("cannot write: ") + std::strerror(errno));
        const bool written = write_all(fd, contents);
        const int write_errno = errno;
        ::close(fd);
        if (!written) throw InputError({path, 0, 0}, std::string("write error: ") + std::strerror(write_errno));
        return;
    }
    fs::path temp = target;
    temp += ".tmp-" + std::to_string(static_cast<unsigned long>(::getpid()));
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) throw InputError({path, 0, 0}, std::string("cannot write: ") + std::strerror(errno));
    const bool written = write_all(fd, contents) && ::fsync(fd) == 0;
    const int write_errno = errno;
    const bool closed = ::close(fd) == 0;
    if (!written || !closed) {
        std::error_code ignore;
        fs::remove(temp, ignore);
        throw InputError({path, 0, 0}, std::string("write error: ") +
                                           std::strerror(written ? errno : write_errno));
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec) {
        std::error_code ignore;
        fs::remove(temp, ignore);
        throw InputError({path, 0, 0}, "cannot replace file: " + ec.message());
    }
    sync_parent_directory(target);
}

}  // namespace mapscape
