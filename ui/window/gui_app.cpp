// SPDX-License-Identifier: MIT
#include "ui/window/gui_app.h"

#include <clocale>

#include "ui/common/atomic_file.h"

#include "ui/common/app_paths.h"
#include "ui/document/autosave.h"
#include "ui/window/main_window.h"
#include "ui/window/roofline_plot_widget.h"
#include "ui/window/settings.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QMessageBox>

#include <iostream>

namespace roofline::ui {

namespace {
// The window with `file` open at a fixed size, grabbed to `png` (README and docs screenshots).
int writeScreenshot(MainWindow& window, const QString& file, const QString& png, QSize size)
{
    window.resize(size);
    window.show();
    const QString error = file.isEmpty() ? window.openExample() : window.openFile(file, false);
    if (!error.isEmpty()) {
        std::cerr << "error: " << error.toStdString() << "\n";
        return 1;
    }
    // Let the layout settle and the roof finish sliding to the file's precision.
    QElapsedTimer waited;
    waited.start();
    do
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    while ((window.plotWidget()->isAnimating() || waited.elapsed() < 200) && waited.elapsed() < 5000);
    // Encoded in memory, then written as every file the programs write: a failed write keeps
    // the old file byte for byte.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!window.grab().save(&buffer, "PNG")) {
        std::cerr << "error: " << png.toStdString() << ": cannot encode the PNG\n";
        return 1;
    }
    if (const auto error = writeFileAtomically(png, bytes)) {
        std::cerr << "error: " << error->toStdString() << "\n";
        return 1;
    }
    std::cout << "wrote " << png.toStdString() << "\n";
    return 0;
}
} // namespace

int runGui(int argc, char** argv)
{
    QApplication app(argc, argv);
    // Qt takes the user's locale for the C library too; numbers in files and on the command line
    // are read and written with a point whatever the locale (Qt's own advice).
    std::setlocale(LC_NUMERIC, "C");
    setApplicationIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("Roofline Studio"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/roofline-studio.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Roofline Studio: roofline plots for accelerators."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption profiles(QStringLiteral("profiles"),
        QStringLiteral("Extra folder of hardware profiles (overrides by id; repeatable)."), QStringLiteral("dir"));
    parser.addOption(profiles);
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QStringLiteral("Open the file, write a PNG of the whole window to <png> and quit (for the docs; works "
                       "offscreen)."),
        QStringLiteral("png"));
    parser.addOption(screenshot);
    QCommandLineOption screenshotSize(QStringLiteral("size"),
        QStringLiteral("The window's size for --screenshot, WIDTHxHEIGHT (default 1400x960)."), QStringLiteral("size"),
        QStringLiteral("1400x960"));
    parser.addOption(screenshotSize);
    parser.addPositionalArgument(QStringLiteral("file"),
        QStringLiteral("A session (*.roofline.yaml) or kernel file to open."), QStringLiteral("[file]"));
    parser.process(app);

    std::vector<Error> errors;
    const ProfileCatalog catalog = loadProfileCatalog(parser.values(profiles), errors);
    for (const auto& e : errors)
        std::cerr << "warning: " << e.toString() << " (profile skipped)\n";
    if (catalog.empty()) {
        QMessageBox::critical(nullptr, QStringLiteral("Roofline Studio"),
            QStringLiteral("No hardware profiles were found in %1.").arg(shippedProfilesDirectory()));
        return 1;
    }
    MainWindow window(catalog, errors);
    if (parser.isSet(screenshot)) {
        const QStringList wh = parser.value(screenshotSize).split(QLatin1Char('x'));
        const QSize size(wh.value(0).toInt(), wh.value(1).toInt());
        if (wh.size() != 2 || size.width() < 400 || size.height() < 300 || size.width() > 8000
            || size.height() > 8000) {
            std::cerr << "error: --size must be WIDTHxHEIGHT, from 400x300 to 8000x8000\n";
            return 2;
        }
        return writeScreenshot(window, parser.positionalArguments().value(0), parser.value(screenshot), size);
    }
    window.show();
    // Unsaved work from a session that did not close cleanly comes first.
    bool recovered = false;
    if (Autosave::pending()) {
        if (QMessageBox::question(&window, QStringLiteral("Recover unsaved work"),
                QStringLiteral("Roofline Studio did not close cleanly last time. Recover the unsaved session?"),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
            == QMessageBox::Yes) {
            recovered = window.autosave()->recover();
            if (const QString why = window.autosave()->recoverError(); !why.isEmpty())
                QMessageBox::warning(&window, QStringLiteral("Recover unsaved work"), why);
        } else
            window.autosave()->discard();
    }
    if (recovered) {
        // the recovered session is shown
    } else if (!parser.positionalArguments().isEmpty()) {
        const QString error = window.openFile(parser.positionalArguments().first());
        if (!error.isEmpty())
            QMessageBox::warning(&window, QStringLiteral("Open failed"), error);
    } else if (!Settings().exampleShown()) {
        const QString error = window.openExample();
        if (!error.isEmpty())
            std::cerr << "warning: " << error.toStdString() << "\n";
    } else if (const QString error = window.reopenLastSession(); !error.isEmpty()) {
        QMessageBox::warning(&window, QStringLiteral("Reopen failed"), error);
    }
    return app.exec();
}

} // namespace roofline::ui
