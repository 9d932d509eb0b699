#pragma once
// An identified model for the export tests: every body's parameters moved away from the
// model's (consistent: mass x(1.1 + 0.03 b), COM moved by centimetres, inertia about the COM
// rotated and scaled), and per joint identified viscous, Coulomb friction and rotor inertia.

#include <Eigen/Geometry>

#include "io/identified_dynamics.hpp"
#include "model/inertial_parameters.hpp"
#include "model/robot_model.hpp"

namespace eb::test {

/// Consistent standard parameters of `model`'s body b, different from its own.
inline Vector10d movedBodyParameters(const RobotModel& model, int b) {
  const Vector10d tb = model.body(b).inertia;
  double m = tb[0];
  Eigen::Matrix3d Ic = m > 0.0 ? inertiaAboutCom(tb) : Eigen::Matrix3d::Zero();
  Eigen::Vector3d c = m > 0.0 ? centreOfMass(tb) : Eigen::Vector3d::Zero();
  if (!(m > 0.0)) {
    m = 0.05;
    Ic = 0.4 * m * 0.02 * 0.02 * Eigen::Matrix3d::Identity();
  }
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(0.3 + 0.1 * b, Eigen::Vector3d(1.0, 2.0, 0.5).normalized()).toRotationMatrix();
  Ic = 1.2 * R * Ic * R.transpose() + 1e-4 * m * Eigen::Matrix3d::Identity();
  c += Eigen::Vector3d(0.012, -0.021, 0.017 * (b + 1));
  return standardParametersFromCom(m * (1.1 + 0.03 * b), c, Ic);
}

/// modelDynamics(model) with every body moved and every joint's friction and rotor inertia
/// identified: damping 0.5 + 0.1 j, friction 0.2 + 0.05 j, armature 0.01 (j + 1). Joint 0's
/// armature is estimated but not seen (the model's value stays).
inline IdentifiedDynamics identifiedTestDynamics(const RobotModel& model) {
  IdentifiedDynamics d = modelDynamics(model);
  d.method = "consistent";
  d.source = "params.json";
  for (int b = 0; b < model.bodyCount(); ++b) {
    d.bodies[static_cast<size_t>(b)].theta = movedBodyParameters(model, b);
    d.bodies[static_cast<size_t>(b)].identified = true;
  }
  for (int j = 0; j < model.dof(); ++j) {
    ExportedJointDynamics& e = d.joints[static_cast<size_t>(j)];
    e.damping = {0.5 + 0.1 * j, true, true, 0.9};
    e.friction = {0.2 + 0.05 * j, true, true, 0.8};
    e.armature = {0.01 * (j + 1), true, true, 0.7};
  }
  ExportedJointValue& unseen = d.joints.front().armature;
  unseen.value = model.joint(0).armature;
  unseen.seen = false;
  unseen.share = 0.02;
  return d;
}

}  // namespace eb::test
