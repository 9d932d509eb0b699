// BlockedGram: the blocked rank-k accumulation equals the plain sums of
// z z^T, z y, z, y^2 and y, across block boundaries and flushes.

#include "identification/blocked_gram.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace eb;

TEST(BlockedGram, EqualsThePlainSums) {
  std::mt19937 rng(7);
  std::normal_distribution<double> normal;
  const std::vector<Eigen::Index> sizes = {3, 5};
  BlockedGram gram(sizes);
  std::vector<Eigen::MatrixXd> G = {Eigen::MatrixXd::Zero(3, 3), Eigen::MatrixXd::Zero(5, 5)};
  std::vector<Eigen::VectorXd> g = {Eigen::VectorXd::Zero(3), Eigen::VectorXd::Zero(5)};
  std::vector<Eigen::VectorXd> sums = g;
  Eigen::Vector2d squares = Eigen::Vector2d::Zero(), ysums = Eigen::Vector2d::Zero();
  const int samples = 3 * BlockedGram::kBlockSamples + 17;  // full blocks and a partial one
  for (int s = 0; s < samples; ++s) {
    for (int j = 0; j < 2; ++j) {
      Eigen::VectorXd z(sizes[std::size_t(j)]);
      for (Eigen::Index k = 0; k < z.size(); ++k) z[k] = normal(rng);
      const double y = normal(rng);
      gram.column(j) = z;
      gram.setTarget(j, y);
      G[std::size_t(j)] += z * z.transpose();
      g[std::size_t(j)] += z * y;
      sums[std::size_t(j)] += z;
      squares[j] += y * y;
      ysums[j] += y;
    }
    gram.commit();
    if (s == 200) gram.flush();  // an early flush changes nothing
  }
  gram.flush();
  for (int j = 0; j < 2; ++j) {
    const std::size_t k = std::size_t(j);
    EXPECT_LT((gram.gram(j) - G[k]).norm(), 1e-10 * G[k].norm());
    EXPECT_LT((gram.crossSum(j) - g[k]).norm(), 1e-10 * g[k].norm());
    EXPECT_LT((gram.columnSum(j) - sums[k]).norm(), 1e-10 * sums[k].norm() + 1e-12);
    EXPECT_NEAR(gram.targetSquares()[j], squares[j], 1e-10 * squares[j]);
    EXPECT_NEAR(gram.targetSums()[j], ysums[j], 1e-10 * std::abs(ysums[j]) + 1e-12);
    // Only the lower triangle is written until gram() copies it up.
    EXPECT_EQ(gram.lowerGram(j)(0, 1), 0.0);
  }
  gram.reset();
  EXPECT_EQ(gram.gram(1).norm(), 0.0);
  EXPECT_EQ(gram.targetSquares().norm(), 0.0);
}

TEST(BlockedGram, WithoutTargetsKeepsTheGramOnly) {
  BlockedGram gram({2}, false);
  gram.column(0) = Eigen::Vector2d(1.0, 2.0);
  gram.commit();
  gram.column(0) = Eigen::Vector2d(3.0, -1.0);
  gram.commit();
  gram.flush();
  Eigen::Matrix2d expected;
  expected << 10.0, -1.0, -1.0, 5.0;  // (1, 2)(1, 2)^T + (3, -1)(3, -1)^T
  EXPECT_EQ(gram.gram(0), expected);
  EXPECT_EQ(gram.targetSquares().size(), 0);
}
