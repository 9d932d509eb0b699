#include "identification/blocked_gram.hpp"

#include "util/lower_rank_update.hpp"

namespace eb {

void BlockedGram::Sums::setZero() {
  for (Eigen::MatrixXd& G : gram) G.setZero();
  for (Eigen::VectorXd& v : cross) v.setZero();
  for (Eigen::VectorXd& v : columns) v.setZero();
  targetSquares.setZero();
  targetSums.setZero();
}

void BlockedGram::Sums::add(const Sums& o) {
  for (std::size_t k = 0; k < gram.size(); ++k) gram[k] += o.gram[k];
  for (std::size_t k = 0; k < cross.size(); ++k) cross[k] += o.cross[k];
  for (std::size_t k = 0; k < columns.size(); ++k) columns[k] += o.columns[k];
  targetSquares += o.targetSquares;
  targetSums += o.targetSums;
}

BlockedGram::BlockedGram(const std::vector<Eigen::Index>& sizes, bool withTargets) : withTargets_(withTargets) {
  const Eigen::Index n = static_cast<Eigen::Index>(sizes.size());
  for (const Eigen::Index m : sizes) {
    rows_.emplace_back(Eigen::MatrixXd::Zero(m, kBlockSamples));
    sums_.gram.emplace_back(Eigen::MatrixXd::Zero(m, m));
    if (withTargets_) {
      targets_.emplace_back(Eigen::VectorXd::Zero(kBlockSamples));
      sums_.cross.emplace_back(Eigen::VectorXd::Zero(m));
      sums_.columns.emplace_back(Eigen::VectorXd::Zero(m));
    }
  }
  sums_.targetSquares = Eigen::VectorXd::Zero(withTargets_ ? n : 0);
  sums_.targetSums = Eigen::VectorXd::Zero(withTargets_ ? n : 0);
}

void BlockedGram::flush() {
  if (filled_ == 0) return;
  for (std::size_t k = 0; k < rows_.size(); ++k) {
    const auto B = rows_[k].leftCols(filled_);
    Eigen::MatrixXd& G = sums_.gram[k];
    lowerRankUpdate(G.data(), G.rows(), B.data(), rows_[k].rows(), B.rows(), filled_);
    if (!withTargets_) continue;
    const auto y = targets_[k].head(filled_);
    sums_.cross[k].noalias() += B * y;
    sums_.columns[k].noalias() += B.rowwise().sum();
    const Eigen::Index j = static_cast<Eigen::Index>(k);
    sums_.targetSquares[j] += y.squaredNorm();
    sums_.targetSums[j] += y.sum();
  }
  filled_ = 0;
}

void BlockedGram::reset() {
  filled_ = 0;
  sums_.setZero();
}

Eigen::MatrixXd BlockedGram::gram(int j) const {
  Eigen::MatrixXd G = sums_.gram[static_cast<std::size_t>(j)];
  // The rank updates wrote the lower triangle only.
  for (Eigen::Index b = 0; b < G.cols(); ++b)
    for (Eigen::Index a = b + 1; a < G.rows(); ++a) G(b, a) = G(a, b);
  return G;
}

}  // namespace eb
