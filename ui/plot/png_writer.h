// SPDX-License-Identifier: MIT
// PNG files of opaque figures, written with libpng directly: no row filter and zlib's fastest
// level. A roofline figure is flat colours and thin lines, which deflate packs best unfiltered:
// against Qt's writer (every filter tried on every row) it is half the time and a fifth smaller
// (docs/performance.md).
#pragma once

#include <QImage>
#include <QString>

#include <optional>

class QIODevice;

namespace roofline::ui {

/// Writes `image` (Format_RGB32; other formats are converted) as an 8-bit RGB PNG with its
/// resolution (dots per metre) to `out`. An error message when it cannot.
std::optional<QString> writeOpaquePng(const QImage& image, QIODevice& out);

} // namespace roofline::ui
