#include "dynamics/mass_matrix.hpp"

#include "dynamics/forward_kinematics.hpp"
#include "dynamics/spatial_algebra.hpp"
#include "model/inertial_parameters.hpp"

namespace eb {

const Eigen::MatrixXd& computeMassMatrix(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q) {
  computeJointTransforms(model, ws, q);
  const int nb = model.bodyCount();
  for (int i = 0; i < nb; ++i) ws.compositeInertia[static_cast<size_t>(i)] = model.body(i).inertia;
  for (int i = nb - 1; i >= 0; --i) {
    const int p = model.body(i).parent;
    if (p < 0) continue;
    const size_t k = static_cast<size_t>(i);
    ws.compositeInertia[static_cast<size_t>(p)] +=
        transformStandardParameters(ws.compositeInertia[k], ws.R_parent[k], ws.p_parent[k]);
  }
  Eigen::MatrixXd& M = ws.M;
  M.setZero();
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
  return M;
}

}  // namespace eb
