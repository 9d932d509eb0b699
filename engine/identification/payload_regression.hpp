#pragma once
// A payload (tool, load) fixed to one link of a robot: where it sits and how
// its 10 standard inertial parameters, expressed in that link's frame, enter
// the joint torques. A body's torques are linear in its standard parameters
// about its own frame (joint_torque_regressor.hpp), and moving the parameters
// of a rigid body from the link frame to the body frame is linear too
// (inertial_parameters.hpp, transformStandardParameters), so
//   tau_payload = Y_body(q, qd, qdd) T phi_link = Y_p phi_link,
// with Y_body the body's 10 regressor columns and T a constant 10 x 10 matrix.

#include "model/robot_model.hpp"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <string>

namespace eb {

/// Where a payload is fixed: a URDF link, the moving body it belongs to and the
/// link's frame in that body's frame.
struct PayloadMount {
  std::string link;
  int body = -1;
  Eigen::Isometry3d linkInBody = Eigen::Isometry3d::Identity();
  /// d(body-frame parameters) / d(link-frame parameters), 10 x 10.
  Eigen::Matrix<double, 10, 10> toBody = Eigen::Matrix<double, 10, 10>::Identity();
};

/// The mount on `link` (any URDF link of the model, including fixed ones merged into a body);
/// an empty name mounts on the tip: the own link of the deepest body (the last such one in
/// model order). Throws InputError naming the model when the link is unknown or on the base.
PayloadMount payloadMount(const RobotModel& model, const std::string& link);

/// Joint-torque regressor of the payload (dof x 10) [N m per parameter unit], from a full
/// regressor row block `Y` (dof x regressor columns, bodies' columns first): Y_body T.
void payloadRegressor(const Eigen::MatrixXd& Y, const PayloadMount& mount, Eigen::MatrixXd& Yp);

/// The robot carrying the payload: `phi` (standard parameters in the mount link's frame, SI)
/// added to the mount body's parameters.
RobotModel withPayload(const RobotModel& model, const PayloadMount& mount, const Vector10d& phi);

/// Names of the 10 standard parameters, as the regressor names them without a body number:
/// "m", "mx", "my", "mz", "Ixx", "Ixy", "Iyy", "Ixz", "Iyz", "Izz".
const char* payloadParameterName(int k);

}  // namespace eb
