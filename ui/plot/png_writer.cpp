// SPDX-License-Identifier: MIT
#include "ui/plot/png_writer.h"

#include <QIODevice>

#include <png.h>
#include <zlib.h>

#include <algorithm>
#include <csetjmp>
#include <cstring>
#include <thread>
#include <vector>

namespace roofline::ui {
namespace {

/// One horizontal band of the image compressed on its own: raw deflate blocks, the last of
/// them final only for the image's last band.
struct Band {
    int firstRow = 0;
    int rows = 0;
    std::vector<unsigned char> deflated;
    uLong adler = 1; ///< Adler-32 of the band's filtered rows
    uLong length = 0; ///< their bytes
    bool ok = false;
};

void deflateBand(const QImage& image, Band& band, bool last)
{
    const int width = image.width();
    const size_t rowBytes = 1 + static_cast<size_t>(width) * 3; // filter byte, then RGB
    std::vector<unsigned char> row(rowBytes);
    z_stream z {};
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return;
    band.length = static_cast<uLong>(rowBytes) * static_cast<uLong>(band.rows);
    // The output grows a chunk at a time: a figure deflates to a tenth of its pixels, and a
    // buffer of deflateBound's size would be megabytes of fresh memory zeroed for nothing.
    constexpr size_t kChunk = 64 * 1024;
    std::vector<unsigned char> chunk(kChunk);
    // RGB32 is 0xffRRGGBB per pixel; a PNG row is a filter byte (none) and R, G, B.
    auto filtered = [&](int y, unsigned char* o) {
        const auto* px = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        *o++ = 0;
        for (int x = 0; x < width; ++x) {
            *o++ = static_cast<unsigned char>(qRed(px[x]));
            *o++ = static_cast<unsigned char>(qGreen(px[x]));
            *o++ = static_cast<unsigned char>(qBlue(px[x]));
        }
    };
    if (band.firstRow > 0) {
        // The rows just above the band are its dictionary, as if one stream had run through.
        constexpr size_t kWindow = 32768;
        const int above = std::min(band.firstRow, static_cast<int>((kWindow + rowBytes - 1) / rowBytes));
        std::vector<unsigned char> before(rowBytes * static_cast<size_t>(above));
        for (int i = 0; i < above; ++i)
            filtered(band.firstRow - above + i, before.data() + rowBytes * static_cast<size_t>(i));
        const size_t take = std::min(kWindow, before.size());
        deflateSetDictionary(&z, before.data() + before.size() - take, static_cast<uInt>(take));
    }
    band.adler = adler32(0, nullptr, 0);
    for (int r = 0; r < band.rows; ++r) {
        filtered(band.firstRow + r, row.data());
        band.adler = adler32(band.adler, row.data(), static_cast<uInt>(rowBytes));
        z.next_in = row.data();
        z.avail_in = static_cast<uInt>(rowBytes);
        // The band ends on a byte boundary (a sync flush) so the next band's blocks can follow.
        const int flush = r + 1 < band.rows ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH);
        int status = Z_OK;
        do {
            z.next_out = chunk.data();
            z.avail_out = static_cast<uInt>(kChunk);
            status = deflate(&z, flush);
            if (status == Z_STREAM_ERROR) {
                deflateEnd(&z);
                return;
            }
            band.deflated.insert(band.deflated.end(), chunk.data(), chunk.data() + (kChunk - z.avail_out));
        } while (z.avail_out == 0); // zlib filled the chunk: there may be more
        if (z.avail_in != 0 || (flush == Z_FINISH && status != Z_STREAM_END)) {
            deflateEnd(&z);
            return;
        }
    }
    deflateEnd(&z);
    band.ok = true;
}

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
// after the setjmp. `idat` is the whole zlib stream of the pixels.
bool write(const QImage& image, const std::vector<unsigned char>& idat, Sink& sink)
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
    png_write_info(png, info);
    // The pixels are already compressed: libpng frames them as IDAT chunks and ends the file.
    constexpr size_t kChunk = size_t {1} << 20;
    for (size_t at = 0; at < idat.size(); at += kChunk)
        png_write_chunk(
            png, reinterpret_cast<png_const_bytep>("IDAT"), idat.data() + at, std::min(kChunk, idat.size() - at));
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
    png_destroy_write_struct(&png, &info);
    return true;
}

int bandsFor(const QImage& image)
{
    if (static_cast<qint64>(image.width()) * image.height() < 1'000'000)
        return 1;
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 4U));
}

} // namespace

std::optional<QString> writeOpaquePng(const QImage& image, QIODevice& out, int bands)
{
    if (image.isNull())
        return QStringLiteral("no image to write");
    const QImage rgb = image.format() == QImage::Format_RGB32 ? image : image.convertToFormat(QImage::Format_RGB32);
    const int count = std::clamp(bands > 0 ? bands : bandsFor(rgb), 1, rgb.height());

    std::vector<Band> parts(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        parts[static_cast<size_t>(i)].firstRow = static_cast<int>(static_cast<qint64>(rgb.height()) * i / count);
        parts[static_cast<size_t>(i)].rows = static_cast<int>(static_cast<qint64>(rgb.height()) * (i + 1) / count)
            - parts[static_cast<size_t>(i)].firstRow;
    }
    {
        std::vector<std::thread> helpers;
        for (int i = 1; i < count; ++i)
            helpers.emplace_back(deflateBand, std::cref(rgb), std::ref(parts[static_cast<size_t>(i)]), i + 1 == count);
        deflateBand(rgb, parts.front(), count == 1);
        for (auto& t : helpers)
            t.join();
    }

    // One zlib stream: its header (deflate, 32 KB window, fastest), the bands' blocks, the
    // Adler-32 of everything.
    std::vector<unsigned char> idat {0x78, 0x01};
    uLong adler = adler32(0, nullptr, 0);
    for (const Band& b : parts) {
        if (!b.ok)
            return QStringLiteral("the pixels could not be compressed");
        idat.insert(idat.end(), b.deflated.begin(), b.deflated.end());
        adler = adler32_combine(adler, b.adler, static_cast<z_off_t>(b.length));
    }
    for (int shift = 24; shift >= 0; shift -= 8)
        idat.push_back(static_cast<unsigned char>((adler >> shift) & 0xff));

    Sink sink;
    sink.out = &out;
    if (!write(rgb, idat, sink))
        return QString::fromUtf8(sink.error);
    return std::nullopt;
}

} // namespace roofline::ui
