// SPDX-License-Identifier: MIT
#include "ui/dialogs/guide_window.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFile>
#include <QImage>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextImageFormat>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace roofline::ui {

GuideWindow::GuideWindow(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("guideWindow"));
    setWindowTitle(tr("Reading a Roofline"));
    m_browser = new QTextBrowser(this);
    m_browser->setSearchPaths({QStringLiteral(":/docs")});
    m_browser->setOpenLinks(false);
    m_browser->setToolTip(tr("The guide to the roofline plot; links to the other pages open here"));
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme().startsWith(QLatin1String("http"))) {
            QDesktopServices::openUrl(url);
            return;
        }
        showPage(url.path());
    });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setToolTip(tr("Close the guide"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    // The figures follow the page's width: the viewport's own size, known only once shown.
    m_browser->viewport()->installEventFilter(this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    const QRect room = screen() ? screen()->availableGeometry() : QRect(0, 0, 900, 760);
    resize(std::min(900, room.width() - 40), std::min(760, room.height() - 60)); // a laptop's screen too
    showPage(QStringLiteral("reading-a-roofline.md"));
}

bool GuideWindow::showPage(const QString& page)
{
    QFile f(QStringLiteral(":/docs/") + page);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    m_browser->document()->setMarkdown(QString::fromUtf8(f.readAll()));
    m_fittedTo = 0; // a new page's figures are at their natural size
    fitImages();
    // The browser's cursor at the start: a show makes it visible, and left where it was, it
    // opened the guide halfway down its page.
    m_browser->setTextCursor(QTextCursor(m_browser->document()));
    m_browser->verticalScrollBar()->setValue(0);
    setWindowTitle(
        tr("%1 \u2014 Roofline Studio").arg(m_browser->documentTitle().isEmpty() ? page : m_browser->documentTitle()));
    return true;
}

void GuideWindow::fitImages()
{
    // The figures are 1000 px wide: shown at most as wide as the page, keeping their shape. A
    // page read from its start stays at its start while they grow.
    const double room = std::max(200, m_browser->viewport()->width() - 40);
    if (room == m_fittedTo)
        return;
    m_fittedTo = room;
    QScrollBar* bar = m_browser->verticalScrollBar();
    const bool atStart = bar->value() == 0;
    QTextDocument* doc = m_browser->document();
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            if (!image.isValid())
                continue;
            const QVariant data = m_browser->loadResource(QTextDocument::ImageResource, QUrl(image.name()));
            const QImage natural = data.canConvert<QImage>() && !data.value<QImage>().isNull()
                ? data.value<QImage>()
                : QImage::fromData(data.toByteArray());
            if (natural.isNull())
                continue;
            const double scale = std::min(1.0, room / natural.width());
            image.setWidth(natural.width() * scale);
            image.setHeight(natural.height() * scale);
            QTextCursor c(doc);
            c.setPosition(fragment.position());
            c.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            c.setCharFormat(image);
        }
    if (atStart)
        bar->setValue(0);
}

bool GuideWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_browser->viewport() && event->type() == QEvent::Resize)
        fitImages();
    return QDialog::eventFilter(watched, event);
}

} // namespace roofline::ui
