// SPDX-License-Identifier: MIT
// GoogleTest main for widget tests: offscreen platform, isolated settings and data folders.
#include <gtest/gtest.h>

#include <QApplication>
#include <QStandardPaths>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        qputenv("XDG_RUNTIME_DIR", "/tmp/roofline-test-runtime");
    ::testing::InitGoogleTest(&argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RooflineStudioTests"));
    QApplication::setApplicationName(QStringLiteral("roofline-studio-tests"));
    return RUN_ALL_TESTS();
}
