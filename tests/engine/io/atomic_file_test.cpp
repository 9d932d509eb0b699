// Atomic whole-file writes: content, replacement, permissions, and clean
// failure (clear message, no partial or temporary file) in missing and
// read-only directories.

#include "io/atomic_file.hpp"

#include "io_test_support.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace eb {
namespace {

using test::ScratchDir;

TEST(AtomicFile, WritesAndReplacesWholeFiles) {
  ScratchDir dir;
  const std::string path = dir.file("out.txt");
  writeFileAtomically(path, "first version, rather long\n");
  EXPECT_EQ(test::readAll(path), "first version, rather long\n");
  writeFileAtomically(path, "second\n");
  EXPECT_EQ(test::readAll(path), "second\n");
  EXPECT_EQ(dir.listing(), "out.txt;");
  writeFileAtomically(path, std::string_view());
  EXPECT_EQ(test::readAll(path), "");
}

TEST(AtomicFile, NewFilesGetUmaskPermissionsAndReplacedFilesKeepTheirs) {
  ScratchDir dir;
  const mode_t old = ::umask(022);
  const std::string path = dir.file("a.txt");
  writeFileAtomically(path, "x");
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
  ::chmod(path.c_str(), 0600);
  writeFileAtomically(path, "y");
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  ::umask(old);
}

TEST(AtomicFile, MissingDirectoryGivesOneLineErrorAndNoFile) {
  ScratchDir dir;
  const std::string path = dir.file("missing/out.csv");
  try {
    writeFileAtomically(path, "data");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot write: directory " + dir.file("missing") + " does not exist");
    EXPECT_EQ(e.diagnostic().file, path);  // the place is data, not only text
    EXPECT_EQ(e.diagnostic().message, "cannot write: directory " + dir.file("missing") + " does not exist");
  }
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_EQ(dir.listing(), "");
}

TEST(AtomicFile, ReadOnlyDirectoryGivesOneLineErrorAndLeavesTheOldFile) {
  ScratchDir dir;
  const std::string path = dir.file("out.csv");
  writeFileAtomically(path, "old");
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (::access(dir.path().c_str(), W_OK) == 0) {
    std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all);
    GTEST_SKIP() << "running with privileges that ignore directory permissions (root)";
  }
  try {
    writeFileAtomically(path, "new");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot write: Permission denied");
  }
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all);
  EXPECT_EQ(test::readAll(path), "old");
  EXPECT_EQ(dir.listing(), "out.csv;");
}

TEST(AtomicFile, UnwritableFilesystemGivesOneLineError) {
  // /proc refuses new files even to root, so this case runs everywhere.
  const std::string path = "/proc/eb_atomic_file_test.csv";
  try {
    writeFileAtomically(path, "data");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(path + ": cannot write: ", 0), 0u) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(AtomicFile, DirectoryAsTargetIsRefused) {
  ScratchDir dir;
  std::filesystem::create_directory(dir.file("sub"));
  EXPECT_THROW(writeFileAtomically(dir.file("sub"), "x"), InputError);
  EXPECT_THROW(writeFileAtomically(dir.file("sub/"), "x"), InputError);
}

TEST(AtomicFile, FailingWriterCallbackLeavesNothing) {
  ScratchDir dir;
  const std::string path = dir.file("out.mat");
  EXPECT_THROW(writeFileAtomically(path,
                                   [](const std::string& temporary) {
                                     test::writeText(temporary, "half");
                                     throw std::runtime_error("writer gave up");
                                   }),
               std::runtime_error);
  EXPECT_EQ(dir.listing(), "");
  writeFileAtomically(path, [](const std::string& temporary) { test::writeText(temporary, "whole"); });
  EXPECT_EQ(test::readAll(path), "whole");
  EXPECT_EQ(dir.listing(), "out.mat;");
}

}  // namespace
}  // namespace eb
