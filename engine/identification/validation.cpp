#include "identification/validation.hpp"

#include "dynamics/joint_torque_regressor.hpp"

#include <cmath>
#include <stdexcept>

namespace eb {

Eigen::MatrixXd predictTorques(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& baseValues,
                               const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd) {
  const int n = model.dof();
  if (baseValues.size() != base.rank)
    throw std::invalid_argument("prediction: " + std::to_string(baseValues.size()) + " parameter values for " +
                                std::to_string(base.rank) + " base parameters");
  if (q.cols() != n || qd.cols() != n || qdd.cols() != n || qd.rows() != q.rows() || qdd.rows() != q.rows())
    throw std::invalid_argument("prediction: q, qd, qdd must be N x " + std::to_string(n));
  // Expand to the full column layout once, so each sample is one regressor times a vector.
  Eigen::VectorXd full = Eigen::VectorXd::Zero(base.columnCount);
  for (int k = 0; k < base.rank; ++k) full[base.independent[static_cast<size_t>(k)]] = baseValues[k];
  DynamicsWorkspace ws(model);
  Eigen::MatrixXd tau(q.rows(), n);
  Eigen::VectorXd a(n), b(n), c(n);
  for (Eigen::Index s = 0; s < q.rows(); ++s) {
    a = q.row(s).transpose();
    b = qd.row(s).transpose();
    c = qdd.row(s).transpose();
    tau.row(s).noalias() = (computeJointTorqueRegressor(model, ws, base.options, a, b, c) * full).transpose();
  }
  return tau;
}

Eigen::VectorXd modelBaseParameters(const RobotModel& model, const BaseParameters& base) {
  return base.baseFromFull(regressorParameters(model, base.options));
}

ValidationResult validatePrediction(const RobotModel& model, const BaseParameters& base,
                                    const Eigen::VectorXd& baseValues, const Eigen::MatrixXd& q,
                                    const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
                                    const Eigen::MatrixXd& tauMeasured, bool keepPrediction) {
  const Eigen::MatrixXd predicted = predictTorques(model, base, baseValues, q, qd, qdd);
  if (tauMeasured.rows() != predicted.rows() || tauMeasured.cols() != predicted.cols())
    throw std::invalid_argument("validation: measured torques must be N x dof");
  ValidationResult r;
  const double N = static_cast<double>(q.rows());
  r.samples = q.rows();
  const Eigen::MatrixXd err = predicted - tauMeasured;
  r.rmse = (err.colwise().squaredNorm() / N).cwiseSqrt().transpose();
  r.measuredRms = (tauMeasured.colwise().squaredNorm() / N).cwiseSqrt().transpose();
  r.maxError = err.cwiseAbs().colwise().maxCoeff().transpose();
  r.meanResidual = -(err.colwise().sum() / N).transpose();
  r.nrmse.resize(r.rmse.size());
  for (Eigen::Index j = 0; j < r.rmse.size(); ++j)
    r.nrmse[j] = r.measuredRms[j] > 0.0 ? 100.0 * r.rmse[j] / r.measuredRms[j] : 0.0;
  if (keepPrediction) r.predicted = predicted;
  return r;
}

}  // namespace eb
