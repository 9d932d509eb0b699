#include "dynamics/natural_order_qr.hpp"

#include <Eigen/Householder>

#include <algorithm>
#include <cassert>

namespace eb {
namespace {

// Columns brought up to date together: enough to turn each reflector's pass
// into a small matrix product, few enough that the block stays in cache.
constexpr Eigen::Index kGroupColumns = 16;

// One Householder reflector I - tau v v^T acting on rows [begin, begin + v.size()), v[0] = 1.
struct Reflector {
  Eigen::Index begin = 0;
  Eigen::VectorXd v;
  double tau = 0.0;
};

// The reflectors of one column group as one block: H_0 H_1 ... H_k-1 = I - V T V^T
// (compact WY form, T upper triangular), V's rows starting at `begin`.
struct ReflectorBlock {
  Eigen::Index begin = 0;
  Eigen::MatrixXd V;
  Eigen::MatrixXd T;
};

// Applies reflector h to the rows of `block` it acts on (all of them lie inside the block).
template <typename Block>
void applyReflector(const Reflector& h, Block&& block, Eigen::RowVectorXd& work) {
  auto rows = block.middleRows(h.begin, h.v.size());
  work.noalias() = h.v.transpose() * rows;
  rows.noalias() -= (h.tau * h.v) * work;
}

// Q^T B = B - V T^T V^T B for the block's rows of B: two matrix products.
void applyReflectorBlock(const ReflectorBlock& h, Eigen::MatrixXd& B, Eigen::MatrixXd& work) {
  auto rows = B.middleRows(h.begin, h.V.rows());
  work.noalias() = h.V.transpose() * rows;
  work = h.T.transpose().triangularView<Eigen::Lower>() * work;
  rows.noalias() -= h.V * work;
}

ReflectorBlock makeReflectorBlock(const std::vector<Reflector>& group) {
  ReflectorBlock b;
  b.begin = group.front().begin;
  Eigen::Index end = 0;
  for (const Reflector& h : group) end = std::max(end, h.begin + h.v.size());
  const Eigen::Index k = static_cast<Eigen::Index>(group.size());
  b.V = Eigen::MatrixXd::Zero(end - b.begin, k);
  b.T = Eigen::MatrixXd::Zero(k, k);
  for (Eigen::Index i = 0; i < k; ++i) {
    const Reflector& h = group[static_cast<size_t>(i)];
    b.V.col(i).segment(h.begin - b.begin, h.v.size()) = h.v;
    // T(0:i, i) = -tau_i T(0:i, 0:i) V(:, 0:i)^T v_i, T(i, i) = tau_i.
    if (i > 0) {
      const Eigen::VectorXd z = b.V.leftCols(i).transpose() * b.V.col(i);
      const Eigen::VectorXd Tz = b.T.topLeftCorner(i, i).triangularView<Eigen::Upper>() * z;
      b.T.col(i).head(i) = -h.tau * Tz;
    }
    b.T(i, i) = h.tau;
  }
  return b;
}

}  // namespace

NaturalOrderQr naturalOrderQr(const Eigen::MatrixXd& A, const std::vector<Eigen::Index>& supportEnd,
                              double tolerance) {
  const Eigen::Index m = A.rows();
  const Eigen::Index cols = A.cols();
  assert(static_cast<Eigen::Index>(supportEnd.size()) == cols);
  NaturalOrderQr qr;
  qr.top = Eigen::MatrixXd::Zero(std::min(m, cols), cols);
  qr.residual = Eigen::VectorXd::Zero(cols);
  std::vector<ReflectorBlock> blocks;   // one per earlier column group that took a column
  std::vector<Reflector> group;         // reflectors of the current column group
  Eigen::RowVectorXd work;
  Eigen::MatrixXd block, blockWork;
  Eigen::VectorXd essential;

  for (Eigen::Index g0 = 0; g0 < cols; g0 += kGroupColumns) {
    const Eigen::Index width = std::min(kGroupColumns, cols - g0);
    const Eigen::Index groupEnd = supportEnd[static_cast<size_t>(g0 + width - 1)];
    block = A.block(0, g0, groupEnd, width);
    // Every reflector so far ends at or before this group's support (supports grow).
    for (const ReflectorBlock& h : blocks) applyReflectorBlock(h, block, blockWork);
    group.clear();

    for (Eigen::Index i = 0; i < width; ++i) {
      const Eigen::Index c = g0 + i;
      const Eigen::Index end = supportEnd[static_cast<size_t>(c)];
      auto column = block.col(i);
      for (const Reflector& h : group) applyReflector(h, column, work);
      const Eigen::Index t = static_cast<Eigen::Index>(qr.taken.size());
      const double residual = t < end ? column.segment(t, end - t).norm() : 0.0;
      qr.residual[c] = residual;
      qr.top.col(c).head(std::min(t, end)) = column.head(std::min(t, end));
      if (residual <= tolerance || t >= qr.top.rows()) {
        qr.dependent.push_back(static_cast<int>(c));
        continue;
      }
      Reflector h;
      h.begin = t;
      double beta = 0.0;
      essential.resize(end - t - 1);
      column.segment(t, end - t).makeHouseholder(essential, h.tau, beta);
      h.v.resize(end - t);
      h.v[0] = 1.0;
      h.v.tail(end - t - 1) = essential;
      qr.top(t, c) = beta;
      group.push_back(std::move(h));
      qr.taken.push_back(static_cast<int>(c));
    }
    if (!group.empty()) blocks.push_back(makeReflectorBlock(group));
  }
  qr.top.conservativeResize(static_cast<Eigen::Index>(qr.taken.size()), Eigen::NoChange);
  return qr;
}

Eigen::MatrixXd dependentCoefficients(const NaturalOrderQr& qr) {
  const Eigen::Index r = static_cast<Eigen::Index>(qr.taken.size());
  Eigen::MatrixXd R(r, r), D(r, static_cast<Eigen::Index>(qr.dependent.size()));
  for (Eigen::Index k = 0; k < r; ++k) R.col(k) = qr.top.col(qr.taken[static_cast<size_t>(k)]);
  for (size_t j = 0; j < qr.dependent.size(); ++j) D.col(static_cast<Eigen::Index>(j)) = qr.top.col(qr.dependent[j]);
  R.triangularView<Eigen::Upper>().solveInPlace(D);
  return D;
}

}  // namespace eb
