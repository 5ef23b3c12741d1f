// SPDX-License-Identifier: MIT
// A value kept on the heap and copied with its owner: 8 bytes for fields that most objects leave
// empty (a kernel's group and inner-level bytes), so that a million of them stay small.
#pragma once

#include <memory>
#include <utility>

namespace roofline {

template <class T> class Boxed {
public:
    Boxed() = default;
    Boxed(const Boxed& other)
        : m_value(other.m_value ? std::make_unique<T>(*other.m_value) : nullptr)
    { }
    Boxed(Boxed&&) noexcept = default;
    Boxed& operator=(const Boxed& other)
    {
        if (this != &other)
            m_value = other.m_value ? std::make_unique<T>(*other.m_value) : nullptr;
        return *this;
    }
    Boxed& operator=(Boxed&&) noexcept = default;
    ~Boxed() = default;

    /// The value, or a default-made T when there is none.
    const T& get() const { return m_value ? *m_value : empty(); }
    /// The value to change, made when there is none.
    T& edit()
    {
        if (!m_value)
            m_value = std::make_unique<T>();
        return *m_value;
    }
    bool has() const { return m_value != nullptr; }
    void reset() { m_value.reset(); }

    friend bool operator==(const Boxed& a, const Boxed& b) { return a.get() == b.get(); }
    friend bool operator!=(const Boxed& a, const Boxed& b) { return !(a == b); }

private:
    static const T& empty()
    {
        static const T value {};
        return value;
    }
    std::unique_ptr<T> m_value;
};

} // namespace roofline
