#include "logs/rosbag_directory.hpp"

#include "logs/mcap_reader.hpp"
#include "util/input_error.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace eb {

namespace fs = std::filesystem;

namespace {

std::string bagPathLower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool hasExtension(const fs::path& p, const char* ext) { return bagPathLower(p.extension().string()) == ext; }

bool isStorageFile(const fs::path& p) { return hasExtension(p, ".mcap") || hasExtension(p, ".db3"); }

// The split index of "name_12.mcap" (12), for ordering files without metadata.yaml.
long splitIndex(const fs::path& p) {
  const std::string stem = p.stem().string();
  const std::size_t underscore = stem.find_last_of('_');
  if (underscore == std::string::npos || underscore + 1 == stem.size()) return -1;
  long n = 0;
  for (std::size_t i = underscore + 1; i < stem.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(stem[i])) || n > 100000000) return -1;
    n = n * 10 + (stem[i] - '0');
  }
  return n;
}

}  // namespace

bool isRosBagPath(const std::string& path) {
  std::error_code ec;
  const fs::path p(path);
  if (fs::is_directory(p, ec)) {
    if (fs::exists(p / "metadata.yaml", ec)) return true;
    for (const auto& e : fs::directory_iterator(p, ec))
      if (e.is_regular_file(ec) && isStorageFile(e.path())) return true;
    return false;
  }
  return isStorageFile(p) || (fs::is_regular_file(p, ec) && isMcapFile(path));
}

BagFiles resolveBagFiles(const std::string& path) {
  BagFiles bag;
  bag.path = path;
  std::error_code ec;
  const fs::path p(path);
  if (!fs::exists(p, ec)) throw inputErrorAt(path, 0, "", "no such file or directory");
  if (!fs::is_directory(p, ec)) {
    bag.files.push_back(path);
  } else {
    const fs::path metadata = p / "metadata.yaml";
    if (fs::exists(metadata, ec)) {
      try {
        const YAML::Node info = YAML::LoadFile(metadata.string())["rosbag2_bagfile_information"];
        const std::string mode = info["compression_mode"] ? bagPathLower(info["compression_mode"].as<std::string>("")) : "";
        if (mode == "file")
          throw inputErrorAt(metadata.string(), 0, "",
                             "the bag is compressed file by file (compression_mode FILE): decompress its files first "
                             "(zstd -d)");
        for (const YAML::Node& f : info["relative_file_paths"]) {
          fs::path file = p / f.as<std::string>();
          // Older rosbag2 wrote the paths with the bag folder in front.
          if (!fs::exists(file, ec)) file = p / fs::path(f.as<std::string>()).filename();
          if (!fs::exists(file, ec))
            throw inputErrorAt(metadata.string(), 0, "", "lists '" + f.as<std::string>() + "', which is not in the bag folder");
          bag.files.push_back(file.string());
        }
      } catch (const YAML::Exception& e) {
        bag.notes.push_back("metadata.yaml unreadable (" + std::string(e.what()) + "): files ordered by name");
        bag.files.clear();
      }
    } else {
      bag.notes.push_back("no metadata.yaml (a recorder that stopped?): files ordered by their split index");
    }
    if (bag.files.empty()) {
      std::vector<fs::path> found;
      for (const auto& e : fs::directory_iterator(p, ec))
        if (e.is_regular_file(ec) && isStorageFile(e.path())) found.push_back(e.path());
      std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
        const long ia = splitIndex(a), ib = splitIndex(b);
        return ia != ib ? ia < ib : a.filename() < b.filename();
      });
      for (const fs::path& f : found) bag.files.push_back(f.string());
    }
    if (bag.files.empty()) throw inputErrorAt(path, 0, "", "no .mcap or .db3 file in the bag folder");
  }
  for (std::size_t i = 0; i < bag.files.size(); ++i) {
    const fs::path f(bag.files[i]);
    if (hasExtension(f, ".zstd") || hasExtension(f, ".lz4"))
      throw inputErrorAt(bag.files[i], 0, "", "a file-compressed bag file: decompress it first");
    const BagStorage s = hasExtension(f, ".db3") ? BagStorage::Sqlite3 : BagStorage::Mcap;
    if (i == 0) bag.storage = s;
    else if (s != bag.storage) throw inputErrorAt(bag.files[i], 0, "", "mixes .db3 and .mcap files in one bag");
  }
  return bag;
}

}  // namespace eb
