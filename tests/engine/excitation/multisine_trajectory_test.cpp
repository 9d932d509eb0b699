// Multi-sine with the rest-to-rest envelope: product-rule derivatives against
// finite differences (inside the ramps, at their joins and in the middle),
// exact rest at both ends, C2 envelope.

#include "excitation/multisine_trajectory.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace eb {
namespace {

MultisineTrajectory randomMultisine(int dof, int terms, double duration, double ramp, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> amp(-0.5, 0.5), freq(0.05, 1.5), phase(-3.0, 3.0);
  Eigen::VectorXd q0(dof);
  std::vector<std::vector<SineTerm>> all(static_cast<size_t>(dof));
  for (int i = 0; i < dof; ++i) {
    q0[i] = amp(rng);
    for (int j = 0; j < terms; ++j) all[static_cast<size_t>(i)].push_back({amp(rng), freq(rng), phase(rng)});
  }
  return MultisineTrajectory(duration, ramp, q0, all);
}

TEST(MultisineTrajectory, DerivativesMatchCentralDifferences) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    const MultisineTrajectory m = randomMultisine(3, 4, 12.0, 2.0, seed);
    const double h = 1e-5;
    Eigen::VectorXd q, qd, qdd, qp, qdp, qddp, qm, qdm, qddm;
    Eigen::VectorXd scaleQd = Eigen::VectorXd::Zero(3), scaleQdd = Eigen::VectorXd::Zero(3);
    for (int j = 0; j <= 1200; ++j) {
      m.evaluate(j * 0.01, q, qd, qdd);
      scaleQd = scaleQd.cwiseMax(qd.cwiseAbs());
      scaleQdd = scaleQdd.cwiseMax(qdd.cwiseAbs());
    }
    std::vector<double> times = {0.3, 1.0, 1.99, 2.01, 5.5, 9.99, 10.01, 11.7};
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> ut(h, 12.0 - h);
    for (int j = 0; j < 40; ++j) times.push_back(ut(rng));
    for (double t : times) {
      m.evaluate(t, q, qd, qdd);
      m.evaluate(t + h, qp, qdp, qddp);
      m.evaluate(t - h, qm, qdm, qddm);
      for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(qd[i], (qp[i] - qm[i]) / (2 * h), 1e-6 * scaleQd[i]) << "seed " << seed << " t " << t;
        EXPECT_NEAR(qdd[i], (qdp[i] - qdm[i]) / (2 * h), 1e-6 * scaleQdd[i]) << "seed " << seed << " t " << t;
      }
    }
  }
}

TEST(MultisineTrajectory, StartsAndEndsAtRestAtTheOffsets) {
  const MultisineTrajectory m = randomMultisine(4, 5, 10.0, 1.5, 3);
  Eigen::VectorXd q, qd, qdd;
  for (double t : {0.0, 10.0, -1.0, 11.0}) {
    m.evaluate(t, q, qd, qdd);
    EXPECT_LE((q - m.offsets()).cwiseAbs().maxCoeff(), 1e-15) << "t = " << t;
    EXPECT_LE(qd.cwiseAbs().maxCoeff(), 1e-15) << "t = " << t;
    EXPECT_LE(qdd.cwiseAbs().maxCoeff(), 1e-15) << "t = " << t;
  }
}

TEST(MultisineTrajectory, EnvelopeIsC2AtTheJoinsAndBoundedAsDocumented) {
  const double D = 8.0, Tr = 2.0, eps = 1e-9;
  for (double join : {0.0, Tr, D - Tr, D}) {
    const Envelope lo = restEnvelope(join - eps, D, Tr), hi = restEnvelope(join + eps, D, Tr);
    EXPECT_NEAR(lo.e, hi.e, 1e-8);
    EXPECT_NEAR(lo.de, hi.de, 1e-8);
    EXPECT_NEAR(lo.dde, hi.dde, 1e-7);
  }
  double maxRate = 0.0, maxCurv = 0.0;
  for (int j = 0; j <= 80000; ++j) {
    const Envelope e = restEnvelope(j * D / 80000, D, Tr);
    EXPECT_GE(e.e, 0.0);
    EXPECT_LE(e.e, 1.0);
    maxRate = std::max(maxRate, std::abs(e.de));
    maxCurv = std::max(maxCurv, std::abs(e.dde));
  }
  EXPECT_NEAR(maxRate, envelopeMaxRate(Tr), 1e-6);
  EXPECT_NEAR(maxCurv, envelopeMaxCurvature(Tr), 1e-6);
}

TEST(MultisineTrajectory, WithoutRampIsThePlainSumInside) {
  const MultisineTrajectory m(5.0, 0.0, Eigen::VectorXd::Constant(1, 0.2), {{{0.3, 0.5, 0.1}}});
  Eigen::VectorXd q, qd, qdd;
  m.evaluate(1.3, q, qd, qdd);
  const double w = 2 * M_PI * 0.5;
  EXPECT_NEAR(q[0], 0.2 + 0.3 * std::sin(w * 1.3 + 0.1), 1e-15);
  EXPECT_NEAR(qd[0], 0.3 * w * std::cos(w * 1.3 + 0.1), 1e-15);
  EXPECT_NEAR(qdd[0], -0.3 * w * w * std::sin(w * 1.3 + 0.1), 1e-14);
}

TEST(MultisineTrajectory, RejectsInvalidInput) {
  const Eigen::VectorXd q0 = Eigen::VectorXd::Zero(1);
  EXPECT_THROW(MultisineTrajectory(0.0, 0.0, q0, {{}}), std::invalid_argument);
  EXPECT_THROW(MultisineTrajectory(4.0, 2.5, q0, {{}}), std::invalid_argument);
  EXPECT_THROW(MultisineTrajectory(4.0, -1.0, q0, {{}}), std::invalid_argument);
  EXPECT_THROW(MultisineTrajectory(4.0, 1.0, q0, {{}, {}}), std::invalid_argument);
  EXPECT_THROW(MultisineTrajectory(4.0, 1.0, q0, {{{1.0, -0.5, 0.0}}}), std::invalid_argument);
  EXPECT_THROW(MultisineTrajectory(4.0, 1.0, q0, {{{std::nan(""), 0.5, 0.0}}}), std::invalid_argument);
}

}  // namespace
}  // namespace eb
