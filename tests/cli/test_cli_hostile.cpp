// Hostile inputs through the real binary: every refusal is exit status 1 and
// exactly one line on stderr ("excitebench-cli: <file>: <place>: <what>"), and
// no output file is left behind. The engine-level table of bad files is in
// tests/engine/io/test_hostile_inputs.cpp; these rows are the ones that need
// the whole command (estimation, dynamics, writing the result).
#include "cli_runner.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

using eb::test::runCli;
using eb::test::tempDir;

namespace {

void writeFile(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

// A planar2r log (t, q, qd, qdd, tau) in which joint 2 never moves: the
// regression cannot separate the parameters that only its motion excites.
std::string logWithJoint2Still() {
  std::string s = "t,q1,q2,qd1,qd2,qdd1,qdd2,tau1,tau2\n";
  for (int i = 0; i < 400; ++i) {
    const double t = i * 0.01;
    s += std::to_string(t) + "," + std::to_string(std::sin(t)) + ",0.3," + std::to_string(std::cos(t)) + ",0," +
         std::to_string(-std::sin(t)) + ",0," + std::to_string(1.0 + std::sin(2 * t)) + ",0.5\n";
  }
  return s;
}

TEST(CliHostile, RankDeficientTrajectoryIsRefusedWithTheConditionNumber) {
  const auto dir = tempDir("hostile_rank");
  const std::string log = (dir / "still.csv").string(), params = (dir / "params.json").string();
  writeFile(log, logWithJoint2Still());
  const auto r = runCli({"identify", "planar2r", log, "--out", params, "--use-logged-derivatives", "--quiet"});
  EXPECT_EQ(r.status, 1);
  // "cond(Phi_b) = <inf or a number above the limit> (limit 1e+08); the trajectory does not excite <names>".
  const std::string head = "excitebench-cli: " + log + ": regression is rank deficient or ill-conditioned: cond(Phi_b) = ";
  const std::string limit = " (limit 1e+08); the trajectory does not excite ";
  ASSERT_EQ(r.err.rfind(head, 0), 0u) << r.err;
  const size_t end = r.err.find(limit);
  ASSERT_NE(end, std::string::npos) << r.err;
  const std::string cond = r.err.substr(head.size(), end - head.size());
  EXPECT_TRUE(cond == "inf" || std::stod(cond) > 1e8) << cond;
  EXPECT_GT(r.err.size(), end + limit.size() + 1) << "the weakest parameters are named";
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line";
  EXPECT_FALSE(std::filesystem::exists(params));
}

TEST(CliHostile, TorquesThatOverflowNameTheInputSample) {
  const auto dir = tempDir("hostile_overflow");
  const std::string traj = (dir / "traj.csv").string(), out = (dir / "tau.csv").string();
  writeFile(traj, "t,q1,q2,qd1,qd2,qdd1,qdd2\n0,0,0,0,0,0,0\n0.01,0,0,1e308,1e308,0,0\n");
  const auto r = runCli({"torques", "planar2r", "--in", traj, "--out", out});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "excitebench-cli: " + traj +
                       ": sample 2 (t = 0.01 s): the joint torques are not finite (q, qd or qdd too large for the "
                       "robot)\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(CliHostile, InfeasibleLimitsNameTheViolationAndKeepTheOldExcitation) {
  // Every link origin above z = 5 m: no motion of the planar arm (base at z = 0) can satisfy it.
  const auto dir = tempDir("hostile_infeasible");
  const std::string out = (dir / "excitation.json").string();
  const std::string kept = (dir / "excitation.infeasible.json").string();
  writeFile(out, "previous good design\n");
  // --period 10: the CLI's default before one default was declared for the CLI and the workbench (5 s).
  const auto r = runCli({"design", "planar2r", "--out", out, "--keep-out", "5", "--max-evaluations", "40",
                         "--time-limit", "0", "--starts", "1", "--period", "10"});
  EXPECT_EQ(r.status, 1);
  const std::string last = r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1);
  EXPECT_EQ(last, "excitebench-cli: design: no trajectory within the limits; best found: keep-out: lowest point 0 m "
                  "beyond limit 5 m by 5 m at t = 0 s (0 s to 10 s); it was written to " +
                      kept + ", " + out + " is unchanged\n");
  std::ifstream in(out);
  std::string content;
  std::getline(in, content);
  EXPECT_EQ(content, "previous good design");
  EXPECT_TRUE(std::filesystem::exists(kept));
}

TEST(CliHostile, DiskFullAndMissingFolderAreOneLine) {
  const auto dir = tempDir("hostile_write");
  const std::string traj = (dir / "traj.csv").string();
  writeFile(traj, "t,q1,q2,qd1,qd2,qdd1,qdd2\n0,0,0,0,0,0,0\n0.01,0.1,0,1,0,0,0\n");
  auto r = runCli({"torques", "planar2r", "--in", traj, "--out", "/dev/full"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "excitebench-cli: /dev/full: cannot write: No space left on device\n");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/full"));
  const std::string missing = (dir / "no" / "tau.csv").string();
  r = runCli({"torques", "planar2r", "--in", traj, "--out", missing});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "excitebench-cli: " + missing + ": cannot write: directory " + (dir / "no").string() +
                       " does not exist\n");
}

TEST(CliHostile, BadLogsAreOneLineNamingFileLineAndColumn) {
  const auto dir = tempDir("hostile_logs");
  const std::string params = (dir / "params.json").string();
  struct Case {
    std::string name, content, message;
  } cases[] = {
      {"empty.csv", "", "no data lines found (empty file or only comments)"},
      {"dup.csv", "t,q1,q1,tau1,tau2\n0,0,0,0,0\n", "line 1: column 'q1' appears twice in the header (columns 2 and 3)"},
      {"nan.csv", "t,q1,q2,tau1,tau2\n0,0,0,0,0\n0.01,nan,0,0,0\n", "line 3: column 'q1': value 'nan' is not finite"},
      // Time in the wrong unit (1 ns steps read as seconds): refused before the filter needs gigabytes.
      {"nanoseconds.csv", [] {
         std::string text = "t,q1,q2,tau1,tau2\n";
         for (int i = 0; i < 300; ++i) text += std::to_string(i) + "e-9," + std::to_string(std::sin(i / 30.0)) + ",0,1,2\n";
         return text;
       }(),
       "cutoff 5 Hz is more than 200000 times below the sample rate 1e+09 Hz (is the time column in seconds?)"},
      // Finite but absurd: refused at its line, not answered with "non-finite parameters" after the regression.
      {"huge.csv", "t,q1,q2,tau1,tau2\n0,0,0,0,0\n0.01,0,0,1e308,0\n",
       "line 3: column 'tau1': value 1e+308 is beyond 1e+12 (not a plausible joint signal; a corrupted row?)"},
  };
  for (const Case& c : cases) {
    const std::string log = (dir / c.name).string();
    writeFile(log, c.content);
    const auto r = runCli({"identify", "planar2r", log, "--out", params, "--quiet"});
    EXPECT_EQ(r.status, 1) << c.name;
    EXPECT_EQ(r.err, "excitebench-cli: " + log + ": " + c.message + "\n");
    EXPECT_FALSE(std::filesystem::exists(params)) << c.name;
  }
}

}  // namespace
