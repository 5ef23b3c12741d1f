// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/result.h"
#include "core/model/hardware.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

/// The set of known hardware profiles. Directories are loaded in order (shipped, then the
/// user's folder, then --profiles); a later profile replaces an earlier one with the same id.
class ProfileCatalog {
public:
    /// Loads every *.yaml / *.yml in `dir` (sorted by file name). Bad files, and a second file
    /// with an id already used in the same directory, are reported in `errors` and skipped.
    /// A directory that does not exist is no error (the user folder often doesn't).
    void loadDirectory(const std::string& dir, std::vector<Error>& errors);

    /// Adds or replaces (by id) one profile.
    void add(HardwareProfile profile);

    /// All profiles, ordered by vendor, then name.
    const std::vector<HardwareProfile>& profiles() const { return m_profiles; }
    bool empty() const { return m_profiles.empty(); }

    /// Exact id, then exact alias, then a unique id prefix; case-insensitive. The error names
    /// the candidates of an ambiguous prefix, or the known ids.
    Result<const HardwareProfile*> resolve(std::string_view idOrAlias) const;

    /// Exact id only.
    const HardwareProfile* find(std::string_view id) const;

private:
    friend class ProfileLoad;
    /// One directory's parsed files, in file-name order, added with its duplicate-id check.
    void addDirectory(std::vector<std::pair<std::string, Result<HardwareProfile>>> parsed, std::vector<Error>& errors);
    void sort();
    std::vector<HardwareProfile> m_profiles;
};

/// The profiles of several directories, parsed by as many threads as call parseAll() (each takes
/// the next file until none is left) and assembled by finish() in file order: the catalog and
/// the errors loadProfileDirectories gives, whoever parsed which file. The command line parses
/// on two threads: its main thread and, for an export, a helper once it has read fontconfig's
/// configuration (yaml-cpp reads ~8 MB/s: the 23 shipped profiles are ~4 ms).
class ProfileLoad {
public:
    /// With `onlyId` (lower case), the first directory gives only its file named `onlyId`.yaml
    /// (or .yml), when it has one: the shipped profiles are named by their ids, so a catalog that
    /// must resolve one exact id needs that file and the later directories, which may replace it,
    /// and not the rest of the shipped ones. A name no file has (an alias, a prefix) loads them
    /// all, on as many threads as before.
    explicit ProfileLoad(const std::vector<std::string>& dirs, std::string_view onlyId = {});
    /// Whether the first directory gave only `onlyId`'s file.
    bool narrowed() const { return m_narrowed; }
    /// Parses files until none is left; any number of threads at once.
    void parseAll();
    /// The catalog: parses the files nobody has taken, then waits for those other threads are
    /// still parsing. One thread calls it, at most once, while others may still be in parseAll()
    /// (they return once nothing is left to take, and then must not touch this load again).
    ProfileCatalog finish(std::vector<Error>& errors);

private:
    struct File {
        size_t dir = 0;
        std::string path;
        std::optional<Result<HardwareProfile>> parsed;
    };
    std::vector<File> m_files;
    size_t m_dirs = 0;
    bool m_narrowed = false;
    std::atomic<size_t> m_next {0};
    std::mutex m_mutex; ///< guards m_parsedCount and the files' results
    std::condition_variable m_allParsed;
    size_t m_parsedCount = 0;
};

/// A catalog of every profile in `dirs`, loaded in order (later ones replace earlier ones by id),
/// on the calling thread (ProfileLoad on several). Pure: safe on any thread.
ProfileCatalog loadProfileDirectories(const std::vector<std::string>& dirs, std::vector<Error>& errors);

} // namespace roofline
