// lowerRankUpdate: G += Z Z^T on the lower triangle, checked against the plain sums for sizes
// around the kernel's 8 x 4 tiles (whole tiles, tails, a single row) and leading dimensions
// larger than the sizes, with the strictly upper triangle left as it was.
#include "util/lower_rank_update.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace eb {
namespace lower_rank_update_test {

void checkSize(Eigen::Index m, Eigen::Index k) {
  std::mt19937 rng(static_cast<unsigned>(97 * m + k));
  std::normal_distribution<double> normal;
  const Eigen::Index ldz = m + 3, ldg = m + 2;
  Eigen::MatrixXd Z(ldz, k), G(ldg, m);
  for (Eigen::Index i = 0; i < Z.size(); ++i) Z.data()[i] = normal(rng);
  for (Eigen::Index i = 0; i < G.size(); ++i) G.data()[i] = normal(rng);
  const Eigen::MatrixXd before = G;
  lowerRankUpdate(G.data(), ldg, Z.data(), ldz, m, k);
  for (Eigen::Index b = 0; b < m; ++b)
    for (Eigen::Index a = 0; a < ldg; ++a) {
      if (a < b || a >= m) {
        ASSERT_EQ(G(a, b), before(a, b)) << "m " << m << " k " << k << " untouched (" << a << ", " << b << ")";
        continue;
      }
      double sum = before(a, b), magnitude = std::abs(before(a, b));
      for (Eigen::Index s = 0; s < k; ++s) {
        sum += Z(a, s) * Z(b, s);
        magnitude += std::abs(Z(a, s) * Z(b, s));
      }
      ASSERT_NEAR(G(a, b), sum, 1e-14 * magnitude) << "m " << m << " k " << k << " (" << a << ", " << b << ")";
    }
}

TEST(LowerRankUpdate, EqualsThePlainSumsForEverySizeAroundTheTiles) {
  for (Eigen::Index m : {1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 43, 57})
    for (Eigen::Index k : {1, 5, 128}) checkSize(m, k);
}

TEST(LowerRankUpdate, NothingToAddLeavesGAsItWas) {
  Eigen::MatrixXd G = Eigen::MatrixXd::Constant(3, 3, 2.5), Z = Eigen::MatrixXd::Ones(3, 4);
  lowerRankUpdate(G.data(), 3, Z.data(), 3, 3, 0);
  EXPECT_TRUE((G.array() == 2.5).all());
}

}  // namespace lower_rank_update_test
}  // namespace eb
