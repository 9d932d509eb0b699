#include "dynamics/joint_torque_regressor.hpp"

#include "dynamics/forward_kinematics.hpp"
#include "dynamics/spatial_algebra.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace eb {

int regressorColumnCount(const RobotModel& model, const RegressorOptions& options) {
  return 10 * model.bodyCount() + options.extrasPerJoint() * model.dof();
}

std::vector<std::string> regressorColumnNames(const RobotModel& model, const RegressorOptions& options) {
  static const char* kBody[10] = {"m", "mx", "my", "mz", "Ixx", "Ixy", "Iyy", "Ixz", "Iyz", "Izz"};
  std::vector<std::string> names;
  names.reserve(static_cast<size_t>(regressorColumnCount(model, options)));
  for (int i = 0; i < model.bodyCount(); ++i)
    for (const char* n : kBody) names.push_back(n + std::to_string(i + 1));
  for (int j = 0; j < model.dof(); ++j) {
    const std::string s = std::to_string(j + 1);
    if (options.viscous) names.push_back("fv" + s);
    if (options.coulomb && !options.asymmetricCoulomb) names.push_back("fc" + s);
    if (options.coulomb && options.asymmetricCoulomb) {
      names.push_back("fcp" + s);
      names.push_back("fcn" + s);
    }
    if (options.stribeck) names.push_back("fs" + s);
    if (options.offset) names.push_back("fo" + s);
    if (options.armature) names.push_back("Ia" + s);
  }
  return names;
}

Eigen::VectorXd regressorParameters(const RobotModel& model, const RegressorOptions& options,
                                    const Eigen::VectorXd& viscous, const Eigen::VectorXd& coulomb,
                                    const Eigen::VectorXd& offset, const Eigen::VectorXd& armature) {
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(regressorColumnCount(model, options));
  theta.head(10 * model.bodyCount()) = model.standardParameters();
  Eigen::Index c = 10 * model.bodyCount();
  auto value = [](const Eigen::VectorXd& v, int j) { return v.size() > j ? v[j] : 0.0; };
  for (int j = 0; j < model.dof(); ++j) {
    if (options.viscous) theta[c++] = value(viscous, j);
    if (options.coulomb) theta[c++] = value(coulomb, j);
    if (options.coulomb && options.asymmetricCoulomb) theta[c++] = value(coulomb, j);  // the same level both ways
    if (options.stribeck) theta[c++] = 0.0;
    if (options.offset) theta[c++] = value(offset, j);
    if (options.armature) theta[c++] = value(armature, j);
  }
  return theta;
}

double coulombSign(double qd, double width) {
  if (width > 0.0) return std::tanh(qd / width);
  return qd > 0.0 ? 1.0 : (qd < 0.0 ? -1.0 : 0.0);
}

void checkRegressorOptions(const RegressorOptions& o, int dof) {
  const auto finiteNonNegative = [](double v) { return std::isfinite(v) && v >= 0.0; };
  if (!finiteNonNegative(o.coulombWidth)) throw std::invalid_argument("regressor: the Coulomb width must be >= 0");
  if (!o.coulombWidths.empty()) {
    if (static_cast<int>(o.coulombWidths.size()) != dof)
      throw std::invalid_argument("regressor: " + std::to_string(o.coulombWidths.size()) + " Coulomb widths for " +
                                  std::to_string(dof) + " joints");
    for (double w : o.coulombWidths)
      if (!finiteNonNegative(w)) throw std::invalid_argument("regressor: a Coulomb width must be finite and >= 0");
  }
  if (o.stribeck) {
    if (static_cast<int>(o.stribeckVelocities.size()) != dof)
      throw std::invalid_argument("regressor: " + std::to_string(o.stribeckVelocities.size()) +
                                  " Stribeck velocities for " + std::to_string(dof) + " joints");
    for (double v : o.stribeckVelocities)
      if (!(std::isfinite(v) && v > 0.0))
        throw std::invalid_argument("regressor: a Stribeck velocity must be finite and > 0");
  }
}

void jointFrictionFeatures(const RegressorOptions& o, int joint, double qd, double* out) {
  int c = 0;
  if (o.viscous) out[c++] = qd;
  if (o.coulomb) {
    const double s = coulombSign(qd, o.widthOf(joint));
    if (o.asymmetricCoulomb) {
      out[c++] = std::max(s, 0.0);
      out[c++] = std::min(s, 0.0);
    } else {
      out[c++] = s;
    }
  }
  if (o.stribeck) {
    const double u = qd / o.stribeckVelocities[static_cast<std::size_t>(joint)];
    out[c] = std::exp(-u * u) * coulombSign(qd, 0.0);
  }
}

// One function of ~120 lines on purpose: it is the innermost loop of every identification and
// design (called per sample) and its forward and backward passes share per-body quantities that
// the compiler keeps in registers; passes split into calls would risk that for no reader's gain.
// Measure regressor/<robot> (excitebench-bench) before splitting it.
const Eigen::MatrixXd& computeJointTorqueRegressor(const RobotModel& model, DynamicsWorkspace& ws,
                                                   const RegressorOptions& options, const Eigen::VectorXd& q,
                                                   const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd) {
  const int nb = model.bodyCount();
  const int cols = regressorColumnCount(model, options);
  if (ws.Y.rows() != model.dof() || ws.Y.cols() != cols) ws.Y.resize(model.dof(), cols);
  Eigen::MatrixXd& Y = ws.Y;
  Y.setZero();

  // Forward pass: body velocities/accelerations in body frames (as RNEA) and
  // world poses, so any joint axis can be expressed in any body frame.
  computeJointTransforms(model, ws, q);
  Vector6d a0;
  a0 << 0.0, 0.0, 0.0, -model.gravity();
  for (int i = 0; i < nb; ++i) {
    const Body& b = model.body(i);
    const size_t k = static_cast<size_t>(i);
    const Eigen::Matrix3d& R = ws.R_parent[k];
    const Eigen::Vector3d& p = ws.p_parent[k];
    const double qdi = b.multiplier * qd[b.dof];
    const double qddi = b.multiplier * qdd[b.dof];
    Vector6d& v = ws.v[k];
    Vector6d& a = ws.a[k];
    if (b.parent < 0) {
      v.setZero();
      a = spatial::motionToChild(R, p, a0);
      ws.R_world[k] = R;
      ws.p_world[k] = p;
    } else {
      const size_t pk = static_cast<size_t>(b.parent);
      v = spatial::motionToChild(R, p, ws.v[pk]);
      a = spatial::motionToChild(R, p, ws.a[pk]);
      ws.R_world[k].noalias() = ws.R_world[pk] * R;
      ws.p_world[k] = ws.p_world[pk];
      ws.p_world[k].noalias() += ws.R_world[pk] * p;
    }
    const Eigen::Vector3d s = b.axis * qdi;
    if (b.type == JointType::Prismatic) {
      a.tail<3>() += v.head<3>().cross(s) + b.axis * qddi;
      v.tail<3>() += s;
    } else {
      a.head<3>() += v.head<3>().cross(s) + b.axis * qddi;
      a.tail<3>() += v.tail<3>().cross(s);
      v.head<3>() += s;
    }
    // World axis of this body's joint, reused by every descendant.
    ws.worldTwists[k].head<3>().noalias() = ws.R_world[k] * b.axis;
  }

  // Body wrench f_i = A_i theta_i with (w = a_lin + omega x v_lin):
  //   m:  n = 0,                        f = w
  //   h:  n = h x w,                    f = ([alpha]x + [omega]x^2) h
  //   I:  n = I alpha + omega x I omega, f = 0
  // Joint j (ancestor of i, or i) sees tau_j += s^T f_i, s = joint j's subspace in
  // frame i. The row s^T A_i is formed directly from 3-vectors, no 6x10 matrix.
  for (int i = 0; i < nb; ++i) {
    const size_t k = static_cast<size_t>(i);
    const Eigen::Vector3d om = ws.v[k].head<3>();
    const Eigen::Vector3d vl = ws.v[k].tail<3>();
    const Eigen::Vector3d al = ws.a[k].head<3>();
    const Eigen::Vector3d w = ws.a[k].tail<3>() + om.cross(vl);
    const Eigen::Matrix3d& Ri = ws.R_world[k];
    const Eigen::Vector3d& pi = ws.p_world[k];
    const int col0 = 10 * i;
    for (int j = i; j >= 0; j = model.body(j).parent) {
      const Body& bj = model.body(j);
      const size_t jk = static_cast<size_t>(j);
      Eigen::Vector3d sw, sv;  // joint j's unit twist in frame i: [sw; sv]
      if (j == i) {
        if (bj.type == JointType::Prismatic) {
          sw.setZero();
          sv = bj.axis;
        } else {
          sw = bj.axis;
          sv.setZero();
        }
      } else {
        const Eigen::Vector3d aw = ws.worldTwists[jk].head<3>();
        if (bj.type == JointType::Prismatic) {
          sw.setZero();
          sv.noalias() = Ri.transpose() * aw;
        } else {
          // Velocity at body i's origin of a unit rotation about joint j's axis.
          sw.noalias() = Ri.transpose() * aw;
          const Eigen::Vector3d vw = aw.cross(pi - ws.p_world[jk]);
          sv.noalias() = Ri.transpose() * vw;
        }
      }
      const double mult = bj.multiplier;
      double* row = &Y(bj.dof, col0);
      const Eigen::Index stride = Y.outerStride();
      auto put = [&](int c, double val) { row[c * stride] += mult * val; };
      put(0, sv.dot(w));
      const Eigen::Vector3d hcol = w.cross(sw) - al.cross(sv) + om.cross(om.cross(sv));
      put(1, hcol.x());
      put(2, hcol.y());
      put(3, hcol.z());
      // s_w^T (L(alpha) + [omega]x L(omega)) = L(alpha)^T s_w + L(omega)^T (s_w x omega)
      const Eigen::Vector3d y2 = sw.cross(om);
      put(4, al.x() * sw.x() + om.x() * y2.x());
      put(5, al.y() * sw.x() + al.x() * sw.y() + om.y() * y2.x() + om.x() * y2.y());
      put(6, al.y() * sw.y() + om.y() * y2.y());
      put(7, al.z() * sw.x() + al.x() * sw.z() + om.z() * y2.x() + om.x() * y2.z());
      put(8, al.z() * sw.y() + al.y() * sw.z() + om.z() * y2.y() + om.y() * y2.z());
      put(9, al.z() * sw.z() + om.z() * y2.z());
    }
  }

  const int extras = options.extrasPerJoint();
  if (extras > 0) {
    int c = 10 * nb;
    for (int j = 0; j < model.dof(); ++j) {
      double friction[4];
      jointFrictionFeatures(options, j, qd[j], friction);
      for (int k = 0; k < options.frictionColumnsPerJoint(); ++k) Y(j, c++) = friction[k];
      if (options.offset) Y(j, c++) = 1.0;
      if (options.armature) Y(j, c++) = qdd[j];
    }
  }
  return Y;
}

}  // namespace eb
