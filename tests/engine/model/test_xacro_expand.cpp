// xacro robots (model/xacro_expand.hpp): refused in one line without xacro, expanded by
// the `xacro` found on PATH (here a shell script written by the test, so no ROS is
// needed) with the package roots as ROS_PACKAGE_PATH, and its failure reported.
#include "logs/test_log_support.hpp"
#include "model/robot_loader.hpp"
#include "model/xacro_expand.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace eb;
using eb::test::messageOf;
using eb::test::TempFile;

namespace {

namespace fs = std::filesystem;

// A folder on PATH (in front of the rest, or alone) for the test's lifetime.
class PathFolder {
 public:
  explicit PathFolder(bool alone) {
    dir_ = fs::temp_directory_path() / ("eb_xacro_test_" + std::to_string(::getpid()) + "_" + std::to_string(count_++));
    fs::create_directories(dir_);
    const char* old = std::getenv("PATH");
    had_ = old != nullptr;
    old_ = old ? old : "";
    const std::string path = alone ? dir_.string() : dir_.string() + ":" + old_;
    ::setenv("PATH", path.c_str(), 1);
  }
  ~PathFolder() {
    if (had_)
      ::setenv("PATH", old_.c_str(), 1);
    else
      ::unsetenv("PATH");
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  PathFolder(const PathFolder&) = delete;
  PathFolder& operator=(const PathFolder&) = delete;
  void addScript(const std::string& name, const std::string& text) const {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    ::chmod(p.c_str(), 0755);
  }
  const fs::path& dir() const { return dir_; }

 private:
  static inline int count_ = 0;
  fs::path dir_;
  std::string old_;
  bool had_ = false;
};

// URDF text with @PKG@ where the fake xacro writes the first ROS_PACKAGE_PATH entry's name.
const char* const kTemplate = R"(<robot name="@PKG@">
  <link name="base"/>
  <link name="a"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>)";

}  // namespace

TEST(XacroExpand, RefusedInOneLineWhenXacroIsNotInstalled) {
  TempFile file(kTemplate, ".urdf.xacro");
  EXPECT_TRUE(isXacroPath(file.path()));
  EXPECT_TRUE(isXacroPath("robot.XACRO"));
  EXPECT_FALSE(isXacroPath("robot.urdf"));
  PathFolder empty(true);
  EXPECT_EQ(findXacro(), "");
  const std::string message = messageOf<InputError>([&] { loadRobot(file.path()); });
  EXPECT_EQ(message, file.path() + ": a xacro file; expand it first: xacro " + file.path() +
                         " -o robot.urdf (xacro is not installed)");
}

TEST(XacroExpand, RunsXacroWithThePackageRootsAsRosPackagePath) {
  PathFolder bin(false);
  // Arguments: <file> -o <output>. Writes the first ROS_PACKAGE_PATH entry's folder name.
  bin.addScript("xacro", "#!/bin/sh\nfirst=${ROS_PACKAGE_PATH%%:*}\nsed \"s|@PKG@|$(basename \"$first\")|\" \"$1\" > \"$3\"\n");
  EXPECT_EQ(findXacro(), (bin.dir() / "xacro").string());
  // A file name with a space and a quote goes through untouched (no shell between us and xacro).
  const fs::path folder = bin.dir() / "my robot's";
  fs::create_directories(folder / "pkg_root");
  const std::string xacro = (folder / "arm.urdf.xacro").string();
  std::ofstream(xacro) << kTemplate;
  const RobotModel model = loadRobot(xacro, {(folder / "pkg_root").string()});
  EXPECT_EQ(model.name(), "pkg_root");
  EXPECT_EQ(model.bodyCount(), 1);
  EXPECT_NE(robotUrdfText(xacro, {(folder / "pkg_root").string()}).find("<robot name=\"pkg_root\">"), std::string::npos);
}

TEST(XacroExpand, ItsFailureIsReportedWithItsMessage) {
  PathFolder bin(false);
  bin.addScript("xacro", "#!/bin/sh\necho 'warning: something' >&2\necho 'error: No such file: macros.xacro' >&2\nexit 2\n");
  TempFile file(kTemplate, ".xacro");
  const std::string message = messageOf<InputError>([&] { loadRobot(file.path()); });
  EXPECT_EQ(message, file.path() + ": xacro failed (exit 2): error: No such file: macros.xacro");
}
