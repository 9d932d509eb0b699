#pragma once
// Which storage files make up a rosbag2 bag, in order: the bag directory's
// metadata.yaml (relative_file_paths: split bags _0, _1, ...), or, when it is
// missing (a recorder that crashed writes none), the directory's .mcap/.db3
// files by their split index; or one .mcap/.db3 file given directly.
// metadata.yaml is used for the file order only: everything else comes from
// the storage files.

#include <string>
#include <vector>

namespace eb {

/// Storage plugin of a bag.
enum class BagStorage { Mcap, Sqlite3 };

/// The files of a bag, in reading order.
struct BagFiles {
  std::string path;                 ///< as given (directory or file)
  BagStorage storage = BagStorage::Mcap;
  std::vector<std::string> files;   ///< storage files in order
  std::vector<std::string> notes;   ///< how they were found (no metadata.yaml, ...)
};

/// Whether `path` is a rosbag2 bag: a directory with metadata.yaml or .mcap/.db3 files, or a
/// .mcap/.db3 file (or any file starting with the MCAP magic).
bool isRosBagPath(const std::string& path);

/// The bag's files in order. Throws InputError (no storage files, mixed storage, file-mode
/// compression, a listed file missing).
BagFiles resolveBagFiles(const std::string& path);

}  // namespace eb
