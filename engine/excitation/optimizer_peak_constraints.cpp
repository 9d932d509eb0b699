#include "excitation/optimizer_peak_constraints.hpp"

#include "dynamics/forward_kinematics.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/jacobians.hpp"
#include "dynamics/mass_matrix.hpp"
#include "excitation/optimizer_fourier_basis.hpp"
#include "util/math_constants.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb {

namespace {

// Central-difference step in q for d tau / dq [rad]: truncation ~1e-10, round-off ~2e-11 relative.
constexpr double kPositionStep = 1e-5;

int gridPointCount(const PeakConstraintSettings& s, const TrajectoryBasis& basis) {
  return s.gridPoints > 0 ? s.gridPoints : basis.detectionGridPoints();
}

// A periodic horizon repeats at its end, so the end point is left out; otherwise both ends are grid points.
Eigen::VectorXd detectionGrid(const TrajectoryBasis& basis, int points) {
  Eigen::VectorXd t(points);
  const double T = basis.horizon();
  const int steps = basis.periodic() ? points : std::max(points - 1, 1);
  for (int m = 0; m < points; ++m) t[m] = T * m / steps;
  return t;
}

// Offset of the vertex of the parabola through (-h, fm), (0, f0), (h, fp), clamped to [-h, h].
double parabolaStep(double fm, double f0, double fp, double h) {
  const double curvature = fm - 2.0 * f0 + fp;
  if (!(curvature < 0.0)) return 0.0;  // not a strict maximum: stay on the best point
  return std::clamp(0.5 * h * (fm - fp) / curvature, -h, h);
}

double signOf(double v) { return v < 0.0 ? -1.0 : 1.0; }

}  // namespace

std::vector<KeepOutPoint> keepOutPoints(const RobotModel& model) {
  std::vector<KeepOutPoint> points;
  for (const LinkFrame& link : model.links()) {
    if (link.body < 0) continue;
    const Eigen::Vector3d p = link.poseInBody.translation();
    const bool seen = std::any_of(points.begin(), points.end(), [&](const KeepOutPoint& e) {
      return e.body == link.body && (e.position - p).norm() < 1e-9;
    });
    if (!seen) points.push_back({link.body, p, link.name});
  }
  return points;
}

PeakConstraints::PeakConstraints(const RobotModel& model, const FourierRestParametrization& parametrization,
                                 const FourierTrajectory& trajectory, const PeakConstraintSettings& settings)
    : PeakConstraints(model, FourierTrajectoryBasis(parametrization, trajectory), settings) {}

PeakConstraints::~PeakConstraints() = default;

PeakConstraints::PeakConstraints(const RobotModel& model, const TrajectoryBasis& basis,
                                 const PeakConstraintSettings& settings)
    : model_(model), basis_(basis.clone()), settings_(settings), periodic_(basis.periodic()), ws_(model_) {
  if (settings.peaksPerChannel < 1) throw std::invalid_argument("peak constraints: peaksPerChannel must be >= 1");
  if (basis.dof() != model.dof())
    throw std::invalid_argument("peak constraints: robot, trajectory and parametrization sizes differ");
  gridSize_ = std::max(gridPointCount(settings, basis), basis.periodic() ? 1 : 2);
  grid_ = basis.sampleTable(detectionGrid(basis, gridSize_));
  std::vector<JointLimits> limits;
  for (const Joint& j : model.joints()) limits.push_back(j.limits);
  limits = scaleLimits(limits, settings.scale);
  const double keep = 1.0 - settings.tighten;
  const auto usable = [](double scale) { return std::isfinite(scale) && scale > 0.0; };
  for (int i = 0; i < model.dof(); ++i) {
    const JointLimits& l = limits[static_cast<size_t>(i)];
    if (l.hasPositionLimits() && usable(0.5 * (l.upper - l.lower))) {
      const double mid = 0.5 * (l.lower + l.upper), half = 0.5 * (l.upper - l.lower);
      channels_.push_back({PeakChannelKind::PositionUpper, i, mid + keep * half, half});
      channels_.push_back({PeakChannelKind::PositionLower, i, -(mid - keep * half), half});
    }
    if (usable(l.velocity)) channels_.push_back({PeakChannelKind::Velocity, i, keep * l.velocity, l.velocity});
    if (usable(l.acceleration))
      channels_.push_back({PeakChannelKind::Acceleration, i, keep * l.acceleration, l.acceleration});
    if (settings.torque && usable(l.effort)) {
      channels_.push_back({PeakChannelKind::Torque, i, keep * l.effort, l.effort});
      needTorque_ = true;
    }
  }
  if (settings.keepOutHeight) {
    points_ = keepOutPoints(model);
    const double margin = settings.tighten * settings.keepOutScale;
    for (size_t p = 0; p < points_.size(); ++p)
      channels_.push_back({PeakChannelKind::KeepOut, static_cast<int>(p), -(*settings.keepOutHeight + margin),
                           settings.keepOutScale});
  }
  const int M = gridSize_, n = model.dof();
  gq_.resize(M, n);
  gqd_.resize(M, n);
  gqdd_.resize(M, n);
  if (needTorque_) gtau_.resize(M, n);
  if (!points_.empty()) gz_.resize(M, static_cast<Eigen::Index>(points_.size()));
  q_.resize(n);
  qd_.resize(n);
  qdd_.resize(n);
  tmp_.resize(n);
  times_.assign(static_cast<size_t>(count()), kNaN);
  candidates_.reserve(static_cast<size_t>(M));
}

std::string PeakConstraints::describe(int k) const {
  const Channel& ch = channels_[static_cast<size_t>(k / settings_.peaksPerChannel)];
  const std::string peak = " peak " + std::to_string(k % settings_.peaksPerChannel + 1);
  if (ch.kind == PeakChannelKind::KeepOut) return "keep-out " + points_[static_cast<size_t>(ch.index)].name + peak;
  static const char* kNames[] = {"position upper", "position lower", "velocity", "acceleration", "torque"};
  return "joint " + std::to_string(ch.index + 1) + " " + kNames[static_cast<int>(ch.kind)] + peak;
}

double PeakConstraints::gridValue(const Channel& ch, int m) const {
  switch (ch.kind) {
    case PeakChannelKind::PositionUpper: return gq_(m, ch.index);
    case PeakChannelKind::PositionLower: return -gq_(m, ch.index);
    case PeakChannelKind::Velocity: return std::abs(gqd_(m, ch.index));
    case PeakChannelKind::Acceleration: return std::abs(gqdd_(m, ch.index));
    case PeakChannelKind::Torque: return std::abs(gtau_(m, ch.index));
    case PeakChannelKind::KeepOut: return -gz_(m, ch.index);
  }
  return 0.0;
}

double PeakConstraints::channelValue(const Channel& ch, double t) {
  double q, qd, qdd;
  switch (ch.kind) {
    case PeakChannelKind::PositionUpper: basis_->evaluateJoint(ch.index, t, q, qd, qdd); return q;
    case PeakChannelKind::PositionLower: basis_->evaluateJoint(ch.index, t, q, qd, qdd); return -q;
    case PeakChannelKind::Velocity: basis_->evaluateJoint(ch.index, t, q, qd, qdd); return std::abs(qd);
    case PeakChannelKind::Acceleration: basis_->evaluateJoint(ch.index, t, q, qd, qdd); return std::abs(qdd);
    case PeakChannelKind::Torque:
      basis_->evaluate(t, q_, qd_, qdd_);
      return std::abs(inverseDynamics(model_, ws_, q_, qd_, qdd_)[ch.index]);
    case PeakChannelKind::KeepOut: {
      basis_->evaluate(t, q_, qd_, qdd_);
      computeForwardKinematics(model_, ws_, q_);
      const KeepOutPoint& p = points_[static_cast<size_t>(ch.index)];
      return -pointPosition(ws_, p.body, p.position).z();
    }
  }
  return 0.0;
}

void PeakConstraints::peakGradient(const Channel& ch, double t, double* row) {
  const double inv = 1.0 / ch.scale;
  const int i = ch.index;
  double q, qd, qdd;
  switch (ch.kind) {
    case PeakChannelKind::PositionUpper: basis_->addJointGradientAt(t, i, inv, 0.0, 0.0, row); return;
    case PeakChannelKind::PositionLower: basis_->addJointGradientAt(t, i, -inv, 0.0, 0.0, row); return;
    case PeakChannelKind::Velocity:
      basis_->evaluateJoint(i, t, q, qd, qdd);
      basis_->addJointGradientAt(t, i, 0.0, signOf(qd) * inv, 0.0, row);
      return;
    case PeakChannelKind::Acceleration:
      basis_->evaluateJoint(i, t, q, qd, qdd);
      basis_->addJointGradientAt(t, i, 0.0, 0.0, signOf(qdd) * inv, row);
      return;
    case PeakChannelKind::Torque: {
      // d tau_i / d(q_l, qd_l, qdd_l): M(q) row i for qdd (tau is linear in qdd); a unit central
      // difference for qd (tau is quadratic in qd: exact); a central difference for q.
      basis_->evaluate(t, q_, qd_, qdd_);
      const double s = signOf(inverseDynamics(model_, ws_, q_, qd_, qdd_)[i]) * inv;
      const Eigen::MatrixXd& M = computeMassMatrix(model_, ws_, q_);
      tmp_ = M.row(i).transpose();
      for (int l = 0; l < model_.dof(); ++l) {
        const double ql = q_[l], qdl = qd_[l];
        qd_[l] = qdl + 1.0;
        const double vp = inverseDynamics(model_, ws_, q_, qd_, qdd_)[i];
        qd_[l] = qdl - 1.0;
        const double vm = inverseDynamics(model_, ws_, q_, qd_, qdd_)[i];
        qd_[l] = qdl;
        q_[l] = ql + kPositionStep;
        const double pp = inverseDynamics(model_, ws_, q_, qd_, qdd_)[i];
        q_[l] = ql - kPositionStep;
        const double pm = inverseDynamics(model_, ws_, q_, qd_, qdd_)[i];
        q_[l] = ql;
        basis_->addJointGradientAt(t, l, s * (pp - pm) / (2.0 * kPositionStep), s * 0.5 * (vp - vm),
                           s * tmp_[l], row);
      }
      return;
    }
    case PeakChannelKind::KeepOut: {
      basis_->evaluate(t, q_, qd_, qdd_);
      computeJointTwists(model_, ws_, q_);
      const KeepOutPoint& p = points_[static_cast<size_t>(i)];
      const Eigen::MatrixXd& J = hybridJacobian(model_, ws_, p.body, p.position);
      // c = (-z - limit) / scale: dc/dq_l = -dz/dq_l / scale, dz/dq_l = linear z row of J.
      for (int l = 0; l < model_.dof(); ++l)
        if (J(5, l) != 0.0) basis_->addJointGradientAt(t, l, -J(5, l) * inv, 0.0, 0.0, row);
      return;
    }
  }
}

int PeakConstraints::previous(int m) const {
  if (m > 0) return m - 1;
  return periodic_ ? gridSize_ - 1 : -1;
}

int PeakConstraints::next(int m) const {
  if (m + 1 < gridSize_) return m + 1;
  return periodic_ ? 0 : -1;
}

void PeakConstraints::evaluate(const Eigen::VectorXd& x, double* c, double* grad) {
  const int K = settings_.peaksPerChannel;
  const int M = gridSize_;
  const Eigen::Index nx = x.size();
  const double h = M > 1 ? grid_->times()[1] - grid_->times()[0] : basis_->horizon();
  basis_->apply(x);
  grid_->evaluate(x, gq_, gqd_, gqdd_);
  if (needTorque_ || !points_.empty())
    for (int m = 0; m < M; ++m) {
      q_ = gq_.row(m).transpose();
      qd_ = gqd_.row(m).transpose();
      qdd_ = gqdd_.row(m).transpose();
      if (needTorque_) gtau_.row(m) = inverseDynamics(model_, ws_, q_, qd_, qdd_).transpose();
      if (!points_.empty()) {
        computeForwardKinematics(model_, ws_, q_);
        for (size_t p = 0; p < points_.size(); ++p)
          gz_(m, static_cast<Eigen::Index>(p)) = pointPosition(ws_, points_[p].body, points_[p].position).z();
      }
    }
  if (grad) std::fill(grad, grad + static_cast<size_t>(count()) * static_cast<size_t>(nx), 0.0);
  maxC_ = -std::numeric_limits<double>::infinity();

  for (size_t chi = 0; chi < channels_.size(); ++chi) {
    const Channel& ch = channels_[chi];
    // Local maxima of the channel on the grid (a missing neighbour past an end does not count).
    candidates_.clear();
    for (int m = 0; m < M; ++m) {
      const double f = gridValue(ch, m);
      const int before = previous(m), after = next(m);
      if ((before < 0 || f > gridValue(ch, before)) && (after < 0 || f >= gridValue(ch, after)))
        candidates_.emplace_back(f, m);
    }
    // A constant channel (a link origin on a joint axis, a joint at rest) has no strict
    // maximum; its value still has to be constrained, so take the first grid point.
    if (candidates_.empty()) candidates_.emplace_back(gridValue(ch, 0), 0);
    const size_t top = std::min(candidates_.size(), static_cast<size_t>(K));
    // Highest first; ties by grid index so the order is deterministic.
    std::partial_sort(
        candidates_.begin(), candidates_.begin() + static_cast<long>(top), candidates_.end(),
        [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
    for (int k = 0; k < K; ++k) {
      const size_t row = chi * static_cast<size_t>(K) + static_cast<size_t>(k);
      if (static_cast<size_t>(k) >= top) {
        c[row] = -1.0;  // padding: an inactive constant constraint
        times_[row] = kNaN;
        continue;
      }
      const int m = candidates_[static_cast<size_t>(k)].second;
      const double f0 = candidates_[static_cast<size_t>(k)].first;
      const double t0 = grid_->times()[m];
      double t = t0, v = f0;
      // A maximum at an end of a non-periodic horizon is where it is (the motion stops there).
      if (previous(m) >= 0 && next(m) >= 0) {
        // Two parabola steps: on the grid, then on a 32x finer stencil around the first vertex.
        t = t0 + parabolaStep(gridValue(ch, previous(m)), f0, gridValue(ch, next(m)), h);
        v = channelValue(ch, t);
        const double h2 = h / 32.0;
        double t2 = t + parabolaStep(channelValue(ch, t - h2), v, channelValue(ch, t + h2), h2);
        if (!periodic_) t2 = std::clamp(t2, 0.0, basis_->horizon());
        const double v2 = channelValue(ch, t2);
        if (v2 > v) {
          t = t2;
          v = v2;
        }
        if (!periodic_) {
          // The envelope's ramps make channels flat and cubic near the rest ends, where two
          // steps leave the vertex visibly off the maximum: a third, 32x finer again.
          const double h3 = h2 / 32.0;
          const double t3 = std::clamp(t + parabolaStep(channelValue(ch, t - h3), v, channelValue(ch, t + h3), h3),
                                       0.0, basis_->horizon());
          const double v3 = channelValue(ch, t3);
          if (v3 > v) {
            t = t3;
            v = v3;
          }
        }
        if (v < f0) {  // refinement failed (a kink): keep the grid point
          t = t0;
          v = f0;
        }
      }
      c[row] = (v - ch.limit) / ch.scale;
      times_[row] = t;
      if (grad) peakGradient(ch, t, grad + row * static_cast<size_t>(nx));
    }
  }
  for (int k = 0; k < count(); ++k) maxC_ = std::max(maxC_, c[k]);
}

}  // namespace eb
