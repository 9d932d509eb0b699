// MATLAB log import: variables, struct fields, orientation, units and validation messages.

#include "logs/log_import.hpp"
#include "logs/mat_log_import.hpp"
#include "util/input_error.hpp"
#include "test_log_support.hpp"

#include <gtest/gtest.h>
#include <matio.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>

using namespace eb;
using eb::test::messageOf;
using eb::test::TempFile;
using eb::test::withDof;

namespace {

// Writes double matrices (column-major, as MATLAB stores them) to a v5 MAT file.
void writeMat(const std::string& path, const std::map<std::string, Eigen::MatrixXd>& variables) {
  mat_t* mat = Mat_CreateVer(path.c_str(), nullptr, MAT_FT_MAT5);
  ASSERT_NE(mat, nullptr);
  for (const auto& [name, value] : variables) {
    size_t dims[2] = {static_cast<size_t>(value.rows()), static_cast<size_t>(value.cols())};
    Eigen::MatrixXd copy = value;
    matvar_t* var = Mat_VarCreate(name.c_str(), MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, copy.data(), 0);
    ASSERT_NE(var, nullptr);
    Mat_VarWrite(mat, var, MAT_COMPRESSION_NONE);
    Mat_VarFree(var);
  }
  Mat_Close(mat);
}

// Writes a struct `log` with fields time and pos/torque (N x dof).
void writeStructMat(const std::string& path, const Eigen::VectorXd& t, const Eigen::MatrixXd& q,
                    const Eigen::MatrixXd& tau) {
  mat_t* mat = Mat_CreateVer(path.c_str(), nullptr, MAT_FT_MAT5);
  ASSERT_NE(mat, nullptr);
  size_t one[2] = {1, 1};
  const char* fields[] = {"time", "pos", "torque"};
  matvar_t* s = Mat_VarCreateStruct("log", 2, one, fields, 3);
  auto field = [&](const Eigen::MatrixXd& m) {
    size_t dims[2] = {static_cast<size_t>(m.rows()), static_cast<size_t>(m.cols())};
    return Mat_VarCreate(nullptr, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, const_cast<double*>(m.data()), MAT_F_DONT_COPY_DATA);
  };
  const Eigen::MatrixXd tm = t;
  Mat_VarSetStructFieldByName(s, "time", 0, field(tm));
  Mat_VarSetStructFieldByName(s, "pos", 0, field(q));
  Mat_VarSetStructFieldByName(s, "torque", 0, field(tau));
  Mat_VarWrite(mat, s, MAT_COMPRESSION_NONE);
  Mat_VarFree(s);
  Mat_Close(mat);
}

struct Signals {
  Eigen::VectorXd t;
  Eigen::MatrixXd q, qd, tau;
};

Signals makeSignals(int n, int dof) {
  Signals s;
  s.t = Eigen::VectorXd::LinSpaced(n, 0.0, (n - 1) * 0.004);
  s.q.resize(n, dof);
  s.qd.resize(n, dof);
  s.tau.resize(n, dof);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < dof; ++j) {
      s.q(i, j) = std::sin(0.01 * i + j);
      s.qd(i, j) = 2.5 * std::cos(0.01 * i + j);
      s.tau(i, j) = 3.0 * j - 0.1 * i;
    }
  return s;
}

}  // namespace

TEST(LogMatImport, DefaultVariables) {
  const Signals s = makeSignals(50, 3);
  TempFile file(".mat");
  writeMat(file.path(), {{"t", s.t}, {"q", s.q}, {"qd", s.qd}, {"tau", s.tau}});
  const ExperimentLog log = importLog(file.path(), withDof(3));  // chosen by the extension
  ASSERT_EQ(log.rows(), 50u);
  EXPECT_EQ(log.t, s.t);
  EXPECT_EQ(log.q, s.q);
  EXPECT_EQ(log.qd, s.qd);
  EXPECT_EQ(log.tau, s.tau);
  EXPECT_FALSE(log.hasAcceleration());
  const auto names = listMatVariables(file.path());
  EXPECT_EQ(names.size(), 4u);
}

TEST(LogMatImport, TransposedRowTimeStructFieldsAndUnits) {
  const Signals s = makeSignals(40, 2);
  TempFile file(".mat");
  // time as a row vector in ms, positions dof x N in degrees.
  writeMat(file.path(), {{"time_ms", Eigen::MatrixXd(s.t.transpose() * 1000.0 + Eigen::RowVectorXd::Constant(40, 5000.0))},
                         {"pos_deg", Eigen::MatrixXd(s.q.transpose() * 180.0 / M_PI)},
                         {"torque", s.tau}});
  LogImportOptions o = withDof(2);
  o.matVariables = {"time_ms", "pos_deg", "", "", "torque"};
  o.timeUnit = TimeUnit::Milliseconds;
  o.positionUnit = PositionUnit::Degree;
  const ExperimentLog log = importMatLog(file.path(), o);
  EXPECT_TRUE(log.t.isApprox(s.t, 1e-12));
  EXPECT_NEAR(log.timeOrigin, 5.0, 1e-12);
  EXPECT_TRUE(log.q.isApprox(s.q, 1e-12));
  ASSERT_FALSE(log.warnings.empty());
  EXPECT_MESSAGE_HAS(log.warnings[0].message, "pos_deg", "transposed");

  TempFile structFile(".mat");
  writeStructMat(structFile.path(), s.t, s.q, s.tau);
  o = withDof(2);
  o.matVariables = {"log.time", "log.pos", "", "", "log.torque"};
  const ExperimentLog fromStruct = importMatLog(structFile.path(), o);
  EXPECT_EQ(fromStruct.q, s.q);
  EXPECT_EQ(fromStruct.tau, s.tau);
}

TEST(LogMatImport, RepeatedStampsAreDroppedAndResetsSplit) {
  const Signals good = makeSignals(30, 2);
  Eigen::VectorXd t = good.t;
  t(12) = t(11);  // a repeated stamp at row 13
  t.tail(10).array() -= t(19);  // time goes back to 0 at row 21
  TempFile file(".mat");
  writeMat(file.path(), {{"t", t}, {"q", good.q}, {"tau", good.tau}});
  const ExperimentLog log = importMatLog(file.path(), withDof(2));
  EXPECT_EQ(log.rows(), 29u);
  EXPECT_EQ(log.timeBase.repeatedStamps, 1u);
  EXPECT_EQ(log.timeBase.resets, 1u);
  ASSERT_EQ(log.timeBase.segments.size(), 2u);
  EXPECT_EQ(log.timeBase.segments[1].line, 21u);
  for (Eigen::Index i = 1; i < log.t.size(); ++i) EXPECT_GT(log.t(i), log.t(i - 1));
}

TEST(LogMatImport, BadInputsNameFileRowAndColumn) {
  const Signals good = makeSignals(30, 2);
  struct Case {
    std::string name;
    std::map<std::string, Eigen::MatrixXd> vars;
    std::string row, column, what;
  };
  Eigen::MatrixXd nanQ = good.q;
  nanQ(7, 1) = std::numeric_limits<double>::quiet_NaN();
  const Case cases[] = {
      {"nan", {{"t", good.t}, {"q", nanQ}, {"tau", good.tau}}, "row 8", "column 'q(:,2)'", "NaN is not finite"},
      {"missing tau", {{"t", good.t}, {"q", good.q}}, "row 1", "column 'tau'", "not found"},
      {"joint count", {{"t", good.t}, {"q", good.q.leftCols(1)}, {"tau", good.tau}}, "row 1", "column 'q'",
       "1 joint columns but the robot has 2"},
      {"row count", {{"t", good.t}, {"q", good.q}, {"tau", good.tau.topRows(29)}}, "row 30", "column 'tau'",
       "29 rows"},
      {"too few", {{"t", good.t.head(5)}, {"q", good.q.topRows(5)}, {"tau", good.tau.topRows(5)}}, "row 5",
       "column 'q'", "only 5 samples"},
  };
  for (const Case& c : cases) {
    TempFile file(".mat");
    writeMat(file.path(), c.vars);
    SCOPED_TRACE("case: " + c.name);
    EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { importMatLog(file.path(), withDof(2)); }), file.path(), c.row,
                       c.column, c.what);
  }
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { importMatLog("/nonexistent.mat", withDof(2)); }), "/nonexistent.mat");
}

TEST(LogMatImport, GapsSplitTheLogAndSampleRateReplacesTime) {
  Signals s = makeSignals(30, 1);
  const double step = s.t(1) - s.t(0);
  s.t.tail(10).array() += 6 * step;  // 6 samples' worth of gap before row 21: beyond the 5-step threshold
  TempFile file(".mat");
  writeMat(file.path(), {{"t", s.t}, {"q", s.q}, {"tau", s.tau}});
  const ExperimentLog log = importMatLog(file.path(), withDof(1));
  EXPECT_TRUE(log.warnings.empty());
  ASSERT_EQ(log.timeBase.segments.size(), 2u);
  EXPECT_EQ(log.timeBase.segments[1].line, 21u);
  EXPECT_MESSAGE_HAS(log.timeBase.text(), "1 gap over 5 steps (longest", "at row 21)");

  TempFile noTime(".mat");
  writeMat(noTime.path(), {{"q", s.q}, {"tau", s.tau}});
  LogImportOptions o = withDof(1);
  EXPECT_THROW(importMatLog(noTime.path(), o), InputError);
  o.sampleRateHz = 200.0;
  EXPECT_NEAR(importMatLog(noTime.path(), o).t(29), 29 / 200.0, 1e-12);
}

TEST(LogMatImport, ImplausiblyLargeValuesAreRefusedAtTheirRow) {
  // Finite but absurd (a corrupted row): refused here rather than overflowing the regression.
  Signals s = makeSignals(40, 2);
  s.tau(7, 1) = 1e308;
  TempFile file(".mat");
  writeMat(file.path(), {{"t", s.t}, {"q", s.q}, {"tau", s.tau}});
  EXPECT_EQ(messageOf<InputError>([&] { importMatLog(file.path(), withDof(2)); }),
            file.path() + ": row 8: column 'tau(:,2)': value 1e+308 is beyond 1e+12 (not a plausible joint signal; a "
                          "corrupted row?)");
}

TEST(LogMatImport, DeclaredSizesAreBoundedBeforeTheDataIsRead) {
  // A damaged header: variable q (50 x 3) rewritten to declare 2e9 rows, with its data
  // unchanged. matio would allocate 48 GB for it; the importer refuses it by name first.
  const Signals s = makeSignals(50, 3);
  TempFile file(".mat");
  writeMat(file.path(), {{"t", s.t}, {"q", s.q}, {"tau", s.tau}});
  std::ifstream in(file.path(), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  // The dimensions sub-element of the first 50 x 3 variable in name order ("q"): miINT32, 8 bytes.
  const std::int32_t pattern[4] = {5, 8, 50, 3};
  const std::string needle(reinterpret_cast<const char*>(pattern), sizeof pattern);
  const std::size_t at = bytes.find(needle);
  ASSERT_NE(at, std::string::npos);
  const std::int32_t rows = 2000000000;
  bytes.replace(at + 8, 4, reinterpret_cast<const char*>(&rows), 4);
  file.write(bytes);
  const std::string message = messageOf<InputError>([&] { importMatLog(file.path(), withDof(3)); });
  EXPECT_NE(message.find(file.path()), std::string::npos) << message;
  EXPECT_NE(message.find("variable 'q' declares 6e+09 values; at most 1e+08"), std::string::npos) << message;
}
