// Logs in another convention than the description's: a driver's reversed torque sign, swapped
// torque columns. `simulate` makes each on purpose; identify refuses strongly reversed
// gravity-loaded joints until the sign is stated, `--torque-sign` (or a mapping file's
// "torque_signs") gives back the original log's estimate exactly, validate says why the
// figures are absurd. On the real KUKA LWR4 log with every effort column negated, the warning
// names the seven joints and the flip gives the original estimate.
#include "cli_fixtures.hpp"
#include "cli_runner.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using eb::test::readText;
using eb::test::runCli;
using eb::test::tempDir;
using eb::test::writeDefaultExcitation;

namespace {

// The base parameter values of a params.json.
std::vector<double> baseValues(const std::string& path) {
  const auto j = nlohmann::json::parse(readText(path));
  std::vector<double> out;
  for (const auto& p : j.at("base_parameters")) out.push_back(p.at("value").get<double>());
  return out;
}

void expectSameValues(const std::vector<double>& a, const std::vector<double>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k], b[k]) << "base parameter " << k;
}

// `in` with every column whose header ends in `suffix` negated (text kept otherwise).
void negateColumns(const std::string& in, const std::string& out, const std::string& suffix) {
  std::ifstream src(in);
  std::ofstream dst(out);
  std::string line;
  std::getline(src, line);
  dst << line << "\n";
  std::vector<bool> negate;
  std::stringstream header(line);
  for (std::string name; std::getline(header, name, ',');)
    negate.push_back(name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0);
  while (std::getline(src, line)) {
    std::stringstream row(line);
    std::size_t k = 0;
    for (std::string field; std::getline(row, field, ','); ++k) {
      if (k > 0) dst << ",";
      if (k < negate.size() && negate[k]) dst << (field[0] == '-' ? field.substr(1) : "-" + field);
      else dst << field;
    }
    dst << "\n";
  }
}

}  // namespace

TEST(CliConventions, ReversedTorqueIsRefusedUntilTheSignIsStated) {
  const auto dir = tempDir("cli_conventions");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "log.csv").string(), reversed = (dir / "reversed.csv").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--noise-torque", "0.05"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"simulate", "ur5", ex, "--out", reversed, "--noise-torque", "0.05", "--reverse-torque", "2,3"});
  ASSERT_EQ(r.status, 0) << r.err;

  const std::string original = (dir / "original.json").string(), flipped = (dir / "flipped.json").string();
  r = runCli({"identify", "ur5", log, "--out", original, "--method", "ols"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("torque sign"), std::string::npos) << r.out;

  // Shoulder lift and elbow carry the arm: a mirrored fit of them is refused, in one line.
  r = runCli({"identify", "ur5", reversed, "--out", flipped, "--method", "ols"});
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(reversed + ": torque sign: gravity-loaded joints 2 (shoulder_lift_joint) and 3 (elbow_joint)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--torque-sign 1,-1,-1,1,1,1 to flip"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(flipped));

  // Stated, the flip gives the original log's estimate exactly.
  r = runCli({"identify", "ur5", reversed, "--out", flipped, "--method", "ols", "--torque-sign", "1,-1,-1,1,1,1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("torque sign"), std::string::npos) << r.out;
  expectSameValues(baseValues(flipped), baseValues(original));

  // Taken as logged (the user says the description is what is wrong): accepted, with the warning.
  r = runCli({"identify", "ur5", reversed, "--out", flipped, "--method", "ols", "--torque-sign", "1,1,1,1,1,1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("warning: " + reversed + ": torque sign: joints 2 (shoulder_lift_joint) and 3 (elbow_joint)"),
            std::string::npos)
      << r.out;

  // A mapping file states the signs as the flag does.
  const std::string mapping = (dir / "mapping.json").string();
  {
    std::ofstream m(mapping);
    m << R"({"format": "excitebench-log-mapping", "version": 1, "columns": "t,q1..q6,tau1..tau6,_*12",)"
      << R"( "torque_signs": [1, -1, -1, 1, 1, 1]})";
  }
  r = runCli({"identify", "ur5", reversed, "--out", flipped, "--method", "ols", "--mapping", mapping});
  ASSERT_EQ(r.status, 0) << r.err;
  expectSameValues(baseValues(flipped), baseValues(original));

  // validate says why the description's own figures are absurd on the reversed log.
  r = runCli({"validate", "ur5", original, reversed});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("torque sign: joints 2 (shoulder_lift_joint) and 3 (elbow_joint) log torque with the opposite"),
            std::string::npos)
      << r.out;

  r = runCli({"identify", "ur5", reversed, "--out", flipped, "--torque-sign", "1,-1,2,1,1,1"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--torque-sign: joint 3: 2 is not 1 or -1"), std::string::npos) << r.err;
}

TEST(CliConventions, SwappedTorqueColumnsAreNamed) {
  const auto dir = tempDir("cli_swapped");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "swapped.csv").string(), params = (dir / "p.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--noise-torque", "0.05", "--swap-torque", "2,3"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "ur5", log, "--out", params, "--method", "ols"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("joint order: the torques of joints 2 (shoulder_lift_joint) and 3 (elbow_joint) fit the "
                       "description better swapped"),
            std::string::npos)
      << r.out;
}

TEST(CliConventions, CurrentsReadAsTorquesAreAScaleError) {
  const auto dir = tempDir("cli_currents");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "currents.csv").string(), params = (dir / "p.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--noise-torque", "0.01", "--duration", "6",
                   "--torque-constants", "0.1,0.1,0.1,0.2,0.2,0.2"});
  ASSERT_EQ(r.status, 0) << r.err;
  // The current columns read as torques, as a mapping that forgot the constants would.
  r = runCli({"identify", "ur5", log, "--out", params, "--method", "ols", "--columns", "t,q1..q6,tau1..tau6,_*12"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("torque scale: joints 1 (shoulder_pan_joint), 2 (shoulder_lift_joint), 3 (elbow_joint)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("joint 2 10 x"), std::string::npos) << r.out;  // 1 / 0.1 N m/A
  EXPECT_NE(r.out.find("currents without --torque-constants?"), std::string::npos) << r.out;
  // With the constants, nothing is left to say.
  r = runCli({"identify", "ur5", log, "--out", params, "--method", "ols", "--columns", "t,q1..q6,i1..i6,_*12",
              "--torque-constants", "0.1,0.1,0.1,0.2,0.2,0.2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("torque scale"), std::string::npos) << r.out;
}

TEST(CliConventions, RealKukaLogWithNegatedEffortsIsNamedAndFlippedBack) {
  const std::string kuka = std::string(eb::test_paths::kSharedRealLogsDir) + "/kuka_lwr4";
  if (!std::filesystem::exists(kuka + "/measurements_1.csv")) GTEST_SKIP() << kuka << " not present";
  const auto dir = tempDir("cli_kuka_negated");
  const std::string urdf = kuka + "/kuka_lwr4.urdf", m1 = kuka + "/measurements_1.csv";
  const std::string negated = (dir / "negated.csv").string();
  negateColumns(m1, negated, "/effort");
  const std::string original = (dir / "original.json").string(), flipped = (dir / "flipped.json").string();
  auto r = runCli({"identify", urdf, m1, "--out", original, "--method", "ols"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("torque sign"), std::string::npos) << r.out;

  r = runCli({"identify", urdf, negated, "--out", flipped, "--method", "ols"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("torque sign: gravity-loaded joints"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--torque-sign -1,-1,-1,-1,-1,-1,-1 to flip"), std::string::npos) << r.err;

  r = runCli({"identify", urdf, negated, "--out", flipped, "--method", "ols", "--torque-sign", "1,1,1,1,1,1,1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("torque sign: joints 1 (lwr_0_joint), 2 (lwr_1_joint), 3 (lwr_2_joint), 4 (lwr_3_joint), 5 "
                       "(lwr_4_joint), 6 (lwr_5_joint) and 7 (lwr_6_joint) log torque with the opposite sign"),
            std::string::npos)
      << r.out;

  r = runCli({"identify", urdf, negated, "--out", flipped, "--method", "ols", "--torque-sign", "-1,-1,-1,-1,-1,-1,-1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("torque sign"), std::string::npos) << r.out;
  expectSameValues(baseValues(flipped), baseValues(original));
}
