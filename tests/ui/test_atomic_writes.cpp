// SPDX-License-Identifier: MIT
// Every path that writes a file, under real faults: a full disk, a read-only folder, a folder
// that does not exist. The previous file stays byte for byte, the failure says why, nothing is
// left behind.
#include "core/figure/session_figure.h"
#include "core/io/profile_yaml.h"
#include "support/file_faults.h"
#include "support/fixtures.h"
#include "support/window_fixture.h"
#include "ui/common/atomic_file.h"
#include "ui/document/autosave.h"
#include "ui/plot/figure_export.h"
#include "ui/window/file_actions.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <sys/stat.h>
#include <unistd.h>

using namespace roofline;
using namespace roofline::ui;

namespace {

constexpr unsigned long kFull = 100; // bytes a file may take: every write below is larger

QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden);
}

/// Writes the old content, then `write` under a full disk; the old file must survive.
void expectAFullDiskKeepsTheOldFile(const QString& path, const std::function<std::optional<QString>()>& write)
{
    const QByteArray old = "old content, byte for byte\n";
    ASSERT_FALSE(writeFileAtomically(path, old));
    std::optional<QString> error;
    if (!test::withFileSizeLimit(kFull, [&] { error = write(); }))
        GTEST_SKIP() << "no file size limit on this system";
    ASSERT_TRUE(error) << "a write onto a full disk must fail";
    EXPECT_TRUE(error->contains(QStringLiteral("cannot write"))) << error->toStdString();
    EXPECT_EQ(test::fileBytes(path), old);
    EXPECT_EQ(filesIn(QFileInfo(path).absolutePath()), QStringList {QFileInfo(path).fileName()})
        << "no temporary file is left behind";
}

} // namespace

TEST(AtomicWrite, AFullDiskFailsSmallAndLargeWritesAndKeepsTheOldFile)
{
    // A small write sits in a buffer until the end, where the error comes: it must surface.
    for (const int size : {500, 200'000}) {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.txt"));
        const QByteArray data(size, 'x');
        expectAFullDiskKeepsTheOldFile(path, [&] { return writeFileAtomically(path, data); });
    }
}

TEST(AtomicWrite, AReadOnlyFolderOrAMissingOneIsAnErrorThatSaysSo)
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("no/such/folder/f.txt"));
    const auto e1 = writeFileAtomically(missing, QByteArray("x"));
    ASSERT_TRUE(e1);
    EXPECT_TRUE(e1->startsWith(missing + QStringLiteral(": cannot write"))) << e1->toStdString();
    if (::geteuid() == 0)
        GTEST_SKIP() << "root writes into read-only folders";
    const QString ro = dir.filePath(QStringLiteral("ro"));
    ASSERT_TRUE(QDir().mkpath(ro));
    const QString path = ro + QStringLiteral("/f.txt");
    ASSERT_FALSE(writeFileAtomically(path, QByteArray("old")));
    QFile::setPermissions(ro, QFile::ReadOwner | QFile::ExeOwner);
    const auto e2 = writeFileAtomically(path, QByteArray("new"));
    QFile::setPermissions(ro, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    ASSERT_TRUE(e2);
    EXPECT_EQ(test::fileBytes(path), QByteArray("old"));
}

// A file on a read-only mount was "Existing file ... is not writable", which reads as a permission
// to change. The mount is named and the file kept. Needs a tmpfs mount (root in a container with
// CAP_SYS_ADMIN, as CI runs); skipped where mounting is not allowed.
TEST(AtomicWrite, AFileOnAReadOnlyMountIsAnErrorNamingTheMount)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString mount = dir.filePath(QStringLiteral("mnt"));
    ASSERT_TRUE(QDir().mkpath(mount));
    const std::string quoted = "'" + mount.toStdString() + "'";
    if (std::system(("mount -t tmpfs tmpfs " + quoted + " 2>/dev/null").c_str()) != 0)
        GTEST_SKIP() << "mounting a tmpfs is not allowed here";
    const QString old = mount + QStringLiteral("/fig.svg"), fresh = mount + QStringLiteral("/new.svg");
    const bool madeOld = !writeFileAtomically(old, QByteArray("old"));
    const bool readOnly = std::system(("mount -o remount,ro " + quoted).c_str()) == 0;
    const auto onOld = writeFileAtomically(old, QByteArray("new"));
    const auto onFresh = writeFileAtomically(fresh, QByteArray("new"));
    const QByteArray kept = test::fileBytes(old);
    EXPECT_EQ(std::system(("umount " + quoted).c_str()), 0);
    ASSERT_TRUE(madeOld && readOnly);
    const QString why = QStringLiteral(": cannot write (the file system at %1 is mounted read-only; save to another "
                                       "folder)")
                            .arg(mount);
    ASSERT_TRUE(onOld);
    EXPECT_EQ(*onOld, old + why);
    ASSERT_TRUE(onFresh);
    EXPECT_EQ(*onFresh, fresh + why);
    EXPECT_EQ(kept, QByteArray("old"));
}

TEST(AtomicWrite, WhatIsThereAndIsNotAFileIsRefusedAndLeftAsItIs)
{
    // As root a write renamed a file over /dev/null (every process on the machine then wrote into
    // a 788-byte YAML), over a FIFO, and over a symbolic link loop.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("pipe"));
    ASSERT_EQ(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString loopA = dir.filePath(QStringLiteral("a.svg")), loopB = dir.filePath(QStringLiteral("b.svg"));
    ASSERT_EQ(symlink(QFile::encodeName(loopB).constData(), QFile::encodeName(loopA).constData()), 0);
    ASSERT_EQ(symlink(QFile::encodeName(loopA).constData(), QFile::encodeName(loopB).constData()), 0);
    const QString folder = dir.filePath(QStringLiteral("folder"));
    ASSERT_TRUE(QDir().mkdir(folder));
    struct Case {
        QString path;
        const char* says;
    };
    for (const Case& c : {Case {QStringLiteral("/dev/null"), "it is a device, not a file"},
             Case {fifo, "it is a FIFO (named pipe), not a file"},
             Case {loopA, "a symbolic link that leads nowhere it ends"}, Case {folder, "it is a folder, not a file"}}) {
        const auto error = writeFileAtomically(c.path, std::string_view("roofline_session: 1\n"));
        ASSERT_TRUE(error.has_value()) << c.path.toStdString();
        EXPECT_TRUE(
            error->startsWith(c.path + QStringLiteral(": cannot write (")) && error->contains(QLatin1String(c.says)))
            << error->toStdString();
    }
    struct stat st { };
    ASSERT_EQ(stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/null is still the device";
    ASSERT_EQ(lstat(QFile::encodeName(fifo).constData(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
    ASSERT_EQ(lstat(QFile::encodeName(loopA).constData(), &st), 0);
    EXPECT_TRUE(S_ISLNK(st.st_mode)) << "the link is still a link";
    // A link to a file writes the file, and the link stays.
    const QString file = dir.filePath(QStringLiteral("real.svg")), link = dir.filePath(QStringLiteral("link.svg"));
    ASSERT_EQ(writeFileAtomically(file, std::string_view("old")), std::nullopt);
    ASSERT_EQ(symlink(QFile::encodeName(file).constData(), QFile::encodeName(link).constData()), 0);
    ASSERT_EQ(writeFileAtomically(link, std::string_view("new")), std::nullopt);
    QFile written(file);
    ASSERT_TRUE(written.open(QIODevice::ReadOnly));
    EXPECT_EQ(written.readAll(), QByteArray("new"));
    ASSERT_EQ(lstat(QFile::encodeName(link).constData(), &st), 0);
    EXPECT_TRUE(S_ISLNK(st.st_mode));
}

TEST(AtomicWrite, EveryFigureFormatOntoAFullDiskKeepsTheOldFigure)
{
    const PlotSpec spec = buildSessionPlot(*test::shippedCatalog().find("h100-sxm5"),
        [] {
            Session s;
            s.hardwareId = "h100-sxm5";
            s.kernels = {test::makeKernel("decode", 140e9, 70e9, 25e-3)};
            return s;
        }())
                              .value();
    for (const char* suffix : {"png", "svg", "pdf"}) {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("fig.") + QLatin1String(suffix));
        expectAFullDiskKeepsTheOldFile(path, [&] {
            return exportFigure(spec, PlotStyle::light(), path, ExportOptions {600, 400, 96});
        });
    }
}

class SaveFaultTest : public test::WindowTest { };

TEST_F(SaveFaultTest, ASmallSessionSavedOntoAFullDiskKeepsTheFileAndTheDocumentModified)
{
    // The GUI's Save: a one-kernel session is a few hundred bytes, all of it buffered.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.roofline.yaml"));
    ASSERT_EQ(doc()->save(path), QString());
    const QByteArray before = test::fileBytes(path);
    doc()->addKernels({test::makeKernel("one more", 1e12, 1e9, 1e-3)}, "add");
    ASSERT_TRUE(doc()->isModified());
    QString error;
    if (!test::withFileSizeLimit(kFull, [&] { error = doc()->save(path); }))
        GTEST_SKIP() << "no file size limit on this system";
    EXPECT_TRUE(error.contains(QStringLiteral("cannot write"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("previous file is unchanged"))) << error.toStdString();
    EXPECT_TRUE(doc()->isModified()) << "a failed save leaves the work unsaved, so closing asks";
    EXPECT_EQ(test::fileBytes(path), before);
}

TEST_F(SaveFaultTest, AnAutosaveOntoAFullDiskFailsAndKeepsTheAutosaveBefore)
{
    doc()->addKernels({test::makeKernel("unsaved", 1e12, 1e9, 1e-3)}, "add");
    ASSERT_TRUE(window->autosave()->save());
    const QByteArray before = test::fileBytes(Autosave::path());
    ASSERT_FALSE(before.isEmpty());
    doc()->addKernels({test::makeKernel("more", 2e12, 1e9, 1e-3)}, "add");
    bool written = true;
    if (!test::withFileSizeLimit(kFull, [&] { written = window->autosave()->save(); }))
        GTEST_SKIP() << "no file size limit on this system";
    EXPECT_FALSE(written);
    EXPECT_EQ(test::fileBytes(Autosave::path()), before);
    doc()->undoStack()->setClean();
}

TEST_F(SaveFaultTest, AProfileSavedOntoAFullDiskIsNotAddedAndSaysWhy)
{
    HardwareProfile p = *test::shippedCatalog().find("h100-sxm5");
    p.id = "full-disk-test";
    p.name = "Full disk test";
    QString error;
    if (!test::withFileSizeLimit(kFull, [&] { error = window->files()->saveUserProfile(p); }))
        GTEST_SKIP() << "no file size limit on this system";
    EXPECT_TRUE(error.contains(QStringLiteral("cannot write"))) << error.toStdString();
    EXPECT_EQ(doc()->catalog().find("full-disk-test"), nullptr) << "a profile that was not saved is not added";
}
