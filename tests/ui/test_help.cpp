// SPDX-License-Identifier: MIT
// Learning the window: the guide under Help, a tooltip on every control, the shortcuts in the
// menus and the cursor's reading in the status bar.
#include "support/window_fixture.h"
#include "ui/common/app_paths.h"
#include "ui/dialogs/export_dialog.h"
#include "ui/dialogs/guide_window.h"
#include "ui/dialogs/import_report_dialog.h"
#include "ui/dialogs/profile_editor.h"
#include "ui/document/session_document.h"
#include "ui/plot/plot_style.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSlider>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>

using namespace roofline;
using namespace roofline::ui;

namespace {

class HelpTest : public test::WindowTest { };

// Controls made by Qt inside another control (a combo box's line edit, a dock's float button)
// are described by their owner.
bool isInternal(const QWidget* w)
{
    if (w->objectName().startsWith(QLatin1String("qt_")))
        return true;
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QComboBox*>(p) || qobject_cast<const QAbstractSpinBox*>(p)
            || qobject_cast<const QAbstractItemView*>(p) || qobject_cast<const QTabBar*>(p))
            return true;
    return false;
}

TEST_F(HelpTest, TheGuideOpensFromTheHelpMenuWithItsFigures)
{
    auto* action = window->findChild<QAction*>(QStringLiteral("guide"));
    ASSERT_NE(action, nullptr);
    EXPECT_EQ(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
    action->trigger();
    auto* guide = window->findChild<GuideWindow*>();
    ASSERT_NE(guide, nullptr);
    EXPECT_TRUE(guide->isVisible());
    const QString text = guide->browser()->toPlainText();
    for (const char* part : {"How to read the plot", "What the ridge point is",
             "Why LLM decode is memory-bound and prefill is not", "295 FLOP/byte", "20.9 ms per token"})
        EXPECT_TRUE(text.contains(QLatin1String(part))) << part;
    // Every figure of the page loads from the compiled-in docs.
    int images = 0;
    for (QTextBlock b = guide->browser()->document()->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextImageFormat f = it.fragment().charFormat().toImageFormat();
            if (!f.isValid())
                continue;
            ++images;
            const QVariant img = guide->browser()->loadResource(QTextDocument::ImageResource, QUrl(f.name()));
            EXPECT_TRUE(img.isValid() && !img.value<QByteArray>().isEmpty()) << f.name().toStdString();
        }
    EXPECT_GE(images, 4);
    // A link to another page opens it in place.
    EXPECT_TRUE(guide->showPage(QStringLiteral("llm.md")));
    EXPECT_TRUE(guide->browser()->toPlainText().contains(QLatin1String("decode")));
    EXPECT_FALSE(guide->showPage(QStringLiteral("no-such-page.md")));
    // Closed and opened again (F1), it is back at its start, its figures as wide as the page,
    // wherever the reader's cursor was (a show scrolls to the cursor).
    guide->browser()->moveCursor(QTextCursor::End);
    guide->close();
    action->trigger();
    QCoreApplication::processEvents();
    EXPECT_EQ(guide->browser()->textCursor().position(), 0);
    EXPECT_TRUE(guide->browser()->toPlainText().contains(QLatin1String("How to read the plot")));
    EXPECT_EQ(guide->browser()->verticalScrollBar()->value(), 0);
    for (QTextBlock b = guide->browser()->document()->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (const QTextImageFormat f = it.fragment().charFormat().toImageFormat(); f.isValid())
                EXPECT_GT(f.width(), guide->browser()->viewport()->width() * 0.6) << f.name().toStdString();
}

QStringList controlsWithoutTooltip(const QWidget* root)
{
    QStringList missing;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w)
            || qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QLineEdit*>(w) || qobject_cast<QSlider*>(w)
            || qobject_cast<QAbstractItemView*>(w);
        if (!control || isInternal(w))
            continue;
        if (w->toolTip().isEmpty())
            missing << QStringLiteral("%1 '%2' in %3")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
                               w->parentWidget() ? QString::fromLatin1(w->parentWidget()->metaObject()->className())
                                                 : QString());
    }
    return missing;
}

} // namespace

TEST_F(HelpTest, EveryControlHasATooltip)
{
    EXPECT_EQ(controlsWithoutTooltip(window.get()).join(QLatin1String("\n")).toStdString(), "");
    // The dialogs too.
    ExportDialog exportDialog(QStringLiteral("figure.png"), ExportOptions {}, QString(), QString(), window.get());
    EXPECT_EQ(controlsWithoutTooltip(&exportDialog).join(QLatin1String("\n")).toStdString(), "");
    ProfileEditor editor(*doc()->hardware(), window.get());
    EXPECT_EQ(controlsWithoutTooltip(&editor).join(QLatin1String("\n")).toStdString(), "");
    KernelImport import;
    import.kernels.push_back(test::makeKernel("a", 1e9, 1e9));
    import.rejected.push_back(Error {"k.csv", 3, 0, "bad"});
    ImportReportDialog report(QStringLiteral("k.csv"), import, window.get());
    EXPECT_EQ(controlsWithoutTooltip(&report).join(QLatin1String("\n")).toStdString(), "");
    GuideWindow guide(window.get());
    EXPECT_EQ(controlsWithoutTooltip(&guide).join(QLatin1String("\n")).toStdString(), "");
}

TEST_F(HelpTest, EveryMenuCommandSaysWhatItDoesAndTheMainOnesHaveShortcuts)
{
    QStringList undescribed;
    QSet<QString> withShortcut;
    for (QAction* menu : window->menuBar()->actions())
        for (QAction* a : menu->menu()->actions()) {
            if (a->isSeparator() || a->menu())
                continue;
            if (a->statusTip().isEmpty() && a->toolTip() == a->text().remove(QLatin1Char('&')))
                undescribed << a->text();
            if (!a->shortcut().isEmpty())
                withShortcut << a->objectName();
        }
    EXPECT_TRUE(undescribed.isEmpty()) << undescribed.join(QLatin1String(", ")).toStdString();
    for (const char* name : {"newSession", "openSession", "saveSession", "importKernels", "exportFigure", "addKernel",
             "togglePrecision", "resetView", "guide"})
        EXPECT_TRUE(withShortcut.contains(QLatin1String(name))) << name << " has no shortcut in its menu";
}

TEST_F(HelpTest, TheStatusBarReadsTheCursorAndTheRoofThere)
{
    plot()->replot();
    const QPoint at(int(plot()->xAxis->coordToPixel(10.0)), int(plot()->yAxis->coordToPixel(1e12)));
    QMouseEvent move(
        QEvent::MouseMove, QPointF(at), plot()->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot(), &move);
    const QString message = window->statusBar()->currentMessage();
    // The cursor's intensity and rate (to the pixel), then the roof there: 10 x 3.35 TB/s.
    const QRegularExpression reading(QStringLiteral("^I = (9\\.9\\d*|10(\\.0\\d*)?) FLOP/byte .* 1(\\.0\\d)? TFLOP/s "
                                                    ".* roof here 33\\.\\d+ TFLOP/s \\(memory-bound\\)$"));
    EXPECT_TRUE(reading.match(message).hasMatch()) << message.toStdString();
}

namespace {
void drop(MainWindow* target, const QString& path)
{
    target->openDroppedFiles({QUrl::fromLocalFile(path)});
}

QString copyWithReplacement(const QString& from, const QString& to, const QString& before, const QString& after)
{
    QFile in(from);
    EXPECT_TRUE(in.open(QIODevice::ReadOnly)) << from.toStdString();
    QString text = QString::fromUtf8(in.readAll()).replace(before, after);
    QFile out(to);
    EXPECT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(text.toUtf8());
    return to;
}
} // namespace

TEST_F(HelpTest, DroppingAnySupportedFileDoesWhatItsContentSays)
{
    const QString src = QStringLiteral(ROOFLINE_SOURCE_DIR);
    const QString data = QStringLiteral(ROOFLINE_TEST_DATA);
    QTemporaryDir dir;

    // A kernel file is imported into the session.
    doc()->replaceSession(Session {}, QString());
    drop(window.get(), data + QStringLiteral("/kernels/valid/lesson.csv"));
    EXPECT_EQ(doc()->session().kernels.size(), 3u);

    // A hardware profile joins the catalog (and the user's folder) and is selected.
    drop(window.get(),
        copyWithReplacement(src + QStringLiteral("/hardware_profiles/h100-sxm5.yaml"),
            dir.filePath(QStringLiteral("mine.yaml")), QStringLiteral("id: h100-sxm5"), QStringLiteral("id: my-h100")));
    EXPECT_EQ(doc()->session().hardwareId, "my-h100");
    EXPECT_TRUE(QFileInfo::exists(userProfilesDirectory() + QStringLiteral("/my-h100.yaml")));

    // A model preset joins the LLM panel's list.
    drop(window.get(),
        copyWithReplacement(src + QStringLiteral("/resources/models/llama-3-8b.yaml"),
            dir.filePath(QStringLiteral("model.yaml")), QStringLiteral("id: llama-3-8b"), QStringLiteral("id: my-8b")));
    bool found = false;
    for (const auto& m : doc()->models())
        found |= m.id == "my-8b";
    EXPECT_TRUE(found);
    auto* models = window->findChild<QComboBox*>(QStringLiteral("llmModel"));
    ASSERT_NE(models, nullptr);
    EXPECT_GE(models->findData(QStringLiteral("my-8b")), 0) << "the panel lists the new preset";

    // A Hugging Face config.json is a model too: kept, listed and chosen in the LLM panel.
    const QString config = dir.filePath(QStringLiteral("My-Gpt-Oss.config.json"));
    ASSERT_TRUE(QFile::copy(src + QStringLiteral("/resources/models/gpt-oss-120b.config.json"), config));
    drop(window.get(), config);
    EXPECT_EQ(doc()->session().llm.model, "my-gpt-oss");
    EXPECT_TRUE(doc()->session().llm.enabled);
    ASSERT_TRUE(doc()->llmAnalysis().has_value()) << doc()->llmError().toStdString();
    EXPECT_EQ(doc()->llmAnalysis()->inputs.model.slidingLayers, 18);
    EXPECT_TRUE(QFileInfo::exists(userModelsDirectory() + QStringLiteral("/My-Gpt-Oss.config.json")));

    // Measured ceilings (ERT) become a profile.
    const std::string before = doc()->session().hardwareId;
    drop(window.get(), data + QStringLiteral("/ceilings/roofline.json"));
    EXPECT_NE(doc()->session().hardwareId, before) << "the measured profile is selected";

    // A session replaces the session (nothing unsaved here, so no question first).
    doc()->undoStack()->setClean();
    drop(window.get(), src + QStringLiteral("/resources/examples/reading-the-plot.roofline.yaml"));
    EXPECT_EQ(doc()->session().kernels.size(), 4u);
    EXPECT_EQ(doc()->session().hardwareId, "h100-sxm5");
}

TEST_F(HelpTest, TheWindowAndThePlotFollowADarkPalette)
{
    EXPECT_GT(window->plotWidget()->style().background.lightness(), 200);
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    window->setPalette(dark);
    QCoreApplication::processEvents();
    const PlotStyle& style = window->plotWidget()->style();
    EXPECT_LT(style.background.lightness(), 80) << "the plot turns dark with the window";
    EXPECT_GT(style.foreground.lightness(), 150) << "and its text light";
    plot()->replot();
    const QImage shot = plot()->toPixmap(400, 300).toImage();
    EXPECT_LT(QColor(shot.pixel(5, 5)).lightness(), 80) << "the drawn background follows";
    window->setPalette(QPalette());
    QCoreApplication::processEvents();
    EXPECT_GT(window->plotWidget()->style().background.lightness(), 200) << "and back to light";
}

TEST_F(HelpTest, EveryExampleSessionOpensInTheWindow)
{
    int opened = 0;
    for (const QFileInfo& example :
        QDir(QStringLiteral(ROOFLINE_SOURCE_DIR) + QStringLiteral("/resources/examples")).entryInfoList(QDir::Files)) {
        doc()->undoStack()->setClean();
        EXPECT_EQ(window->openFile(example.filePath(), false), QString()) << example.fileName().toStdString();
        EXPECT_EQ(doc()->filePath(), example.filePath());
        ASSERT_NE(doc()->hardware(), nullptr);
        EXPECT_TRUE(doc()->analysis() != nullptr) << example.fileName().toStdString();
        EXPECT_GT(plot()->graphCount(), 0);
        ++opened;
    }
    EXPECT_GE(opened, 4);
}

TEST_F(HelpTest, OpenedSessionsAreOfferedUnderOpenRecent)
{
    const QString examples = QStringLiteral(ROOFLINE_SOURCE_DIR) + QStringLiteral("/resources/examples/");
    const QString first = examples + QStringLiteral("reading-the-plot.roofline.yaml");
    const QString second = examples + QStringLiteral("ridge-moves.roofline.yaml");
    ASSERT_EQ(window->openFile(first, false), QString());
    doc()->undoStack()->setClean();
    ASSERT_EQ(window->openFile(second, false), QString());
    doc()->undoStack()->setClean();
    QMenu* recent = nullptr;
    for (QAction* menu : window->menuBar()->actions())
        for (QAction* a : menu->menu()->actions())
            if (a->menu() && a->text().contains(QLatin1String("Recent")))
                recent = a->menu();
    ASSERT_NE(recent, nullptr);
    ASSERT_GE(recent->actions().size(), 2);
    EXPECT_EQ(recent->actions().at(0)->text(), QDir::toNativeSeparators(second)) << "the newest first";
    EXPECT_EQ(recent->actions().at(1)->text(), QDir::toNativeSeparators(first));
    recent->actions().at(1)->trigger(); // reopens the first
    EXPECT_EQ(doc()->filePath(), first);
    EXPECT_EQ(doc()->session().kernels.size(), 4u);
}

TEST_F(HelpTest, OpeningABadFileSaysWhyInOneLine)
{
    QTemporaryDir dir;
    const size_t kernels = doc()->session().kernels.size();
    const int steps = doc()->undoStack()->count();
    const QString missing = dir.filePath(QStringLiteral("missing.csv"));
    EXPECT_TRUE(window->openFile(missing, false).contains(QLatin1String("no such file")));
    EXPECT_TRUE(window->openFile(dir.path(), false).contains(QLatin1String("is a directory")));
    QFile utf16(dir.filePath(QStringLiteral("k.csv")));
    ASSERT_TRUE(utf16.open(QIODevice::WriteOnly));
    utf16.write(QByteArray("\xFF\xFEn\0a\0m\0e\0", 10));
    utf16.close();
    const QString error = window->openFile(utf16.fileName(), false);
    EXPECT_TRUE(error.contains(QLatin1String("UTF-16"))) << error.toStdString();
    EXPECT_FALSE(error.contains(QLatin1Char('\n'))) << "one line";
    EXPECT_EQ(doc()->session().kernels.size(), kernels) << "nothing was imported";
    EXPECT_EQ(doc()->undoStack()->count(), steps);
}

TEST_F(HelpTest, RestingOnAPointShowsThatKernelsFiguresNotThePlotsHint)
{
    doc()->addKernels({test::makeKernel("resting_kernel", 1e12, 1e10, 1e-3)}, QStringLiteral("Add kernel"));
    plot()->replot();
    const QPoint at = window->plotWidget()->pointPixel(0).toPoint();
    QHelpEvent rest(QEvent::ToolTip, at, plot()->mapToGlobal(at));
    QCoreApplication::sendEvent(plot(), &rest);
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("resting_kernel"))) << QToolTip::text().toStdString();
    const QPoint empty(plot()->axisRect()->rect().right() - 5, plot()->axisRect()->rect().top() + 5);
    QHelpEvent away(QEvent::ToolTip, empty, plot()->mapToGlobal(empty));
    QCoreApplication::sendEvent(plot(), &away);
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("Drag to pan"))) << QToolTip::text().toStdString();
}
