#include "identification/normal_equations.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "dynamics/regressor_sparsity.hpp"
#include "identification/blocked_gram.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb {
namespace {
// Fewer than four blocks' samples are not worth splitting over the pool's lanes.
}

NormalEquations::NormalEquations(int n, int r) : dof(n), columns(r) {
  A.assign(static_cast<size_t>(n), Eigen::MatrixXd::Zero(r, r));
  c.assign(static_cast<size_t>(n), Eigen::VectorXd::Zero(r));
  rowSums.assign(static_cast<size_t>(n), Eigen::VectorXd::Zero(r));
  tauSquares = Eigen::VectorXd::Zero(n);
  tauSums = Eigen::VectorXd::Zero(n);
}

void NormalEquations::merge(const NormalEquations& o) {
  if (o.dof != dof || o.columns != columns)
    throw std::invalid_argument("normal equations: cannot merge different shapes");
  for (int j = 0; j < dof; ++j) {
    A[static_cast<size_t>(j)] += o.A[static_cast<size_t>(j)];
    c[static_cast<size_t>(j)] += o.c[static_cast<size_t>(j)];
    rowSums[static_cast<size_t>(j)] += o.rowSums[static_cast<size_t>(j)];
  }
  tauSquares += o.tauSquares;
  tauSums += o.tauSums;
  samples += o.samples;
}

void NormalEquations::weightedTotals(const Eigen::VectorXd& w, Eigen::MatrixXd& At, Eigen::VectorXd& ct) const {
  At = Eigen::MatrixXd::Zero(columns, columns);
  ct = Eigen::VectorXd::Zero(columns);
  for (int j = 0; j < dof; ++j) {
    At += w[j] * A[static_cast<size_t>(j)];
    ct += w[j] * c[static_cast<size_t>(j)];
  }
}

double NormalEquations::residualSquares(int j, const Eigen::VectorXd& theta) const {
  const size_t k = static_cast<size_t>(j);
  const double r = tauSquares[j] - 2.0 * theta.dot(c[k]) + theta.dot(A[k] * theta);
  return std::max(0.0, r);
}

double NormalEquations::residualMean(int j, const Eigen::VectorXd& theta) const {
  if (samples <= 0) return 0.0;
  return (tauSums[j] - rowSums[static_cast<size_t>(j)].dot(theta)) / static_cast<double>(samples);
}

double NormalEquations::nrmsePercent(int j, const Eigen::VectorXd& theta) const {
  if (!(tauSquares[j] > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  return 100.0 * std::sqrt(residualSquares(j, theta) / tauSquares[j]);
}

struct RegressionAccumulator::Lane {
  Lane(const RobotModel& model, int r, const std::vector<std::vector<int>>& support)
      : ws(model), eq(model.dof(), r), gram(supportSizes(support)) {
    const int n = model.dof();
    q.resize(n);
    qd.resize(n);
    qdd.resize(n);
  }
  static std::vector<Eigen::Index> supportSizes(const std::vector<std::vector<int>>& support) {
    std::vector<Eigen::Index> sizes;
    for (const std::vector<int>& sj : support) sizes.push_back(static_cast<Eigen::Index>(sj.size()));
    return sizes;
  }
  DynamicsWorkspace ws;
  NormalEquations eq;
  // Per joint, over the base columns its row can touch (regressor_sparsity.hpp): Y_b,j^T
  // with the torque tau_j as target.
  BlockedGram gram;
  Eigen::VectorXd q, qd, qdd;
};

RegressionAccumulator::RegressionAccumulator(const RobotModel& model, const BaseParameters& base, ThreadPool* pool)
    : model_(model), base_(base), pool_(pool), total_(model.dof(), base.rank) {
  support_ = baseRegressorRowSupport(model_, base_);
  const int lanes = pool_ ? pool_->size() : 1;
  for (int i = 0; i < lanes; ++i) lanes_.push_back(std::make_unique<Lane>(model_, base_.rank, support_));
}

RegressionAccumulator::~RegressionAccumulator() = default;

void RegressionAccumulator::reset() { total_ = NormalEquations(model_.dof(), base_.rank); }

void RegressionAccumulator::addRange(Lane& lane, const Block& q, const Block& qd, const Block& qdd, const Block& tau,
                                     long begin, long end) {
  const int n = model_.dof();
  const int r = base_.rank;
  lane.eq = NormalEquations(n, r);
  lane.gram.reset();
  for (long s = begin; s < end; ++s) {
    lane.q = q.row(s).transpose();
    lane.qd = qd.row(s).transpose();
    lane.qdd = qdd.row(s).transpose();
    const Eigen::MatrixXd& Y = computeJointTorqueRegressor(model_, lane.ws, base_.options, lane.q, lane.qd, lane.qdd);
    for (int j = 0; j < n; ++j) {
      const std::vector<int>& sj = support_[static_cast<size_t>(j)];
      double* dst = lane.gram.column(j).data();
      for (size_t c = 0; c < sj.size(); ++c) dst[c] = Y(j, base_.independent[static_cast<size_t>(sj[c])]);
      lane.gram.setTarget(j, tau(s, j));
    }
    lane.gram.commit();
  }
  lane.gram.flush();
  lane.eq.samples = end - begin;
  lane.eq.tauSquares = lane.gram.targetSquares();
  lane.eq.tauSums = lane.gram.targetSums();
  // Expand the compact per-joint blocks into full r x r normal equations.
  for (int j = 0; j < n; ++j) {
    const size_t k = static_cast<size_t>(j);
    const std::vector<int>& sj = support_[k];
    const Eigen::MatrixXd& G = lane.gram.lowerGram(j);
    Eigen::MatrixXd& A = lane.eq.A[k];
    for (size_t b = 0; b < sj.size(); ++b) {
      lane.eq.c[k][sj[b]] = lane.gram.crossSum(j)[static_cast<Eigen::Index>(b)];
      lane.eq.rowSums[k][sj[b]] = lane.gram.columnSum(j)[static_cast<Eigen::Index>(b)];
      for (size_t a = b; a < sj.size(); ++a)
        A(sj[a], sj[b]) = A(sj[b], sj[a]) = G(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b));
    }
  }
}

void RegressionAccumulator::add(const Block& q, const Block& qd, const Block& qdd, const Block& tau) {
  const long N = q.rows();
  const int n = model_.dof();
  if (q.cols() != n || qd.cols() != n || qdd.cols() != n || tau.cols() != n || qd.rows() != N || qdd.rows() != N ||
      tau.rows() != N)
    throw std::invalid_argument("regression: q, qd, qdd and tau must all be N x " + std::to_string(n));
  const int lanes = static_cast<int>(lanes_.size());
  if (lanes == 1 || N < 4L * BlockedGram::kBlockSamples) {
    addRange(*lanes_[0], q, qd, qdd, tau, 0, N);
    total_.merge(lanes_[0]->eq);
    return;
  }
  pool_->runOnAllLanes([&](int lane) {
    addRange(*lanes_[static_cast<size_t>(lane)], q, qd, qdd, tau, N * lane / lanes, N * (lane + 1) / lanes);
  });
  for (int l = 0; l < lanes; ++l) total_.merge(lanes_[static_cast<size_t>(l)]->eq);
}

}  // namespace eb
