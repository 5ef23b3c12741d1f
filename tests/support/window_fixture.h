// SPDX-License-Identifier: MIT
// The main window as a first run sees it (cleared settings, no animation), shown offscreen with the
// shipped profiles; the base of the widget test fixtures.
#pragma once

#include "support/fixtures.h"
#include "ui/document/session_document.h"
#include "ui/window/main_window.h"
#include "ui/window/roofline_plot_widget.h"

#include <qcustomplot.h>

#include <gtest/gtest.h>

#include <QSettings>
#include <QTest>

#include <memory>

namespace roofline::test {

class WindowTest : public ::testing::Test {
protected:
    explicit WindowTest(QSize size = QSize(1300, 900))
        : m_size(size)
    { }

    void SetUp() override
    {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("view/animate"), false);
        window = std::make_unique<ui::MainWindow>(shippedCatalog(), std::vector<Error> {});
        window->resize(m_size);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
    }

    ui::SessionDocument* doc() const { return window->document(); }
    QCustomPlot* plot() const { return window->plotWidget()->plot(); }

    std::unique_ptr<ui::MainWindow> window;

private:
    QSize m_size;
};

} // namespace roofline::test
