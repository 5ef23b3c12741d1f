// SPDX-License-Identifier: MIT
// GoogleTest main for widget tests: offscreen platform, isolated settings and data folders.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QStandardPaths>

#include <unistd.h>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        qputenv("XDG_RUNTIME_DIR", "/tmp/roofline-test-runtime");
    // ctest runs tests as parallel processes: each gets its own HOME, so one test's settings
    // (QStandardPaths' test mode writes under ~/.qttest) never leak into another's.
    const QByteArray home = "/tmp/roofline-ui-tests-" + QByteArray::number(::getpid());
    QDir().mkpath(QString::fromLocal8Bit(home));
    qputenv("HOME", home);
    qunsetenv("XDG_CONFIG_HOME");
    qunsetenv("XDG_DATA_HOME");
    qunsetenv("XDG_CACHE_HOME");
    ::testing::InitGoogleTest(&argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RooflineStudioTests"));
    QApplication::setApplicationName(QStringLiteral("roofline-studio-tests"));
    const int rc = RUN_ALL_TESTS();
    QDir(QString::fromLocal8Bit(home)).removeRecursively();
    return rc;
}
