#include "identification/drift_check.hpp"

#include "util/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace eb {

namespace {

// Windows of `window` s from the first sample: how many cover the log, and which one holds t_s
// (the last one closed at the log's end).
long driftWindowCount(const Eigen::VectorXd& t, double window) {
  return static_cast<long>(std::floor((t[t.size() - 1] - t[0]) / window)) + 1;
}
long driftWindowOf(const Eigen::VectorXd& t, Eigen::Index s, double window, long count) {
  return std::clamp(static_cast<long>(std::floor((t[s] - t[0]) / window)), 0L, count - 1);
}

}  // namespace

std::string driftWindowProblem(const Eigen::VectorXd& t, double window) {
  if (!(window > 0.0)) return "the window must be positive";
  const Eigen::Index N = t.size();
  if (N == 0) return "no samples";
  const double duration = t[N - 1] - t[0];
  if (!std::isfinite(duration) || duration < 0.0) return "the times do not increase";
  // More windows than samples would be mostly empty, and a tiny window over a long log must not
  // allocate a window count that only the input bounds.
  if (duration / window >= static_cast<double>(N))
    return "a window of " + formatSignificant(window, 4) + " s is shorter than the sample step (" +
           std::to_string(N) + " samples in " + formatSignificant(duration, 4) + " s)";
  const long count = driftWindowCount(t, window);
  std::vector<bool> held(static_cast<std::size_t>(count), false);
  for (Eigen::Index s = 0; s < N; ++s) held[static_cast<std::size_t>(driftWindowOf(t, s, window, count))] = true;
  const auto windows = std::count(held.begin(), held.end(), true);
  if (windows >= 3) return {};
  return std::to_string(windows) + " windows of " + formatSignificant(window, 4) + " s in a " +
         formatSignificant(t[N - 1] - t[0], 4) + " s log; a trend needs 3 or more";
}

DriftReport checkDrift(const Eigen::VectorXd& t, const Eigen::MatrixXd& residual, double window) {
  const Eigen::Index N = t.size(), dof = residual.cols();
  if (residual.rows() != N) throw std::invalid_argument("drift check: times and residuals differ in length");
  const std::string problem = driftWindowProblem(t, window);
  if (!problem.empty()) throw std::invalid_argument("drift check: " + problem);
  DriftReport r;
  r.duration = t[N - 1] - t[0];
  const long count = driftWindowCount(t, window);
  std::vector<DriftWindow> all(static_cast<std::size_t>(count));
  for (long w = 0; w < count; ++w) {
    DriftWindow& d = all[static_cast<std::size_t>(w)];
    d.start = t[0] + w * window;
    d.end = d.start + window;
    d.mean = Eigen::VectorXd::Zero(dof);
    d.rms = Eigen::VectorXd::Zero(dof);
  }
  r.residualRms = Eigen::VectorXd::Zero(dof);
  for (Eigen::Index s = 0; s < N; ++s) {
    const long w = driftWindowOf(t, s, window, count);
    DriftWindow& d = all[static_cast<std::size_t>(w)];
    ++d.samples;
    d.mean += residual.row(s).transpose();
    d.rms += residual.row(s).transpose().cwiseAbs2();
    r.residualRms += residual.row(s).transpose().cwiseAbs2();
  }
  r.residualRms = (r.residualRms / static_cast<double>(N)).cwiseSqrt();
  for (DriftWindow& d : all) {
    if (d.samples == 0) continue;
    d.mean /= static_cast<double>(d.samples);
    d.rms = (d.rms / static_cast<double>(d.samples)).cwiseSqrt();
    d.end = std::min(d.end, t[N - 1]);
    r.windows.push_back(d);
  }
  const Eigen::Index W = static_cast<Eigen::Index>(r.windows.size());  // 3 or more (driftWindowProblem)
  // Least-squares line through the window means at the windows' centres, per joint.
  Eigen::VectorXd centre(W);
  for (Eigen::Index w = 0; w < W; ++w)
    centre[w] = 0.5 * (r.windows[static_cast<std::size_t>(w)].start + r.windows[static_cast<std::size_t>(w)].end);
  const double meanCentre = centre.mean();
  const double sxx = (centre.array() - meanCentre).square().sum();
  r.slope.resize(dof);
  r.slopeStd.resize(dof);
  r.change.resize(dof);
  r.drifted.assign(static_cast<std::size_t>(dof), false);
  for (Eigen::Index j = 0; j < dof; ++j) {
    Eigen::VectorXd m(W);
    for (Eigen::Index w = 0; w < W; ++w) m[w] = r.windows[static_cast<std::size_t>(w)].mean[j];
    const double mean = m.mean();
    const double slope = ((centre.array() - meanCentre) * (m.array() - mean)).sum() / sxx;
    const Eigen::ArrayXd scatter = m.array() - (mean + slope * (centre.array() - meanCentre));
    const double variance = W > 2 ? scatter.square().sum() / static_cast<double>(W - 2) : 0.0;
    r.slope[j] = slope;
    r.slopeStd[j] = std::sqrt(variance / sxx);
    r.change[j] = slope * r.duration;
    r.drifted[static_cast<std::size_t>(j)] =
        std::abs(slope) > 3.0 * r.slopeStd[j] && std::abs(r.change[j]) > 0.1 * r.residualRms[j];
  }
  return r;
}

}  // namespace eb
