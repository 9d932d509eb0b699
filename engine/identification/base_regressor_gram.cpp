#include "identification/base_regressor_gram.hpp"

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "dynamics/regressor_sparsity.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>

namespace eb {
namespace {

constexpr int kBlock = BlockedGram::kBlockSamples;
// A few chunks per lane, so that a lane held up by the OS leaves its share to the others.
constexpr int kChunksPerLane = 4;
// Fewer samples than four blocks are not worth waking the other lanes for.
constexpr long kParallelMinSamples = 4L * kBlock;

std::vector<Eigen::Index> supportSizes(const std::vector<std::vector<int>>& support) {
  std::vector<Eigen::Index> sizes;
  for (const std::vector<int>& sj : support) sizes.push_back(static_cast<Eigen::Index>(sj.size()));
  return sizes;
}

}  // namespace

struct BaseRegressorGram::Lane {
  Lane(const RobotModel& model, const std::vector<std::vector<int>>& support, bool withTorques)
      : ws(model), gram(supportSizes(support), withTorques) {
    q.resize(model.dof());
    qd.resize(model.dof());
    qdd.resize(model.dof());
  }
  DynamicsWorkspace ws;
  BlockedGram gram;
  Eigen::VectorXd q, qd, qdd;
};

BaseRegressorGram::BaseRegressorGram(const RobotModel& model, const BaseParameters& base, ThreadPool* pool,
                                     bool withTorques)
    : model_(model), base_(base), pool_(pool), withTorques_(withTorques) {
  support_ = baseRegressorRowSupport(model_, base_);
  const Eigen::Index n = model_.dof();
  for (Eigen::Index j = 0; j < n; ++j) {
    std::vector<Eigen::Index> offsets;
    for (const int c : support_[static_cast<std::size_t>(j)])
      offsets.push_back(j + n * base_.independent[static_cast<std::size_t>(c)]);
    regressorOffsets_.push_back(std::move(offsets));
  }
  const int lanes = pool_ ? pool_->size() : 1;
  for (int i = 0; i < lanes; ++i) lanes_.push_back(std::make_unique<Lane>(model_, support_, withTorques_));
  total_ = lanes_[0]->gram.sums();
}

BaseRegressorGram::~BaseRegressorGram() = default;

void BaseRegressorGram::accumulateRange(Lane& lane, const Block& q, const Block& qd, const Block& qdd,
                                        const Block* tau, long begin, long end) const {
  const int n = model_.dof();
  lane.gram.reset();
  for (long s = begin; s < end; ++s) {
    lane.q = q.row(s).transpose();
    lane.qd = qd.row(s).transpose();
    lane.qdd = qdd.row(s).transpose();
    const double* Y =
        computeJointTorqueRegressor(model_, lane.ws, base_.options, lane.q, lane.qd, lane.qdd).data();
    for (int j = 0; j < n; ++j) {
      const std::vector<Eigen::Index>& offsets = regressorOffsets_[static_cast<std::size_t>(j)];
      double* dst = lane.gram.column(j).data();
      for (std::size_t c = 0; c < offsets.size(); ++c) dst[c] = Y[offsets[c]];
      if (tau) lane.gram.setTarget(j, (*tau)(s, j));
    }
    lane.gram.commit();
  }
  lane.gram.flush();
}

void BaseRegressorGram::compute(const Block& q, const Block& qd, const Block& qdd, const Block* tau) {
  const long N = q.rows();
  const int n = model_.dof();
  const bool shapesFit = q.cols() == n && qd.cols() == n && qdd.cols() == n && qd.rows() == N && qdd.rows() == N &&
                         (!tau || (tau->cols() == n && tau->rows() == N));
  if (!shapesFit)
    throw std::invalid_argument("base regressor Gram: q, qd, qdd" + std::string(tau ? " and tau" : "") +
                                " must all be N x " + std::to_string(n));
  if (withTorques_ != (tau != nullptr))
    throw std::invalid_argument(withTorques_ ? "base regressor Gram: the torques are missing"
                                             : "base regressor Gram: built without torques");
  samples_ = N;
  const int lanes = static_cast<int>(lanes_.size());
  if (lanes == 1 || N < kParallelMinSamples) {
    accumulateRange(*lanes_[0], q, qd, qdd, tau, 0, N);
    total_ = lanes_[0]->gram.sums();
    return;
  }
  const long blocks = (N + kBlock - 1) / kBlock;
  const int chunks = static_cast<int>(std::min<long>(blocks, static_cast<long>(lanes) * kChunksPerLane));
  if (static_cast<int>(chunkSums_.size()) < chunks) chunkSums_.resize(static_cast<std::size_t>(chunks), total_);
  std::atomic<int> next{0};
  pool_->runOnAllLanes([&](int lane) {
    Lane& mine = *lanes_[static_cast<std::size_t>(lane)];
    for (int c = next.fetch_add(1); c < chunks; c = next.fetch_add(1)) {
      const long begin = std::min(N, blocks * c / chunks * kBlock);
      const long end = std::min(N, blocks * (c + 1) / chunks * kBlock);
      accumulateRange(mine, q, qd, qdd, tau, begin, end);
      chunkSums_[static_cast<std::size_t>(c)] = mine.gram.sums();
    }
  });
  total_ = chunkSums_[0];
  for (int c = 1; c < chunks; ++c) total_.add(chunkSums_[static_cast<std::size_t>(c)]);
}

void BaseRegressorGram::informationMatrix(Eigen::MatrixXd& F) const {
  F.setZero(base_.rank, base_.rank);
  for (std::size_t j = 0; j < support_.size(); ++j) {
    const std::vector<int>& sj = support_[j];
    const Eigen::MatrixXd& G = total_.gram[j];
    for (std::size_t b = 0; b < sj.size(); ++b)
      for (std::size_t a = b; a < sj.size(); ++a)
        F(sj[a], sj[b]) += G(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b));
  }
  F.triangularView<Eigen::StrictlyUpper>() = F.transpose();
}

}  // namespace eb
