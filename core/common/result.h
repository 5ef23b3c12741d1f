// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <variant>

namespace roofline {

/// A problem a user can act on: where (file, line, column or field) and what is wrong.
/// line/column are 1-based; 0 means "not known".
struct Error {
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;

    /// "file:line:column: message", leaving out the parts that are not known.
    std::string toString() const;

    friend bool operator==(const Error& a, const Error& b)
    {
        return a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message;
    }
    friend bool operator!=(const Error& a, const Error& b) { return !(a == b); }
};

std::ostream& operator<<(std::ostream& os, const Error& e);

/// Either a value or an Error (std::expected is C++23).
template <typename T> class Result {
public:
    Result(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    { }
    Result(Error error)
        : m_data(std::in_place_index<1>, std::move(error))
    { }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<0>(m_data); }
    T& value() & { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    /// Non-const, so that `std::move(result->member)` moves (it copied through the const one).
    T* operator->() { return &value(); }

    const Error& error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

} // namespace roofline
