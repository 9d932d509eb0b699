#include "dynamics/forward_dynamics.hpp"

#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/mass_matrix.hpp"

#include <Eigen/Cholesky>

namespace eb {

const Eigen::VectorXd& forwardDynamics(const RobotModel& model, DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                       const Eigen::VectorXd& qd, const Eigen::VectorXd& tau) {
  computeMassMatrix(model, ws, q);
  computeNonlinearEffects(model, ws, q, qd);
  ws.qdd = tau - ws.tau;
  ws.M.llt().solveInPlace(ws.qdd);
  return ws.qdd;
}

}  // namespace eb
