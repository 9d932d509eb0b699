// Friction-model comparison on simulated logs whose friction is known: a robot
// with smooth Coulomb friction tanh(qd / 0.05) is told apart from sign(qd), its
// width found on the grid, and on a log with plain Coulomb friction the richer
// models gain nothing on the held-out seconds.
#include "excitation/default_excitation.hpp"
#include "identification/friction_comparison.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/experiment_simulator.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

#include <cstdio>

using namespace eb;
using eb::test::TempFile;

namespace {

FrictionComparison compareOn(double coulombWidth) {
  const RobotModel model = builtinRobot("panda");
  SimulationSettings s;
  s.noiseTorque = 0.05;
  s.noisePosition = 1e-5;
  s.seed = 3;
  s.coulombWidth = coulombWidth;
  const SimulatedLog log = simulateExperiment(model, Trajectory(defaultExcitation(model, 10.0, 5)), s);
  TempFile file(formatSimulatedLogCsv(log), ".csv");
  return compareFrictionModels(model, {file.path()}, IdentificationSettings{});
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
