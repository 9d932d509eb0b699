#include "excitation/information_matrix.hpp"

#include "dynamics/joint_torque_regressor.hpp"
#include "dynamics/regressor_sparsity.hpp"
#include "util/thread_pool.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>

namespace eb {
namespace {

// Samples stacked per rank update: large enough for the blocked product to run
// near peak and to amortize the scatter into F, small enough to stay in cache
// (128 x 43 doubles = 44 kB per joint).
constexpr int kBlockSamples = 128;
// Work is handed out in chunks, a few per lane, to whichever lane is free: a lane that
// the OS preempts (the GUI and the 3D renderer share the cores with it) no longer holds
// up the others. Chunk boundaries depend only on N and the lane count and partial sums
// are added in chunk order, so F is the same bit for bit whichever lane did what.
constexpr int kChunksPerLane = 4;

}  // namespace

struct InformationMatrixAccumulator::Lane {
  explicit Lane(const RobotModel& model) : ws(model) {}
  DynamicsWorkspace ws;
  std::vector<Eigen::MatrixXd> rowsT;  // per joint: |support_j| x kBlockSamples, stacked rows of Y_b (transposed)
  std::vector<Eigen::MatrixXd> G;      // per joint: |support_j|^2 partial sums, scattered into F at the end
  Eigen::VectorXd q, qd, qdd;
};

InformationMetrics computeInformationMetrics(const Eigen::MatrixXd& F) {
  InformationMetrics m;
  m.columns = static_cast<int>(F.rows());
  if (F.rows() == 0) return m;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(F, Eigen::EigenvaluesOnly);
  m.eigenvalues = eig.eigenvalues();
  const double lmin = m.eigenvalues[0];
  const double lmax = m.eigenvalues[m.eigenvalues.size() - 1];
  m.lambdaMax = lmax;
  m.eopt = lmin;
  m.fullRank = lmax > 0.0 && lmin > 1e-12 * lmax;
  const double inf = std::numeric_limits<double>::infinity();
  m.cond = m.fullRank ? std::sqrt(lmax / lmin) : inf;
  if (m.fullRank) {
    m.logdet = m.eigenvalues.array().log().sum();
    m.aopt = m.eigenvalues.cwiseInverse().sum();
  } else {
    m.logdet = -inf;
    m.aopt = inf;
  }
  const Eigen::VectorXd d = F.diagonal().cwiseMax(1e-300).cwiseSqrt().cwiseInverse();
  const Eigen::MatrixXd Fs = d.asDiagonal() * F * d.asDiagonal();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigs(Fs, Eigen::EigenvaluesOnly);
  m.scaledEigenvalues = eigs.eigenvalues();
  const double smin = m.scaledEigenvalues[0], smax = m.scaledEigenvalues[m.scaledEigenvalues.size() - 1];
  m.condScaled = smin > 1e-12 * smax ? std::sqrt(smax / smin) : inf;
  return m;
}

InformationMatrixAccumulator::InformationMatrixAccumulator(const RobotModel& model, const BaseParameters& base,
                                                           ThreadPool* pool)
    : model_(model), base_(base), pool_(pool) {
  support_ = baseRegressorRowSupport(model_, base_);
  const int lanes = pool_ ? pool_->size() : 1;
  for (int i = 0; i < lanes; ++i) {
    auto lane = std::make_unique<Lane>(model_);
    for (const std::vector<int>& sj : support_) {
      const Eigen::Index m = static_cast<Eigen::Index>(sj.size());
      lane->rowsT.emplace_back(m, kBlockSamples);
      lane->G.emplace_back(m, m);
    }
    lane->q.resize(model_.dof());
    lane->qd.resize(model_.dof());
    lane->qdd.resize(model_.dof());
    lanes_.push_back(std::move(lane));
  }
  F_.resize(base_.rank, base_.rank);
}

InformationMatrixAccumulator::~InformationMatrixAccumulator() = default;

void InformationMatrixAccumulator::accumulateRange(Lane& lane, const TrajectorySamples& s, int begin, int end,
                                                   Eigen::MatrixXd& F) {
  const int n = model_.dof();
  for (Eigen::MatrixXd& G : lane.G) G.setZero();
  int filled = 0;
  auto flush = [&]() {
    if (filled == 0) return;
    for (int j = 0; j < n; ++j)
      lane.G[static_cast<size_t>(j)].selfadjointView<Eigen::Lower>().rankUpdate(
          lane.rowsT[static_cast<size_t>(j)].leftCols(filled));
    filled = 0;
  };
  for (int k = begin; k < end; ++k) {
    lane.q = s.q.row(k).transpose();
    lane.qd = s.qd.row(k).transpose();
    lane.qdd = s.qdd.row(k).transpose();
    const Eigen::MatrixXd& Y = computeJointTorqueRegressor(model_, lane.ws, base_.options, lane.q, lane.qd, lane.qdd);
    for (int j = 0; j < n; ++j) {
      const std::vector<int>& sj = support_[static_cast<size_t>(j)];
      double* dst = lane.rowsT[static_cast<size_t>(j)].col(filled).data();
      for (size_t c = 0; c < sj.size(); ++c) dst[c] = Y(j, base_.independent[static_cast<size_t>(sj[c])]);
    }
    if (++filled == kBlockSamples) flush();
  }
  flush();
  // Scatter the per-joint Gram blocks (lower triangles) into F's lower triangle.
  F.setZero();
  for (int j = 0; j < n; ++j) {
    const std::vector<int>& sj = support_[static_cast<size_t>(j)];
    const Eigen::MatrixXd& G = lane.G[static_cast<size_t>(j)];
    for (size_t b = 0; b < sj.size(); ++b)
      for (size_t a = b; a < sj.size(); ++a) F(sj[a], sj[b]) += G(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b));
  }
}

const Eigen::MatrixXd& InformationMatrixAccumulator::accumulate(const TrajectorySamples& samples) {
  if (samples.dof() != model_.dof())
    throw std::invalid_argument("information matrix: trajectory has " + std::to_string(samples.dof()) +
                                " joints, robot has " + std::to_string(model_.dof()));
  const int N = samples.size();
  const int lanes = static_cast<int>(lanes_.size());
  // Small problems do not pay for the wake-up of other threads.
  if (lanes == 1 || N < 4 * kBlockSamples) {
    accumulateRange(*lanes_[0], samples, 0, N, F_);
  } else {
    const int blocks = (N + kBlockSamples - 1) / kBlockSamples;
    const int chunks = std::min(blocks, lanes * kChunksPerLane);
    if (static_cast<int>(chunkF_.size()) < chunks) chunkF_.resize(static_cast<size_t>(chunks));
    std::atomic<int> next{0};
    pool_->runOnAllLanes([&](int lane) {
      for (int c = next.fetch_add(1); c < chunks; c = next.fetch_add(1)) {
        const int begin = std::min(N, static_cast<int>(static_cast<long>(blocks) * c / chunks) * kBlockSamples);
        const int end = std::min(N, static_cast<int>(static_cast<long>(blocks) * (c + 1) / chunks) * kBlockSamples);
        Eigen::MatrixXd& partial = chunkF_[static_cast<size_t>(c)];
        partial.resize(base_.rank, base_.rank);
        accumulateRange(*lanes_[static_cast<size_t>(lane)], samples, begin, end, partial);
      }
    });
    F_ = chunkF_[0];
    for (int c = 1; c < chunks; ++c) F_ += chunkF_[static_cast<size_t>(c)];
  }
  F_.triangularView<Eigen::StrictlyUpper>() = F_.transpose();
  return F_;
}

InformationMetrics InformationMatrixAccumulator::computeMetrics(const TrajectorySamples& samples,
                                                                double windowSeconds) {
  accumulate(samples);
  InformationMetrics m = computeInformationMetrics(F_);
  m.samples = samples.size();
  if (windowSeconds > 0.0 && samples.size() > 1) {
    m.windowSeconds = windowSeconds;
    int begin = 0;
    Eigen::MatrixXd Fw(base_.rank, base_.rank);
    while (begin < samples.size()) {
      int end = begin;
      while (end < samples.size() && samples.t[end] < samples.t[begin] + windowSeconds) ++end;
      accumulateRange(*lanes_[0], samples, begin, end, Fw);
      Fw.triangularView<Eigen::StrictlyUpper>() = Fw.transpose();
      const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(Fw, Eigen::EigenvaluesOnly);
      m.windowLambdaMin.push_back(eig.eigenvalues()[0]);
      begin = end;
    }
  }
  return m;
}

}  // namespace eb
