// SPDX-License-Identifier: MIT
// Tools > Measure This Machine: the measurement (core/measure) on a worker thread while a
// progress dialog, with the step it is at and a Cancel button, keeps the window answering.
#pragma once

#include "core/measure/measure.h"

#include <optional>

class QWidget;

namespace roofline::ui {

/// measureMachine(options) on a worker thread; nullopt when the user cancelled.
std::optional<Result<Measurement>> measureResponsively(MeasureOptions options, QWidget* parent);

} // namespace roofline::ui
