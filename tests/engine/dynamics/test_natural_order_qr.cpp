// Natural-order QR on skyline matrices: the columns it takes are the first
// basis in column order, dependent columns are rebuilt exactly from the columns
// taken before them, residuals are distances to the span of those columns, and
// the triangular factor equals a dense QR's up to signs.
#include "dynamics/natural_order_qr.hpp"

#include <Eigen/QR>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace eb;

namespace {

// A skyline matrix (column c zero below end[c]) with chosen columns replaced by
// combinations of earlier ones (or by zero, or by a multiple of a later one).
struct Skyline {
  Eigen::MatrixXd A;
  std::vector<Eigen::Index> end;
};

Skyline randomSkyline(unsigned seed, Eigen::Index blocks, Eigen::Index rowsPerBlock, Eigen::Index colsPerBlock) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  Skyline s;
  s.A = Eigen::MatrixXd::Zero(blocks * rowsPerBlock, blocks * colsPerBlock);
  for (Eigen::Index b = 0; b < blocks; ++b)
    for (Eigen::Index i = 0; i < colsPerBlock; ++i) {
      const Eigen::Index c = b * colsPerBlock + i;
      s.end.push_back((b + 1) * rowsPerBlock);
      for (Eigen::Index r = 0; r < s.end.back(); ++r) s.A(r, c) = normal(rng);
    }
  return s;
}

// Distance of column c from the span of the given columns.
double distanceToSpan(const Eigen::MatrixXd& A, Eigen::Index c, const std::vector<int>& span) {
  if (span.empty()) return A.col(c).norm();
  Eigen::MatrixXd B(A.rows(), static_cast<Eigen::Index>(span.size()));
  for (size_t k = 0; k < span.size(); ++k) B.col(static_cast<Eigen::Index>(k)) = A.col(span[k]);
  const Eigen::VectorXd x = B.colPivHouseholderQr().solve(A.col(c));
  return (A.col(c) - B * x).norm();
}

}  // namespace

TEST(NaturalOrderQr, TakesTheFirstBasisInColumnOrder) {
  // 40 blocks of 10 columns over 12 rows each: wide enough for several column groups.
  Skyline s = randomSkyline(7, 40, 12, 10);
  std::mt19937_64 rng(8);
  std::normal_distribution<double> normal;
  std::vector<int> expectDependent;
  // Column 3 of each block (from block 1 on) is a combination of columns of this block and the
  // previous one before it; column 7 of every fourth block is zero; column 0 of block 5 is a
  // multiple of column 1 of block 5 (the later one is then dependent, not the earlier).
  s.A.col(51) = -2.5 * s.A.col(50);
  expectDependent.push_back(51);
  for (Eigen::Index b = 0; b < 40; b += 4) {
    s.A.col(b * 10 + 7).setZero();
    expectDependent.push_back(static_cast<int>(b * 10 + 7));
  }
  for (Eigen::Index b = 1; b < 40; ++b) {
    const Eigen::Index c = b * 10 + 3;
    s.A.col(c).setZero();
    for (Eigen::Index k = (b - 1) * 10; k < c; ++k)
      if (k % 10 != 3) s.A.col(c) += normal(rng) * s.A.col(k);
    expectDependent.push_back(static_cast<int>(c));
  }
  std::sort(expectDependent.begin(), expectDependent.end());

  const NaturalOrderQr qr = naturalOrderQr(s.A, s.end, 1e-9);
  EXPECT_EQ(qr.dependent, expectDependent);
  ASSERT_EQ(qr.taken.size() + qr.dependent.size(), static_cast<size_t>(s.A.cols()));

  // Each column's residual is its distance to the span of the columns taken before it.
  for (Eigen::Index c : {Eigen::Index{0}, Eigen::Index{13}, Eigen::Index{51}, Eigen::Index{207}, Eigen::Index{399}}) {
    std::vector<int> before;
    for (int k : qr.taken)
      if (k < c) before.push_back(k);
    EXPECT_NEAR(qr.residual[c], distanceToSpan(s.A, c, before), 1e-10 * (1.0 + qr.residual[c])) << "column " << c;
  }

  // Dependent columns are rebuilt from the taken ones, using none taken after them.
  const Eigen::MatrixXd beta = dependentCoefficients(qr);
  ASSERT_EQ(beta.rows(), static_cast<Eigen::Index>(qr.taken.size()));
  double worst = 0.0;
  for (size_t j = 0; j < qr.dependent.size(); ++j) {
    Eigen::VectorXd rebuilt = Eigen::VectorXd::Zero(s.A.rows());
    for (size_t k = 0; k < qr.taken.size(); ++k) {
      const double b = beta(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(j));
      if (qr.taken[k] > qr.dependent[j]) {
        EXPECT_EQ(b, 0.0);
      }
      rebuilt += b * s.A.col(qr.taken[k]);
    }
    worst = std::max(worst, (rebuilt - s.A.col(qr.dependent[j])).norm() / (1.0 + s.A.col(qr.dependent[j]).norm()));
  }
  EXPECT_LT(worst, 1e-10);
  EXPECT_NEAR(beta(static_cast<Eigen::Index>(std::find(qr.taken.begin(), qr.taken.end(), 50) - qr.taken.begin()),
                   static_cast<Eigen::Index>(std::find(qr.dependent.begin(), qr.dependent.end(), 51) -
                                             qr.dependent.begin())),
              -2.5, 1e-12);

  // The triangular factor of the taken columns is a dense Householder QR's, up to signs.
  Eigen::MatrixXd taken(s.A.rows(), static_cast<Eigen::Index>(qr.taken.size()));
  for (size_t k = 0; k < qr.taken.size(); ++k) taken.col(static_cast<Eigen::Index>(k)) = s.A.col(qr.taken[k]);
  const Eigen::MatrixXd Rdense = Eigen::HouseholderQR<Eigen::MatrixXd>(taken).matrixQR().topRows(taken.cols())
                                     .triangularView<Eigen::Upper>();
  Eigen::MatrixXd R(taken.cols(), taken.cols());
  for (size_t k = 0; k < qr.taken.size(); ++k) R.col(static_cast<Eigen::Index>(k)) = qr.top.col(qr.taken[k]);
  for (Eigen::Index k = 0; k < R.rows(); ++k)
    if ((R(k, k) < 0) != (Rdense(k, k) < 0)) R.row(k) *= -1.0;
  EXPECT_LT((R - Rdense).cwiseAbs().maxCoeff(), 1e-10 * Rdense.cwiseAbs().maxCoeff());
}

TEST(NaturalOrderQr, StopsTakingWhenTheRowsRunOut) {
  // 6 rows, 10 independent-looking columns: only 6 can be taken.
  Skyline s = randomSkyline(3, 1, 6, 10);
  const NaturalOrderQr qr = naturalOrderQr(s.A, s.end, 1e-9);
  EXPECT_EQ(qr.taken, (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(qr.dependent, (std::vector<int>{6, 7, 8, 9}));
  EXPECT_LT(qr.residual[6], 1e-12);
}
