// SPDX-License-Identifier: MIT
#include "ui/plot/png_writer.h"

#include "ui/pool_task.h"

#include <QByteArray>
#include <QIODevice>
#include <QtEndian>

#include <isa-l/igzip_lib.h>
#include <png.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <csetjmp>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

namespace roofline::ui {
namespace {

/// One horizontal band of the image compressed on its own: raw deflate blocks, the last of
/// them final only for the image's last band.
struct Band {
    int firstRow = 0;
    int rows = 0;
    QByteArray deflated; ///< the first band's starts with the zlib header, the last's ends with the Adler-32
    uLong adler = 1; ///< Adler-32 of the band's filtered rows
    uLong length = 0; ///< their bytes
    bool ok = false;
};

/// The PNG row of image row `y`: a filter byte (none), then R, G, B of each RGB32 pixel.
void pngRow(const QImage& image, int y, unsigned char* o)
{
    const auto* px = reinterpret_cast<const quint32*>(image.constScanLine(y));
    const int width = image.width();
    *o++ = 0;
    // 0xffRRGGBB byte-swapped and shifted is 0x00BBGGRR, in memory R, G, B, 0: four bytes stored,
    // three kept (the fourth is the next pixel's red). The last pixel is stored byte by byte.
    for (int x = 0; x + 1 < width; ++x, o += 3) {
        const quint32 rgb = qToLittleEndian(qbswap(px[x]) >> 8);
        std::memcpy(o, &rgb, 4);
    }
    o[0] = static_cast<unsigned char>(qRed(px[width - 1]));
    o[1] = static_cast<unsigned char>(qGreen(px[width - 1]));
    o[2] = static_cast<unsigned char>(qBlue(px[width - 1]));
}

/// What one thread compresses with, made once and used for every band it takes: ISA-L's stream
/// and level buffer, and a batch of rows. Buffers deflate overwrites are not zeroed first (that
/// was a tenth of the export's encoding).
struct Deflater {
    explicit Deflater(const QImage& image)
        : rowBytes(1 + static_cast<size_t>(image.width()) * 3) // filter byte, then RGB
        , batchRows(std::max(1, static_cast<int>((64 * 1024) / rowBytes))) // a few rows a call, in the cache
        , rows(new unsigned char[rowBytes * static_cast<size_t>(batchRows)])
    { }
    std::unique_ptr<unsigned char[]> levelBuffer {new unsigned char[ISAL_DEF_LVL1_DEFAULT]};
    std::unique_ptr<isal_zstream> z {std::make_unique<isal_zstream>()};
    size_t rowBytes;
    int batchRows;
    std::unique_ptr<unsigned char[]> rows;
};

void deflateBand(const QImage& image, Band& band, bool last, Deflater& d)
{
    const size_t rowBytes = d.rowBytes;
    // ISA-L's level 1 with its default buffer: at a figure's size, a sixth of zlib's fastest
    // level's time for a file a few per cent larger (docs/performance.md).
    isal_zstream* z = d.z.get();
    isal_deflate_init(z);
    z->level = 1;
    z->level_buf = d.levelBuffer.get();
    z->level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    z->gzip_flag = IGZIP_DEFLATE; // raw deflate: the bands are joined into one zlib stream
    if (band.firstRow > 0) {
        // The rows just above the band are its dictionary, as if one stream had run through.
        const int above = std::min(band.firstRow, static_cast<int>((ISAL_DEF_HIST_SIZE + rowBytes - 1) / rowBytes));
        std::vector<unsigned char> before(rowBytes * static_cast<size_t>(above));
        for (int i = 0; i < above; ++i)
            pngRow(image, band.firstRow - above + i, before.data() + rowBytes * static_cast<size_t>(i));
        const size_t take = std::min<size_t>(ISAL_DEF_HIST_SIZE, before.size());
        if (isal_deflate_set_dict(z, before.data() + before.size() - take, static_cast<uint32_t>(take)) != COMP_OK)
            return;
    }
    band.length = static_cast<uLong>(rowBytes) * static_cast<uLong>(band.rows);
    // A figure deflates to a tenth of its pixels or less; the output grows when it needs to
    // (QByteArray does not zero what it grows by).
    band.deflated.resize(static_cast<qsizetype>(std::max<uLong>(band.length / 8, 64 * 1024)));
    qsizetype written = 0;
    if (band.firstRow == 0) {
        // The zlib stream's header: deflate, a 32 KB window, the fastest level.
        band.deflated[0] = char(0x78);
        band.deflated[1] = char(0x01);
        written = 2;
    }
    const int batchRows = d.batchRows;
    unsigned char* const rows = d.rows.get();
    uint32_t adler = 1;
    for (int r = 0; r < band.rows; r += batchRows) {
        const int n = std::min(batchRows, band.rows - r);
        for (int i = 0; i < n; ++i)
            pngRow(image, band.firstRow + r + i, rows + rowBytes * static_cast<size_t>(i));
        const size_t bytes = rowBytes * static_cast<size_t>(n);
        adler = isal_adler32(adler, rows, bytes);
        const bool end = r + n == band.rows;
        z->next_in = rows;
        z->avail_in = static_cast<uint32_t>(bytes);
        // The last band ends the stream; the others end on a byte boundary (a sync flush), not
        // final, so the next band's blocks can follow.
        z->end_of_stream = end && last ? 1 : 0;
        z->flush = end && !last ? SYNC_FLUSH : NO_FLUSH;
        do {
            if (written == band.deflated.size())
                band.deflated.resize(band.deflated.size() * 2);
            z->next_out = reinterpret_cast<uint8_t*>(band.deflated.data()) + written;
            z->avail_out = static_cast<uint32_t>(band.deflated.size() - written);
            if (isal_deflate(z) != COMP_OK)
                return;
            written = band.deflated.size() - z->avail_out;
        } while (z->avail_out == 0); // the output filled up: there may be more
        if (z->avail_in != 0)
            return;
    }
    if (last && z->internal_state.state != ZSTATE_END)
        return;
    band.deflated.resize(written);
    band.adler = adler;
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
// after the setjmp. The bands' bytes, one after the other, are the zlib stream of the pixels.
bool write(const QImage& image, const std::vector<Band>& bands, Sink& sink)
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
    // The pixels are already compressed: libpng frames them as IDAT chunks (at least one per
    // band; a reader joins them) and ends the file.
    constexpr qsizetype kChunk = qsizetype {1} << 20;
    for (const Band& band : bands)
        for (qsizetype at = 0; at < band.deflated.size(); at += kChunk)
            png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"),
                reinterpret_cast<png_const_bytep>(band.deflated.constData()) + at,
                static_cast<size_t>(std::min(kChunk, band.deflated.size() - at)));
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
    png_destroy_write_struct(&png, &info);
    return true;
}

/// Threads that compress at once: the calling one and every helper (one per other core, at most
/// three).
int threadsAtMost()
{
    return PoolTask::helpersAtMost() + 1;
}

int bandsFor(const QImage& image)
{
    if (static_cast<qint64>(image.width()) * image.height() < 1'000'000)
        return 1;
    // Four bands a thread, each thread taking the next band left: a thread that starts late (a
    // helper busy elsewhere, or woken on the core that is drawing) takes what is left instead
    // of a whole half.
    return 4 * threadsAtMost();
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
        std::atomic<int> next {0};
        runBeside(std::min(count, threadsAtMost()) - 1, [&]() {
            std::optional<Deflater> d; // made once this thread has a band
            for (int i = next.fetch_add(1); i < count; i = next.fetch_add(1)) {
                if (!d)
                    d.emplace(rgb);
                deflateBand(rgb, parts[static_cast<size_t>(i)], i + 1 == count, *d);
            }
        });
    }

    // One zlib stream: the header (in the first band), the bands' blocks, the Adler-32 of
    // everything.
    uLong adler = adler32(0, nullptr, 0);
    for (const Band& b : parts) {
        if (!b.ok)
            return QStringLiteral("the pixels could not be compressed");
        adler = adler32_combine(adler, b.adler, static_cast<z_off_t>(b.length));
    }
    for (int shift = 24; shift >= 0; shift -= 8)
        parts.back().deflated.append(static_cast<char>((adler >> shift) & 0xff));

    Sink sink;
    sink.out = &out;
    if (!write(rgb, parts, sink))
        return QString::fromUtf8(sink.error);
    return std::nullopt;
}

} // namespace roofline::ui
