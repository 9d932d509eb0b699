#include "io/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace eb {

namespace {

struct PathParts {
  std::string dir;   // directory to create the temporary in ("." for a bare name)
  std::string base;  // file name
};

PathParts splitPath(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
  throw inputErrorIn(path, "cannot write: " + reason);
}

std::string reasonFor(int err, const std::string& dir) {
  if (err == ENOENT) return "directory " + dir + " does not exist";
  if (err == ENOTDIR) return dir + " is not a directory";
  return std::strerror(err);
}

// The process umask, read without changing it (umask(2) would race with other threads).
mode_t currentUmask() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
  return 022;
}

// Mode of the replaced file if it exists, else what open(O_CREAT, 0666) would give:
// mkstemp makes 0600, which would silently hide the file from other users.
mode_t targetMode(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return st.st_mode & 07777;
  return 0666 & ~currentUmask();
}

// True when `path` exists and is neither a regular file nor a directory: a
// device (/dev/null, /dev/full), a FIFO, a terminal (/dev/stdout). Such a target
// is written in place: renaming a temporary over it would replace the device
// node itself (for root) instead of writing to it.
bool isSpecialFile(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

// The file a write replaces: a symbolic link is followed, so the link survives and
// its target gets the new contents (rename would replace the link by a plain file).
std::string destinationOf(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
  std::error_code ec;
  const std::filesystem::path target = std::filesystem::canonical(path, ec);
  return ec ? path : target.string();
}

// Writes all of `contents` to fd (retrying short writes and EINTR); 0 or the errno that stopped it.
int writeAll(int fd, std::string_view contents) {
  const char* p = contents.data();
  size_t left = contents.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    p += n;
    left -= static_cast<size_t>(n);
  }
  return 0;
}

// Writes all of `contents` to a special file opened in place.
void writeInPlace(const std::string& path, std::string_view contents) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail(path, std::strerror(errno));
  if (const int err = writeAll(fd, contents)) {
    ::close(fd);
    fail(path, std::strerror(err));
  }
  if (::close(fd) != 0) fail(path, std::strerror(errno));
}

// Creates an empty temporary next to `path`; returns its open descriptor.
int createTemporary(const std::string& path, std::string& tempPath) {
  if (path.empty()) fail(path, "empty file name");
  const PathParts parts = splitPath(path);
  if (parts.base.empty() || parts.base == "." || parts.base == "..") fail(path, "not a file name");
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) fail(path, "is a directory");
  std::string templ = parts.dir + "/." + parts.base + ".tmp.XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  const int fd = ::mkstemp(buf.data());
  if (fd < 0) fail(path, reasonFor(errno, parts.dir));
  tempPath.assign(buf.data());
  return fd;
}

// fsync + chmod + close an open temporary, then rename it over `path`. Removes it on failure.
void commit(int fd, const std::string& tempPath, const std::string& path) {
  const auto abort = [&](int err) {
    if (fd >= 0) ::close(fd);
    ::unlink(tempPath.c_str());
    fail(path, std::strerror(err));
  };
  if (::fchmod(fd, targetMode(path)) != 0) abort(errno);
  if (::fsync(fd) != 0) abort(errno);
  const int closed = ::close(fd);
  fd = -1;
  if (closed != 0) abort(errno);
  if (::rename(tempPath.c_str(), path.c_str()) != 0) abort(errno);
  // Make the rename itself durable; failure here cannot undo the write, so it is ignored.
  const int dirFd = ::open(splitPath(path).dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dirFd >= 0) {
    ::fsync(dirFd);
    ::close(dirFd);
  }
}

}  // namespace

void writeFileAtomically(const std::string& userPath, std::string_view contents) {
  if (isSpecialFile(userPath)) return writeInPlace(userPath, contents);
  const std::string path = destinationOf(userPath);
  std::string tempPath;
  const int fd = createTemporary(path, tempPath);
  if (const int err = writeAll(fd, contents)) {
    ::close(fd);
    ::unlink(tempPath.c_str());
    fail(path, std::strerror(err));
  }
  commit(fd, tempPath, path);
}

void writeFileAtomically(const std::string& userPath, const std::function<void(const std::string&)>& writer) {
  if (isSpecialFile(userPath)) {
    // The writer needs a file name: let it write a temporary elsewhere, then copy the bytes.
    std::string tempPath;
    ::close(createTemporary((std::filesystem::temp_directory_path() / "eb_special_target").string(), tempPath));
    try {
      writer(tempPath);
    } catch (...) {
      ::unlink(tempPath.c_str());
      throw;
    }
    std::ifstream in(tempPath, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ::unlink(tempPath.c_str());
    return writeInPlace(userPath, bytes);
  }
  const std::string path = destinationOf(userPath);
  std::string tempPath;
  ::close(createTemporary(path, tempPath));
  try {
    writer(tempPath);
  } catch (...) {
    ::unlink(tempPath.c_str());
    throw;
  }
  const int fd = ::open(tempPath.c_str(), O_RDWR);
  if (fd < 0) {
    const int err = errno;
    ::unlink(tempPath.c_str());
    fail(path, std::strerror(err));
  }
  commit(fd, tempPath, path);
}

}  // namespace eb
