// SPDX-License-Identifier: MIT
// One function per command of the `roofline` command line. Each prints its result on stdout,
// notes and warnings on stderr, and returns the exit status; a problem is thrown as a
// UsageError (exit 2) or an InputError (exit 1), which run() reports.
#pragma once

#include "core/io/profile_catalog.h"
#include "ui/cli/options.h"
#include "ui/plot/plot_style.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace roofline::cli {

constexpr int kOk = 0;
constexpr int kBadInput = 1;
constexpr int kUsage = 2;

/// A usage problem found after parsing (a value CLI11 cannot judge): exit 2.
struct UsageError {
    std::string message;
};

/// A problem with an input file: exit 1, after the messages are printed.
struct InputError {
    std::vector<std::string> messages;
};

/// Refuses (UsageError) an -o that would replace something of the user's: one of the command's
/// own `inputs`, or, for a command that writes a profile, an existing file that is not one (a
/// session, a kernel table).
void checkOutputReplacesNothingOfTheUsers(
    const std::string& output, const std::vector<std::string>& inputs, bool writesAProfile = false);

/// A file a command wrote: "error: ..." and kBadInput when `error`, else "wrote PATH" and kOk.
int saidWritten(const std::optional<QString>& error, const std::string& path);

/// "use it with --profiles DIR, or copy it to ~/.local/share/.../profiles" for a profile just
/// written (without HOME: that there is no folder of the user's to copy it to).
std::string whereProfilesGo(const std::string& written);

int cmdHwList(const ProfileCatalog& catalog, const Options& o);
int cmdHwShow(const ProfileCatalog& catalog, const Options& o);
int cmdPoint(const ProfileCatalog& catalog, const Options& o);
int cmdAnalyze(const ProfileCatalog& catalog, const Options& o);
int cmdLlm(const ProfileCatalog& catalog, const Options& o);
int cmdImportCeilings(const ProfileCatalog& catalog, const Options& o);
/// This machine's roofline, measured (measure_command.cpp); -o writes it as a profile.
int cmdMeasure(const ProfileCatalog& catalog, const Options& o);
/// Needs a QApplication (the figure is drawn by QCustomPlot, a widget).
int cmdExport(const ProfileCatalog& catalog, const Options& o);
/// Two runs kernel by kernel (compare_command.cpp); with -o a figure (needs a QApplication).
int cmdCompare(const ProfileCatalog& catalog, const Options& o);
/// The CI gate: exit 1 when a kernel got slower than --max-slowdown (compare_command.cpp); with
/// --report it leaves the HTML report of the two runs, pass or fail.
int cmdCheck(const ProfileCatalog& catalog, const Options& o);
/// One self-contained HTML report of a session or kernel file, or of two runs (report_command.cpp).
int cmdReport(const ProfileCatalog& catalog, const Options& o);
/// --theme's colours (light or dark; anything else is a UsageError).
ui::PlotStyle themeOf(const Options& o);
/// `report BEFORE AFTER`: the report of two runs (compare_command.cpp).
int cmdReportOfTwoRuns(const ProfileCatalog& catalog, const Options& o);

} // namespace roofline::cli
