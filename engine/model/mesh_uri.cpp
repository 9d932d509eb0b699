#include "model/mesh_uri.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace eb {
namespace {

namespace fs = std::filesystem;

bool isFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

std::string found(const fs::path& p) { return p.lexically_normal().string(); }

// Folder name of a root, also when it is written with a trailing slash.
std::string folderName(const std::string& root) {
  const fs::path p = fs::path(root).lexically_normal();
  return p.has_filename() ? p.filename().string() : p.parent_path().filename().string();
}

std::string resolvePackage(const std::string& rest, const std::vector<std::string>& roots) {
  const size_t slash = rest.find('/');
  if (slash == std::string::npos || slash == 0) return {};
  const std::string package = rest.substr(0, slash);
  const std::string inside = rest.substr(slash + 1);
  for (const std::string& root : roots)
    if (isFile(fs::path(root) / package / inside)) return found(fs::path(root) / package / inside);
  for (const std::string& root : roots)
    if (folderName(root) == package && isFile(fs::path(root) / inside)) return found(fs::path(root) / inside);
  for (const std::string& root : roots)
    if (isFile(fs::path(root) / inside)) return found(fs::path(root) / inside);
  return {};
}

}  // namespace

std::string resolveMeshUri(const std::string& filename, const std::string& baseDir,
                           const std::vector<std::string>& packageRoots) {
  const std::string packageScheme = "package://";
  const std::string fileScheme = "file://";
  if (filename.compare(0, packageScheme.size(), packageScheme) == 0)
    return resolvePackage(filename.substr(packageScheme.size()), packageRoots);
  std::string path = filename;
  if (filename.compare(0, fileScheme.size(), fileScheme) == 0) path = filename.substr(fileScheme.size());
  if (path.empty()) return {};
  const fs::path p(path);
  const fs::path full = p.is_absolute() || baseDir.empty() ? p : fs::path(baseDir) / p;
  return isFile(full) ? found(full) : std::string();
}

std::vector<std::string> defaultPackageRoots(const std::string& urdfPath) {
  std::vector<std::string> roots;
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(urdfPath), ec).parent_path();
  while (!dir.empty()) {
    roots.push_back(dir.string());
    if (dir == dir.root_path()) break;
    dir = dir.parent_path();
  }
  if (const char* env = std::getenv("ROS_PACKAGE_PATH")) {
    const std::string list = env;
    size_t b = 0;
    while (b <= list.size()) {
      const size_t e = std::min(list.find(':', b), list.size());
      if (e > b) roots.push_back(list.substr(b, e - b));
      b = e + 1;
    }
  }
  return roots;
}

}  // namespace eb
