// `design --family multisine`: writes an excitation.json of type multisine that
// the other commands read back (sample, torques, simulate); the multi-sine
// flags are range-checked and refused with the other family.

#include "cli_runner.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <string>

using eb::test::readText;
using eb::test::runCli;
using eb::test::tempDir;

namespace {

int lineCount(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

TEST(CliDesignMultisine, WritesAMultisineThatSampleTorquesAndSimulateReadBack) {
  const auto dir = tempDir("design_multisine");
  const std::string out = (dir / "excitation.json").string();
  const auto r = runCli({"design", "panda", "--out", out, "--family", "multisine", "--components", "4",
                         "--duration", "8", "--ramp", "1.5", "--min-frequency", "0.125", "--max-frequency", "0.5",
                         "--frequency-grid", "8", "--starts", "1", "--max-evaluations", "60", "--time-limit", "0"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("multi-sine, 4 components in 0.125-0.5 Hz (frequencies on multiples of 1/8 s)"),
            std::string::npos)
      << r.out;
  const nlohmann::json j = nlohmann::json::parse(readText(out));
  EXPECT_EQ(j.at("type"), "multisine");
  EXPECT_TRUE(j.at("metrics").at("feasible").get<bool>());
  const double cond = j.at("metrics").at("cond").get<double>();
  EXPECT_GT(cond, 1.0);
  EXPECT_LT(cond, 1000.0);
  EXPECT_NE(r.out.find("feasible on a 1000 Hz grid"), std::string::npos) << r.out;

  const std::string traj = (dir / "traj.csv").string();
  auto s = runCli({"sample", out, "--out", traj, "--rate", "100"});
  ASSERT_EQ(s.status, 0) << s.err;
  const std::string csv = readText(traj);
  EXPECT_EQ(lineCount(csv), 1 + 801);  // header + 8 s at 100 Hz, both ends
  // The last row is at rest at t = 8 s: every qd and qdd is 0.
  const std::string last = csv.substr(csv.rfind('\n', csv.size() - 2) + 1);
  EXPECT_EQ(last.substr(0, 2), "8,");

  const std::string tau = (dir / "tau.csv").string();
  s = runCli({"torques", "panda", "--in", traj, "--out", tau});
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(lineCount(readText(tau)), 1 + 801);

  const std::string log = (dir / "log.csv").string();
  s = runCli({"simulate", "panda", out, "--out", log, "--rate", "200"});
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(lineCount(readText(log)), 1 + 1601);

  // The written design is a valid first start for another multi-sine run.
  const std::string again = (dir / "again.json").string();
  s = runCli({"design", "panda", "--out", again, "--family", "multisine", "--components", "4", "--duration", "8",
              "--ramp", "1.5", "--min-frequency", "0.125", "--frequency-grid", "8", "--initial", out, "--starts", "1",
              "--max-evaluations", "1", "--time-limit", "0"});
  ASSERT_EQ(s.status, 0) << s.err;
  const double condAgain = nlohmann::json::parse(readText(again)).at("metrics").at("cond").get<double>();
  EXPECT_NEAR(condAgain / cond, 1.0, 1e-6);
}

TEST(CliDesignMultisine, FlagsAreCheckedAndBelongToTheirFamily) {
  const auto dir = tempDir("design_multisine_flags");
  const std::string out = (dir / "excitation.json").string();
  auto r = runCli({"design", "panda", "--out", out, "--family", "multisine", "--harmonics", "3"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.substr(0, 57), "excitebench-cli: design: --harmonics is a Fourier setting");
  r = runCli({"design", "panda", "--out", out, "--components", "3"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "excitebench-cli: design: --components needs --family multisine\n");
  r = runCli({"design", "panda", "--out", out, "--family", "multisine", "--components", "0"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--components"), std::string::npos) << r.err;
  r = runCli({"design", "panda", "--out", out, "--family", "multisine", "--optimize-frequencies",
              "--frequency-grid", "10"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("excludes"), std::string::npos) << r.err;
  r = runCli({"design", "panda", "--out", out, "--family", "multisine", "--frequency-grid", "5"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "excitebench-cli: design: the band 0.1-0.5 Hz holds 2 multiples of 1/5 s, fewer than --components 5\n");
  r = runCli({"design", "panda", "--out", out, "--family", "multisine", "--ramp", "6"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "excitebench-cli: design: --ramp 6 s is more than half of --duration 10 s\n");
  r = runCli({"design", "panda", "--out", out, "--family", "sawtooth"});
  EXPECT_NE(r.status, 0);
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
