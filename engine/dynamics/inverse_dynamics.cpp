#include "dynamics/inverse_dynamics.hpp"

#include "dynamics/forward_kinematics.hpp"
#include "dynamics/spatial_algebra.hpp"

namespace eb {
namespace {

// One RNEA pass; `withVelocity` / `withAcceleration` let gravity and the
// nonlinear-effects variants skip work without a second implementation.
void rnea(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q, const Eigen::VectorXd* qd,
          const Eigen::VectorXd* qdd, Eigen::VectorXd& tau) {
  computeJointTransforms(model, ws, q);
  const int nb = model.bodyCount();
  Vector6d a0;
  a0 << 0.0, 0.0, 0.0, -model.gravity();  // base "accelerates" upwards: gravity without a force term
  for (int i = 0; i < nb; ++i) {
    const Body& b = model.body(i);
    const size_t k = static_cast<size_t>(i);
    const Eigen::Matrix3d& R = ws.R_parent[k];
    const Eigen::Vector3d& p = ws.p_parent[k];
    const double qdi = qd ? b.multiplier * (*qd)[b.dof] : 0.0;
    const double qddi = qdd ? b.multiplier * (*qdd)[b.dof] : 0.0;
    Vector6d& v = ws.v[k];
    Vector6d& a = ws.a[k];
    if (b.parent < 0) {
      v.setZero();
      a = spatial::motionToChild(R, p, a0);
    } else {
      const size_t pk = static_cast<size_t>(b.parent);
      if (qd) v = spatial::motionToChild(R, p, ws.v[pk]);
      a = spatial::motionToChild(R, p, ws.a[pk]);
    }
    if (b.type == JointType::Prismatic) {
      if (qd) {
        // a += v x (S qd) with S = [0; axis]: only the linear part changes.
        a.tail<3>() += v.head<3>().cross(b.axis) * qdi;
        v.tail<3>() += b.axis * qdi;
      }
      a.tail<3>() += b.axis * qddi;
    } else {
      if (qd) {
        // a += v x (S qd) with S = [axis; 0].
        const Eigen::Vector3d sq = b.axis * qdi;
        a.head<3>() += v.head<3>().cross(sq);
        a.tail<3>() += v.tail<3>().cross(sq);
        v.head<3>() += sq;
      }
      a.head<3>() += b.axis * qddi;
    }
    ws.f[k] = spatial::inertiaTimes(b.inertia, a);
    if (qd) ws.f[k] += spatial::crossForce(v, spatial::inertiaTimes(b.inertia, v));
  }
  tau.setZero();
  for (int i = nb - 1; i >= 0; --i) {
    const Body& b = model.body(i);
    const size_t k = static_cast<size_t>(i);
    const Vector6d& f = ws.f[k];
    const double proj = b.type == JointType::Prismatic ? b.axis.dot(f.tail<3>()) : b.axis.dot(f.head<3>());
    tau[b.dof] += b.multiplier * proj;
    if (b.parent >= 0) ws.f[static_cast<size_t>(b.parent)] += spatial::forceToParent(ws.R_parent[k], ws.p_parent[k], f);
  }
}

}  // namespace

const Eigen::VectorXd& inverseDynamics(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                       const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd) {
  rnea(model, ws, q, &qd, &qdd, ws.tau);
  return ws.tau;
}

const Eigen::VectorXd& computeGravityTorques(const RobotModel& model, DynamicsWorkspace& ws,
                                            const Eigen::VectorXd& q) {
  rnea(model, ws, q, nullptr, nullptr, ws.g);
  return ws.g;
}

const Eigen::VectorXd& computeNonlinearEffects(const RobotModel& model, DynamicsWorkspace& ws,
                                              const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  rnea(model, ws, q, &qd, nullptr, ws.tau);
  return ws.tau;
}

}  // namespace eb
