// SPDX-License-Identifier: MIT
#include "core/io/text_file.h"

#include "core/model/units.h"

#include <filesystem>
#include <fstream>
#include <iterator>

namespace roofline {

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
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error {path, 0, 0, "cannot be read (permission denied?)"};
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad())
        return Error {path, 0, 0, "read error"};
    if (text.size() > maxBytes)
        return Error {path, 0, 0, "file is too large"};
    if (text.find('\0') != std::string::npos)
        return Error {path, 0, 0, "not a text file (it contains NUL bytes)"};
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0)
        text.erase(0, 3);
    return text;
}

} // namespace roofline
