#include "model/robot_loader.hpp"

#include "model/builtin_robots.hpp"
#include "model/dh_import.hpp"
#include "model/mesh_uri.hpp"
#include "model/mjcf_import.hpp"
#include "util/input_error.hpp"
#include "model/urdf_import.hpp"
#include "model/xacro_expand.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace eb {
namespace {

std::string lowerExtension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

}  // namespace

RobotModel loadRobot(const std::string& spec, const std::vector<std::string>& packageRoots) {
  std::vector<std::string> ignored;
  return loadRobot(spec, packageRoots, ignored);
}

RobotModel loadRobot(const std::string& spec, const std::vector<std::string>& packageRoots,
                     std::vector<std::string>& warnings) {
  warnings.clear();
  // snake:N with a bad N is a built-in spec with an error, not a file name.
  if (spec.compare(0, 6, "snake:") == 0 || isBuiltinRobot(spec)) return builtinRobot(spec);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(spec, ec))
    throw InputError("unknown robot '" + spec + "': not a built-in (planar2r, snake:N, panda, ur5) and no such file");
  const std::string ext = lowerExtension(spec);
  if (ext == ".yaml" || ext == ".yml" || ext == ".csv") return importDhFile(spec);
  if (ext == ".xml" && isMjcfFile(spec)) {
    MjcfImport imported = importMjcfFileWithWarnings(spec);
    warnings = std::move(imported.warnings);
    return std::move(imported.model);
  }
  if (ext == ".urdf" || ext == ".xml")
    return importUrdfFile(spec, packageRoots.empty() ? defaultPackageRoots(spec) : packageRoots);
  if (isXacroPath(spec))
    return importUrdfString(expandXacro(spec, packageRoots), spec, std::filesystem::path(spec).parent_path().string(),
                            packageRoots.empty() ? defaultPackageRoots(spec) : packageRoots);
  throw inputErrorIn(spec, "unknown robot file type '" + ext + "' (expected .urdf, .xacro, .xml (URDF or MJCF), .yaml, .yml or .csv)");
}

std::string robotUrdfText(const std::string& spec, const std::vector<std::string>& packageRoots) {
  if (spec.compare(0, 6, "snake:") == 0 || isBuiltinRobot(spec)) {
    const std::string_view text = builtin_files::embeddedFile(spec + ".urdf");
    if (text.empty()) throw InputError("robot '" + spec + "' is generated: it has no URDF to write the parameters into");
    return std::string(text);
  }
  if (isXacroPath(spec)) return expandXacro(spec, packageRoots);
  const std::string ext = lowerExtension(spec);
  if (ext != ".urdf" && ext != ".xml")
    throw inputErrorIn(spec, "not a URDF robot (a DH table has no URDF to write the parameters into)");
  return readUrdfText(spec);
}

}  // namespace eb
