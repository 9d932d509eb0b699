// --lock JOINT=VALUE: a joint held still is a fixed joint in every command that loads a
// robot. design -> simulate -> identify -> validate on the UR5 with its wrist 3 locked
// stays a 5-joint chain; validating without the lock is refused naming the joint; a
// malformed or impossible lock is one line naming the argument or the joint.

#include "cli_runner.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

using eb::test::readText;
using eb::test::runCli;
using eb::test::tempDir;

namespace {

const std::string kLock = "wrist_3_joint=0.3";

TEST(CliJointLocks, ALockedJointLeavesDesignIdentificationAndValidation) {
  const auto dir = tempDir("joint_locks");
  const std::string ex = (dir / "excitation.json").string(), log = (dir / "log.csv").string(),
                    params = (dir / "params.json").string();
  auto r = runCli({"info", "ur5", "--lock", kLock});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("dof: 5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("base parameters: 29 rigid-body"), std::string::npos) << r.out;  // 36 with the wrist free
  EXPECT_NE(r.err.find("locked wrist_3_joint at 0.3: 6 -> 5 DOF"), std::string::npos) << r.err;

  r = runCli({"design", "ur5", "--lock", kLock, "--out", ex, "--starts", "1", "--max-evaluations", "40",
              "--time-limit", "0"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json design = nlohmann::json::parse(readText(ex));
  EXPECT_EQ(design.at("joints").size(), 5u);
  r = runCli({"simulate", "ur5", ex, "--lock", kLock, "--out", log, "--rate", "250", "--noise-torque", "0.02"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string header = readText(log).substr(0, readText(log).find('\n'));
  EXPECT_NE(header.find("tau5"), std::string::npos) << header;
  EXPECT_EQ(header.find("tau6"), std::string::npos) << header;

  r = runCli({"identify", "ur5", log, "--lock", kLock, "--out", params, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(readText(params)).at("joints").size(), 5u);
  r = runCli({"validate", "ur5", params, log, "--lock", kLock});
  ASSERT_EQ(r.status, 0) << r.err;

  // The robot without the lock is another robot for the parameters: refused, naming the joint.
  r = runCli({"validate", "ur5", params, log});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("not in the file: wrist_3_joint"), std::string::npos) << r.err;
}

TEST(CliJointLocks, BadLocksAreOneLineNamingTheArgumentOrJoint) {
  auto r = runCli({"info", "ur5", "--lock", "wrist_3_joint"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--lock 'wrist_3_joint': expected JOINT=VALUE"), std::string::npos) << r.err;
  r = runCli({"info", "ur5", "--lock", "wrist_3_joint=abc"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--lock 'wrist_3_joint=abc'"), std::string::npos) << r.err;
  r = runCli({"info", "ur5", "--lock", "no_such_joint=0"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("'no_such_joint': no such moving joint"), std::string::npos) << r.err;
  r = runCli({"info", "ur5", "--lock", "wrist_3_joint=7"});  // limits +-6.283
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("outside its limits"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;  // one line
}

}  // namespace
