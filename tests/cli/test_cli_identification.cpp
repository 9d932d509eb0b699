// simulate -> identify -> validate -> torques --params -> export through the
// real binary: noise-free parameters come back exactly, predictions match the
// log, bad logs are refused with a one-line message.
#include "cli_fixtures.hpp"
#include "cli_runner.hpp"

#include "excitation/default_excitation.hpp"
#include "dynamics/base_parameters.hpp"
#include "io/excitation_json.hpp"
#include "io/params_file.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/experiment_simulator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

using namespace eb;
using eb::test::runCli;
using eb::test::tempDir;

using eb::test::writeDefaultExcitation;

TEST(CliIdentification, NoiseFreeRoundTrip) {
  const auto dir = tempDir("ident");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "log.csv").string(), params = (dir / "params.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--rate", "500"});
  ASSERT_EQ(r.status, 0) << r.err;
  // Least squares (not the default auto): exact on noise-free data, and its base parameters
  // cannot make a URDF (below).
  r = runCli({"identify", "ur5", log, "--out", params, "--use-logged-derivatives", "--quiet", "--method", "ols"});
  ASSERT_EQ(r.status, 0) << r.err;

  // Compare with the simulated robot's true base parameters.
  const RobotModel model = builtinRobot("ur5");
  const IdentifiedParameters p = readParamsJson(params);
  const BaseParameters base = baseParametersFor(model, p, params);
  Eigen::VectorXd fv, fc;
  defaultFriction(model, fv, fc);
  const Eigen::VectorXd truth = base.baseFromFull(regressorParameters(model, base.options, fv, fc));
  ASSERT_EQ(p.values.size(), truth.size());
  for (Eigen::Index k = 0; k < truth.size(); ++k) {
    const double scale = std::max(std::abs(truth[k]), 1e-3 * truth.cwiseAbs().maxCoeff());
    EXPECT_LT(std::abs(p.values[k] - truth[k]) / scale, 1e-6) << p.names[static_cast<size_t>(k)];
  }

  r = runCli({"validate", "ur5", params, log, "--use-logged-derivatives", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = nlohmann::json::parse(r.out);
  for (const auto& joint : v["joints"]) EXPECT_LT(joint["nrmse_percent"].get<double>(), 1e-4);

  const std::string yaml = (dir / "params.yaml").string();
  r = runCli({"export", params, "--robot", "ur5", "--out", yaml});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(eb::test::readText(yaml).find("base_parameters:"), std::string::npos);
  // Base parameters only: a URDF needs the consistent estimate.
  r = runCli({"export", params, "--robot", "ur5", "--out", (dir / "x.urdf").string()});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--method consistent"), std::string::npos) << r.err;
}

// identify --json (what the Python module's identify returns): the file's content plus the run's
// notes and warnings, and the file written all the same.
TEST(CliIdentification, IdentifyJsonIsTheParamsFileWithTheRunsNotes) {
  const auto dir = tempDir("ident_json");
  const std::string ex = writeDefaultExcitation(dir, "planar2r");
  const std::string log = (dir / "log.csv").string(), params = (dir / "params.json").string();
  auto r = runCli({"simulate", "planar2r", ex, "--out", log, "--rate", "500"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "planar2r", log, "--out", params, "--method", "ols", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto printed = nlohmann::json::parse(r.out);
  const auto file = nlohmann::json::parse(eb::test::readText(params));
  for (const auto& [key, value] : file.items()) EXPECT_EQ(printed.at(key), value) << key;
  EXPECT_EQ(printed.size(), file.size() + 3);
  EXPECT_TRUE(printed.at("notes").is_array());
  EXPECT_TRUE(printed.at("warnings").is_array());
  EXPECT_TRUE(printed.at("friction_note").is_string());
}

TEST(CliIdentification, NoisyLogWithDifferentiation) {
  const auto dir = tempDir("ident_noisy");
  const std::string ex = writeDefaultExcitation(dir, "panda");
  const std::string log = (dir / "log.csv").string(), params = (dir / "params.json").string();
  auto r = runCli({"simulate", "panda", ex, "--out", log, "--noise-torque", "0.05", "--noise-position", "1e-5"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "panda", log, "--out", params, "--method", "wls"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("identified 57 base parameters"), std::string::npos) << r.out;
  r = runCli({"validate", "panda", params, log, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = nlohmann::json::parse(r.out);
  // The residual is at the noise level (0.05 N m) plus what filtering leaves.
  for (const auto& joint : v["joints"]) EXPECT_LT(joint["rmse"].get<double>(), 0.1) << joint.dump();
}

TEST(CliIdentification, DriftCheckOnASteadyLogAndTooShortAWindow) {
  // Two periods of the default excitation (the simulated robot's friction does not change):
  // every joint steady, the windows cover the log, and a window that leaves fewer than three
  // is refused in one line.
  const auto dir = tempDir("drift");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "log.csv").string(), params = (dir / "params.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--rate", "200", "--noise-torque", "0.05", "--duration", "30"});
  ASSERT_EQ(r.status, 0) << r.err;
  // OLS: unbiased, so a steady log leaves no trend in its residual (a prior's bias could).
  r = runCli({"identify", "ur5", log, "--out", params, "--quiet", "--method", "ols"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"validate", "ur5", params, log, "--json", "--drift-window", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = nlohmann::json::parse(r.out);
  ASSERT_TRUE(v.contains("drift")) << r.out;
  const auto& windows = v["drift"]["windows"];
  ASSERT_GE(windows.size(), 6u);
  long samples = 0;
  for (const auto& w : windows) samples += w["samples"].get<long>();
  EXPECT_EQ(samples, v["samples"].get<long>());
  for (const auto& joint : v["drift"]["joints"]) {
    EXPECT_FALSE(joint["drifted"].get<bool>()) << joint.dump();
    EXPECT_LT(std::abs(joint["change"].get<double>()), 0.1 * joint["residual_rms"].get<double>() + 1e-12)
        << joint.dump();
  }
  r = runCli({"validate", "ur5", params, log, "--drift-window", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("drift check: residual (measured - predicted) per 5 s window"), std::string::npos) << r.out;
  r = runCli({"validate", "ur5", params, log, "--drift-window", "20"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("log.csv: --drift-window: 2 windows of 20 s"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CliIdentification, ClosedLoopTrackingWithTheIdentifiedModel) {
  // Identified from a simulated log, the model tracks the excitation and the logged motion on
  // the simulated robot within the 0.01 rad bar. The plant is the description with simulate's
  // friction (the motion is the log the model was identified on, or an excitation): the
  // description's model, given that friction, tracks it by construction, and the verdict says
  // so. A second log makes the default plant its consistent estimate. A plant must be a
  // consistent estimate, said in one line.
  const auto dir = tempDir("closed_loop");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "log.csv").string(), params = (dir / "params.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--rate", "500", "--noise-torque", "0.02", "--duration", "6"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "ur5", log, "--out", params, "--quiet", "--use-logged-derivatives", "--method", "ols"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const std::string& motion : {ex, log}) {
    r = runCli({"closed-loop", "ur5", params, motion, "--json", "--control-rate", "500", "--duration", "4",
                "--use-logged-derivatives"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto v = nlohmann::json::parse(r.out);
    EXPECT_NEAR(v["duration"].get<double>(), 4.0, 1e-9) << motion;
    EXPECT_LT(v["identified"]["max_error"].get<double>(), 0.01) << r.out;
    EXPECT_TRUE(v["identified"]["within_bar"].get<bool>()) << r.out;
    EXPECT_EQ(v["plant"], "the robot description with simulate's default friction") << r.out;
    EXPECT_EQ(v["plant_kind"], "description");
    EXPECT_EQ(v["identified_given"], "");
    EXPECT_EQ(v["robots_own_given"], "the plant's friction");
    EXPECT_LT(v["robots_own"]["max_error"].get<double>(), v["identified"]["max_error"].get<double>()) << r.out;
    EXPECT_NE(v["verdict"].get<std::string>().find("by construction"), std::string::npos) << r.out;
    ASSERT_EQ(v["identified"]["joints"].size(), 6u);
    for (const auto& j : v["identified"]["joints"]) {
      EXPECT_LE(j["rms_error"].get<double>(), j["max_error"].get<double>()) << j.dump();
      EXPECT_GT(j["torque_rms"].get<double>(), 0.0) << j.dump();
    }
  }
  r = runCli({"closed-loop", "ur5", params, ex, "--control-rate", "500", "--duration", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("identified model: worst error"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("robot description's model + the plant's friction: worst error"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("within the 0.01 rad bar"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Plant: the robot description with simulate's default friction. The description's "
                       "controller has that plant's own rigid-body model"),
            std::string::npos)
      << r.out;
  // A second log of the same robot: the default plant is its consistent estimate.
  const std::string second = (dir / "second.csv").string();
  r = runCli({"simulate", "ur5", ex, "--out", second, "--rate", "500", "--noise-torque", "0.02", "--duration", "3",
              "--seed", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"closed-loop", "ur5", params, second, "--json", "--control-rate", "500", "--duration", "2",
              "--use-logged-derivatives"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = nlohmann::json::parse(r.out);
  EXPECT_EQ(v["plant"], "a consistent estimate of second.csv (its friction and armature)") << r.out;
  EXPECT_EQ(v["plant_kind"], "estimate");
  EXPECT_LT(v["identified"]["max_error"].get<double>(), 0.01) << r.out;
  EXPECT_NE(v["verdict"].get<std::string>().find("It stands in for the robot as that log saw it"), std::string::npos);
  r = runCli({"closed-loop", "ur5", params, ex, "--plant", params});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("params.json: method 'ols' has no standard parameters"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CliIdentification, BadLogsAreRefused) {
  const auto dir = tempDir("ident_bad");
  const std::string params = (dir / "params.json").string();
  const std::string log = (dir / "bad.csv").string();
  {
    std::ofstream f(log);
    f << "t,q1,q2,tau1,tau2\n0,0,0,0,0\n0.001,0,nan,0,0\n";
  }
  auto r = runCli({"identify", "planar2r", log, "--out", params});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("bad.csv"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(params));
  r = runCli({"identify", "panda", log, "--out", params});  // 2 joints in the log, 7 in the robot
  EXPECT_NE(r.status, 0);
  EXPECT_FALSE(std::filesystem::exists(params));
}

TEST(CliIdentification, RicherFrictionIsChosenOnHeldOutDataAndPredictsAnotherTrajectory) {
  // The simulated arm has a Stribeck term (static friction above the Coulomb level near
  // standstill). --friction best compares the models on the held-out seconds, picks the
  // Stribeck one and writes it to params.json; validate and torques use it, and it predicts
  // another trajectory better than viscous + Coulomb on the joints where the term is large.
  const auto dir = tempDir("friction_models");
  const std::string train = (dir / "train.csv").string(), other = (dir / "other.csv").string();
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  ExcitationFile second;
  second.robot = "ur5";
  second.trajectory = defaultExcitation(builtinRobot("ur5"), 7.0, 4);
  const std::string ex2 = (dir / "other.json").string();
  writeExcitationJson(ex2, second);
  const std::vector<std::string>& drives = eb::test::kGearedStribeckDrives;
  std::vector<std::string> args = {"simulate", "ur5", ex, "--out", train, "--duration", "15"};
  args.insert(args.end(), drives.begin(), drives.end());
  auto r = runCli(args);
  ASSERT_EQ(r.status, 0) << r.err;
  args = {"simulate", "ur5", ex2, "--out", other, "--seed", "2"};
  args.insert(args.end(), drives.begin(), drives.end());
  r = runCli(args);
  ASSERT_EQ(r.status, 0) << r.err;

  const std::string best = (dir / "best.json").string(), plain = (dir / "plain.json").string();
  r = runCli({"identify", "ur5", train, "--out", best, "--friction", "best", "--armature"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("friction: viscous + Coulomb + Stribeck, the best of 5 models"), std::string::npos) << r.out;
  r = runCli({"identify", "ur5", train, "--out", plain, "--quiet", "--armature"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto params = nlohmann::json::parse(eb::test::readText(best));
  ASSERT_TRUE(params["regressor"].value("stribeck", false)) << params["regressor"].dump();
  ASSERT_EQ(params["regressor"]["stribeck_velocities"].size(), 6u);
  double fs1 = 0.0;
  for (const auto& row : params["friction"])
    if (row["joint"] == "shoulder_pan_joint" && row.contains("fs")) fs1 = row["fs"].template get<double>();
  EXPECT_NEAR(fs1, 4.0, 1.0) << params["friction"].dump();

  const auto nrmse = [&](const std::string& file) {
    const auto res = runCli({"validate", "ur5", file, other, "--json"});
    EXPECT_EQ(res.status, 0) << res.err;
    const auto v = nlohmann::json::parse(res.out);  // kept: a range-for over a temporary's member dangles
    std::vector<double> out;
    for (const auto& j : v["joints"]) out.push_back(j["nrmse_percent"].get<double>());
    return out;
  };
  const std::vector<double> withStribeck = nrmse(best), withoutIt = nrmse(plain);
  ASSERT_EQ(withStribeck.size(), 6u);
  ASSERT_EQ(withoutIt.size(), 6u);
  for (int j = 0; j < 3; ++j) EXPECT_LT(withStribeck[size_t(j)], withoutIt[size_t(j)]) << "joint " << j + 1;

  // torques --params predicts with the Stribeck term too.
  const std::string traj = (dir / "traj.csv").string(), tau = (dir / "tau.csv").string();
  r = runCli({"sample", ex2, "--out", traj, "--rate", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"torques", "ur5", "--in", traj, "--out", tau, "--params", best});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "ur5", train, "--out", plain, "--friction", "smooth", "--no-friction"});
  EXPECT_NE(r.status, 0);
}
