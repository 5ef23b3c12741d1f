// SPDX-License-Identifier: MIT
// File > Export Report: the session as one self-contained HTML page (html_report_export.h), the
// same page `roofline report` writes.
#include "ui/document/session_document.h"
#include "ui/plot/html_report_export.h"
#include "ui/window/file_actions.h"
#include "ui/window/roofline_plot_widget.h"
#include "ui/window/settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace roofline::ui {

QString FileActions::exportReportTo(const QString& path)
{
    const HardwareProfile* hw = m_document->hardware();
    if (!hw)
        return tr("%1: no hardware profile is loaded for this session").arg(path);
    ReportOrigin origin;
    if (!m_document->filePath().isEmpty())
        origin.files = {{"session", m_document->filePath().toStdString()}};
    if (m_document->isModified())
        origin.notes.push_back("the session had changes not saved to a file when the report was made");
    return exportSessionReport(*hw, m_document->session(), RoofKind::Peak, m_document->models(), &m_document->catalog(),
        origin, path, m_plot->style())
        .value_or(QString());
}

void FileActions::exportReportDialog()
{
    const QString base = m_document->filePath().isEmpty()
        ? QStringLiteral("roofline-report")
        : QFileInfo(m_document->filePath()).completeBaseName().remove(QStringLiteral(".roofline"));
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export Report"),
        QDir(m_settings->lastDirectory()).filePath(base + QStringLiteral(".html")), tr("HTML report (*.html)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".html"), Qt::CaseInsensitive))
        path += QStringLiteral(".html");
    if (const QString error = exportReportTo(path); !error.isEmpty())
        warn(tr("Export failed"), error);
    else
        emit message(tr("Wrote the report %1: open it in any browser").arg(QDir::toNativeSeparators(path)), 5000);
}

} // namespace roofline::ui
