// SPDX-License-Identifier: MIT
// PNG files of opaque figures: libpng writes the file's chunks, ISA-L's deflate (level 1)
// compresses the pixels with no row filter, a large image in horizontal bands on several
// threads. A roofline figure is flat colours and thin lines, which deflate packs best
// unfiltered: against Qt's writer (every filter tried on every row, zlib) it takes a tenth of
// the time for a file of about the same size (docs/performance.md).
#pragma once

#include <QImage>
#include <QString>

#include <optional>

class QIODevice;

namespace roofline::ui {

/// Writes `image` (Format_RGB32; other formats are converted) as an 8-bit RGB PNG with its
/// resolution (dots per metre) to `out`. An error message when it cannot.
///
/// The pixels are compressed in `bands` horizontal bands (0: four for each thread, for images of
/// at least a megapixel; else one) by the calling thread and the helper threads
/// (ui/pool_task.h), each taking the next band left; each band is a run of deflate blocks of its
/// own, joined into one zlib stream as pigz joins them: any PNG reader reads it. The file is a
/// few per cent larger than one band would give.
std::optional<QString> writeOpaquePng(const QImage& image, QIODevice& out, int bands = 0);

} // namespace roofline::ui
