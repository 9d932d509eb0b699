// Project files (app/project): hostile inputs with the exact one-line message each
// gets, the checks against the loaded robot, bounded reads and atomic writes.

#include "app/project/joint_lock_state.hpp"
#include "app/project/project_file.hpp"
#include "excitation/default_excitation.hpp"
#include "model/builtin_robots.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace eb::project {
namespace {

namespace fs = std::filesystem;

// A valid planar2r project; `settings` and `extra` (",\"key\": value") are spliced in.
std::string project(const std::string& settings = R"({"sample_rate": 250, "criterion": "logdet"})",
                    const std::string& spec = "planar2r", const std::string& extra = "",
                    const std::string& names = R"("joint1", "joint2")") {
  std::string joints;
  size_t start = 0;
  for (int i = 0; i < 2; ++i) {
    const size_t open = names.find('"', start), close = names.find('"', open + 1);
    joints += std::string(i ? "," : "") + R"({"name": )" + names.substr(open, close - open + 1) +
              R"(, "offset": 0.1, "a": [0.2, -0.05], "b": [0.01, 0.02]})";
    start = close + 1;
  }
  return R"({"format": "excitebench-project", "version": 1, "robot": {"spec": ")" + spec + R"("},
  "excitation": {"format": "excitebench-excitation", "version": 1, "robot": ")" + spec + R"(", "type": "fourier", "period": 8,
                 "harmonics": 2, "joints": [)" + joints + R"(]},
  "settings": )" + settings + extra + "}\n";
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const size_t at = s.find(from);
  if (at == std::string::npos) throw std::logic_error("test input: '" + from + "' not found");
  return s.replace(at, from.size(), to);
}

std::string messageOf(const std::string& text) {
  try {
    const ProjectData p = parseProject(QByteArray::fromStdString(text), "p.ebproj.json", "/projects");
    documentStateFromProject(p, 1);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

struct Row {
  const char* what;
  std::string text;
  std::string expected;  ///< exact message; "" = accepted
};

TEST(ProjectFile, HostileInputsGetTheirExactOneLineMessage) {
  const std::vector<Row> rows = {
      {"valid", project(), ""},
      {"CRLF line ends", [] {
         std::string s = project(), out;
         for (char c : s) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
         return out;
       }(), ""},
      {"UTF-8 BOM", "\xEF\xBB\xBF" + project(), ""},
      {"empty file", "", "p.ebproj.json: empty file (a project is a JSON object)"},
      {"only white space", " \r\n\t\n", "p.ebproj.json: empty file (a project is a JSON object)"},
      {"binary garbage", std::string("\x00\xFF\x13\x80garbage", 11), "p.ebproj.json: line 1, column 2: illegal value"},
      {"truncated", project().substr(0, 150), "p.ebproj.json: line 2, column 72: unterminated string"},
      {"not an object", "[1, 2]", "p.ebproj.json: expected a JSON object"},
      {"wrong format", R"({"format": "excitebench-params", "version": 1})",
       "p.ebproj.json: /format: expected \"excitebench-project\""},
      {"newer version", R"({"format": "excitebench-project", "version": 2})",
       "p.ebproj.json: /version: expected 1, found 2"},
      {"unknown key with a newline", R"({"format": "excitebench-project", "version": 1, "a\nb": 1})",
       "p.ebproj.json: /a\\nb: unknown key"},
      {"robot not an object", R"({"format": "excitebench-project", "version": 1, "robot": "panda"})",
       "p.ebproj.json: /robot: missing robot object"},
      {"spec not a string", replaced(project(), R"({"spec": "planar2r"})", R"({"spec": 7})"),
       "p.ebproj.json: /robot/spec: expected a string"},
      {"number beyond a double", replaced(project(), R"("period": 8)", R"("period": 1e400)"),
       "p.ebproj.json: line 2, column 123: illegal number"},
      {"unknown criterion", project(R"({"criterion": "det"})"),
       "p.ebproj.json: /settings/criterion: unknown criterion 'det': expected cond, logdet, aopt or eopt"},
      {"zero starts", project(R"({"optimizer_starts": 0})"),
       "p.ebproj.json: /settings/optimizer_starts: expected a whole number from 1 to 256"},
      {"negative time limit", project(R"({"optimizer_time_limit": -3})"),
       "p.ebproj.json: /settings/optimizer_time_limit: expected 0 to 86400 s"},
      {"sample rate as text", project(R"({"sample_rate": "500"})"),
       "p.ebproj.json: /settings/sample_rate: expected a number"},
      {"automatic sample rate", project(R"({"sample_rate": 0})"), ""},
      {"negative sample rate", project(R"({"sample_rate": -1})"),
       "p.ebproj.json: /settings/sample_rate: expected 0 (automatic) <= rate <= 100000 Hz"},
      {"rest_to_rest as a number", project(R"({"rest_to_rest": 1})"),
       "p.ebproj.json: /settings/rest_to_rest: expected true or false"},
      {"unknown setting", project(R"({"speed": 1})"), "p.ebproj.json: /settings/speed: unknown key"},
      {"amplitude / phase view", project(R"({"edit_as": "amplitude_phase"})"), ""},
      {"unknown edit mode", project(R"({"edit_as": "spline"})"),
       "p.ebproj.json: /settings/edit_as: expected \"fourier_ab\", \"amplitude_phase\" or \"multisine\""},
      {"multi-sine view of a Fourier series", project(R"({"edit_as": "multisine"})"),
       "p.ebproj.json: /settings/edit_as: \"multisine\" does not edit a fourier excitation"},
      {"band upside down", project(R"({"multisine_min_frequency": 0.6, "multisine_max_frequency": 0.5})"),
       "p.ebproj.json: /settings/multisine_max_frequency: expected more than multisine_min_frequency (0.6 Hz)"},
      {"grid period zero", project(R"({"multisine_period_grid": 0})"),
       "p.ebproj.json: /settings/multisine_period_grid: expected 0.1 to 3600 s"},
      {"snap as text", project(R"({"multisine_snap": "yes"})"),
       "p.ebproj.json: /settings/multisine_snap: expected true or false"},
      {"frequency optimization as a number", project(R"({"multisine_optimize_frequencies": 1})"),
       "p.ebproj.json: /settings/multisine_optimize_frequencies: expected true or false"},
      {"frequency optimization on", project(R"({"multisine_optimize_frequencies": true})"), ""},
      {"bad excitation", replaced(project(), R"("period": 8)", R"("period": -1)"),
       "p.ebproj.json /excitation: /period: must be > 0, found -1"},
      {"excitation for another robot", project("{}", "panda"),
       "p.ebproj.json: /excitation/joints: 2 joints but robot 'panda' has 7"},
      {"joint names of another robot", project("{}", "planar2r", "", R"("shoulder", "elbow")"),
       "p.ebproj.json: /excitation/joints/0/name: 'shoulder' but the robot's joint 1 is 'joint1'"},
      {"missing robot file", project("{}", "robots/none.urdf"),
       "p.ebproj.json: /robot/spec: unknown robot '/projects/robots/none.urdf': not a built-in (planar2r, snake:N, "
       "panda, ur5) and no such file"},
  };
  for (const Row& row : rows) {
    const std::string got = messageOf(row.text);
    EXPECT_EQ(got, row.expected) << row.what;
    EXPECT_EQ(got.find('\n'), std::string::npos) << row.what;
  }
}

// Locking joint 7 of the built-in panda: 6 DOF, the user's limits and the excitation of the
// free joints kept; saved as /robot/locked_joints and read back the same; exports see 7 joints.
TEST(ProjectFile, LockedJointsSurviveARoundTrip) {
  auto panda = std::make_shared<const RobotModel>(builtinRobot("panda"));
  DocumentState s;
  s.robot = s.originalRobot = panda;
  s.source = {"panda", {}};
  FourierTrajectory edited = defaultExcitation(*panda);
  edited.mutableA()(5, 2) = 0.125;
  s.excitation = edited;
  const DocumentState locked = withJointLocks(s, locksAfterEdit(s, "panda_joint7", true, 0.3), 2);
  ASSERT_EQ(locked.robot->dof(), 6);
  EXPECT_EQ(fullModel(locked).dof(), 7);
  EXPECT_EQ(trajectoryDof(locked.excitation), 6);
  EXPECT_EQ(std::get<FourierTrajectory>(locked.excitation).a()(5, 2), 0.125);
  ASSERT_EQ(locked.source.locks.size(), 1u);
  EXPECT_EQ(locked.source.locks[0].value, 0.3);
  const QByteArray text = formatProject(locked);
  EXPECT_TRUE(text.contains("\"locked_joints\"")) << text.toStdString();
  const DocumentState back = documentStateFromProject(parseProject(text, "p", "/"), 3);
  EXPECT_EQ(back.robot->dof(), 6);
  EXPECT_EQ(fullModel(back).dof(), 7);
  EXPECT_TRUE(back.source == locked.source);
  EXPECT_TRUE(sameTrajectory(back.excitation, locked.excitation));
  // Exports: joint 7 constant at its value, the others as edited.
  const FourierTrajectory full = std::get<FourierTrajectory>(fullExcitation(back));
  ASSERT_EQ(full.dof(), 7);
  EXPECT_EQ(full.offsets()[6], 0.3);
  EXPECT_EQ(full.a().row(6).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(full.a()(5, 2), 0.125);
  EXPECT_EQ(fullJoints(back).size(), 7u);
  // Freeing it again: 7 DOF, joint 7 at rest where it was held.
  const DocumentState freed = withJointLocks(back, locksAfterEdit(back, "panda_joint7", false, 0.0), 4);
  EXPECT_EQ(freed.robot->dof(), 7);
  EXPECT_EQ(trajectoryOffsets(freed.excitation)[6], 0.3);
  EXPECT_TRUE(freed.source.locks.empty());
  // A lock with no value rests at the joint's offset (clamped into its limits).
  const DocumentState atOffset = withJointLocks(s, locksAfterEdit(s, "panda_joint4", true, std::nan("")), 5);
  EXPECT_EQ(atOffset.source.locks[0].value, trajectoryOffsets(s.excitation)[3]);
}

TEST(ProjectFile, BadLockedJointsNameTheField) {
  const std::string base = project("{}");
  EXPECT_EQ(messageOf(replaced(base, R"("spec": "planar2r"})", R"("spec": "planar2r", "locked_joints": 3})")),
            "p.ebproj.json: /robot/locked_joints: expected an array");
  EXPECT_EQ(messageOf(replaced(base, R"("spec": "planar2r"})",
                               R"("spec": "planar2r", "locked_joints": [{"name": "joint2", "value": "x"}]})")),
            "p.ebproj.json: /robot/locked_joints/0/value: expected a number [rad or m]");
  EXPECT_EQ(messageOf(replaced(base, R"("spec": "planar2r"})",
                               R"("spec": "planar2r", "locked_joints": [{"name": "elbow", "value": 0}]})")),
            "p.ebproj.json: /robot/locked_joints: planar2r: locked joint 'elbow': no such moving joint (mimic "
            "joints follow their leader)");
  // planar2r with joint 2 locked has one joint: the two-joint excitation no longer fits.
  EXPECT_EQ(messageOf(replaced(base, R"("spec": "planar2r"})",
                               R"("spec": "planar2r", "locked_joints": [{"name": "joint2", "value": 0}]})")),
            "p.ebproj.json: /excitation/joints: 2 joints but robot 'planar2r' has 1");
}

TEST(ProjectFile, AFileWithoutEditModeOpensInFourierAB) {
  const ProjectData p = parseProject(QByteArray::fromStdString(project()), "old.ebproj.json", "/");
  EXPECT_TRUE(std::holds_alternative<FourierTrajectory>(p.excitation));
  EXPECT_TRUE(p.settings.editMode == EditMode::FourierAB);
  EXPECT_EQ(p.settings.multisine.periodGrid, kMultisineSnapPeriodSpec.defaultValue);
}

TEST(ProjectFile, AMultisineDesignAndItsEditModeSurviveARoundTripExactly) {
  auto planar = std::make_shared<const RobotModel>(builtinRobot("planar2r"));
  DocumentState s;
  s.robot = s.originalRobot = planar;
  s.source = {"planar2r", {}};
  s.excitation = MultisineTrajectory(12.5, 1.0 / 3.0, Eigen::Vector2d(0.1, -0.2),
                                     {{{0.1, 0.2, 0.3}, {0.05, 0.4 + 1e-3, -1.0 / 7.0}}, {{0.2, 0.8, 0.0}}});
  s.settings.editMode = EditMode::Multisine;
  s.settings.multisine = {0.15, 0.95, 2.5, false};
  const QByteArray text = formatProject(s);
  EXPECT_TRUE(text.contains("\"edit_as\": \"multisine\""));
  EXPECT_TRUE(text.contains("\"type\": \"multisine\""));
  const DocumentState back = documentStateFromProject(parseProject(text, "p", "/"), 3);
  EXPECT_TRUE(sameTrajectory(back.excitation, s.excitation));
  EXPECT_TRUE(back.settings == s.settings);
  // A multi-sine project without "edit_as" (written by hand, or by the CLI) opens in the multi-sine editor.
  QByteArray noMode = text;
  noMode.replace("\"edit_as\": \"multisine\",", "");
  EXPECT_TRUE(parseProject(noMode, "p", "/").settings.editMode == EditMode::Multisine);
  EXPECT_THROW(
      parseProject(QByteArray(text).replace("\"edit_as\": \"multisine\"", "\"edit_as\": \"fourier_ab\""), "p", "/"),
      InputError);
}

TEST(ProjectFile, SettingsAndLimitsSurviveARoundTripExactly) {
  auto panda = std::make_shared<const RobotModel>(builtinRobot("panda"));
  DocumentState s;
  s.originalRobot = panda;
  std::vector<JointLimits> limits;
  for (const Joint& j : panda->joints()) limits.push_back(j.limits);
  limits[2].upper = 0.1 + 0.2;  // not a short decimal
  s.robot = std::make_shared<const RobotModel>(panda->withJointLimits(limits));
  s.source = {"panda", {}};
  FourierTrajectory f = defaultExcitation(*panda);
  f.mutableB()(1, 3) = 1.0 / 3.0;
  s.excitation = f;
  s.settings.evaluation.sampleRate = 333.25;
  s.settings.evaluation.limitScale.position = 0.9;  // the dock's "Position range used", saved with the limits
  s.settings.criterion = ExcitationCriterion::EOpt;
  s.settings.optimizerStarts = 7;
  s.settings.optimizerTimeLimit = 2.5;
  s.settings.restToRest = false;
  s.settings.editMode = EditMode::AmplitudePhase;
  const DocumentState back = documentStateFromProject(parseProject(formatProject(s), "p", "/"), 9);
  EXPECT_TRUE(sameTrajectory(back.excitation, s.excitation));
  EXPECT_TRUE(back.settings == s.settings);
  EXPECT_EQ(back.settings.evaluation.sampleRate, 333.25);
  EXPECT_EQ(back.settings.evaluation.limitScale.position, 0.9);
  EXPECT_TRUE(sameLimits(*back.robot, *s.robot));
  EXPECT_EQ(back.robot->joint(2).limits.upper, 0.1 + 0.2);
  EXPECT_EQ(back.robotKey, 9u);
}

class ProjectFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("eb_project_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_, fs::perms::owner_all, ec);
    fs::remove_all(dir_, ec);
  }
  std::string readError(const std::string& path) {
    try {
      readProject(QString::fromStdString(path));
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
  fs::path dir_;
};

TEST_F(ProjectFiles, DevicesAndHugeFilesAreRefusedWithoutReadingThem) {
  EXPECT_EQ(readError("/dev/zero"), "/dev/zero: not a regular file");
  const fs::path huge = dir_ / "huge.ebproj.json";
  { std::ofstream(huge) << "{"; }
  fs::resize_file(huge, 100ll << 20);  // sparse: 100 MiB without writing them
  EXPECT_EQ(readError(huge.string()), huge.string() + ": 104857600 bytes, a project file is at most 67108864");
  EXPECT_EQ(readError((dir_ / "none.ebproj.json").string()),
            (dir_ / "none.ebproj.json").string() + ": cannot open: No such file or directory");
}

TEST_F(ProjectFiles, RelativeRobotPathsResolveAgainstTheProjectFolder) {
  const fs::path file = dir_ / "p.ebproj.json";
  { std::ofstream(file) << project("{}", "robots/arm.urdf"); }
  EXPECT_EQ(readProject(QString::fromStdString(file.string())).source.spec.toStdString(),
            (dir_ / "robots/arm.urdf").string());
}

DocumentState planarState() {
  auto planar = std::make_shared<const RobotModel>(builtinRobot("planar2r"));
  DocumentState s;
  s.robot = s.originalRobot = planar;
  s.source = {"planar2r", {}};
  s.excitation = defaultExcitation(*planar);
  return s;
}

TEST_F(ProjectFiles, APathBelowAFileIsRefusedWithOneLine) {
  const fs::path file = dir_ / "notes.txt";
  { std::ofstream(file) << "old"; }
  try {
    writeProject(QString::fromStdString((file / "p.ebproj.json").string()), planarState());
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind((file / "p.ebproj.json").string() + ": ", 0), 0u) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos);
  }
  EXPECT_EQ(fs::file_size(file), 3u);
}

TEST_F(ProjectFiles, AnUnwritablePathKeepsTheOldFile) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only folders";
  const fs::path file = dir_ / "p.ebproj.json";
  { std::ofstream(file) << "old"; }
  fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
  try {
    writeProject(QString::fromStdString(file.string()), planarState());
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind(file.string() + ": ", 0), 0u) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos);
  }
  fs::permissions(dir_, fs::perms::owner_all);
  std::ifstream in(file);
  std::string content;
  std::getline(in, content);
  EXPECT_EQ(content, "old");
}

}  // namespace
}  // namespace eb::project
