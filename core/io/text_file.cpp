// SPDX-License-Identifier: MIT
#include "core/io/text_file.h"

#include "core/model/units.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>
#include <utility>

#if !defined(_WIN32)
#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#endif

namespace roofline {

namespace {

/// How long a FIFO's writer may send nothing before the read gives up.
constexpr int kPipeWaitMs = 30000;

#if !defined(_WIN32)
/// A FIFO's bytes (a named pipe, a shell's <(command)), opened without waiting for a writer: a
/// FIFO nobody writes to reads as empty at once, and a writer that sends nothing for 30 s is an
/// error; neither waits forever. At most maxBytes + 1 bytes.
Result<std::string> readFifo(const std::string& path, std::uintmax_t maxBytes)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return Error {path, 0, 0, std::string("cannot be read (") + std::strerror(errno) + ")"};
    std::string text;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0) {
            text.append(buf, static_cast<std::size_t>(n));
            if (text.size() > maxBytes)
                break;
            continue;
        }
        if (n == 0)
            break; // no writer (left): the end
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            ::close(fd);
            return Error {path, 0, 0, std::string("read error (") + std::strerror(errno) + ")"};
        }
        pollfd p {fd, POLLIN, 0};
        if (::poll(&p, 1, kPipeWaitMs) == 0) {
            ::close(fd);
            return Error {path, 0, 0, "a pipe that sent nothing for 30 s; give a file, or write into the pipe"};
        }
    }
    ::close(fd);
    return text;
}
#endif

// The offset of the first byte that is not well-formed UTF-8, or npos. ASCII goes eight bytes
// at a time (a byte at a time, with the line count kept on the way, was 16 instructions a byte:
// a millisecond per 100,000 bytes of CSV).
size_t invalidUtf8At(std::string_view s)
{
    size_t i = 0;
    while (i < s.size()) {
        if (i + 8 <= s.size()) {
            std::uint64_t word;
            std::memcpy(&word, s.data() + i, 8);
            if ((word & 0x8080808080808080ULL) == 0) {
                i += 8;
                continue;
            }
        }
        const auto c = static_cast<unsigned char>(s[i]);
        size_t n = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c < 0x80)
            n = 0;
        else if (c >= 0xC2 && c <= 0xDF)
            n = 1;
        else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            lo = c == 0xE0 ? 0xA0 : 0x80;
            hi = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            lo = c == 0xF0 ? 0x90 : 0x80;
            hi = c == 0xF4 ? 0x8F : 0xBF;
        } else
            return i;
        for (size_t k = 1; k <= n; ++k) {
            const auto b = i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0;
            if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF))
                return i;
        }
        i += n + 1;
    }
    return std::string_view::npos;
}

// Line and column (1-based, in bytes) of the first byte that is not well-formed UTF-8.
std::optional<std::pair<int, int>> firstInvalidUtf8(const std::string& s)
{
    const size_t bad = invalidUtf8At(s);
    if (bad == std::string_view::npos)
        return std::nullopt;
    const auto before = std::string_view(s).substr(0, bad);
    const size_t lastLineEnd = before.rfind('\n');
    const size_t lineStart = lastLineEnd == std::string_view::npos ? 0 : lastLineEnd + 1;
    return std::make_pair(
        1 + static_cast<int>(std::count(before.begin(), before.end(), '\n')), static_cast<int>(bad - lineStart + 1));
}

} // namespace

/// Devices and pipes are read 16 MB at a time.
constexpr std::size_t kPiece = std::size_t {1} << 24;

/// The checks every text read ends with: the limit, UTF-16, NUL bytes, a BOM, UTF-8.
static Result<std::string> checkedText(const std::string& path, std::string text, std::uintmax_t maxBytes);

Result<std::string> readTextFile(const std::string& path, std::uintmax_t maxBytes)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st))
        return Error {path, 0, 0, "no such file"};
    if (fs::is_directory(st))
        return Error {path, 0, 0, "is a directory, not a file"};
    const std::uintmax_t size = fs::file_size(path, ec);
    if (!ec && size > maxBytes)
        return Error {path, 0, 0,
            "file is too large (" + formatQuantity(static_cast<double>(size), Dimension::Bytes) + "; the limit is "
                + formatQuantity(static_cast<double>(maxBytes), Dimension::Bytes) + ")"};
    std::string text;
#if !defined(_WIN32)
    if (fs::is_fifo(st)) {
        auto raw = readFifo(path, maxBytes);
        if (!raw)
            return raw.error();
        text = std::move(raw).value();
        return checkedText(path, std::move(text), maxBytes);
    }
#endif
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error {path, 0, 0, "cannot be read (permission denied?)"};
    // Read in large pieces until the end, and never past the limit: a device or a pipe (no
    // size to ask for: /dev/zero, an endless stream) ends in this error, not in all the memory.
    // A file of known size is read in one piece of its size (and a byte more, to see its end).
    const std::uintmax_t piece
        = !ec && fs::is_regular_file(st) ? std::min<std::uintmax_t>(kPiece, size + 1) : std::uintmax_t {kPiece};
    while (in) {
        const std::size_t had = text.size();
        const std::size_t want = static_cast<std::size_t>(
            std::min<std::uintmax_t>(piece, maxBytes + 1 - std::min<std::uintmax_t>(had, maxBytes + 1)));
        if (want == 0)
            break;
        text.resize(had + want);
        in.read(text.data() + had, static_cast<std::streamsize>(want));
        text.resize(had + static_cast<std::size_t>(in.gcount()));
        if (had == 0 && (text.compare(0, 2, "\xFF\xFE") == 0 || text.compare(0, 2, "\xFE\xFF") == 0))
            return Error {path, 0, 0, "UTF-16 text; save it as UTF-8"};
        if (text.find('\0', had) != std::string::npos) // a binary file or device: no need to read on
            return Error {path, 0, 0, "not a text file (it contains NUL bytes)"};
    }
    if (in.bad())
        return Error {path, 0, 0, "read error"};
    return checkedText(path, std::move(text), maxBytes);
}

static Result<std::string> checkedText(const std::string& path, std::string text, std::uintmax_t maxBytes)
{
    if (text.size() > maxBytes)
        return Error {path, 0, 0,
            "more than " + formatQuantity(static_cast<double>(maxBytes), Dimension::Bytes)
                + " to read (the limit; a device or an endless stream?)"};
    if (text.compare(0, 2, "\xFF\xFE") == 0 || text.compare(0, 2, "\xFE\xFF") == 0)
        return Error {path, 0, 0, "UTF-16 text; save it as UTF-8"};
    if (text.find('\0') != std::string::npos)
        return Error {path, 0, 0, "not a text file (it contains NUL bytes)"};
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0)
        text.erase(0, 3);
    if (const auto bad = firstInvalidUtf8(text))
        return Error {
            path, bad->first, bad->second, "not UTF-8 text (a byte no UTF-8 text has; Latin-1?); save it as UTF-8"};
    return text;
}

} // namespace roofline
