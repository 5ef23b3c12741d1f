// SPDX-License-Identifier: MIT
#include "ui/plot/png_encoder.h"

#include <png.h>

#include <csetjmp>

namespace roofline::ui {
namespace {

void appendBytes(png_structp png, png_bytep data, png_size_t length)
{
    static_cast<QByteArray*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), qsizetype(length));
}

void flushNothing(png_structp) { }

/// libpng reports errors by longjmp back into writeRows; only plain data lives in that frame.
/// `image` is RGB888, the bytes of a PNG row as they are.
bool writeRows(png_structp png, png_infop info, const QImage& image)
{
    if (setjmp(png_jmpbuf(png)))
        return false;
    png_set_IHDR(png, info, png_uint_32(image.width()), png_uint_32(image.height()), 8, PNG_COLOR_TYPE_RGB,
        PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    const int dotsX = image.dotsPerMeterX(), dotsY = image.dotsPerMeterY();
    if (dotsX > 0 && dotsY > 0)
        png_set_pHYs(png, info, png_uint_32(dotsX), png_uint_32(dotsY), PNG_RESOLUTION_METER);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 1);
    png_write_info(png, info);
    for (int y = 0; y < image.height(); ++y)
        png_write_row(png, image.constScanLine(y));
    png_write_end(png, info);
    return true;
}

} // namespace

std::optional<QString> encodeOpaquePng(const QImage& image, QByteArray& out)
{
    if (image.format() != QImage::Format_RGB32)
        return QStringLiteral("the PNG encoder takes opaque RGB32 images");
    // Qt's own conversion to the PNG's byte order is a few times faster than libpng's
    // transforms (png_set_bgr, png_set_filler), which took a sixth of the encoding.
    const QImage rows = image.convertToFormat(QImage::Format_RGB888);
    png_structp png
        = rows.isNull() ? nullptr : png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!info) {
        png_destroy_write_struct(&png, nullptr);
        return QStringLiteral("not enough memory for the PNG encoder");
    }
    png_set_write_fn(png, &out, appendBytes, flushNothing);
    const bool written = writeRows(png, info, rows);
    png_destroy_write_struct(&png, &info);
    if (!written)
        return QStringLiteral("the PNG encoder failed");
    return std::nullopt;
}

} // namespace roofline::ui
