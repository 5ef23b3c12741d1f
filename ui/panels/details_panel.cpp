// SPDX-License-Identifier: MIT
#include "ui/panels/details_panel.h"
#include "core/figure/session_figure.h"

#include "core/model/units.h"
#include "core/report/report.h"
#include "ui/document/session_document.h"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace roofline::ui {

QString placementHtml(const SessionDocument& document, int index)
{
    const auto& a = document.analysis();
    const auto& kernels = document.session().kernels;
    if (!a || index < 0 || index >= static_cast<int>(a->placements.size()) || a->placements.size() != kernels.size())
        return {};
    const Placement& p = a->placements[static_cast<size_t>(index)];
    QString html = QStringLiteral("<table cellspacing='1' cellpadding='1'>");
    for (const auto& [key, value] :
        placementFacts(kernels[static_cast<size_t>(index)], p, a->roof, a->summary.totalTime)) {
        if (key == "lever")
            continue;
        html += QStringLiteral("<tr><td style='color:gray'>%1&nbsp;</td><td>%2</td></tr>")
                    .arg(QString::fromStdString(key).toHtmlEscaped(), QString::fromStdString(value).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    const QString colour = p.aboveRoof ? QStringLiteral("#d62728") : QStringLiteral("inherit");
    html += QStringLiteral("<p style='color:%1'>%2</p>")
                .arg(colour, QString::fromStdString(leverText(p)).toHtmlEscaped());
    return html;
}

DetailsPanel::DetailsPanel(SessionDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_doc(document)
    , m_browser(new QTextBrowser(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_browser->setObjectName(QStringLiteral("detailsBrowser"));
    m_browser->setOpenLinks(false);
    layout->addWidget(m_browser);
    connect(m_doc, &SessionDocument::changed, this, &DetailsPanel::refresh);
    refresh();
}

QString DetailsPanel::text() const
{
    return m_browser->toPlainText();
}

void DetailsPanel::showKernel(int index)
{
    m_index = index;
    refresh();
}

void DetailsPanel::refresh()
{
    QString html = placementHtml(*m_doc, m_index);
    // The same kernel against each compared roof (another accelerator or precision).
    const auto& analysis = m_doc->analysis();
    if (!html.isEmpty() && analysis && m_index < static_cast<int>(analysis->placements.size()) && m_doc->hardware()) {
        const PlotOptions o = plotOptionsFor(m_doc->session(), m_doc->hardware(), &m_doc->catalog());
        const Kernel& k = m_doc->session().kernels.at(static_cast<size_t>(m_index));
        for (const auto& c : o.compare) {
            const Placement p = analyze(k, c.roof);
            QString line = QStringLiteral("<b>%1</b>: %2, roof %3")
                               .arg(QString::fromStdString(c.label).toHtmlEscaped(),
                                   QString::fromStdString(regimeName(p.regime)),
                                   QString::fromStdString(formatSI(p.roof(), 4) + "FLOP/s"));
            if (p.headroom())
                line += QStringLiteral(", %1x below").arg(QString::fromStdString(formatNumber(*p.headroom(), 3)));
            line += QStringLiteral(", time &ge; %1")
                        .arg(QString::fromStdString(formatQuantity(timeLowerBound(k, p), Dimension::Time)));
            html += QStringLiteral("<p>") + line + QStringLiteral("</p>");
        }
    }
    if (html.isEmpty())
        html = tr("<p style='color:gray'>Select a kernel in the table or on the plot to see every figure of its "
                  "placement: intensity, roof, ridge, regime, headroom, MFU, time bound and the lever that helps.</p>");
    if (const auto& a = m_doc->analysis())
        for (const auto& note : a->notes)
            html += QStringLiteral("<p style='color:#b35c00'>%1</p>").arg(QString::fromStdString(note).toHtmlEscaped());
    if (html == m_html)
        return; // a toggle with no kernel selected: the same text, not laid out again
    m_html = html;
    m_browser->setHtml(html);
}

} // namespace roofline::ui
