#include "dynamics/coriolis_matrix.hpp"

#include "dynamics/jacobians.hpp"
#include "dynamics/spatial_algebra.hpp"
#include "model/inertial_parameters.hpp"

namespace eb {
namespace {

using Matrix6d = Eigen::Matrix<double, 6, 6>;

Matrix6d motionCrossMatrix(const Vector6d& v) {
  Matrix6d X = Matrix6d::Zero();
  X.topLeftCorner<3, 3>() = skew(v.head<3>());
  X.bottomLeftCorner<3, 3>() = skew(v.tail<3>());
  X.bottomRightCorner<3, 3>() = skew(v.head<3>());
  return X;
}

// Matrix of f xbar*: (f xbar*) v = v x* f.
Matrix6d forceCrossBarMatrix(const Vector6d& f) {
  Matrix6d X = Matrix6d::Zero();
  X.topLeftCorner<3, 3>() = -skew(f.head<3>());
  X.topRightCorner<3, 3>() = -skew(f.tail<3>());
  X.bottomLeftCorner<3, 3>() = -skew(f.tail<3>());
  return X;
}

}  // namespace

const Eigen::MatrixXd& computeCoriolisMatrix(const RobotModel& model, DynamicsWorkspace& ws,
                                             const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  computeJointTwists(model, ws, q);
  const int nb = model.bodyCount();
  const Eigen::Index n = model.dof();
  // World-frame body velocities v_i and joint-twist rates Sdot_j = v_j x S_j.
  std::vector<Vector6d> vel(static_cast<size_t>(nb)), Sdot(static_cast<size_t>(nb));
  for (int i = 0; i < nb; ++i) {
    const Body& b = model.body(i);
    const size_t k = static_cast<size_t>(i);
    const Vector6d vp = b.parent < 0 ? Vector6d::Zero() : vel[static_cast<size_t>(b.parent)];
    vel[k] = vp + ws.worldTwists[k] * (b.multiplier * qd[b.dof]);
    Sdot[k] = spatial::crossMotion(vel[k], ws.worldTwists[k]);
  }
  ws.C.setZero();
  Eigen::MatrixXd Ji(6, n), Jdi(6, n);
  for (int i = 0; i < nb; ++i) {
    Ji.setZero();
    Jdi.setZero();
    for (int j = i; j >= 0; j = model.body(j).parent) {
      const Body& b = model.body(j);
      Ji.col(b.dof) += b.multiplier * ws.worldTwists[static_cast<size_t>(j)];
      Jdi.col(b.dof) += b.multiplier * Sdot[static_cast<size_t>(j)];
    }
    const size_t k = static_cast<size_t>(i);
    const Vector10d thetaW = transformStandardParameters(model.body(i).inertia, ws.R_world[k], ws.p_world[k]);
    const Matrix6d I = spatial::inertiaMatrix(thetaW);
    const Vector6d& v = vel[k];
    const Matrix6d vx = motionCrossMatrix(v);
    const Matrix6d B = 0.5 * (-vx.transpose() * I - I * vx + forceCrossBarMatrix(I * v));
    ws.C.noalias() += Ji.transpose() * (I * Jdi + B * Ji);
  }
  return ws.C;
}

}  // namespace eb
