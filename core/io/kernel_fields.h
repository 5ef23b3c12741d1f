// SPDX-License-Identifier: MIT
// Internal to core/io: the column / key names a kernel row may use, and how a row of text
// values becomes a Kernel or a reason it cannot. Shared by the CSV, YAML/JSON and session readers.
#pragma once

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
    enum class Kind {
        Name,
        Flops,
        Bytes,
        Time,
        Achieved,
        Intensity,
        Precision,
        Unit,
        Group,
        L3Bytes,
        L2Bytes,
        L1Bytes,
        Launches,
        ClockPeak, ///< the peak the profiler measured at the clock the kernel ran (FLOP/s)
        ClockBandwidth ///< the same for memory (byte/s)
    };
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
    /// Appended to the name: " (batchsize=8)" for a later block of an appended file.
    void setNameSuffix(std::string suffix) { m_nameSuffix = std::move(suffix); }
    /// The kernel, or why this row cannot be placed.
    Result<Kernel> build() const;
    /// A well-formed row that is a fact about the program, not bad data: 0 FLOPs (a copy, an
    /// init kernel) or 0 bytes (an infinite intensity). Noted, not placed, not rejected.
    enum class Unplaced { NoFlops, NoBytes };
    std::optional<Unplaced> unplaced() const;
    /// The kernel's name as build() gives it ("row 7" when the row names none).
    std::string name() const;

private:
    using Kind = KernelField::Kind;
    /// A name, group, launch count, unit or precision (true), or a number (false).
    bool setWord(Kind kind, std::string_view key, std::string_view raw, std::string_view text);
    /// The number a cell holds in the field's unit, or nothing (the row failed, saying why).
    std::optional<double> numberIn(const KernelField& field, std::string_view key, std::string_view text);
    void storeNumber(Kind kind, double v, std::string_view text);

    int m_line;
    bool m_keepNameSpaces = false;
    std::string m_error;
    std::optional<std::string> m_name;
    std::string m_nameSuffix;
    std::optional<double> m_flops, m_bytes, m_time, m_achieved, m_intensity;
    /// How far each value may be from the truth because of the digits it was printed with
    /// (relative: "2.0" may be 1.95..2.05, 2.5%), so a derived column is checked to its precision.
    double m_flopsErr = 0, m_bytesErr = 0, m_timeErr = 0, m_achievedErr = 0, m_intensityErr = 0;
    std::optional<Precision> m_precision;
    std::string m_group;
    std::optional<ComputeUnit> m_unit;
    std::optional<double> m_l3, m_l2, m_l1;
    std::optional<double> m_clockPeak, m_clockBandwidth;
    int m_launches = 1;
};

/// Adds built rows to an import, rejecting bad rows and duplicate names with their line.
/// Call finish() after the last row.
class KernelRowCollector {
public:
    KernelRowCollector(std::string file, KernelImport& out)
        : m_file(std::move(file))
        , m_out(out)
    { }
    void add(const KernelRowBuilder& row);
    /// A kernel already built from the row at `line`.
    void addBuilt(Kernel kernel, int line);
    void reject(int line, const std::string& message);
    /// After the last row: drops the rows whose name a row before them has (rejected, with the
    /// line of the first), and adds one note per reason for the rows left off the roofline
    /// ("2 kernels have no floating-point work (0 FLOPs), not on the roofline: 'memcpy' (line 3), ...").
    void finish();
    /// The first row left off the roofline, as an error (a session holds placeable kernels only).
    std::optional<Error> firstUnplaced() const;

private:
    struct Row {
        std::string name;
        int line = 0;
    };
    std::vector<Row> m_noFlops, m_noBytes;
    void dropRepeatedNames();
    void noteUnplaced();
    std::string m_file;
    KernelImport& m_out;
};

/// One note for every column (or field) a file has that the reader does not use: "ignored
/// column 'gpu'", or with many "ignored 9998 columns: 'c0', 'c1', 'c2' and 9995 more".
std::optional<std::string> ignoredNote(const char* what, const std::vector<std::string>& names);

/// Reads a YAML/JSON sequence of kernel mappings; unknown keys go to `ignored`.
void collectTreeKernels(const YAML::Node& list, KernelRowCollector& collector, std::set<std::string>& ignored);

} // namespace roofline
