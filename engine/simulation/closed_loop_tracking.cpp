#include "simulation/closed_loop_tracking.hpp"

#include "dynamics/joint_torque_regressor.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

namespace eb {

ControllerTorque identifiedModelController(const RobotModel& model, const BaseParameters& base,
                                           const Eigen::VectorXd& baseValues, const SimulationSettings* drive) {
  if (baseValues.size() != base.rank)
    throw std::invalid_argument("closed loop: " + std::to_string(baseValues.size()) + " parameter values for " +
                                std::to_string(base.rank) + " base parameters");
  if (base.columnCount != regressorColumnCount(model, base.options))
    throw std::invalid_argument("closed loop: the base parameters are not the model's");
  auto full = std::make_shared<Eigen::VectorXd>(Eigen::VectorXd::Zero(base.columnCount));
  for (int k = 0; k < base.rank; ++k) (*full)[base.independent[static_cast<std::size_t>(k)]] = baseValues[k];
  const RegressorOptions o = base.options;
  const int first = 10 * model.bodyCount(), perJoint = o.extrasPerJoint(), n = model.dof();
  const int friction = o.frictionColumnsPerJoint();
  if (o.offset)
    for (int j = 0; j < n; ++j) (*full)[first + j * perJoint + friction] = 0.0;
  auto robot = std::make_shared<const RobotModel>(model);
  auto ws = std::make_shared<DynamicsWorkspace>(model);
  // What the model lacks of the plant's drive: its friction, its armature.
  std::shared_ptr<const SimulationSettings> lent;
  bool lendFriction = false, lendArmature = false;
  if (drive) {
    if (drive->viscous.size() != n || drive->coulomb.size() != n || drive->armature.size() != n)
      throw std::invalid_argument("closed loop: the plant's friction and armature need one entry per joint");
    lent = std::make_shared<const SimulationSettings>(*drive);
    lendFriction = !o.viscous && !o.coulomb;
    lendArmature = !o.armature;
  }
  return [robot, ws, full, o, first, perJoint, friction, n, lent, lendFriction, lendArmature](
             const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& qddCommand,
             const Eigen::VectorXd& qdDesired) {
    Eigen::VectorXd tau = computeJointTorqueRegressor(*robot, *ws, o, q, qd, qddCommand) * *full;
    if (lendFriction) tau += simulatedFriction(*lent, lent->viscous, lent->coulomb, qdDesired);
    if (lendArmature) tau += lent->armature.cwiseProduct(qddCommand);
    // The regressor's friction is the measured velocity's; the controller feeds it forward
    // from the desired one (a Coulomb term on the measured velocity chatters at reversals).
    double measured[4], desired[4];
    for (int j = 0; j < n; ++j) {
      jointFrictionFeatures(o, j, qd[j], measured);
      jointFrictionFeatures(o, j, qdDesired[j], desired);
      const int c = first + j * perJoint;
      for (int k = 0; k < friction; ++k) tau[j] += (*full)[c + k] * (desired[k] - measured[k]);
    }
    return tau;
  };
}

DesiredMotion sampledMotion(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                            const Eigen::MatrixXd& qdd) {
  const Eigen::Index m = t.size();
  if (m < 2) throw std::invalid_argument("closed loop: a sampled motion needs at least two samples");
  if (q.rows() != m || qd.rows() != m || qdd.rows() != m || qd.cols() != q.cols() || qdd.cols() != q.cols())
    throw std::invalid_argument("closed loop: t, q, qd, qdd of a sampled motion differ in size");
  for (Eigen::Index k = 1; k < m; ++k)
    if (!(t[k] > t[k - 1])) throw std::invalid_argument("closed loop: the sample times must increase");
  auto times = std::make_shared<const std::vector<double>>(t.data(), t.data() + m);
  auto table = std::make_shared<Eigen::MatrixXd>(m, 3 * q.cols());
  *table << q, qd, qdd;
  const Eigen::Index n = q.cols();
  return [times, table, n](double tau, Eigen::VectorXd& qOut, Eigen::VectorXd& qdOut, Eigen::VectorXd& qddOut) {
    const std::vector<double>& ts = *times;
    const double at = ts.front() + tau;
    const auto hi = std::upper_bound(ts.begin(), ts.end(), at);
    Eigen::Index k1 = std::min<Eigen::Index>(hi - ts.begin(), static_cast<Eigen::Index>(ts.size()) - 1);
    Eigen::Index k0 = std::max<Eigen::Index>(k1 - 1, 0);
    const double w = std::clamp((at - ts[k0]) / (ts[k1] - ts[k0]), 0.0, 1.0);
    const Eigen::VectorXd row = (1.0 - w) * table->row(k0).transpose() + w * table->row(k1).transpose();
    qOut = row.head(n);
    qdOut = row.segment(n, n);
    qddOut = row.tail(n);
  };
}

RobotModel plantFromParameters(const RobotModel& model, const RegressorOptions& options, const Eigen::VectorXd& full,
                               SimulationSettings& settings) {
  const int n = model.dof(), first = 10 * model.bodyCount(), perJoint = options.extrasPerJoint();
  if (full.size() != regressorColumnCount(model, options))
    throw std::invalid_argument("closed loop: " + std::to_string(full.size()) + " plant parameters for " +
                                std::to_string(regressorColumnCount(model, options)) + " regressor columns");
  checkRegressorOptions(options, n);
  settings.viscous = Eigen::VectorXd::Zero(n);
  settings.coulomb = Eigen::VectorXd::Zero(n);
  settings.armature = Eigen::VectorXd::Zero(n);
  settings.coulombWidth = options.coulombWidth;
  settings.coulombNegative = options.asymmetricCoulomb ? Eigen::VectorXd::Zero(n) : Eigen::VectorXd();
  settings.coulombWidths = options.coulombWidths.empty()
                               ? Eigen::VectorXd()
                               : Eigen::Map<const Eigen::VectorXd>(options.coulombWidths.data(), n).eval();
  settings.stribeck = options.stribeck ? Eigen::VectorXd::Zero(n) : Eigen::VectorXd();
  settings.stribeckVelocity = options.stribeck
                                  ? Eigen::Map<const Eigen::VectorXd>(options.stribeckVelocities.data(), n).eval()
                                  : Eigen::VectorXd();
  for (int j = 0; j < n; ++j) {
    int c = first + j * perJoint;
    if (options.viscous) settings.viscous[j] = full[c++];
    if (options.coulomb) settings.coulomb[j] = full[c++];
    if (options.coulomb && options.asymmetricCoulomb) settings.coulombNegative[j] = full[c++];
    if (options.stribeck) settings.stribeck[j] = full[c++];
    if (options.offset) ++c;
    if (options.armature) settings.armature[j] = full[c];
  }
  return model.withStandardParameters(full.head(first));
}

TrackingReport trackingReport(const SimulatedLog& log, const DesiredMotion& desired) {
  TrackingReport r;
  const Eigen::Index m = log.t.size(), n = log.qTrue.cols();
  r.samples = static_cast<long>(m);
  r.rms = Eigen::VectorXd::Zero(n);
  r.max = Eigen::VectorXd::Zero(n);
  r.torqueRms = Eigen::VectorXd::Zero(n);
  if (m == 0) return r;
  r.duration = log.t[m - 1] - log.t[0];
  Eigen::VectorXd q(n), qd(n), qdd(n);
  for (Eigen::Index k = 0; k < m; ++k) {
    desired(log.t[k], q, qd, qdd);
    const Eigen::VectorXd e = (q - log.qTrue.row(k).transpose()).cwiseAbs();
    r.rms += e.cwiseAbs2();
    r.torqueRms += log.tauTrue.row(k).transpose().cwiseAbs2();
    for (Eigen::Index j = 0; j < n; ++j) {
      r.max[j] = std::max(r.max[j], e[j]);
      if (e[j] > r.maxError) {
        r.maxError = e[j];
        r.maxErrorTime = log.t[k];
        r.maxErrorJoint = static_cast<int>(j);
      }
    }
  }
  r.rms = (r.rms / static_cast<double>(m)).cwiseSqrt();
  r.torqueRms = (r.torqueRms / static_cast<double>(m)).cwiseSqrt();
  return r;
}

ClosedLoopPlant descriptionPlant(const RobotModel& model) {
  ClosedLoopPlant p;
  p.kind = ClosedLoopPlant::Kind::Description;
  p.model = model;
  defaultFriction(model, p.drive.viscous, p.drive.coulomb);
  p.drive.armature = Eigen::VectorXd::Zero(model.dof());
  p.name = "the robot description with simulate's default friction";
  return p;
}

ClosedLoopPlant estimatePlant(const RobotModel& model, const RegressorOptions& options, const Eigen::VectorXd& full,
                              std::string name) {
  ClosedLoopPlant p;
  p.kind = ClosedLoopPlant::Kind::Estimate;
  p.model = plantFromParameters(model, options, full, p.drive);
  p.options = options;
  p.full = full;
  p.name = std::move(name);
  return p;
}

namespace {

// "the plant's friction and armature" for what a model of `options` lacks, "" for nothing.
std::string lentText(const RegressorOptions& o, const ClosedLoopPlant& plant) {
  const bool friction = !o.viscous && !o.coulomb && (plant.drive.viscous.any() || plant.drive.coulomb.any());
  const bool armature = !o.armature && plant.drive.armature.any();
  if (friction && armature) return "the plant's friction and armature";
  if (friction) return "the plant's friction";
  if (armature) return "the plant's armature";
  return "";
}

// The plant is the estimate itself: the same layout and base parameters to 1e-9 (relative).
bool plantIsEstimate(const ClosedLoopPlant& plant, const BaseParameters& base, const Eigen::VectorXd& values) {
  if (plant.kind != ClosedLoopPlant::Kind::Estimate || plant.full.size() != base.columnCount) return false;
  const RegressorOptions& a = plant.options;
  const RegressorOptions& b = base.options;
  if (a.viscous != b.viscous || a.coulomb != b.coulomb || a.armature != b.armature || a.offset != b.offset ||
      a.asymmetricCoulomb != b.asymmetricCoulomb || a.stribeck != b.stribeck)
    return false;
  const Eigen::VectorXd mine = base.baseFromFull(plant.full);
  return (mine - values).norm() <= 1e-9 * std::max(1.0, values.norm());
}

}  // namespace

ClosedLoopComparison compareClosedLoop(const RobotModel& model, const BaseParameters& base,
                                       const Eigen::VectorXd& baseValues, const ClosedLoopPlant& plant,
                                       const DesiredMotion& desired, double duration,
                                       const SimulationSettings& control, const SimulationProgress& progress) {
  if (plant.model.dof() != model.dof())
    throw std::invalid_argument("closed loop: the plant has " + std::to_string(plant.model.dof()) +
                                " joints, the robot " + std::to_string(model.dof()));
  SimulationSettings settings = plant.drive;
  settings.rateHz = control.rateHz;
  settings.substeps = control.substeps;
  settings.kp = control.kp;
  settings.kd = control.kd;
  settings.noiseTorque = settings.noisePosition = 0.0;
  settings.clockJitter = 0.0;
  const auto half = [&progress](double offset) -> SimulationProgress {
    if (!progress) return {};
    return [&progress, offset](double f) { return progress(offset + 0.5 * f); };
  };
  const auto run = [&](const ControllerTorque& controller, double offset) {
    try {
      return trackingReport(simulateTracking(plant.model, desired, duration, settings, controller, half(offset)),
                            desired);
    } catch (const SimulationDiverged& e) {
      TrackingReport r;
      const auto n = static_cast<Eigen::Index>(model.dof());
      r.rms = r.max = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
      r.torqueRms = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::quiet_NaN());
      r.maxError = std::numeric_limits<double>::infinity();
      r.maxErrorTime = r.divergedAt = e.time;
      r.diverged = true;
      r.duration = duration;
      return r;
    }
  };
  ClosedLoopComparison c;
  c.plantKind = plant.kind;
  c.plant = plant.name;
  c.plantIsEstimate = plantIsEstimate(plant, base, baseValues);
  c.identifiedGiven = lentText(base.options, plant);
  // The description's model is rigid-body only: no friction, no armature of its own.
  const BaseParameters own = computeBaseParameters(model, RegressorOptions{});
  c.robotsOwnGiven = lentText(own.options, plant);
  c.identified = run(identifiedModelController(model, base, baseValues, &plant.drive), 0.0);
  c.robotsOwn =
      run(identifiedModelController(model, own, own.baseFromFull(regressorParameters(model, own.options)), &plant.drive),
          0.5);
  return c;
}

std::string closedLoopVerdict(const ClosedLoopComparison& c) {
  std::string text = "Plant: " + c.plant + ".";
  if (c.plantIsEstimate) {
    text += " The plant is the identified model itself, so its error is the loop's own (sampling, integration, "
            "the gains), not a model error; it shows nothing about how well the model fits the robot.";
  } else if (c.plantKind == ClosedLoopPlant::Kind::Description) {
    text += " The description's controller has that plant's own rigid-body model (given its friction), so it "
            "tracks almost perfectly by construction. The identified model's error shows how far its torques are "
            "from the description's, and whether the loop stays stable with it; it cannot show which model is "
            "closer to the robot: for that, take as the plant a consistent estimate of another log.";
  } else {
    text += " It stands in for the robot as that log saw it. Each error shows how far the controller's torques "
            "are from that estimate's along this motion; within the bar, the model is as good as the plant for "
            "control. It cannot show accuracy beyond the plant's own, and a model fitted on the plant's log is "
            "favoured.";
  }
  if (!c.robotsOwnGiven.empty() || !c.identifiedGiven.empty()) {
    text += " Given what their models lack:";
    if (!c.identifiedGiven.empty()) text += " the identified model, " + c.identifiedGiven + ";";
    if (!c.robotsOwnGiven.empty()) text += " the description's, " + c.robotsOwnGiven + ";";
    text.back() = '.';
  }
  return text;
}

std::pair<Eigen::Index, Eigen::Index> longestSegment(const std::vector<std::size_t>& segmentStarts, Eigen::Index rows) {
  std::pair<Eigen::Index, Eigen::Index> best{0, segmentStarts.empty() ? rows : 0};
  for (std::size_t k = 0; k < segmentStarts.size(); ++k) {
    const auto first = static_cast<Eigen::Index>(segmentStarts[k]);
    const Eigen::Index end = k + 1 < segmentStarts.size() ? static_cast<Eigen::Index>(segmentStarts[k + 1]) : rows;
    if (end - first > best.second) best = {first, end - first};
  }
  return best;
}

LoggedMotion loggedMotion(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                          const Eigen::MatrixXd& qdd, const std::vector<std::size_t>& segmentStarts) {
  const auto [first, rows] = longestSegment(segmentStarts, t.size());
  if (rows < 2) throw std::invalid_argument("no segment of two samples or more to track");
  LoggedMotion m;
  m.desired = sampledMotion(t.segment(first, rows), q.middleRows(first, rows), qd.middleRows(first, rows),
                            qdd.middleRows(first, rows));
  m.start = t[first];
  m.duration = t[first + rows - 1] - t[first];
  m.longestOfSeveral = segmentStarts.size() > 1;
  return m;
}

}  // namespace eb
