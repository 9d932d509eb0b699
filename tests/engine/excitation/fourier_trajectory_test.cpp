// Fourier series: analytic derivatives against finite differences, exact rest
// at both ends under the reduced parametrization, coefficient derivatives and
// the reduced map's Jacobian against finite differences.

#include "excitation/fourier_trajectory.hpp"

#include "random_fourier.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace eb {
namespace {

using test::randomFourier;

Eigen::VectorXd randomVector(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::VectorXd x(n);
  for (int j = 0; j < n; ++j) x[j] = u(rng);
  return x;
}

TEST(FourierTrajectory, DerivativesMatchCentralDifferences) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const FourierTrajectory f = randomFourier(4, 6, 8.0, seed);
    const double h = 1e-5;
    Eigen::VectorXd q, qd, qdd, qp, qdp, qddp, qm, qdm, qddm;
    // The size of each signal sets the scale of "relative".
    Eigen::VectorXd scaleQd = Eigen::VectorXd::Zero(4), scaleQdd = Eigen::VectorXd::Zero(4);
    for (int j = 0; j <= 400; ++j) {
      f.evaluate(j * f.period() / 400, q, qd, qdd);
      scaleQd = scaleQd.cwiseMax(qd.cwiseAbs());
      scaleQdd = scaleQdd.cwiseMax(qdd.cwiseAbs());
    }
    std::mt19937 rng(seed + 100);
    std::uniform_real_distribution<double> ut(0.0, f.period());
    for (int trial = 0; trial < 50; ++trial) {
      const double t = ut(rng);
      f.evaluate(t, q, qd, qdd);
      f.evaluate(t + h, qp, qdp, qddp);
      f.evaluate(t - h, qm, qdm, qddm);
      for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(qd[i], (qp[i] - qm[i]) / (2 * h), 1e-6 * scaleQd[i]) << "seed " << seed << " t " << t;
        EXPECT_NEAR(qdd[i], (qdp[i] - qdm[i]) / (2 * h), 1e-6 * scaleQdd[i]) << "seed " << seed << " t " << t;
      }
    }
  }
}

TEST(FourierTrajectory, EvaluateJointMatchesEvaluate) {
  const FourierTrajectory f = randomFourier(3, 4, 5.0, 7);
  Eigen::VectorXd q, qd, qdd;
  f.evaluate(1.234, q, qd, qdd);
  for (int i = 0; i < 3; ++i) {
    double qi, qdi, qddi;
    f.evaluateJoint(i, 1.234, qi, qdi, qddi);
    EXPECT_DOUBLE_EQ(qi, q[i]);
    EXPECT_DOUBLE_EQ(qdi, qd[i]);
    EXPECT_DOUBLE_EQ(qddi, qdd[i]);
  }
}

TEST(FourierTrajectory, ReducedParametrizationStartsAndEndsAtRest) {
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const FourierRestParametrization p(5, 6);
    const Eigen::VectorXd x = randomVector(p.size(), seed);
    FourierTrajectory f = p.toTrajectory(x, 10.0);
    f.setCycles(3);
    EXPECT_LE(f.restResidual(), 1e-12);
    Eigen::VectorXd q, qd, qdd;
    for (double t : {0.0, f.period(), f.duration()}) {
      f.evaluate(t, q, qd, qdd);
      EXPECT_LE(qd.cwiseAbs().maxCoeff(), 1e-12) << "t = " << t;
      EXPECT_LE(qdd.cwiseAbs().maxCoeff(), 1e-12) << "t = " << t;
    }
    f.evaluate(0.0, q, qd, qdd);
    EXPECT_LE((q - f.startPosition()).cwiseAbs().maxCoeff(), 1e-13);
  }
}

TEST(FourierTrajectory, ReducedParametrizationRoundTrips) {
  const FourierRestParametrization p(3, 5, true);
  EXPECT_EQ(p.size(), 3 + 3 * 8);
  const Eigen::VectorXd x = randomVector(p.size(), 3);
  const FourierTrajectory f = p.toTrajectory(x, 4.0);
  EXPECT_EQ(p.fromTrajectory(f), x);
  const FourierRestParametrization noOffsets(3, 5, false);
  EXPECT_EQ(noOffsets.size(), 24);
  const Eigen::VectorXd offsets = Eigen::Vector3d(0.1, -0.2, 0.3);
  const FourierTrajectory g = noOffsets.toTrajectory(x.tail(24), 4.0, offsets);
  EXPECT_EQ(g.offsets(), offsets);
  EXPECT_EQ(noOffsets.fromTrajectory(g), x.tail(24));
}

TEST(FourierTrajectory, ReducedJacobianMatchesFiniteDifferences) {
  for (bool withOffsets : {true, false}) {
    const FourierRestParametrization p(3, 4, withOffsets);
    const Eigen::VectorXd x = randomVector(p.size(), 11);
    const Eigen::VectorXd offsets = Eigen::Vector3d(0.4, 0.5, 0.6);
    const Eigen::MatrixXd J = p.jacobian();
    const FourierTrajectory f0 = p.toTrajectory(x, 6.0, offsets);
    ASSERT_EQ(J.rows(), f0.coefficientCount());
    ASSERT_EQ(J.cols(), p.size());
    const double h = 1e-3;  // the map is affine: any step is exact up to round-off
    for (int j = 0; j < p.size(); ++j) {
      Eigen::VectorXd xp = x, xm = x;
      xp[j] += h;
      xm[j] -= h;
      const Eigen::VectorXd fd =
          (p.toTrajectory(xp, 6.0, offsets).coefficients() - p.toTrajectory(xm, 6.0, offsets).coefficients()) / (2 * h);
      EXPECT_LE((fd - J.col(j)).cwiseAbs().maxCoeff(), 1e-10) << "column " << j;
    }
  }
}

TEST(FourierTrajectory, CoefficientBasisMatchesFiniteDifferences) {
  FourierTrajectory f = randomFourier(3, 5, 7.0, 21);
  const Eigen::VectorXd c0 = f.coefficients();
  const double h = 1e-4;
  for (double t : {0.0, 0.37, 2.9, 6.999}) {
    std::vector<FourierBasis> all(static_cast<size_t>(f.harmonics()));
    f.basisAll(t, all.data());
    for (int i = 0; i < f.dof(); ++i)
      for (int k = 1; k <= f.harmonics(); ++k)
        for (bool isA : {true, false}) {
          const int index = isA ? f.aIndex(i, k) : f.bIndex(i, k);
          Eigen::VectorXd q[2], qd[2], qdd[2];
          for (int side = 0; side < 2; ++side) {
            Eigen::VectorXd c = c0;
            c[index] += side == 0 ? h : -h;
            f.setCoefficients(c);
            f.evaluate(t, q[side], qd[side], qdd[side]);
          }
          f.setCoefficients(c0);
          FourierBasis B;
          f.basis(t, k, B);
          EXPECT_EQ(B.q_a, all[static_cast<size_t>(k - 1)].q_a);
          const double dq = isA ? B.q_a : B.q_b, dqd = isA ? B.qd_a : B.qd_b, dqdd = isA ? B.qdd_a : B.qdd_b;
          for (int j = 0; j < f.dof(); ++j) {
            const double expectQ = j == i ? dq : 0.0, expectQd = j == i ? dqd : 0.0, expectQdd = j == i ? dqdd : 0.0;
            EXPECT_NEAR((q[0][j] - q[1][j]) / (2 * h), expectQ, 1e-9);
            EXPECT_NEAR((qd[0][j] - qd[1][j]) / (2 * h), expectQd, 1e-9);
            EXPECT_NEAR((qdd[0][j] - qdd[1][j]) / (2 * h), expectQdd, 1e-9);
          }
        }
  }
  // Offsets enter with derivative 1 on q only.
  Eigen::VectorXd q, qd, qdd, q2, qd2, qdd2;
  f.evaluate(1.0, q, qd, qdd);
  Eigen::VectorXd c = c0;
  c[f.offsetIndex(1)] += 0.5;
  f.setCoefficients(c);
  f.evaluate(1.0, q2, qd2, qdd2);
  EXPECT_NEAR(q2[1] - q[1], 0.5, 1e-14);
  EXPECT_EQ(qd2, qd);
}

TEST(FourierTrajectory, ReducedBasisFormulaInHeaderHolds) {
  // d q / d x_a(i,k) = basis_a(k) - basis_a(1); d q / d x_b(i,k) = basis_b(k) - k basis_b(1).
  const FourierRestParametrization p(2, 4, false);
  const Eigen::VectorXd x = randomVector(p.size(), 5);
  const FourierTrajectory f = p.toTrajectory(x, 3.0);
  const double t = 1.1, h = 1e-4;
  FourierBasis B1, Bk;
  f.basis(t, 1, B1);
  for (int k = 2; k <= 4; ++k) {
    f.basis(t, k, Bk);
    Eigen::VectorXd xp = x, xm = x;
    xp[p.bIndex(1, k)] += h;
    xm[p.bIndex(1, k)] -= h;
    Eigen::VectorXd qp, qdp, qddp, qm, qdm, qddm;
    p.toTrajectory(xp, 3.0).evaluate(t, qp, qdp, qddp);
    p.toTrajectory(xm, 3.0).evaluate(t, qm, qdm, qddm);
    EXPECT_NEAR((qddp[1] - qddm[1]) / (2 * h), Bk.qdd_b - k * B1.qdd_b, 1e-9);
    EXPECT_NEAR((qp[1] - qm[1]) / (2 * h), Bk.q_b - k * B1.q_b, 1e-9);
  }
}

TEST(FourierTrajectory, EnforceRestConditionsMatchesParametrization) {
  FourierTrajectory f = randomFourier(3, 5, 2.0, 9);
  EXPECT_GT(f.restResidual(), 1e-3);
  enforceRestConditions(f);
  EXPECT_LE(f.restResidual(), 1e-12);
  const FourierRestParametrization p(3, 5);
  EXPECT_EQ(p.toTrajectory(p.fromTrajectory(f), 2.0, f.offsets()).coefficients(), f.coefficients());
}

TEST(FourierTrajectory, RejectsInvalidInput) {
  EXPECT_THROW(FourierTrajectory(0.0, 3, Eigen::VectorXd::Zero(2)), std::invalid_argument);
  EXPECT_THROW(FourierTrajectory(-1.0, 3, Eigen::VectorXd::Zero(2)), std::invalid_argument);
  EXPECT_THROW(FourierTrajectory(1.0, Eigen::VectorXd::Zero(2), Eigen::MatrixXd::Zero(2, 3), Eigen::MatrixXd::Zero(3, 3)),
               std::invalid_argument);
  Eigen::MatrixXd bad = Eigen::MatrixXd::Zero(2, 3);
  bad(1, 1) = std::nan("");
  EXPECT_THROW(FourierTrajectory(1.0, Eigen::VectorXd::Zero(2), bad, Eigen::MatrixXd::Zero(2, 3)), std::invalid_argument);
  FourierTrajectory f(1.0, 2, Eigen::VectorXd::Zero(2));
  EXPECT_THROW(f.setCycles(0), std::invalid_argument);
  EXPECT_THROW(FourierRestParametrization(2, 0), std::invalid_argument);
  const FourierRestParametrization p(2, 3);
  EXPECT_THROW(p.apply(Eigen::VectorXd::Zero(3), f), std::invalid_argument);
}

}  // namespace
}  // namespace eb
