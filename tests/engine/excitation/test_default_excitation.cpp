// The excitation a new project starts with: inside the limits, at rest at both
// ends, and every joint scaled on its own (a gripper finger's 4 cm range must
// not freeze the arm).

#include "excitation/default_excitation.hpp"
#include "excitation/kinematic_constraints.hpp"
#include "model/builtin_robots.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace eb {
namespace {

// Largest |q - offset| of joint i over a dense grid of one period [rad].
double excursion(const FourierTrajectory& tr, int i) {
  double worst = 0.0;
  Eigen::VectorXd q, qd, qdd;
  for (int k = 0; k <= 2000; ++k) {
    tr.evaluate(tr.period() * k / 2000.0, q, qd, qdd);
    worst = std::max(worst, std::abs(q[i] - tr.offsets()[i]));
  }
  return worst;
}

TEST(DefaultExcitation, EachJointUsesItsOwnRange) {
  const RobotModel panda = builtinRobot("panda");
  std::vector<JointLimits> limits;
  for (const Joint& j : panda.joints()) limits.push_back(j.limits);
  const FourierTrajectory wide = defaultExcitation(panda);
  // Joint 7 gets a finger-like range of 4 cm (here rad): only joint 7's motion may shrink.
  limits[6].lower = -0.02;
  limits[6].upper = 0.02;
  const RobotModel tight = panda.withJointLimits(limits);
  const FourierTrajectory narrow = defaultExcitation(tight);
  for (int i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(excursion(narrow, i), excursion(wide, i)) << "joint " << i + 1;
  EXPECT_LT(excursion(narrow, 6), 0.4 * 0.02 + 1e-12);
  EXPECT_GT(excursion(narrow, 6), 0.1 * 0.02);  // it still moves
  // Every joint is bound by one of its own limits: position 40 %, velocity or acceleration 50 %.
  const ConstraintReport r = checkConstraints(Trajectory(narrow), limits, {}, {});
  EXPECT_TRUE(r.feasible()) << r.summary();
  for (int i = 0; i < tight.dof(); ++i) {
    const double pos = r.margin(i, LimitQuantity::Position)->usage, vel = r.margin(i, LimitQuantity::Velocity)->usage,
                 acc = r.margin(i, LimitQuantity::Acceleration)->usage;
    // The analytic bounds the scaling uses are conservative, so the binding share is
    // reached to within that slack, never exceeded.
    const double binding = std::max({pos / 0.4, vel / 0.5, acc / 0.5});
    EXPECT_LE(binding, 1.0 + 1e-9) << "joint " << i + 1;
    EXPECT_GT(binding, 0.5) << "joint " << i + 1 << " barely moves";
  }
  EXPECT_LT(narrow.restResidual(), 1e-12);
}

}  // namespace
}  // namespace eb
