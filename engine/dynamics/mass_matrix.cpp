#include "dynamics/mass_matrix.hpp"

#include "dynamics/forward_kinematics.hpp"
#include "dynamics/jacobians.hpp"
#include "dynamics/spatial_algebra.hpp"
#include "model/inertial_parameters.hpp"

namespace eb {

namespace {

// Bodies up to which the mass matrix is filled carrying forces up in body frames
// (crba/panda 0.61 us against 0.72 us in the base frame); beyond, the base-frame
// fill wins with the depth (snake:20 3.2 -> 2.1 us, snake:100 50 -> 22 us).
constexpr int kBodyFrameMaxBodies = 10;

// Small trees: F carried up joint by joint in body frames (fewest operations below
// about ten bodies, where base-frame poses and twists would cost more than they save).
void fillCarryingForces(const RobotModel& model, DynamicsWorkspace& ws) {
  const int nb = model.bodyCount();
  Eigen::MatrixXd& M = ws.M;
  for (int i = 0; i < nb; ++i) {
    const Body& bi = model.body(i);
    const size_t k = static_cast<size_t>(i);
    // F = Ic_i S_i, carried up the tree; M(i, j) = S_j^T F for every ancestor j.
    Vector6d F = spatial::inertiaTimes(ws.compositeInertia[k], spatial::jointSubspace(bi));
    const double mi = bi.multiplier;
    const double dii = mi * mi * (bi.type == JointType::Prismatic ? bi.axis.dot(F.tail<3>()) : bi.axis.dot(F.head<3>()));
    M(bi.dof, bi.dof) += dii;
    int j = i;
    while (model.body(j).parent >= 0) {
      const size_t jk = static_cast<size_t>(j);
      F = spatial::forceToParent(ws.R_parent[jk], ws.p_parent[jk], F);
      j = model.body(j).parent;
      const Body& bj = model.body(j);
      const double mij = mi * bj.multiplier *
                         (bj.type == JointType::Prismatic ? bj.axis.dot(F.tail<3>()) : bj.axis.dot(F.head<3>()));
      M(bi.dof, bj.dof) += mij;
      M(bj.dof, bi.dof) += mij;
    }
  }
}

// Larger trees: joint axes as twists in the base frame (about its origin). The
// pairing S_j . F is frame-independent, so an ancestor costs one 6-vector dot
// product instead of F being carried through every joint on the way up (the work
// that grows with depth). Needs the base-frame poses and twists (computeJointTwists).
void fillInBaseFrame(const RobotModel& model, DynamicsWorkspace& ws) {
  const int nb = model.bodyCount();
  // The twists side by side (std::vector keeps them contiguous): on a serial stretch
  // from the base, a body's whole row of M is one matrix-vector product.
  const Eigen::Map<const Eigen::Matrix<double, 6, Eigen::Dynamic>> twists(ws.worldTwists[0].data(), 6, nb);
  Eigen::MatrixXd& M = ws.M;
  bool serial = true;  // bodies 0..i form a chain from the base, body k driven by dof k, no mimic
  for (int i = 0; i < nb; ++i) {
    const Body& bi = model.body(i);
    const size_t k = static_cast<size_t>(i);
    serial = serial && bi.parent == i - 1 && bi.dof == i && !bi.mimic;
    // F = Ic_i S_i in body i; M(i, i) = S_i^T F there, M(j, i) = S_j^T F for every ancestor j
    // with both in the base frame, into the upper triangle (mirrored at the end).
    const Vector6d F = spatial::inertiaTimes(ws.compositeInertia[k], spatial::jointSubspace(bi));
    const double mi = bi.multiplier;
    M(bi.dof, bi.dof) += mi * mi * (bi.type == JointType::Prismatic ? bi.axis.dot(F.tail<3>()) : bi.axis.dot(F.head<3>()));
    const Vector6d Fw = spatial::forceToParent(ws.R_world[k], ws.p_world[k], F);
    if (serial) {
      M.col(i).head(i).noalias() = twists.leftCols(i).transpose() * Fw;
      continue;
    }
    // A tree or mimic joints: ancestor by ancestor; a mimic joint's pair with its own
    // leader lands on the diagonal twice.
    for (int j = bi.parent; j >= 0; j = model.body(j).parent) {
      const Body& bj = model.body(j);
      const double mij = mi * bj.multiplier * ws.worldTwists[static_cast<size_t>(j)].dot(Fw);
      if (bj.dof < bi.dof)
        M(bj.dof, bi.dof) += mij;
      else if (bj.dof > bi.dof)
        M(bi.dof, bj.dof) += mij;
      else
        M(bi.dof, bi.dof) += 2.0 * mij;
    }
  }
  for (Eigen::Index c = 0; c < M.cols(); ++c)
    for (Eigen::Index r = c + 1; r < M.rows(); ++r) M(r, c) = M(c, r);
}

}  // namespace

const Eigen::MatrixXd& computeMassMatrix(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q) {
  const int nb = model.bodyCount();
  const bool large = nb > kBodyFrameMaxBodies;
  if (large)
    computeJointTwists(model, ws, q);
  else
    computeJointTransforms(model, ws, q);
  for (int i = 0; i < nb; ++i) ws.compositeInertia[static_cast<size_t>(i)] = model.body(i).inertia;
  for (int i = nb - 1; i >= 0; --i) {
    const int p = model.body(i).parent;
    if (p < 0) continue;
    const size_t k = static_cast<size_t>(i);
    ws.compositeInertia[static_cast<size_t>(p)] +=
        transformStandardParameters(ws.compositeInertia[k], ws.R_parent[k], ws.p_parent[k]);
  }
  ws.M.setZero();
  if (large)
    fillInBaseFrame(model, ws);
  else
    fillCarryingForces(model, ws);
  return ws.M;
}

}  // namespace eb
