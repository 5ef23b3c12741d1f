// SPDX-License-Identifier: MIT
// Internal to core/io: the column / key names a kernel row may use, and how a row of text
// values becomes a Kernel or a reason it cannot. Shared by the CSV, YAML/JSON and session readers.
#pragma once

#include "core/common/name_index.h"
#include "core/io/kernel_io.h"
#include "core/model/units.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace YAML {
class Node;
}

namespace roofline {

struct KernelField {
    enum class Kind { Name, Flops, Bytes, Time, Achieved, Intensity, Precision, Group, L2Bytes, L1Bytes, Launches };
    Kind kind = Kind::Name;
    double multiplier = 1.0; ///< applied to a bare number (gflop -> 1e9, time_ms -> 1e-3)

    std::string describe() const;
};

/// Case-insensitive; spaces and '-' count as '_'. nullopt for names that mean nothing here.
std::optional<KernelField> kernelFieldFor(const std::string& name);

/// Collects one row's values and turns them into a Kernel.
class KernelRowBuilder {
public:
    explicit KernelRowBuilder(int line)
        : m_line(line)
    { }
    void set(const KernelField& field, std::string_view key, std::string_view text);
    void fail(const std::string& message)
    {
        if (m_error.empty())
            m_error = message;
    }
    int line() const { return m_line; }
    void keepNameSpaces() { m_keepNameSpaces = true; }
    /// The kernel, or why this row cannot be placed.
    Result<Kernel> build() const;

private:
    int m_line;
    bool m_keepNameSpaces = false;
    std::string m_error;
    std::optional<std::string> m_name;
    std::optional<double> m_flops, m_bytes, m_time, m_achieved, m_intensity;
    std::optional<Precision> m_precision;
    std::string m_group;
    std::optional<double> m_l2, m_l1;
    int m_launches = 1;
};

/// Adds built rows to an import, rejecting bad rows and duplicate names with their line.
class KernelRowCollector {
public:
    KernelRowCollector(std::string file, KernelImport& out, std::size_t expectedRows = 0)
        : m_file(std::move(file))
        , m_out(out)
        , m_names(KernelNames {&out.kernels}, expectedRows)
    { }
    void add(const KernelRowBuilder& row);
    /// A kernel already built from the row at `line`: kept unless its name was seen before.
    /// `nameHash` is nameHash(kernel.name) when the caller has it.
    void addBuilt(Kernel kernel, int line, std::optional<std::uint64_t> nameHash = std::nullopt);
    static std::uint64_t nameHash(std::string_view name) { return NameIndex<KernelNames>::hash(name); }
    /// Starts loading the slot of a name with this hash (see prefetch).
    void prefetchHash(std::uint64_t hash) const { m_names.prefetch(hash); }
    void reject(int line, const std::string& message);
    /// Starts loading the table slot a name will probe, while the rest of its row is parsed.
    void prefetch(std::string_view name) const { prefetchHash(nameHash(name)); }

private:
    struct KernelNames {
        const std::vector<Kernel>* kernels;
        std::string_view operator()(std::size_t i) const { return (*kernels)[i].name; }
    };
    std::string m_file;
    KernelImport& m_out;
    /// Duplicate names: the kept kernels' names, by index into m_out.kernels.
    NameIndex<KernelNames> m_names;
};

/// Reads a YAML/JSON sequence of kernel mappings; unknown keys go to `ignored`.
void collectTreeKernels(const YAML::Node& list, KernelRowCollector& collector, std::set<std::string>& ignored);

} // namespace roofline
