#include "identification/blocked_gram.hpp"

namespace eb {

BlockedGram::BlockedGram(const std::vector<Eigen::Index>& sizes, bool withTargets) : withTargets_(withTargets) {
  const Eigen::Index n = static_cast<Eigen::Index>(sizes.size());
  for (const Eigen::Index m : sizes) {
    rows_.emplace_back(Eigen::MatrixXd::Zero(m, kBlockSamples));
    gram_.emplace_back(Eigen::MatrixXd::Zero(m, m));
    if (withTargets_) {
      targets_.emplace_back(Eigen::VectorXd::Zero(kBlockSamples));
      cross_.emplace_back(Eigen::VectorXd::Zero(m));
      sums_.emplace_back(Eigen::VectorXd::Zero(m));
    }
  }
  targetSquares_ = Eigen::VectorXd::Zero(withTargets_ ? n : 0);
  targetSums_ = Eigen::VectorXd::Zero(withTargets_ ? n : 0);
}

void BlockedGram::flush() {
  if (filled_ == 0) return;
  for (std::size_t k = 0; k < rows_.size(); ++k) {
    const auto B = rows_[k].leftCols(filled_);
    gram_[k].selfadjointView<Eigen::Lower>().rankUpdate(B);
    if (!withTargets_) continue;
    const auto y = targets_[k].head(filled_);
    cross_[k].noalias() += B * y;
    sums_[k].noalias() += B.rowwise().sum();
    const Eigen::Index j = static_cast<Eigen::Index>(k);
    targetSquares_[j] += y.squaredNorm();
    targetSums_[j] += y.sum();
  }
  filled_ = 0;
}

void BlockedGram::reset() {
  filled_ = 0;
  for (Eigen::MatrixXd& G : gram_) G.setZero();
  for (Eigen::VectorXd& v : cross_) v.setZero();
  for (Eigen::VectorXd& v : sums_) v.setZero();
  targetSquares_.setZero();
  targetSums_.setZero();
}

Eigen::MatrixXd BlockedGram::gram(int j) const {
  Eigen::MatrixXd G = gram_[static_cast<std::size_t>(j)];
  // rankUpdate wrote the lower triangle only.
  for (Eigen::Index b = 0; b < G.cols(); ++b)
    for (Eigen::Index a = b + 1; a < G.rows(); ++a) G(b, a) = G(a, b);
  return G;
}

}  // namespace eb
