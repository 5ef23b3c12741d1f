// SPDX-License-Identifier: MIT
// The window with its kernels table, for the kernel tests: the table, pixels of the plot and
// mouse events on it.
#pragma once
#include "support/window_fixture.h"
#include "ui/panels/kernel_table_model.h"
#include "ui/panels/kernels_panel.h"
#include "ui/window/main_window.h"

#include <qcustomplot.h>

#include <QMouseEvent>

#include <cmath>

class KernelsTest : public roofline::test::WindowTest {
protected:
    void SetUp() override
    {
        WindowTest::SetUp();
        doc()->setPrecision(roofline::Precision::BF16);
        doc()->undoStack()->clear();
    }

    roofline::ui::KernelTableModel* table() const { return window->kernelsPanel()->model(); }

    QPoint pixel(double intensity, double rate) const
    {
        plot()->replot();
        return {int(std::lround(plot()->xAxis->coordToPixel(intensity))),
            int(std::lround(plot()->yAxis->coordToPixel(rate)))};
    }

    void mouse(QEvent::Type type, const QPoint& at, Qt::MouseButtons buttons)
    {
        QMouseEvent e(type, QPointF(at), plot()->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons, Qt::NoModifier);
        QCoreApplication::sendEvent(plot(), &e);
    }

    QString regimeCell(int row) const
    {
        return table()->index(row, roofline::ui::KernelTableModel::Regime).data().toString();
    }
};
