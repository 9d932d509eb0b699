// simulate --payload -> identify-payload -> identify-gains through the real
// binary: on noise-free logs a known payload and known drive gains come back to
// round-off; bad payload files and impossible requests get one line naming them.
#include "cli_fixtures.hpp"
#include "cli_runner.hpp"

#include "io/params_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace eb;
using eb::test::runCli;
using eb::test::tempDir;

namespace {

// 1.5 kg, off-centre, with products of inertia; on the Panda's last link.
std::string writePayload(const std::filesystem::path& dir, const std::string& name, const std::string& body) {
  const std::string path = (dir / name).string();
  std::ofstream(path) << body;
  return path;
}

const char* kPayload =
    R"({"link": "panda_link7", "mass": 1.5, "com": [0.02, -0.03, 0.06],
        "inertia_com": [6e-3, 4e-4, -3e-4, 8e-3, 2e-4, 5e-3]})";

}  // namespace

TEST(CliPayload, NoiseFreePayloadAndGainsComeBack) {
  const auto dir = tempDir("payload");
  const std::string ex = eb::test::writeDefaultExcitation(dir, "panda");
  const std::string payload = writePayload(dir, "known.json", kPayload);
  const std::string loaded = (dir / "loaded.csv").string(), unloaded = (dir / "unloaded.csv").string();
  auto r = runCli({"simulate", "panda", ex, "--out", loaded, "--payload", payload, "--rate", "500"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"simulate", "panda", ex, "--out", unloaded, "--rate", "500"});
  ASSERT_EQ(r.status, 0) << r.err;

  const std::string estimate = (dir / "payload.json").string(), urdf = (dir / "payload.urdf").string();
  r = runCli({"identify-payload", "panda", loaded, "--unloaded", unloaded, "--out", estimate, "--urdf", urdf,
              "--use-logged-derivatives"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("physically consistent: yes"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(eb::test::readText(estimate));
  EXPECT_EQ(j["format"], "excitebench-payload");
  EXPECT_EQ(j["link"], "panda_link7");
  EXPECT_NEAR(j["mass"].get<double>(), 1.5, 1e-7);
  const double com[3] = {0.02, -0.03, 0.06};
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(j["com"][k].get<double>(), com[k], 1e-8) << k;
  const double inertia[6] = {6e-3, 4e-4, -3e-4, 8e-3, 2e-4, 5e-3};
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(j["inertia_com"][k].get<double>(), inertia[k], 1e-8) << k;
  EXPECT_TRUE(j["physically_consistent"].get<bool>());
  const std::string fragment = eb::test::readText(urdf);
  EXPECT_NE(fragment.find("<parent link=\"panda_link7\"/>"), std::string::npos) << fragment;
  EXPECT_NE(fragment.find("<mass value=\"1.5"), std::string::npos) << fragment;

  // The estimate reads back as a known payload: drive gains from current logs.
  const std::string cl = (dir / "current_loaded.csv").string(), cu = (dir / "current_unloaded.csv").string();
  const std::string constants = "2.1,3.4,1.7,2.6,0.9,1.2,0.6";
  r = runCli({"simulate", "panda", ex, "--out", cl, "--payload", estimate, "--rate", "500", "--torque-constants",
              constants});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"simulate", "panda", ex, "--out", cu, "--rate", "500", "--torque-constants", constants});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string gains = (dir / "gains.json").string(), params = (dir / "params.json").string();
  r = runCli({"identify-gains", "panda", cl, "--unloaded", cu, "--payload", estimate, "--out", gains, "--params-out",
              params, "--use-logged-derivatives"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("--torque-constants 2.1,3.4,1.7,2.6,0.9,1.2,0.6"), std::string::npos) << r.out;
  const auto g = nlohmann::json::parse(eb::test::readText(gains));
  const double truth[7] = {2.1, 3.4, 1.7, 2.6, 0.9, 1.2, 0.6};
  ASSERT_EQ(g["joints"].size(), 7u);
  for (int k = 0; k < 7; ++k) EXPECT_NEAR(g["joints"][k]["gain"].get<double>() / truth[k], 1.0, 1e-6) << k;
  // The robot's parameters come out in torque units, ready for validate.
  const IdentifiedParameters p = readParamsJson(params);
  EXPECT_EQ(p.method, "wls");
  EXPECT_EQ(p.jointNames.size(), 7u);
}

TEST(CliPayload, BadRequestsAreRefusedInOneLine) {
  const auto dir = tempDir("payload_bad");
  const std::string ex = eb::test::writeDefaultExcitation(dir, "panda");
  const std::string negative =
      writePayload(dir, "negative.json", R"({"mass": -1, "com": [0, 0, 0], "inertia_com": [1, 0, 0, 1, 0, 1]})");
  const std::string log = (dir / "log.csv").string();
  auto r = runCli({"simulate", "panda", ex, "--out", log, "--payload", negative});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("negative.json: mass:"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;

  const std::string shortCom = writePayload(dir, "short.json", R"({"mass": 1, "com": [0, 0], "inertia_com": [1, 0, 0, 1, 0, 1]})");
  r = runCli({"simulate", "panda", ex, "--out", log, "--payload", shortCom});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("short.json: com: must be 3 numbers"), std::string::npos) << r.err;

  r = runCli({"simulate", "panda", ex, "--out", log, "--rate", "250"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify-payload", "panda", log, "--link", "no_such_link", "--out", (dir / "p.json").string()});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("no link 'no_such_link'"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "p.json"));

  const std::string known = writePayload(dir, "known.json", kPayload);
  r = runCli({"identify-payload", "panda", log, "--unloaded", log, "--params", known, "--out",
              (dir / "p.json").string()});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("not both"), std::string::npos) << r.err;
}

TEST(CliPayload, TheEstimateIsConsistentAndAnInconsistentOneIsNeverAUrdf) {
  // A 0.5 kg point-like load (inertia about its COM zero) behind 0.3 N m of torque noise:
  // least squares scatters its principal moments around zero, some negative.
  const auto dir = tempDir("payload_consistent");
  const std::string ex = eb::test::writeDefaultExcitation(dir, "panda");
  const std::string point = writePayload(
      dir, "point.json",
      R"({"link": "panda_link7", "mass": 0.5, "com": [0, 0.01, 0.04], "inertia_com": [0, 0, 0, 0, 0, 0]})");
  const std::string log = (dir / "loaded.csv").string();
  auto r = runCli({"simulate", "panda", ex, "--out", log, "--payload", point, "--rate", "500", "--noise-torque", "0.3",
                   "--seed", "3"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string lsJson = (dir / "ls.json").string(), lsUrdf = (dir / "ls.urdf").string();
  r = runCli({"identify-payload", "panda", log, "--out", lsJson, "--urdf", lsUrdf, "--unconstrained"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("ls.urdf: not written: the least-squares payload is not physically consistent"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(lsUrdf));

  const std::string json = (dir / "payload.json").string(), urdf = (dir / "payload.urdf").string();
  r = runCli({"identify-payload", "panda", log, "--out", json, "--urdf", urdf});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("physically consistent: yes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("least-squares estimate before the constraints"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(eb::test::readText(json));
  EXPECT_TRUE(j["physically_consistent"].get<bool>());
  EXPECT_NEAR(j["mass"].get<double>(), 0.5, 3.0 * j["mass_std"].get<double>());
  EXPECT_TRUE(std::filesystem::exists(urdf));

  // Mass and COM only, inside a 6 cm box at the flange: the inertia is the box's.
  r = runCli(
      {"identify-payload", "panda", log, "--out", json, "--mass-com-only", "--bounds", "-0.03,-0.03,0,0.03,0.03,0.06"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("mass and centre of mass only"), std::string::npos) << r.out;
  const auto b = nlohmann::json::parse(eb::test::readText(json));
  const double m = b["mass"].get<double>();
  EXPECT_NEAR(b["inertia_com"][0].get<double>(), m * (0.06 * 0.06 + 0.06 * 0.06) / 12.0, 1e-9);
  EXPECT_LE(b["com"][2].get<double>(), 0.06);

  r = runCli({"identify-payload", "panda", log, "--out", json, "--bounds", "0,0,0.1"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--bounds"), std::string::npos) << r.err;  // CLI11's own message
  r = runCli({"identify-payload", "panda", log, "--out", json, "--bounds", "0,0,0.1,0.1,0.1,0", "--mass-com-only"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("payload bounds"), std::string::npos) << r.err;
}
