#include "logs/log_file_kind.hpp"

#include "logs/rosbag_directory.hpp"

#include <cctype>

namespace eb {

LogFileKind logFileKindOf(const std::string& path) {
  if (isRosBagPath(path)) return LogFileKind::RosBag;
  std::string extension = path.size() >= 4 ? path.substr(path.size() - 4) : "";
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".mat" ? LogFileKind::Mat : LogFileKind::DelimitedText;
}

}  // namespace eb
