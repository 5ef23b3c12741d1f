// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QTextBrowser;

namespace roofline::ui {

class SessionDocument;

/// Every figure of the current kernel's placement, and the lever that helps.
class DetailsPanel : public QWidget {
    Q_OBJECT
public:
    explicit DetailsPanel(SessionDocument* document, QWidget* parent = nullptr);
    QString text() const;

public slots:
    void showKernel(int index);

private:
    void refresh();
    SessionDocument* m_doc;
    QTextBrowser* m_browser;
    int m_index = -1;
    QString m_html; ///< shown now
};

/// The same facts as HTML, for the details panel and the plot's tooltip.
QString placementHtml(const SessionDocument& document, int index);

} // namespace roofline::ui
