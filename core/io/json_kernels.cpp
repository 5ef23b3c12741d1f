// SPDX-License-Identifier: MIT
#include "core/io/json_kernels.h"

#include "core/common/text.h"
#include "core/io/kernel_fields.h"

#include <nlohmann/json.hpp>

#include <iterator>
#include <optional>
#include <set>
#include <vector>

namespace roofline {
namespace {

/// Reads the text a character at a time and counts its lines as it goes, so that each event the
/// parser reports knows the line it is on (nlohmann-json's events carry no position).
class LineCountingIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    LineCountingIterator(const char* at, int* line)
        : m_at(at)
        , m_line(line)
    { }
    reference operator*() const { return *m_at; }
    LineCountingIterator& operator++()
    {
        if (*m_at == '\n')
            ++*m_line;
        ++m_at;
        return *this;
    }
    LineCountingIterator operator++(int)
    {
        LineCountingIterator before = *this;
        ++*this;
        return before;
    }
    friend bool operator==(const LineCountingIterator& a, const LineCountingIterator& b) { return a.m_at == b.m_at; }
    friend bool operator!=(const LineCountingIterator& a, const LineCountingIterator& b) { return !(a == b); }

private:
    const char* m_at;
    int* m_line;
};

using json = nlohmann::json;

/// The parser's events, turned into kernel rows. Depth counts the containers open around an
/// event; the kernels are the list's items, one level below it.
class KernelEvents : public nlohmann::json_sax<json> {
public:
    KernelEvents(const std::string& file, KernelImport& out, const int* line)
        : m_file(file)
        , m_collector(file, out)
        , m_line(line)
    { }

    std::optional<Error> error;
    std::set<std::string> ignored;
    bool sawList() const { return m_listDepth > 0; }
    bool kernelsNotAList() const { return m_kernelsNotAList; }
    void finish() { m_collector.finish(); }

    bool null() override { return scalar(std::nullopt); }
    bool boolean(bool v) override { return scalar(std::string(v ? "true" : "false")); }
    bool number_integer(number_integer_t v) override { return scalar(std::to_string(v)); }
    bool number_unsigned(number_unsigned_t v) override { return scalar(std::to_string(v)); }
    bool number_float(number_float_t, const string_t& text) override { return scalar(text); }
    bool string(string_t& v) override { return scalar(v); }
    bool binary(binary_t&) override { return scalar(std::string()); }

    bool start_object(std::size_t) override
    {
        if (!open(true))
            return false;
        if (m_depth == m_listDepth + 1 && m_listDepth > 0) { // a kernel
            m_row.emplace(*m_line);
            m_row->keepNameSpaces();
            m_keys.clear();
        }
        return true;
    }
    bool end_object() override
    {
        if (m_row && m_depth == m_listDepth + 1) {
            m_collector.add(*m_row);
            m_row.reset();
        }
        m_rootDone |= --m_depth == 0;
        return true;
    }
    bool start_array(std::size_t) override
    {
        if (!open(false))
            return false;
        if (m_listDepth == 0 && (m_depth == 1 || (m_depth == 2 && m_rootKey == "kernels")))
            m_listDepth = m_depth;
        return true;
    }
    bool end_array() override
    {
        m_rootDone |= --m_depth == 0;
        return true;
    }
    bool key(string_t& k) override
    {
        if (m_depth == 1)
            m_rootKey = k;
        if (m_row && m_depth == m_listDepth + 1) {
            m_key = k;
            if (!m_keys.insert(k).second)
                m_row->fail("field " + roofline::quoted(k) + " is given twice");
        }
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override
    {
        const std::string what = e.what(); // "[json.exception.parse_error.101] parse error at line 1, ..."
        const auto colon = what.find(": ");
        const std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
        // After the value ended it is text that does not belong, not YAML's flow syntax.
        error = Error {m_file, *m_line, 0,
            m_rootDone ? "text after the end of the JSON value (" + reason + ")" : kJsonSyntaxError + reason};
        return false;
    }

private:
    /// A container opens: a kernel's field holding one is an error; an item that is not an
    /// object is rejected; a root that is neither a list nor an object with 'kernels' is refused.
    bool open(bool object)
    {
        if (++m_depth > kMaxDepth) {
            error = Error {
                m_file, *m_line, 0, "nested too deeply (the limit is a few hundred levels of lists or mappings)"};
            return false;
        }
        if (m_depth == 1 && !object)
            return true; // the list itself
        if (m_depth == 2 && object && m_rootKey == "kernels" && m_listDepth == 0)
            m_kernelsNotAList = true;
        if (m_listDepth > 0 && m_depth == m_listDepth + 1 && !object) {
            m_collector.reject(
                *m_line, "each kernel must be a mapping such as '{name: decode, flops: 140 GFLOP, bytes: 70 GB}'");
            return true;
        }
        if (m_row && m_depth == m_listDepth + 2) {
            if (kernelFieldFor(m_key))
                m_row->fail("field " + roofline::quoted(m_key) + " must be a single value");
            else
                ignored.insert(m_key);
        }
        return true;
    }

    bool scalar(const std::optional<std::string>& text)
    {
        if (m_depth == 1 && m_rootKey == "kernels" && m_listDepth == 0)
            m_kernelsNotAList = true;
        if (m_listDepth > 0 && m_depth == m_listDepth) { // an item of the list that is a value
            m_collector.reject(
                *m_line, "each kernel must be a mapping such as '{name: decode, flops: 140 GFLOP, bytes: 70 GB}'");
            return true;
        }
        if (!m_row || m_depth != m_listDepth + 1)
            return true; // a value nested deeper, or outside the list
        const auto field = kernelFieldFor(m_key);
        if (!field)
            ignored.insert(m_key);
        else if (text)
            m_row->set(*field, m_key, *text);
        return true;
    }

    static constexpr int kMaxDepth = 256;
    const std::string& m_file;
    KernelRowCollector m_collector;
    const int* m_line;
    int m_depth = 0, m_listDepth = 0;
    std::string m_rootKey, m_key;
    bool m_kernelsNotAList = false;
    bool m_rootDone = false; ///< the top-level value has ended
    std::optional<KernelRowBuilder> m_row;
    std::set<std::string> m_keys;
};

} // namespace

Result<KernelImport> parseJsonKernels(std::string_view text, const std::string& file)
{
    KernelImport out;
    if (trimView(text).empty())
        return Error {file, 0, 0, "empty file: expected a list of kernels"};
    int line = 1;
    KernelEvents events(file, out, &line);
    const LineCountingIterator first(text.data(), &line), last(text.data() + text.size(), &line);
    json::sax_parse(first, last, &events);
    if (events.error)
        return *events.error;
    if (events.kernelsNotAList())
        return Error {
            file, 1, 1, "'kernels' must be a list of kernels, e.g. '- {name: decode, flops: 140 GFLOP, bytes: 70 GB}'"};
    if (!events.sawList())
        return Error {file, 1, 1, "expected a list of kernels, or a mapping with 'kernels:'"};
    events.finish();
    if (auto note = ignoredNote("field", std::vector<std::string>(events.ignored.begin(), events.ignored.end())))
        out.warnings.push_back(*note);
    return out;
}

} // namespace roofline
