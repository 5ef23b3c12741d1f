// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

#include <optional>

namespace roofline::ui {

/// An opaque figure (QImage::Format_RGB32) as PNG bytes: RGB, its resolution from the image's
/// dots per metre, rows unfiltered and zlib's fastest level. A figure is mostly flat colour,
/// which that compresses nearly as small as libpng's default adaptive filtering, at a third of
/// the time (QImageWriter has no setting for the filters; docs/performance.md). An error
/// message, or nothing on success.
std::optional<QString> encodeOpaquePng(const QImage& image, QByteArray& out);

} // namespace roofline::ui
