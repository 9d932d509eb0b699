#include "excitation/kinematic_constraints.hpp"

#include "util/math_constants.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace eb {

namespace {

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

const char* unitOf(LimitQuantity quantity, bool prismatic) {
  switch (quantity) {
    case LimitQuantity::Position: return prismatic ? "m" : "rad";
    case LimitQuantity::Velocity: return prismatic ? "m/s" : "rad/s";
    case LimitQuantity::Acceleration: return prismatic ? "m/s^2" : "rad/s^2";
    case LimitQuantity::Torque: return prismatic ? "N" : "N m";
    case LimitQuantity::KeepOut: return "m";
  }
  return "";
}

// Scans one quantity of one joint sample by sample: tracks the margin to the
// band [lo, hi] and collects each maximal run of samples outside it.
class ChannelScan {
 public:
  ChannelScan(int joint, std::string name, LimitQuantity quantity, double lo, double hi, std::string unit)
      : lo_(lo), hi_(hi), limited_(std::isfinite(lo) || std::isfinite(hi)) {
    margin_.joint = joint;
    margin_.jointName = std::move(name);
    margin_.quantity = quantity;
    margin_.unit = std::move(unit);
    margin_.margin = kInf;
    margin_.usage = quantity == LimitQuantity::KeepOut ? kNaN : 0.0;
    margin_.limit = hi;
  }

  void add(double t, double x) {
    const double toHi = hi_ - x, toLo = x - lo_;
    const double m = std::min(toHi, toLo);
    // Worst point: the smallest margin; without any limit, the largest |x|.
    const double score = limited_ ? -m : std::abs(x);
    if (!any_ || score > worst_) {
      any_ = true;
      worst_ = score;
      margin_.margin = m;
      margin_.time = t;
      margin_.value = x;
      margin_.limit = toHi <= toLo ? hi_ : lo_;
      if (std::isfinite(lo_) && std::isfinite(hi_))
        margin_.usage = std::abs(x - 0.5 * (lo_ + hi_)) / (0.5 * (hi_ - lo_));
    }
    if (m < 0.0) {
      if (!open_) {
        open_ = true;
        current_ = ConstraintViolation{};
        current_.joint = margin_.joint;
        current_.jointName = margin_.jointName;
        current_.quantity = margin_.quantity;
        current_.unit = margin_.unit;
        current_.start = t;
        current_.excess = -1.0;
      }
      current_.end = t;
      if (-m > current_.excess) {
        current_.excess = -m;
        current_.time = t;
        current_.value = x;
        current_.limit = toHi < toLo ? hi_ : lo_;
      }
    } else {
      close();
    }
  }

  void finish(std::vector<ConstraintViolation>& violations, std::vector<ConstraintMargin>& margins) {
    close();
    violations.insert(violations.end(), found_.begin(), found_.end());
    margins.push_back(margin_);
  }

 private:
  void close() {
    if (open_) found_.push_back(current_);
    open_ = false;
  }

  double lo_, hi_;
  bool limited_;
  bool any_ = false;
  double worst_ = 0.0;
  ConstraintMargin margin_;
  ConstraintViolation current_;
  bool open_ = false;
  std::vector<ConstraintViolation> found_;
};

std::string jointLabel(int joint, const std::vector<std::string>& names) {
  if (joint >= 0 && static_cast<size_t>(joint) < names.size() && !names[static_cast<size_t>(joint)].empty())
    return names[static_cast<size_t>(joint)];
  return "joint" + std::to_string(joint + 1);
}

void requireSizes(int dof, const std::vector<JointLimits>& limits, const std::vector<std::string>& names,
                  const ConstraintCheckOptions& options) {
  if (static_cast<int>(limits.size()) != dof)
    throw std::invalid_argument("constraint check: " + std::to_string(limits.size()) + " joint limits for " +
                                std::to_string(dof) + " joints");
  if (!names.empty() && static_cast<int>(names.size()) != dof)
    throw std::invalid_argument("constraint check: " + std::to_string(names.size()) + " joint names for " +
                                std::to_string(dof) + " joints");
  if (!options.jointTypes.empty() && static_cast<int>(options.jointTypes.size()) != dof)
    throw std::invalid_argument("constraint check: " + std::to_string(options.jointTypes.size()) +
                                " joint types for " + std::to_string(dof) + " joints");
}

bool isPrismatic(const ConstraintCheckOptions& options, int joint) {
  return !options.jointTypes.empty() && options.jointTypes[static_cast<size_t>(joint)] == JointType::Prismatic;
}

// Analytic band [center - bound, center + bound] against [lo, hi]; records the sides outside.
// Symmetric quantities (velocity, acceleration) report one violation, not one per side.
void checkBound(int joint, const std::string& name, LimitQuantity quantity, double center, double bound, double lo,
                double hi, const std::string& unit, std::vector<ConstraintViolation>& out) {
  const bool symmetric = quantity != LimitQuantity::Position;
  const auto add = [&](double value, double limit) {
    ConstraintViolation v;
    v.joint = joint;
    v.jointName = name;
    v.quantity = quantity;
    v.analytic = true;
    v.time = v.start = v.end = kNaN;
    v.value = value;
    v.limit = limit;
    v.excess = std::abs(value - limit);
    v.unit = unit;
    out.push_back(v);
  };
  if (center + bound > hi) add(center + bound, hi);
  if (!symmetric && center - bound < lo) add(center - bound, lo);
}

}  // namespace

const char* limitQuantityName(LimitQuantity quantity) {
  switch (quantity) {
    case LimitQuantity::Position: return "position";
    case LimitQuantity::Velocity: return "velocity";
    case LimitQuantity::Acceleration: return "acceleration";
    case LimitQuantity::Torque: return "torque";
    case LimitQuantity::KeepOut: return "keep-out";
  }
  return "unknown";
}

AmplitudeBounds analyticBounds(const FourierTrajectory& trajectory) {
  const int n = trajectory.dof();
  const double wf = trajectory.baseFrequency();
  AmplitudeBounds bounds{Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n)};
  for (int i = 0; i < n; ++i)
    for (int k = 1; k <= trajectory.harmonics(); ++k) {
      // a sin + b cos has amplitude sqrt(a^2 + b^2): the triangle inequality over harmonics.
      const double c = std::hypot(trajectory.a()(i, k - 1), trajectory.b()(i, k - 1));
      bounds.position[i] += c / (wf * k);
      bounds.velocity[i] += c;
      bounds.acceleration[i] += c * wf * k;
    }
  return bounds;
}

AmplitudeBounds analyticBounds(const MultisineTrajectory& trajectory) {
  const int n = trajectory.dof();
  const double e1 = envelopeMaxRate(trajectory.rampTime());
  const double e2 = envelopeMaxCurvature(trajectory.rampTime());
  AmplitudeBounds bounds{Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n)};
  for (int i = 0; i < n; ++i) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0;
    for (const SineTerm& s : trajectory.terms(i)) {
      const double w = kTwoPi * s.frequency;
      s0 += std::abs(s.amplitude);
      s1 += std::abs(s.amplitude) * w;
      s2 += std::abs(s.amplitude) * w * w;
    }
    // |e| <= 1 and each product-rule term bounded on its own.
    bounds.position[i] = s0;
    bounds.velocity[i] = e1 * s0 + s1;
    bounds.acceleration[i] = e2 * s0 + 2.0 * e1 * s1 + s2;
  }
  return bounds;
}

AmplitudeBounds analyticBounds(const Trajectory& trajectory) {
  return std::visit([](const auto& tr) { return analyticBounds(tr); }, trajectory);
}

std::vector<JointLimits> scaleLimits(const std::vector<JointLimits>& limits, const LimitScale& scale) {
  std::vector<JointLimits> out = limits;
  for (JointLimits& l : out) {
    // Scale 1 leaves the bounds bit-identical (mid +- half would round them).
    if (std::isfinite(l.lower) && std::isfinite(l.upper) && scale.position != 1.0) {
      const double mid = 0.5 * (l.lower + l.upper), half = 0.5 * (l.upper - l.lower) * scale.position;
      l.lower = mid - half;
      l.upper = mid + half;
    }
    l.velocity *= scale.velocity;
    l.acceleration *= scale.acceleration;
    l.effort *= scale.torque;
  }
  return out;
}

std::string ConstraintViolation::message() const {
  std::string who = joint >= 0 ? "joint " + std::to_string(joint + 1) + " (" + jointName + ")" : std::string("keep-out");
  std::string what = joint >= 0 ? std::string(limitQuantityName(quantity)) : std::string("lowest point");
  std::string s = who + ": ";
  if (analytic) s += "analytic bound of ";
  s += what + " " + num(value) + " " + unit + " beyond limit " + num(limit) + " " + unit + " by " + num(excess) + " " +
       unit;
  if (analytic)
    s += " (conservative: the motion itself may stay inside)";
  else
    s += " at t = " + num(time) + " s (" + num(start) + " s to " + num(end) + " s)";
  return s;
}

const ConstraintMargin* ConstraintReport::margin(int joint, LimitQuantity quantity) const {
  for (const ConstraintMargin& m : margins)
    if (m.joint == joint && m.quantity == quantity) return &m;
  return nullptr;
}

std::string ConstraintReport::summary() const {
  std::string s;
  for (const auto* list : {&violations, &analyticViolations})
    for (const ConstraintViolation& v : *list) s += v.message() + "\n";
  return s;
}

namespace {

// The grid scan of both sample overloads; torques, when given, replace options.torque.
ConstraintReport scanSamples(const TrajectorySamples& samples, const Eigen::MatrixXd* torques,
                             const std::vector<JointLimits>& limits, const std::vector<std::string>& names,
                             const ConstraintCheckOptions& options) {
  const int dof = samples.dof();
  requireSizes(dof, limits, names, options);
  const bool checkTorque = torques || options.torque;
  const std::vector<JointLimits> scaled = scaleLimits(limits, options.scale);

  std::vector<ChannelScan> scans;
  for (int i = 0; i < dof; ++i) {
    const JointLimits& l = scaled[static_cast<size_t>(i)];
    const std::string name = jointLabel(i, names);
    const bool pr = isPrismatic(options, i);
    scans.emplace_back(i, name, LimitQuantity::Position, l.lower, l.upper, unitOf(LimitQuantity::Position, pr));
    scans.emplace_back(i, name, LimitQuantity::Velocity, -l.velocity, l.velocity, unitOf(LimitQuantity::Velocity, pr));
    scans.emplace_back(i, name, LimitQuantity::Acceleration, -l.acceleration, l.acceleration,
                       unitOf(LimitQuantity::Acceleration, pr));
    if (checkTorque)
      scans.emplace_back(i, name, LimitQuantity::Torque, -l.effort, l.effort, unitOf(LimitQuantity::Torque, pr));
  }
  if (options.keepOut)
    scans.emplace_back(-1, "keep-out", LimitQuantity::KeepOut, options.keepOutMinHeight, kInf, "m");

  const int perJoint = checkTorque ? 4 : 3;
  Eigen::VectorXd q(dof), qd(dof), qdd(dof), tau(dof);
  for (int j = 0; j < samples.size(); ++j) {
    const double t = samples.t[j];
    q = samples.q.row(j).transpose();
    qd = samples.qd.row(j).transpose();
    qdd = samples.qdd.row(j).transpose();
    if (torques) {
      tau = torques->row(j).transpose();
    } else if (options.torque) {
      tau.setZero();
      options.torque(q, qd, qdd, tau);
      if (tau.size() != dof)
        throw std::invalid_argument("constraint check: torque callback returned " + std::to_string(tau.size()) +
                                    " values for " + std::to_string(dof) + " joints");
    }
    for (int i = 0; i < dof; ++i) {
      ChannelScan* s = &scans[static_cast<size_t>(i * perJoint)];
      s[0].add(t, q[i]);
      s[1].add(t, qd[i]);
      s[2].add(t, qdd[i]);
      if (checkTorque) s[3].add(t, tau[i]);
    }
    if (options.keepOut) scans.back().add(t, options.keepOut(q));
  }

  ConstraintReport report;
  for (ChannelScan& s : scans) s.finish(report.violations, report.margins);
  if (samples.size() > 1) report.gridStep = (samples.t[samples.size() - 1] - samples.t[0]) / (samples.size() - 1);
  return report;
}

}  // namespace

ConstraintReport checkConstraints(const TrajectorySamples& samples, const std::vector<JointLimits>& limits,
                                  const std::vector<std::string>& names, const ConstraintCheckOptions& options) {
  return scanSamples(samples, nullptr, limits, names, options);
}

ConstraintReport checkConstraints(const TrajectorySamples& samples, const Eigen::MatrixXd& torques,
                                  const std::vector<JointLimits>& limits, const std::vector<std::string>& names,
                                  const ConstraintCheckOptions& options) {
  if (torques.rows() != samples.size() || torques.cols() != samples.dof())
    throw std::invalid_argument("constraint check: torques are " + std::to_string(torques.rows()) + " x " +
                                std::to_string(torques.cols()) + " for " + std::to_string(samples.size()) +
                                " samples of " + std::to_string(samples.dof()) + " joints");
  return scanSamples(samples, &torques, limits, names, options);
}

ConstraintReport checkConstraints(const Trajectory& trajectory, const std::vector<JointLimits>& limits,
                                  const std::vector<std::string>& names, const ConstraintCheckOptions& options) {
  const int dof = trajectoryDof(trajectory);
  requireSizes(dof, limits, names, options);
  const auto* fourier = std::get_if<FourierTrajectory>(&trajectory);
  const double checked = fourier ? fourier->period() : trajectoryDuration(trajectory);
  const int n = uniformSampleCount(checked, options.rateHz);
  const bool addEnd = (n - 1) / options.rateHz < checked;
  Eigen::VectorXd times(n + (addEnd ? 1 : 0));
  for (int j = 0; j < n; ++j) times[j] = j / options.rateHz;
  if (addEnd) times[n] = checked;

  ConstraintReport report = checkConstraints(sampleTrajectoryAt(trajectory, times), limits, names, options);
  report.gridStep = 1.0 / options.rateHz;
  if (!options.analyticBounds) return report;

  const std::vector<JointLimits> scaled = scaleLimits(limits, options.scale);
  const AmplitudeBounds bounds = analyticBounds(trajectory);
  const Eigen::VectorXd& q0 = trajectoryOffsets(trajectory);
  for (int i = 0; i < dof; ++i) {
    const JointLimits& l = scaled[static_cast<size_t>(i)];
    const std::string name = jointLabel(i, names);
    const bool pr = isPrismatic(options, i);
    checkBound(i, name, LimitQuantity::Position, q0[i], bounds.position[i], l.lower, l.upper,
               unitOf(LimitQuantity::Position, pr), report.analyticViolations);
    checkBound(i, name, LimitQuantity::Velocity, 0.0, bounds.velocity[i], -l.velocity, l.velocity,
               unitOf(LimitQuantity::Velocity, pr), report.analyticViolations);
    checkBound(i, name, LimitQuantity::Acceleration, 0.0, bounds.acceleration[i], -l.acceleration, l.acceleration,
               unitOf(LimitQuantity::Acceleration, pr), report.analyticViolations);
  }
  return report;
}

}  // namespace eb
