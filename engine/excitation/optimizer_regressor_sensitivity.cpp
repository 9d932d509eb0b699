#include "excitation/optimizer_regressor_sensitivity.hpp"

#include "dynamics/joint_torque_regressor.hpp"

#include <cmath>
#include <stdexcept>

namespace eb {

SensitivityModel::SensitivityModel(const RobotModel& m, const BaseParameters& b)
    : model(m), noGravity(m.withGravity(Eigen::Vector3d::Zero())), base(b) {
  const int rigid = 10 * model.bodyCount();
  const RegressorOptions& o = base.options;
  // The design's friction columns are viscous and one Coulomb level; richer models are fitted
  // to logs (friction_comparison.hpp), not designed for.
  if (o.richFriction())
    throw std::invalid_argument("regressor sensitivity: only viscous + Coulomb friction columns are designed for");
  // Kinds of the enabled extras in their column order (joint_torque_regressor.hpp).
  std::vector<int> kinds;
  if (o.viscous) kinds.push_back(0);
  if (o.coulomb) kinds.push_back(1);
  if (o.offset) kinds.push_back(2);
  if (o.armature) kinds.push_back(3);
  for (int k = 0; k < base.rank; ++k) {
    const int c = base.independent[static_cast<size_t>(k)];
    if (c < rigid) {
      rigidColumns.emplace_back(k, c);
    } else {
      const int e = c - rigid;
      const int per = static_cast<int>(kinds.size());
      if (per == 0) throw std::invalid_argument("regressor sensitivity: base column beyond the rigid-body columns");
      extraColumns.push_back({k, e / per, kinds[static_cast<size_t>(e % per)]});
    }
  }
}

RegressorSensitivity::RegressorSensitivity(const SensitivityModel& shared)
    : shared_(shared), wsFull_(shared.model), wsRigid_(shared.model) {
  const int n = shared.model.dof();
  zeros_ = Eigen::VectorXd::Zero(n);
  unit_ = Eigen::VectorXd::Zero(n);
  qp_.resize(n);
  qdp_.resize(n);
}

void RegressorSensitivity::baseRegressorTransposed(const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                                   const Eigen::VectorXd& qdd, Eigen::Ref<Eigen::MatrixXd> YbT) {
  const BaseParameters& base = shared_.base;
  const Eigen::MatrixXd& Y = computeJointTorqueRegressor(shared_.model, wsFull_, base.options, q, qd, qdd);
  for (int k = 0; k < base.rank; ++k) YbT.row(k) = Y.col(base.independent[static_cast<size_t>(k)]).transpose();
}

double RegressorSensitivity::contractRigid(const Eigen::MatrixXd& W, const Eigen::MatrixXd& Y) const {
  double s = 0.0;
  for (const auto& [b, c] : shared_.rigidColumns) s += W.col(b).dot(Y.col(c));
  return s;
}

void RegressorSensitivity::contract(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd,
                                    const Eigen::MatrixXd& W, double* gq, double* gqd, double* gqdd) {
  const int n = shared_.model.dof();
  const RegressorOptions rigid;
  const double h = kPositionStep;
  for (int i = 0; i < n; ++i) {
    unit_[i] = 1.0;
    gqdd[i] = contractRigid(W, computeJointTorqueRegressor(shared_.noGravity, wsRigid_, rigid, q, zeros_, unit_));
    unit_[i] = 0.0;

    qdp_ = qd;
    qdp_[i] += 1.0;
    const double vp =
        contractRigid(W, computeJointTorqueRegressor(shared_.noGravity, wsRigid_, rigid, q, qdp_, zeros_));
    qdp_[i] -= 2.0;
    const double vm =
        contractRigid(W, computeJointTorqueRegressor(shared_.noGravity, wsRigid_, rigid, q, qdp_, zeros_));
    gqd[i] = 0.5 * (vp - vm);

    qp_ = q;
    qp_[i] += h;
    const double pp = contractRigid(W, computeJointTorqueRegressor(shared_.model, wsRigid_, rigid, qp_, qd, qdd));
    qp_[i] = q[i] - h;
    const double pm = contractRigid(W, computeJointTorqueRegressor(shared_.model, wsRigid_, rigid, qp_, qd, qdd));
    gq[i] = (pp - pm) / (2.0 * h);
  }
  const double width = shared_.base.options.coulombWidth;
  for (const SensitivityModel::Extra& e : shared_.extraColumns) {
    const double w = W(e.joint, e.baseIndex);
    switch (e.kind) {
      case 0: gqd[e.joint] += w; break;
      case 1:
        if (width > 0.0) {
          const double th = std::tanh(qd[e.joint] / width);
          gqd[e.joint] += w * (1.0 - th * th) / width;
        }
        break;
      case 3: gqdd[e.joint] += w; break;
      default: break;
    }
  }
}

void RegressorSensitivity::derivative(const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                      const Eigen::VectorXd& qdd, int kind, int joint, Eigen::MatrixXd& dYb) {
  const int n = shared_.model.dof();
  const int r = shared_.base.rank;
  // Contracting with unit weights W = E_jc picks entry (j, c) of dY_b/dz.
  dYb.resize(n, r);
  Eigen::MatrixXd W = Eigen::MatrixXd::Zero(n, r);
  Eigen::VectorXd gq(n), gqd(n), gqdd(n);
  for (int j = 0; j < n; ++j)
    for (int c = 0; c < r; ++c) {
      W(j, c) = 1.0;
      contract(q, qd, qdd, W, gq.data(), gqd.data(), gqdd.data());
      dYb(j, c) = kind == 0 ? gq[joint] : (kind == 1 ? gqd[joint] : gqdd[joint]);
      W(j, c) = 0.0;
    }
}

}  // namespace eb
