// SPDX-License-Identifier: MIT
#include "core/common/result.h"

namespace roofline {

std::string Error::toString() const
{
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0) {
            out += ':' + std::to_string(line);
            if (column > 0)
                out += ':' + std::to_string(column);
        }
        out += ": ";
    }
    out += message;
    return out;
}

std::ostream& operator<<(std::ostream& os, const Error& e)
{
    return os << e.toString();
}

} // namespace roofline
