// logFileKindOf: one decision of what a path is, for every reader: a bag by its folder (with a
// metadata.yaml or storage files), its storage file's extension or the MCAP magic (whatever the
// file is called, even .mat), a MATLAB file by its extension in any case, else delimited text.
#include "logs/log_file_kind.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace eb {
namespace log_file_kind_test {

namespace fs = std::filesystem;

class LogFileKindTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("eb_log_kind_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string write(const std::string& name, const std::string& bytes) {
    const fs::path p = dir_ / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << bytes;
    return p.string();
  }
  fs::path dir_;
};

// The MCAP magic: 0x89 "MCAP0" "\r\n".
const std::string kMcapMagic = std::string("\x89MCAP0\r\n", 8);

TEST_F(LogFileKindTest, TellsBagsMatFilesAndTextApart) {
  EXPECT_EQ(logFileKindOf(write("run.csv", "t,q\n0,1\n")), LogFileKind::DelimitedText);
  EXPECT_EQ(logFileKindOf(write("run.txt", "0 1\n")), LogFileKind::DelimitedText);
  EXPECT_EQ(logFileKindOf(write("run.mat", "MATLAB 5.0 MAT-file")), LogFileKind::Mat);
  EXPECT_EQ(logFileKindOf(write("RUN.MAT", "MATLAB 5.0 MAT-file")), LogFileKind::Mat);
  write("bag/metadata.yaml", "rosbag2_bagfile_information: {}\n");
  EXPECT_EQ(logFileKindOf((dir_ / "bag").string()), LogFileKind::RosBag);
  EXPECT_EQ(logFileKindOf(write("x/recording_0.mcap", kMcapMagic)), LogFileKind::RosBag);
  // The magic decides, not the name.
  EXPECT_EQ(logFileKindOf(write("renamed.mat", kMcapMagic + "rest")), LogFileKind::RosBag);
  EXPECT_EQ(logFileKindOf(write("renamed.csv", kMcapMagic + "rest")), LogFileKind::RosBag);
  // Nothing there: the name is all there is.
  EXPECT_EQ(logFileKindOf((dir_ / "missing.mat").string()), LogFileKind::Mat);
  EXPECT_EQ(logFileKindOf((dir_ / "missing.csv").string()), LogFileKind::DelimitedText);
  // A folder without a bag in it is not a bag.
  fs::create_directories(dir_ / "empty");
  EXPECT_EQ(logFileKindOf((dir_ / "empty").string()), LogFileKind::DelimitedText);
}

}  // namespace log_file_kind_test
}  // namespace eb
