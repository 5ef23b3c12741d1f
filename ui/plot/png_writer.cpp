// SPDX-License-Identifier: MIT
#include "ui/plot/png_writer.h"

#include <QIODevice>

#include <png.h>

#include <csetjmp>
#include <cstring>

namespace roofline::ui {
namespace {

struct Sink {
    QIODevice* out = nullptr;
    char error[256] = {};
};

void writeBytes(png_structp png, png_bytep data, png_size_t size)
{
    auto* sink = static_cast<Sink*>(png_get_io_ptr(png));
    if (sink->out->write(reinterpret_cast<const char*>(data), static_cast<qint64>(size)) != static_cast<qint64>(size))
        png_error(png, "the file could not be written");
}

void flushBytes(png_structp) { }

void onError(png_structp png, png_const_charp message)
{
    auto* sink = static_cast<Sink*>(png_get_error_ptr(png));
    std::strncpy(sink->error, message, sizeof sink->error - 1);
    png_longjmp(png, 1);
}

void onWarning(png_structp, png_const_charp) { }

// Everything libpng may jump out of lives here; only trivially destructible objects are made
// after the setjmp.
bool write(const QImage& image, Sink& sink)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, onError, onWarning);
    if (!png) {
        std::strncpy(sink.error, "out of memory", sizeof sink.error - 1);
        return false;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_set_write_fn(png, &sink, writeBytes, flushBytes);
    png_set_IHDR(png, info, static_cast<png_uint_32>(image.width()), static_cast<png_uint_32>(image.height()), 8,
        PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (image.dotsPerMeterX() > 0 && image.dotsPerMeterY() > 0)
        png_set_pHYs(png, info, static_cast<png_uint_32>(image.dotsPerMeterX()),
            static_cast<png_uint_32>(image.dotsPerMeterY()), PNG_RESOLUTION_METER);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 1);
    png_write_info(png, info);
    // RGB32 is 0xffRRGGBB per pixel: B, G, R, 0xff in memory on a little-endian machine.
    if (QSysInfo::ByteOrder == QSysInfo::LittleEndian) {
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    } else {
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
    }
    for (int y = 0; y < image.height(); ++y)
        png_write_row(png, image.constScanLine(y));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return true;
}

} // namespace

std::optional<QString> writeOpaquePng(const QImage& image, QIODevice& out)
{
    if (image.isNull())
        return QStringLiteral("no image to write");
    const QImage rgb = image.format() == QImage::Format_RGB32 ? image : image.convertToFormat(QImage::Format_RGB32);
    Sink sink;
    sink.out = &out;
    if (!write(rgb, sink))
        return QString::fromUtf8(sink.error);
    return std::nullopt;
}

} // namespace roofline::ui
