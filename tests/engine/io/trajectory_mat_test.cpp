// MAT v5 trajectory files: exact round trip, variable shapes as MATLAB sees
// them, and clear errors for foreign or incomplete files.

#include "io/trajectory_mat.hpp"

#include "io/atomic_file.hpp"
#include "io_test_support.hpp"
#include "util/input_error.hpp"

#include <matio.h>

namespace eb {
namespace {

using test::bitwiseEqual;
using test::ScratchDir;

TrajectorySamples samples(int n, int dof) {
  std::mt19937_64 rng(11);
  TrajectorySamples s;
  s.t.resize(n);
  for (int j = 0; j < n; ++j) s.t[j] = j / 1000.0;
  for (Eigen::MatrixXd* m : {&s.q, &s.qd, &s.qdd}) {
    m->resize(n, dof);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < dof; ++i) (*m)(j, i) = test::nastyDouble(rng);
  }
  return s;
}

std::string matErrorOf(const std::string& path) {
  try {
    readTrajectoryMat(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(TrajectoryMat, RoundTripsExactlyWithMatlabShapes) {
  ScratchDir dir;
  const TrajectorySamples s = samples(257, 7);
  writeTrajectoryMat(dir.file("traj.mat"), s);
  EXPECT_EQ(dir.listing(), "traj.mat;");
  const TrajectorySamples r = readTrajectoryMat(dir.file("traj.mat"));
  EXPECT_TRUE(bitwiseEqual(r.t, s.t));
  EXPECT_TRUE(bitwiseEqual(r.q, s.q));
  EXPECT_TRUE(bitwiseEqual(r.qd, s.qd));
  EXPECT_TRUE(bitwiseEqual(r.qdd, s.qdd));

  mat_t* mat = Mat_Open(dir.file("traj.mat").c_str(), MAT_ACC_RDONLY);
  ASSERT_NE(mat, nullptr);
  EXPECT_EQ(Mat_GetVersion(mat), MAT_FT_MAT5);
  matvar_t* t = Mat_VarReadInfo(mat, "t");
  matvar_t* q = Mat_VarReadInfo(mat, "q");
  ASSERT_NE(t, nullptr);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(t->dims[0], 257u);
  EXPECT_EQ(t->dims[1], 1u);
  EXPECT_EQ(q->dims[0], 257u);
  EXPECT_EQ(q->dims[1], 7u);
  EXPECT_EQ(q->class_type, MAT_C_DOUBLE);
  Mat_VarFree(t);
  Mat_VarFree(q);
  Mat_Close(mat);
}

TEST(TrajectoryMat, ForeignOrIncompleteFilesAreRejected) {
  ScratchDir dir;
  test::writeText(dir.file("text.mat"), "this is not a MAT file at all, just some text that is long enough\n");
  EXPECT_EQ(matErrorOf(dir.file("text.mat")), dir.file("text.mat") + ": cannot open as a MAT file");
  EXPECT_EQ(matErrorOf(dir.file("none.mat")), dir.file("none.mat") + ": cannot open as a MAT file");

  // A file with t only, and one whose q has the wrong number of rows.
  const auto writeVars = [&](const std::string& path, bool withQ) {
    mat_t* mat = Mat_CreateVer(path.c_str(), nullptr, MAT_FT_MAT5);
    ASSERT_NE(mat, nullptr);
    double t[3] = {0.0, 0.1, 0.2};
    double q[2] = {1.0, 2.0};
    size_t dt[2] = {3, 1}, dq[2] = {2, 1};
    matvar_t* vt = Mat_VarCreate("t", MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dt, t, 0);
    Mat_VarWrite(mat, vt, MAT_COMPRESSION_NONE);
    Mat_VarFree(vt);
    if (withQ)
      for (const char* name : {"q", "qd", "qdd"}) {
        matvar_t* vq = Mat_VarCreate(name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dq, q, 0);
        Mat_VarWrite(mat, vq, MAT_COMPRESSION_NONE);
        Mat_VarFree(vq);
      }
    Mat_Close(mat);
  };
  writeVars(dir.file("t_only.mat"), false);
  EXPECT_EQ(matErrorOf(dir.file("t_only.mat")), dir.file("t_only.mat") + ": variable q: missing");
  writeVars(dir.file("short_q.mat"), true);
  EXPECT_EQ(matErrorOf(dir.file("short_q.mat")), dir.file("short_q.mat") + ": variable q: expected 3 x 1, found 2 x 1");

  TrajectorySamples s = samples(4, 2);
  s.t[2] = s.t[1];
  writeTrajectoryMat(dir.file("flat_t.mat"), s);
  EXPECT_EQ(matErrorOf(dir.file("flat_t.mat")), dir.file("flat_t.mat") + ": variable t: element 3 does not increase");
}

TEST(TrajectoryMat, UnwritableTargetLeavesNothing) {
  ScratchDir dir;
  try {
    writeTrajectoryMat(dir.file("missing/traj.mat"), samples(3, 1));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir.file("missing/traj.mat") + ": cannot write: directory " + dir.file("missing") + " does not exist");
  }
  EXPECT_EQ(dir.listing(), "");
}

}  // namespace
}  // namespace eb
