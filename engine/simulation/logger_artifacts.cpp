#include "simulation/logger_artifacts.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

namespace eb {

bool LoggerArtifacts::any() const {
  return logEvery > 1 || dropFraction > 0.0 || gaps > 0 || resetAt >= 0.0 || repeatFraction > 0.0 ||
         (torqueOffset.size() > 0 && torqueOffset.cwiseAbs().maxCoeff() > 0.0) || quantization > 0.0 ||
         !reversedTorque.empty() || swappedTorque.first >= 0;
}

SimulatedLog applyLoggerArtifacts(const SimulatedLog& log, const LoggerArtifacts& a) {
  const Eigen::Index n = log.t.size();
  const Eigen::Index dof = log.q.cols();
  if (a.logEvery < 1) throw std::invalid_argument("logger: logEvery must be >= 1");
  if (!(a.dropFraction >= 0.0 && a.dropFraction <= 0.5)) throw std::invalid_argument("logger: drop fraction in [0, 0.5]");
  if (!(a.repeatFraction >= 0.0 && a.repeatFraction <= 0.5))
    throw std::invalid_argument("logger: repeat fraction in [0, 0.5]");
  if (a.gaps < 0 || a.gapSamples < 1) throw std::invalid_argument("logger: gaps >= 0 of >= 1 samples");
  if (a.torqueOffset.size() != 0 && a.torqueOffset.size() != dof)
    throw std::invalid_argument("logger: one torque offset per joint");
  if (!(a.quantization >= 0.0)) throw std::invalid_argument("logger: quantization must be >= 0");
  for (int j : a.reversedTorque)
    if (j < 0 || j >= dof) throw std::invalid_argument("logger: reversed torque joint out of range");
  const auto [swapA, swapB] = a.swappedTorque;
  if ((swapA >= 0 || swapB >= 0) && (swapA < 0 || swapB < 0 || swapA >= dof || swapB >= dof || swapA == swapB))
    throw std::invalid_argument("logger: swapped torque joints must be two different joints");
  std::mt19937_64 rng(a.seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);

  // Which control samples the logger writes, and how often.
  std::vector<int> copies(static_cast<std::size_t>(n), 0);
  for (Eigen::Index k = 0; k < n; k += a.logEvery) copies[static_cast<std::size_t>(k)] = 1;
  std::vector<Eigen::Index> logged;
  for (Eigen::Index k = 0; k < n; ++k)
    if (copies[static_cast<std::size_t>(k)]) logged.push_back(k);
  const auto m = static_cast<Eigen::Index>(logged.size());
  // Gaps at evenly spread places (away from the ends), each dropping gapSamples logged samples.
  for (int g = 0; g < a.gaps; ++g) {
    const Eigen::Index start = (g + 1) * m / (a.gaps + 1);
    for (Eigen::Index i = start; i < std::min(m - 1, start + a.gapSamples); ++i)
      copies[static_cast<std::size_t>(logged[static_cast<std::size_t>(i)])] = 0;
  }
  for (Eigen::Index i = 1; i + 1 < m; ++i) {
    int& c = copies[static_cast<std::size_t>(logged[static_cast<std::size_t>(i)])];
    if (c == 0) continue;
    if (a.dropFraction > 0.0 && uniform(rng) < a.dropFraction) c = 0;
    else if (a.repeatFraction > 0.0 && uniform(rng) < a.repeatFraction) c = 2;
  }
  Eigen::Index rows = 0;
  for (int c : copies) rows += c;

  SimulatedLog out;
  out.viscous = log.viscous;
  out.coulomb = log.coulomb;
  out.armature = log.armature;
  out.maxTrackingError = log.maxTrackingError;
  out.t.resize(rows);
  for (Eigen::MatrixXd* mtx : {&out.q, &out.tau, &out.qTrue, &out.qdTrue, &out.qddTrue, &out.tauTrue}) mtx->resize(rows, dof);
  double resetTime = 0.0;
  bool reset = false;
  Eigen::Index r = 0;
  for (Eigen::Index k = 0; k < n; ++k)
    for (int c = 0; c < copies[static_cast<std::size_t>(k)]; ++c, ++r) {
      if (a.resetAt >= 0.0 && !reset && log.t[k] >= a.resetAt) {
        reset = true;
        resetTime = log.t[k];
      }
      // After a restart the logger's clock reads from 0 again.
      out.t[r] = reset ? log.t[k] - resetTime : log.t[k];
      out.q.row(r) = log.q.row(k);
      out.tau.row(r) = log.tau.row(k);
      out.qTrue.row(r) = log.qTrue.row(k);
      out.qdTrue.row(r) = log.qdTrue.row(k);
      out.qddTrue.row(r) = log.qddTrue.row(k);
      out.tauTrue.row(r) = log.tauTrue.row(k);
    }
  if (a.torqueOffset.size() == dof) out.tau.rowwise() += a.torqueOffset.transpose();
  if (a.quantization > 0.0) out.q = (out.q / a.quantization).array().round().matrix() * a.quantization;
  for (int j : a.reversedTorque) out.tau.col(j) *= -1.0;
  if (swapA >= 0) out.tau.col(swapA).swap(out.tau.col(swapB));
  return out;
}

}  // namespace eb
