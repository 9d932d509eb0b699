#include "excitation/default_excitation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace eb {

double scaleIntoLimits(const RobotModel& model, FourierTrajectory& tr, double positionFraction,
                       double velocityFraction, double accelerationFraction) {
  const double wf = tr.baseFrequency();
  double factor = std::numeric_limits<double>::infinity();
  for (int i = 0; i < tr.dof(); ++i) {
    const JointLimits& l = model.joint(i).limits;
    double pos = 0.0, vel = 0.0, acc = 0.0;  // analytic bounds of the deviation, qd and qdd
    for (int k = 1; k <= tr.harmonics(); ++k) {
      const double amp = std::hypot(tr.a()(i, k - 1), tr.b()(i, k - 1));
      pos += amp / (wf * k);
      vel += amp;
      acc += amp * wf * k;
    }
    if (pos > 0.0) {
      // Room on the tighter side of the offset.
      const double room = std::min(tr.offsets()[i] - l.lower, l.upper - tr.offsets()[i]);
      const double halfRange = std::isfinite(room) ? room : M_PI;
      factor = std::min(factor, positionFraction * halfRange / pos);
    }
    if (vel > 0.0 && std::isfinite(l.velocity)) factor = std::min(factor, velocityFraction * l.velocity / vel);
    if (acc > 0.0 && std::isfinite(l.acceleration))
      factor = std::min(factor, accelerationFraction * l.acceleration / acc);
  }
  if (!std::isfinite(factor)) factor = 1.0;
  tr.mutableA() *= factor;
  tr.mutableB() *= factor;
  return factor;
}

double scaleJointsIntoLimits(const RobotModel& model, FourierTrajectory& tr, double positionFraction,
                             double velocityFraction, double accelerationFraction) {
  // The rest conditions are linear and homogeneous in each joint's coefficients, so
  // scaling one joint's row keeps them; scaling a single-joint copy reuses the common rule.
  double smallest = std::numeric_limits<double>::infinity();
  Eigen::MatrixXd a = tr.a(), b = tr.b();
  for (int i = 0; i < tr.dof(); ++i) {
    FourierTrajectory one = tr;
    Eigen::MatrixXd ai = Eigen::MatrixXd::Zero(a.rows(), a.cols()), bi = ai;
    ai.row(i) = a.row(i);
    bi.row(i) = b.row(i);
    one.setCoefficients(ai, bi);
    const double factor = scaleIntoLimits(model, one, positionFraction, velocityFraction, accelerationFraction);
    a.row(i) *= factor;
    b.row(i) *= factor;
    smallest = std::min(smallest, factor);
  }
  tr.setCoefficients(a, b);
  return std::isfinite(smallest) ? smallest : 1.0;
}

FourierTrajectory defaultExcitation(const RobotModel& model, double period, int harmonics) {
  const int n = model.dof();
  Eigen::VectorXd offsets(n);
  for (int i = 0; i < n; ++i) {
    const JointLimits& l = model.joint(i).limits;
    offsets[i] = l.hasPositionLimits() ? 0.5 * (l.lower + l.upper) : 0.0;
  }
  Eigen::MatrixXd a(n, harmonics), b(n, harmonics);
  for (int i = 0; i < n; ++i)
    for (int k = 1; k <= harmonics; ++k) {
      // Incommensurate phases per joint and harmonic so the joints do not move in lockstep.
      a(i, k - 1) = std::sin(1.7 * (i + 1) + 2.3 * k) / k;
      b(i, k - 1) = std::cos(0.9 * (i + 1) + 1.3 * k) / k;
    }
  FourierTrajectory tr(period, offsets, a, b);
  enforceRestConditions(tr);
  // Joint by joint: one common factor would let the tightest joint (a gripper finger with a
  // 4 cm range) freeze the whole arm.
  scaleJointsIntoLimits(model, tr, 0.4, 0.5, 0.5);
  return tr;
}

}  // namespace eb
