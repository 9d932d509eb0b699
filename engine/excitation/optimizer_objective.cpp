#include "excitation/optimizer_objective.hpp"

#include "excitation/optimizer_fourier_basis.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <stdexcept>

namespace eb {

namespace {
// Fixed chunking (not per thread) keeps the summation order, hence the bits of
// F and of the gradient, independent of the number of threads.
constexpr int kChunks = 16;
}  // namespace

struct ExcitationObjective::Lane {
  explicit Lane(const SensitivityModel& shared) : sens(shared) {
    const int n = shared.model.dof();
    q.resize(n);
    qd.resize(n);
    qdd.resize(n);
    gq.resize(n);
    gqd.resize(n);
    gqdd.resize(n);
    W.resize(n, shared.base.rank);
  }
  RegressorSensitivity sens;
  Eigen::VectorXd q, qd, qdd, gq, gqd, gqdd;
  Eigen::MatrixXd W;
};

ExcitationObjective::ExcitationObjective(const RobotModel& model, const BaseParameters& base,
                                         ExcitationCriterion criterion,
                                         const FourierRestParametrization& parametrization,
                                         const FourierTrajectory& trajectory, const Eigen::VectorXd& times,
                                         ThreadPool* pool)
    : ExcitationObjective(model, base, criterion, FourierTrajectoryBasis(parametrization, trajectory), times, pool) {
}

ExcitationObjective::ExcitationObjective(const RobotModel& model, const BaseParameters& base,
                                         ExcitationCriterion criterion, const TrajectoryBasis& basis,
                                         const Eigen::VectorXd& times, ThreadPool* pool)
    : shared_(model, base), criterion_(criterion), table_(basis.sampleTable(times)), pool_(pool) {
  if (basis.dof() != model.dof())
    throw std::invalid_argument("excitation objective: robot, trajectory and parametrization sizes differ");
  if (times.size() < 1) throw std::invalid_argument("excitation objective: needs at least one sample");
  const int n = model.dof(), r = base.rank, N = static_cast<int>(times.size());
  chunks_ = std::min(kChunks, N);
  const int lanes = pool_ ? pool_->size() : 1;
  for (int l = 0; l < lanes; ++l) lanes_.push_back(std::make_unique<Lane>(shared_));
  Q_.resize(N, n);
  QD_.resize(N, n);
  QDD_.resize(N, n);
  YbT_.resize(r, static_cast<Eigen::Index>(n) * N);
  chunkF_.assign(static_cast<size_t>(chunks_), Eigen::MatrixXd(r, r));
  F_.resize(r, r);
  G_.resize(r, r);
  gq_.resize(N, n);
  gqd_.resize(N, n);
  gqdd_.resize(N, n);
}

ExcitationObjective::~ExcitationObjective() = default;

template <class Fn>
void ExcitationObjective::forChunks(const Fn& fn) {
  const int lanes = static_cast<int>(lanes_.size());
  const int N = table_->size();
  auto work = [&](int lane) {
    for (int c = lane; c < chunks_; c += lanes) {
      const int begin = static_cast<int>(static_cast<long>(N) * c / chunks_);
      const int end = static_cast<int>(static_cast<long>(N) * (c + 1) / chunks_);
      fn(*lanes_[static_cast<size_t>(lane)], c, begin, end);
    }
  };
  if (lanes == 1)
    work(0);
  else
    pool_->runOnAllLanes(work);
}

CriterionValue ExcitationObjective::evaluate(const Eigen::VectorXd& x, double* grad) {
  const int n = shared_.model.dof();
  table_->evaluate(x, Q_, QD_, QDD_);

  // Pass 1: base regressors and the chunk sums of F.
  forChunks([&](Lane& lane, int c, int begin, int end) {
    for (int s = begin; s < end; ++s) {
      lane.q = Q_.row(s).transpose();
      lane.qd = QD_.row(s).transpose();
      lane.qdd = QDD_.row(s).transpose();
      lane.sens.baseRegressorTransposed(lane.q, lane.qd, lane.qdd,
                                        YbT_.middleCols(static_cast<Eigen::Index>(s) * n, n));
    }
    Eigen::MatrixXd& Fc = chunkF_[static_cast<size_t>(c)];
    Fc.setZero();
    Fc.selfadjointView<Eigen::Lower>().rankUpdate(
        YbT_.middleCols(static_cast<Eigen::Index>(begin) * n, static_cast<Eigen::Index>(end - begin) * n));
  });
  F_ = chunkF_[0];
  for (int c = 1; c < chunks_; ++c) F_ += chunkF_[static_cast<size_t>(c)];
  F_.triangularView<Eigen::StrictlyUpper>() = F_.transpose();

  const CriterionValue value = evaluateCriterion(criterion_, F_, grad ? &G_ : nullptr);
  if (!grad) return value;

  // Pass 2: d phi / d(q, qd, qdd) per sample = 2 <Y_b G, dY_b>.
  forChunks([&](Lane& lane, int, int begin, int end) {
    for (int s = begin; s < end; ++s) {
      lane.q = Q_.row(s).transpose();
      lane.qd = QD_.row(s).transpose();
      lane.qdd = QDD_.row(s).transpose();
      lane.W.noalias() = YbT_.middleCols(static_cast<Eigen::Index>(s) * n, n).transpose() * G_;
      lane.sens.contract(lane.q, lane.qd, lane.qdd, lane.W, lane.gq.data(), lane.gqd.data(), lane.gqdd.data());
      gq_.row(s) = 2.0 * lane.gq.transpose();
      gqd_.row(s) = 2.0 * lane.gqd.transpose();
      gqdd_.row(s) = 2.0 * lane.gqdd.transpose();
    }
  });
  table_->chainToFree(gq_, gqd_, gqdd_, grad);
  return value;
}

}  // namespace eb
