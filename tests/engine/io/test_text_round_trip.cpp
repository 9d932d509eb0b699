// Numbers round-trip bit for bit through the text formats that had no such
// test of their own: params.json (written and read back), params.yaml (the
// written text, read with from_chars) and the numeric CSV tables the CLI
// writes (torques, simulated logs). Trajectory CSV and excitation.json have
// theirs in trajectory_csv_test.cpp and excitation_json_test.cpp.

#include "logs/csv_table.hpp"
#include "io/matrix_csv.hpp"
#include "io/params_file.hpp"
#include "model/builtin_robots.hpp"
#include "util/input_error.hpp"

#include "io_test_support.hpp"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <random>

namespace eb {
namespace {

using test::bits;
using test::nastyDouble;
using test::ScratchDir;

Eigen::VectorXd nastyVector(std::mt19937_64& rng, Eigen::Index n) {
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = nastyDouble(rng);
  return v;
}

// Parameters of planar2r (rigid body + viscous + Coulomb) with awkward values.
IdentifiedParameters nastyParameters(const RobotModel& model, std::mt19937_64& rng) {
  RegressorOptions options;
  options.viscous = options.coulomb = true;
  options.coulombWidth = 0.010000000000000002;
  const BaseParameters base = computeBaseParameters(model, options);
  BaseEstimate e;
  e.values = nastyVector(rng, base.rank);
  e.stddev = nastyVector(rng, base.rank).cwiseAbs();
  e.relativeStddev = nastyVector(rng, base.rank).cwiseAbs();
  e.residualRms = nastyVector(rng, model.dof()).cwiseAbs();
  e.noiseStd = nastyVector(rng, model.dof()).cwiseAbs();
  e.condition = 12.345678901234567;
  e.samples = 123456789;
  e.fullParameters = nastyVector(rng, base.columnCount);
  return makeIdentifiedParameters("planar2r", model, base, e, {"log a.csv", "b.csv"});
}

TEST(TextRoundTrip, ParamsJsonReadsBackBitForBit) {
  const RobotModel model = builtinRobot("planar2r");
  ScratchDir dir;
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    const IdentifiedParameters p = nastyParameters(model, rng);
    writeParamsFile(dir.file("params.json"), p, model);
    const IdentifiedParameters q = readParamsJson(dir.file("params.json"));
    EXPECT_TRUE(test::bitwiseEqual(q.values, p.values)) << "seed " << seed;
    EXPECT_TRUE(test::bitwiseEqual(q.stddev, p.stddev)) << "seed " << seed;
    EXPECT_TRUE(test::bitwiseEqual(q.relativeStddev, p.relativeStddev)) << "seed " << seed;
    EXPECT_TRUE(test::bitwiseEqual(q.residualRms, p.residualRms)) << "seed " << seed;
    ASSERT_TRUE(q.fullParameters.has_value());
    EXPECT_TRUE(test::bitwiseEqual(*q.fullParameters, *p.fullParameters)) << "seed " << seed;
    EXPECT_EQ(bits(q.options.coulombWidth), bits(p.options.coulombWidth));
    EXPECT_EQ(q.samples, p.samples);
    EXPECT_EQ(q.sources, p.sources);
    EXPECT_EQ(q.names, p.names);
    EXPECT_EQ(q.expressions, p.expressions);
  }
}

TEST(TextRoundTrip, ParamsJsonKeepsTheRicherFrictionShapes) {
  // Per direction Coulomb, per joint widths and Stribeck velocities come back bit for bit and
  // rebuild the same base parameters; a width count that does not fit the joints is refused
  // with the file and the field named.
  const RobotModel model = builtinRobot("planar2r");
  ScratchDir dir;
  RegressorOptions options;
  options.viscous = options.coulomb = options.asymmetricCoulomb = options.stribeck = true;
  options.coulombWidths = {0.010000000000000002, 0.0};
  options.stribeckVelocities = {0.05, 0.30000000000000004};
  const BaseParameters base = computeBaseParameters(model, options);
  std::mt19937_64 rng(3);
  BaseEstimate e;
  e.values = nastyVector(rng, base.rank);
  e.stddev = nastyVector(rng, base.rank).cwiseAbs();
  e.relativeStddev = e.stddev;
  e.residualRms = e.noiseStd = Eigen::VectorXd::Ones(model.dof());
  const IdentifiedParameters p = makeIdentifiedParameters("planar2r", model, base, e, {"a.csv"});
  writeParamsFile(dir.file("params.json"), p, model);
  const IdentifiedParameters q = readParamsJson(dir.file("params.json"));
  EXPECT_TRUE(q.options == options);
  EXPECT_EQ(bits(q.options.coulombWidths[0]), bits(options.coulombWidths[0]));
  EXPECT_EQ(bits(q.options.stribeckVelocities[1]), bits(options.stribeckVelocities[1]));
  const BaseParameters again = baseParametersFor(model, q, dir.file("params.json"));
  EXPECT_EQ(again.rank, base.rank);
  EXPECT_EQ(again.columnNames, base.columnNames);

  std::string text = test::readAll(dir.file("params.json"));
  const std::string key = "\"stribeck_velocities\": [";
  const auto at = text.find(key);
  ASSERT_NE(at, std::string::npos);
  text.insert(at + key.size(), "0.1, ");
  test::writeText(dir.file("bad.json"), text);
  try {
    readParamsJson(dir.file("bad.json"));
    ADD_FAILURE() << "three Stribeck velocities for two joints were accepted";
  } catch (const InputError& err) {
    EXPECT_NE(std::string(err.what()).find("bad.json: regressor: 3 Stribeck velocities for 2 joints"),
              std::string::npos)
        << err.what();
  }
}

// The written YAML scalar, read as a double the exact way (not through a stream).
double exactNumber(const YAML::Node& n) {
  const std::string& s = n.Scalar();
  double x = 0.0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), x);
  EXPECT_TRUE(r.ec == std::errc() && r.ptr == s.data() + s.size()) << "'" << s << "' is not a plain number";
  return x;
}

TEST(TextRoundTrip, ParamsYamlWritesEveryNumberExactly) {
  const RobotModel model = builtinRobot("planar2r");
  ScratchDir dir;
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    const IdentifiedParameters p = nastyParameters(model, rng);
    writeParamsFile(dir.file("params.yaml"), p, model);
    const YAML::Node y = YAML::LoadFile(dir.file("params.yaml"));
    ASSERT_EQ(y["base_parameters"].size(), static_cast<size_t>(p.values.size()));
    for (size_t k = 0; k < y["base_parameters"].size(); ++k) {
      const YAML::Node b = y["base_parameters"][k];
      EXPECT_EQ(bits(exactNumber(b["value"])), bits(p.values[static_cast<Eigen::Index>(k)])) << "seed " << seed;
      EXPECT_EQ(bits(exactNumber(b["std"])), bits(p.stddev[static_cast<Eigen::Index>(k)])) << "seed " << seed;
    }
    for (size_t c = 0; c < y["standard_parameters"].size(); ++c)
      EXPECT_EQ(bits(exactNumber(y["standard_parameters"][c]["value"])),
                bits((*p.fullParameters)[static_cast<Eigen::Index>(c)]));
    for (size_t j = 0; j < y["residual_rms"].size(); ++j)
      EXPECT_EQ(bits(exactNumber(y["residual_rms"][j])), bits(p.residualRms[static_cast<Eigen::Index>(j)]));
    EXPECT_EQ(bits(exactNumber(y["regressor"]["coulomb_width"])), bits(p.options.coulombWidth));
    EXPECT_EQ(bits(exactNumber(y["condition"])), bits(p.condition));
  }
}

TEST(TextRoundTrip, NumericCsvTablesReadBackBitForBit) {
  // formatMatrixCsv writes the torques and the simulated logs; readCsvTable is the log reader.
  std::mt19937_64 rng(3);
  Eigen::MatrixXd values(200, 5);
  for (Eigen::Index r = 0; r < values.rows(); ++r)
    for (Eigen::Index c = 0; c < values.cols(); ++c) values(r, c) = nastyDouble(rng);
  ScratchDir dir;
  test::writeText(dir.file("table.csv"), formatMatrixCsv({"t", "tau1", "tau2", "tau3", "tau4"}, values));
  const CsvTable table = readCsvTable(dir.file("table.csv"));
  EXPECT_EQ(table.columns, (std::vector<std::string>{"t", "tau1", "tau2", "tau3", "tau4"}));
  EXPECT_TRUE(test::bitwiseEqual(table.values, values));
}

}  // namespace
}  // namespace eb
