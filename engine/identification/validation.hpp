#pragma once
// Torque prediction on an independent experiment: per joint RMSE and
// normalized RMSE (RMSE over the RMS of the measured torque, in percent).

#include "dynamics/base_parameters.hpp"
#include "model/robot_model.hpp"

#include <Eigen/Core>

namespace eb {

struct ValidationResult {
  long samples = 0;
  Eigen::VectorXd rmse;          ///< per joint [N m]
  Eigen::VectorXd nrmse;         ///< per joint, percent of RMS(measured)
  Eigen::VectorXd maxError;      ///< per joint [N m]
  Eigen::VectorXd measuredRms;   ///< per joint [N m]
  Eigen::VectorXd meanResidual;  ///< per joint mean of measured - predicted [N m] (an offset shows here)
  Eigen::MatrixXd predicted;     ///< (N x dof) when asked for, else empty
};

/// Predicts tau = Y_b(q, qd, qdd) theta_b and compares with the measured torques (all N x dof).
ValidationResult validatePrediction(const RobotModel& model, const BaseParameters& base,
                                    const Eigen::VectorXd& baseValues, const Eigen::MatrixXd& q,
                                    const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
                                    const Eigen::MatrixXd& tauMeasured, bool keepPrediction = false);

/// Base parameter values of the model's own inertial parameters (URDF / CAD / built-in), with
/// zero friction, offset and armature: what the robot's description predicts.
Eigen::VectorXd modelBaseParameters(const RobotModel& model, const BaseParameters& base);

/// Predicted torques (N x dof) [N m] for samples, with base parameters.
Eigen::MatrixXd predictTorques(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& baseValues,
                               const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd);

}  // namespace eb
