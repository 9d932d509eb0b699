// Friction-model comparison on simulated logs whose friction is known: a robot
// with smooth Coulomb friction tanh(qd / 0.05) is told apart from sign(qd), its
// width found on the grid, a width between grid values found by the refinement,
// on a log with plain Coulomb friction the richer models gain nothing on the
// held-out seconds, and a validation log is scored without being fitted.
#include "excitation/default_excitation.hpp"
#include "identification/friction_comparison.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/experiment_simulator.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

using namespace eb;
using eb::test::TempFile;

namespace {

SimulatedLog simulate(double coulombWidth, double period, int harmonics, unsigned seed) {
  const RobotModel model = builtinRobot("panda");
  SimulationSettings s;
  s.noiseTorque = 0.05;
  s.noisePosition = 1e-5;
  s.seed = seed;
  s.coulombWidth = coulombWidth;
  return simulateExperiment(model, Trajectory(defaultExcitation(model, period, harmonics)), s);
}

FrictionComparison compareOn(double coulombWidth) {
  TempFile file(formatSimulatedLogCsv(simulate(coulombWidth, 10.0, 5, 3)), ".csv");
  return compareFrictionModels(builtinRobot("panda"), {file.path()}, IdentificationSettings{});
}

const FrictionModelScore& named(const FrictionComparison& c, const std::string& name) {
  for (const FrictionModelScore& m : c.models)
    if (m.name == name) return m;
  throw std::runtime_error("no model " + name);
}

void print(const FrictionComparison& c, const char* what) {
  for (const FrictionModelScore& m : c.models) {
    std::printf("[ %-8s ] %-38s %8.4g:", what, m.name.c_str(), m.score);
    for (Eigen::Index j = 0; j < m.heldOutNrmse.size(); ++j) std::printf(" %.3f", m.heldOutNrmse[j]);
    if (!m.parameterName.empty()) {
      std::printf("; %s", m.parameterName.c_str());
      for (double p : m.parameter) std::printf(" %g", p);
    }
    std::printf("\n");
  }
}

}  // namespace

TEST(FrictionComparison, SmoothCoulombIsFoundWithItsWidth) {
  const FrictionComparison c = compareOn(0.05);
  print(c, "tanh");
  ASSERT_EQ(c.models.size(), 5u);
  EXPECT_GT(c.heldOutSamples, 1500);
  EXPECT_EQ(c.models[static_cast<std::size_t>(c.best)].name, "viscous + smooth Coulomb tanh(qd/w)");
  const FrictionModelScore& smooth = named(c, "viscous + smooth Coulomb tanh(qd/w)");
  const FrictionModelScore& sign = named(c, "viscous + Coulomb");
  EXPECT_LT(smooth.score, 0.8 * sign.score);
  int atTruth = 0;
  for (double w : smooth.parameter) atTruth += w == 0.05 ? 1 : 0;
  EXPECT_GE(atTruth, 5) << "joints whose width is the simulated 0.05 rad/s";
  // Friction matters: viscous alone predicts worse on every joint.
  const FrictionModelScore& viscous = named(c, "viscous");
  for (Eigen::Index j = 0; j < 7; ++j) EXPECT_LT(smooth.heldOutNrmse[j], viscous.heldOutNrmse[j]) << "joint " << j + 1;
}

TEST(FrictionComparison, PlainCoulombGainsNothingFromRicherModels) {
  const FrictionComparison c = compareOn(0.0);
  print(c, "sign");
  const double best = c.models[static_cast<std::size_t>(c.best)].score;
  EXPECT_LE(named(c, "viscous + Coulomb").score, 1.01 * best);
  EXPECT_GT(named(c, "viscous").score, 2.0 * best);
}

TEST(FrictionComparison, WidthBetweenGridValuesIsRefined) {
  // 0.03 rad/s lies between the first grid's 0.02 and 0.05: the zoom passes must find it.
  const FrictionComparison c = compareOn(0.03);
  print(c, "tanh .03");
  const FrictionModelScore& smooth = named(c, "viscous + smooth Coulomb tanh(qd/w)");
  int close = 0;
  for (double w : smooth.parameter) close += std::abs(w / 0.03 - 1.0) < 0.1 ? 1 : 0;
  EXPECT_GE(close, 5) << "joints whose width is within 10 % of the simulated 0.03 rad/s";
}

TEST(FrictionComparison, ValidationLogIsScoredNotFitted) {
  const RobotModel model = builtinRobot("panda");
  TempFile train(formatSimulatedLogCsv(simulate(0.05, 10.0, 5, 3)), ".csv");
  const SimulatedLog otherLog = simulate(0.05, 6.0, 4, 4);  // another trajectory
  TempFile other(formatSimulatedLogCsv(otherLog), ".csv");
  const FrictionComparison alone = compareFrictionModels(model, {train.path()}, IdentificationSettings{});
  const FrictionComparison both =
      compareFrictionModels(model, {train.path()}, IdentificationSettings{}, {}, {other.path()});
  EXPECT_EQ(both.trainingSamples, alone.trainingSamples);
  // Every sample of the validation log that survives preprocessing (the edges are trimmed).
  const long added = both.heldOutSamples - alone.heldOutSamples;
  EXPECT_GT(added, static_cast<long>(0.95 * static_cast<double>(otherLog.t.size())));
  EXPECT_LE(added, static_cast<long>(otherLog.t.size()));
  ASSERT_EQ(both.notes.size(), 2u);
  EXPECT_NE(both.notes[1].find("validation only"), std::string::npos);
  // The fit is the training log's alone: the same friction widths.
  EXPECT_EQ(named(both, "viscous + smooth Coulomb tanh(qd/w)").parameter,
            named(alone, "viscous + smooth Coulomb tanh(qd/w)").parameter);
  EXPECT_EQ(both.models[static_cast<std::size_t>(both.best)].name, "viscous + smooth Coulomb tanh(qd/w)");
}
