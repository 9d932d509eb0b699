// Friction-model comparison on simulated logs whose friction is known: a robot
// with smooth Coulomb friction tanh(qd / 0.05) is told apart from sign(qd), its
// width found on the grid, a width between grid values found by the refinement,
// on a log with plain Coulomb friction the richer models gain nothing on the
// held-out seconds, a validation log is scored without being fitted, and logs
// in another CSV layout, each read with its own import options, score as the same data.
#include "excitation/default_excitation.hpp"
#include "identification/friction_comparison.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/experiment_simulator.hpp"
#include "simulation/simulated_log_csv.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>

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

// The simulator's CSV (header "t, q1.., tau1.., qd1.., qdd1..") without its header, time moved to
// the last column, semicolons between fields and decimal commas: what `sameDataOptions` reads.
std::string otherLayout(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, out;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::size_t comma = line.find(',');
    std::string row = line.substr(comma + 1) + "," + line.substr(0, comma);
    for (char& c : row) c = c == ',' ? ';' : (c == '.' ? ',' : c);
    out += row + "\n";
  }
  return out;
}

LogImportOptions sameDataOptions(int dof) {
  const std::string n = std::to_string(dof);
  LogImportOptions o;
  o.columnLayout = "q1..q" + n + ", tau1..tau" + n + ", qd1..qd" + n + ", qdd1..qdd" + n + ", t";
  o.format = CsvFormat{';', ',', false};
  return o;
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

TEST(FrictionComparison, LogsReadWithTheirOwnOptionsScoreAsTheSameData) {
  const RobotModel model = builtinRobot("panda");
  const std::string a = formatSimulatedLogCsv(simulate(0.05, 6.0, 4, 3));
  const std::string b = formatSimulatedLogCsv(simulate(0.05, 6.0, 4, 4));
  const std::string c = formatSimulatedLogCsv(simulate(0.05, 5.0, 3, 5));
  TempFile aFile(a, ".csv"), bFile(b, ".csv"), cFile(c, ".csv");
  TempFile bOther(otherLayout(b), ".csv"), cOther(otherLayout(c), ".csv");
  const LogImportOptions own = sameDataOptions(model.dof());
  const IdentificationSettings settings;
  const FrictionComparison same =
      compareFrictionModels(model, {aFile.path(), bFile.path()}, settings, {}, {cFile.path()});
  const FrictionComparison mixed = compareFrictionModels(model, {aFile.path(), LogInput(bOther.path(), own)}, settings,
                                                         {}, {LogInput(cOther.path(), own)});
  EXPECT_EQ(mixed.trainingSamples, same.trainingSamples);
  EXPECT_EQ(mixed.heldOutSamples, same.heldOutSamples);
  ASSERT_EQ(mixed.models.size(), same.models.size());
  EXPECT_EQ(mixed.best, same.best);
  for (std::size_t m = 0; m < same.models.size(); ++m) {
    const FrictionModelScore &x = mixed.models[m], &y = same.models[m];
    EXPECT_NEAR(x.score, y.score, 1e-12 * y.score) << y.name;
    EXPECT_LT((x.heldOutNrmse - y.heldOutNrmse).norm(), 1e-9 * y.heldOutNrmse.norm()) << y.name;
    for (std::size_t j = 0; j < y.parameter.size(); ++j) {
      if (std::isfinite(y.parameter[j])) {
        EXPECT_EQ(x.parameter[j], y.parameter[j]) << y.name << " joint " << j + 1;
      }
    }
  }
  ASSERT_EQ(mixed.notes.size(), 3u);
  EXPECT_EQ(mixed.notes[1].rfind(bOther.path() + ": ", 0), 0u) << mixed.notes[1];
  EXPECT_EQ(mixed.notes[2].rfind(cOther.path() + ": validation only", 0), 0u) << mixed.notes[2];
  // The settings' options (a header, commas) cannot read the other layout: the options above were needed.
  const std::string message = eb::test::messageOf<InputError>([&] {
    compareFrictionModels(model, {aFile.path(), bOther.path()}, settings);
  });
  EXPECT_EQ(message.rfind(bOther.path() + ": ", 0), 0u) << message;
}
