#pragma once
// BlockedGram: per channel (a joint, usually), the Gram matrix of column
// vectors that arrive one sample at a time,
//
//   G_j = sum_s z_j,s z_j,s^T          (m_j x m_j, lower triangle)
//
// and, with targets y_j,s, also g_j = sum z y, sum z, sum y^2 and sum y.
// Samples are buffered in blocks of kBlockSamples columns and added with one
// symmetric rank-k update per block: a rank-1 update per sample runs at
// memory speed, a block at matrix-product speed (util/lower_rank_update.hpp).
// This is the accumulation the base regressor's Gram (base_regressor_gram.hpp:
// the information matrix and the normal equations), the payload regression
// and the friction comparison all stream their regressor rows through.

#include <Eigen/Core>

#include <vector>

namespace eb {

class BlockedGram {
 public:
  /// Samples per rank-k update: large enough for matrix-product speed, small enough that a
  /// block of a 7-joint arm's rows stays in cache.
  static constexpr int kBlockSamples = 128;

  /// The sums of the flushed samples, per channel; copied and added on their own when samples
  /// are split over threads (base_regressor_gram.hpp).
  struct Sums {
    std::vector<Eigen::MatrixXd> gram;  ///< per channel: sum z z^T, lower triangle only
    std::vector<Eigen::VectorXd> cross, columns;  ///< per channel: sum z y and sum z (with targets)
    Eigen::VectorXd targetSquares, targetSums;    ///< per channel: sum y^2 and sum y (with targets)
    void setZero();
    /// Adds sums of the same shape.
    void add(const Sums& other);
  };

  BlockedGram() = default;
  /// One channel per entry of `sizes` (m_j, the length of its vectors z); `withTargets` also
  /// keeps g_j, sum z, sum y^2 and sum y.
  explicit BlockedGram(const std::vector<Eigen::Index>& sizes, bool withTargets = true);

  /// The column of the current sample of channel `j` (m_j), to be filled before commit().
  /// Its values are those of the last sample written there (not cleared).
  Eigen::MatrixXd::ColXpr column(int j) { return rows_[static_cast<std::size_t>(j)].col(filled_); }
  /// Sets the target y of the current sample of channel `j` (with targets only).
  void setTarget(int j, double y) { targets_[static_cast<std::size_t>(j)][filled_] = y; }
  /// Ends the current sample (every channel's column filled); a full block is added.
  void commit() {
    if (++filled_ == kBlockSamples) flush();
  }
  /// Adds the buffered samples (call before reading the sums).
  void flush();
  /// Zeroes the sums and drops buffered samples.
  void reset();

  int channels() const { return static_cast<int>(rows_.size()); }
  bool withTargets() const { return withTargets_; }
  /// Every sum of the flushed samples.
  const Sums& sums() const { return sums_; }
  /// sum z z^T of channel j: only the lower triangle is written (flushed samples).
  const Eigen::MatrixXd& lowerGram(int j) const { return sums_.gram[static_cast<std::size_t>(j)]; }
  /// sum z z^T of channel j with both triangles (a copy).
  Eigen::MatrixXd gram(int j) const;
  /// sum z y of channel j (m_j).
  const Eigen::VectorXd& crossSum(int j) const { return sums_.cross[static_cast<std::size_t>(j)]; }
  /// sum z of channel j (m_j).
  const Eigen::VectorXd& columnSum(int j) const { return sums_.columns[static_cast<std::size_t>(j)]; }
  /// sum y^2 and sum y per channel.
  const Eigen::VectorXd& targetSquares() const { return sums_.targetSquares; }
  const Eigen::VectorXd& targetSums() const { return sums_.targetSums; }

 private:
  bool withTargets_ = true;
  int filled_ = 0;
  std::vector<Eigen::MatrixXd> rows_;     // per channel: m_j x block, the buffered z
  std::vector<Eigen::VectorXd> targets_;  // per channel: block, the buffered y
  Sums sums_;
};

}  // namespace eb
