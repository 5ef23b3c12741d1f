// SPDX-License-Identifier: MIT
// Help > Reading a Roofline: the docs' guide (docs/reading-a-roofline.md with its figures,
// compiled in as resources) in a browser window. Links to the other docs pages open in place.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace roofline::ui {

class GuideWindow : public QDialog {
    Q_OBJECT
public:
    explicit GuideWindow(QWidget* parent = nullptr);
    /// Shows a page of docs/ ("reading-a-roofline.md"); false if there is no such page.
    bool showPage(const QString& page);
    QTextBrowser* browser() const { return m_browser; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitImages();
    QTextBrowser* m_browser = nullptr;
    double m_fittedTo = 0; ///< the width the figures were fitted to
};

} // namespace roofline::ui
