// SPDX-License-Identifier: MIT
// `roofline report FILE [AFTER] -o report.html`: one self-contained HTML file to share.
#include "ui/cli/commands.h"
#include "ui/cli/input.h"
#include "ui/common/app_paths.h"
#include "ui/plot/html_report_export.h"

#include <QFileInfo>

#include <iostream>

namespace roofline::cli {

int cmdReport(const ProfileCatalog& catalog, const Options& o)
{
    if (QFileInfo(QString::fromStdString(o.output)).suffix().toLower() != QLatin1String("html"))
        throw UsageError {"-o " + o.output + ": a report is an .html file (report.html)"};
    themeOf(o); // a bad --theme before any work
    if (!o.after.empty())
        return cmdReportOfTwoRuns(catalog, o);
    checkOutputReplacesNothingOfTheUsers(o.output, {o.input});
    Input in = loadInput(catalog, o);
    if (!o.title.empty())
        in.session.view.title = o.title;
    std::vector<Error> modelErrors;
    const auto models = in.session.llm.enabled ? ui::loadModelPresets(modelErrors) : std::vector<ModelSpec> {};
    for (const auto& e : modelErrors)
        std::cerr << "warning: " << e.toString() << " (model skipped)\n";
    ui::ReportOrigin origin;
    origin.files = {{"input", o.input}};
    origin.device = in.device;
    origin.notes = in.notes;
    const auto error = ui::exportSessionReport(
        *in.hw, in.session, roofKindOf(o), models, &catalog, origin, QString::fromStdString(o.output), themeOf(o));
    return saidWritten(error, o.output);
}

} // namespace roofline::cli
