// Trajectory CSV: exact round trip, header layout, column lookup by name, and
// the one-line messages for bad files.

#include "io/trajectory_csv.hpp"

#include "io/atomic_file.hpp"
#include "io_test_support.hpp"
#include "util/input_error.hpp"

#include <clocale>

namespace eb {
namespace {

using test::bitwiseEqual;
using test::ScratchDir;

TrajectorySamples nastySamples(int n, int dof, unsigned seed) {
  std::mt19937_64 rng(seed);
  TrajectorySamples s;
  s.t.resize(n);
  for (int j = 0; j < n; ++j) s.t[j] = j == 0 ? 0.0 : s.t[j - 1] + 0.001 + 1e-9 * static_cast<double>(rng() % 1000);
  for (Eigen::MatrixXd* m : {&s.q, &s.qd, &s.qdd}) {
    m->resize(n, dof);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < dof; ++i) (*m)(j, i) = test::nastyDouble(rng);
  }
  return s;
}

std::string csvErrorOf(const std::string& text, double rate = 0.0) {
  try {
    parseTrajectoryCsv(text, "traj.csv", rate);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(TrajectoryCsv, RoundTripsEveryDoubleExactly) {
  ScratchDir dir;
  const TrajectorySamples s = nastySamples(500, 4, 1);
  writeTrajectoryCsv(dir.file("traj.csv"), s);
  const TrajectorySamples r = readTrajectoryCsv(dir.file("traj.csv"));
  EXPECT_TRUE(bitwiseEqual(r.t, s.t));
  EXPECT_TRUE(bitwiseEqual(r.q, s.q));
  EXPECT_TRUE(bitwiseEqual(r.qd, s.qd));
  EXPECT_TRUE(bitwiseEqual(r.qdd, s.qdd));
}

TEST(TrajectoryCsv, RoundTripIsLocaleIndependent) {
  // A GUI may switch LC_NUMERIC to a decimal-comma locale; the file must not change.
  const TrajectorySamples s = nastySamples(20, 2, 2);
  const std::string before = formatTrajectoryCsv(s);
  const char* set = std::setlocale(LC_NUMERIC, "de_DE.UTF-8");
  const std::string during = formatTrajectoryCsv(s);
  const TrajectorySamples r = parseTrajectoryCsv(during, "x.csv");
  std::setlocale(LC_NUMERIC, "C");
  EXPECT_EQ(before, during) << (set ? "" : "(de_DE locale not installed; checked in C locale only)");
  EXPECT_TRUE(bitwiseEqual(r.q, s.q));
}

TEST(TrajectoryCsv, WritesTheDocumentedHeaderWith17Digits) {
  TrajectorySamples s;
  s.t = Eigen::Vector2d(0.0, 0.1);
  s.q = Eigen::MatrixXd::Constant(2, 2, 0.1);
  s.qd = Eigen::MatrixXd::Constant(2, 2, -2.5);
  s.qdd = Eigen::MatrixXd::Zero(2, 2);
  const std::string text = formatTrajectoryCsv(s);
  EXPECT_EQ(text,
            "t,q1,q2,qd1,qd2,qdd1,qdd2\n"
            "0,0.10000000000000001,0.10000000000000001,-2.5,-2.5,0,0\n"
            "0.10000000000000001,0.10000000000000001,0.10000000000000001,-2.5,-2.5,0,0\n");
}

TEST(TrajectoryCsv, FindsColumnsByNameAndIgnoresOthers) {
  const std::string text =
      "qdd1, tau1, q1, t, qd1\r\n"
      "\r\n"
      "3, 99, 1, 0.5, 2\r\n"
      "6, 99, 4, 0.75, +5\r\n";
  const TrajectorySamples s = parseTrajectoryCsv(text, "x.csv");
  ASSERT_EQ(s.size(), 2);
  ASSERT_EQ(s.dof(), 1);
  EXPECT_EQ(s.t[1], 0.75);
  EXPECT_EQ(s.q(1, 0), 4.0);
  EXPECT_EQ(s.qd(1, 0), 5.0);
  EXPECT_EQ(s.qdd(0, 0), 3.0);
}

TEST(TrajectoryCsv, WithoutTimeColumnUsesTheGivenRate) {
  const TrajectorySamples s = parseTrajectoryCsv("q1,qd1,qdd1\n1,2,3\n4,5,6\n7,8,9\n", "x.csv", 200.0);
  ASSERT_EQ(s.size(), 3);
  EXPECT_EQ(s.t[2], 2.0 / 200.0);
  EXPECT_EQ(csvErrorOf("q1,qd1,qdd1\n1,2,3\n"), "traj.csv: line 1: missing column t (or give a sample rate)");
}

TEST(TrajectoryCsv, BadFilesGiveOneLineMessagesWithLineAndColumn) {
  EXPECT_EQ(csvErrorOf(""), "traj.csv: line 1: empty file, expected a header t,q1,...,qd1,...,qdd1,...");
  EXPECT_EQ(csvErrorOf("t,a,b\n0,1,2\n"),
            "traj.csv: line 1: missing column q1 (expected a header t,q1,...,qd1,...,qdd1,...)");
  EXPECT_EQ(csvErrorOf("t,q1,q2,qd1,qd2,qdd1\n0,1,2,3,4,5\n"),
            "traj.csv: line 1: missing column qdd2 (joints 1..2 need q, qd and qdd)");
  EXPECT_EQ(csvErrorOf("t,q1,q3,qd1,qd3,qdd1,qdd3\n"),
            "traj.csv: line 1: missing column q2 (joints 1..3 need q, qd and qdd)");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1,q1\n"), "traj.csv: line 1: column 'q1': duplicate column");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,3\n0.1,1,nan,3\n"),
            "traj.csv: line 3: column 'qd1': value is not finite: 'nan'");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,-inf\n"), "traj.csv: line 2: column 'qdd1': value is not finite: '-inf'");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,1e999\n"),
            "traj.csv: line 2: column 'qdd1': value is out of the double range: '1e999'");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,3\n0.1,1,2,3\n0.1,1,2,3\n"),
            "traj.csv: line 4: column 't': time 0.1 s does not increase (previous sample at 0.1 s)");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0.5,1,2,3\n0.25,1,2,3\n"),
            "traj.csv: line 3: column 't': time 0.25 s does not increase (previous sample at 0.5 s)");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2\n"), "traj.csv: line 2: expected 4 fields, found 3");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,3,4\n"), "traj.csv: line 2: expected 4 fields, found 5");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,3\n0.1,1,2,3,\n"), "traj.csv: line 3: expected 4 fields, found 5");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,3\n0.1,1.5.2,2,3\n"),
            "traj.csv: line 3: column 'q1': not a number: '1.5.2'");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,,3\n"), "traj.csv: line 2: column 'qd1': not a number: ''");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1,2,3,5\n"), "traj.csv: line 2: expected 4 fields, found 5");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,\"1,5\",2,3\n"), "traj.csv: line 2: expected 4 fields, found 5");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n0,1;5,2,3\n"), "traj.csv: line 2: column 'q1': not a number: '1;5'");
  EXPECT_EQ(csvErrorOf("t,q1,qd1,qdd1\n\n"), "traj.csv: line 1: no samples after the header");
}

TEST(TrajectoryCsv, MissingFileAndBadSamplesAreReported) {
  ScratchDir dir;
  try {
    readTrajectoryCsv(dir.file("nope.csv"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), dir.file("nope.csv") + ": cannot open: No such file or directory");
  }
  TrajectorySamples s = nastySamples(3, 2, 3);
  s.qd(1, 1) = std::nan("");
  try {
    writeTrajectoryCsv(dir.file("bad.csv"), s);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "trajectory CSV: sample 2: qd2 is not finite");
  }
  EXPECT_EQ(dir.listing(), "");
  EXPECT_THROW(writeTrajectoryCsv(dir.file("missing/t.csv"), nastySamples(3, 2, 3)), InputError);
  EXPECT_EQ(dir.listing(), "");
}

}  // namespace
}  // namespace eb
