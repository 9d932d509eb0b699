// `closed-loop ROBOT params.json MOTION [--plant description|plant.json | --plant-log LOG]
// [--kp 400] [--kd 40] [--control-rate 1000] [--json]`: closed-loop validation. The identified
// model is the model of a computed-torque controller that tracks MOTION (an excitation.json, or
// the longest segment of a log's motion) on a simulated plant; the tracking error per joint,
// beside the one the robot description's own parameters leave (closed_loop_tracking.hpp). The
// default plant is a consistent estimate of MOTION when it is a log params.json was not
// identified on, else the description with simulate's friction.
#include "cli_closed_loop.hpp"

#include "cli_commands.hpp"
#include "cli_progress.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"

#include "identification/closed_loop_plant.hpp"
#include "identification/identification_pipeline.hpp"
#include "io/excitation_json.hpp"
#include "io/params_file.hpp"
#include "util/input_error.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>

namespace eb::cli {

namespace {

nlohmann::json trackingJson(const TrackingReport& r, const RobotModel& model) {
  if (r.diverged) return {{"diverged", true}, {"diverged_at", r.divergedAt}, {"within_bar", false}};
  nlohmann::json joints = nlohmann::json::array();
  for (int k = 0; k < model.dof(); ++k)
    joints.push_back({{"name", model.joint(k).name},
                      {"rms_error", r.rms[k]},
                      {"max_error", r.max[k]},
                      {"torque_rms", r.torqueRms[k]}});
  return {{"diverged", false},
          {"max_error", r.maxError},
          {"max_error_joint", model.joint(r.maxErrorJoint).name},
          {"max_error_time", r.maxErrorTime},
          {"within_bar", r.maxError <= kTrackingErrorBar},
          {"joints", joints}};
}

std::string verdict(const TrackingReport& r, const RobotModel& model) {
  char text[200];
  if (r.diverged) {
    std::snprintf(text, sizeof text,
                  "unstable: the loop diverged at %.3g s (a model with indefinite inertia does this: "
                  "identify --method consistent)",
                  r.divergedAt);
    return text;
  }
  std::snprintf(text, sizeof text, "worst error %.3g rad (%s at %.3g s): %s the %.2g rad bar", r.maxError,
                model.joint(r.maxErrorJoint).name.c_str(), r.maxErrorTime,
                r.maxError <= kTrackingErrorBar ? "within" : "beyond", kTrackingErrorBar);
  return text;
}

// Whether `log` is one of the files params.json was identified on (same file, or same name
// when a source no longer resolves).
bool identifiedOn(const std::string& log, const std::vector<std::string>& sources) {
  namespace fs = std::filesystem;
  for (const std::string& source : sources) {
    std::error_code ec;
    if (fs::equivalent(source, log, ec)) return true;
    if (ec && fs::path(source).filename() == fs::path(log).filename()) return true;
  }
  return false;
}

}  // namespace

void declareClosedLoopOptions(CLI::App* cmd, ClosedLoopOptions& o) {
  cmd->add_option("robot", o.robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("params", o.params, "params.json from identify: the controller's model")->required();
  cmd->add_option("motion", o.motion, "Motion to track: excitation.json (from design), or a log (CSV, .mat or ROS 2 bag)")
      ->required();
  auto* plantOption = cmd->add_option(
      "--plant", o.plant,
      "The simulated robot: 'description' (its parameters with simulate's default friction) or a consistent "
      "params.json (default: a consistent estimate of MOTION when it is a log params.json was not identified on, "
      "else the description)");
  cmd->add_option("--plant-log", o.plantLog,
                  "The simulated robot: a consistent estimate identified on this log (its friction and armature)")
      ->excludes(plantOption);
  cmd->add_option("--kp", o.sim.kp, "Proportional gain of the computed-torque controller [1/s^2] (default 400)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--kd", o.sim.kd, "Derivative gain [1/s] (default 40)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--control-rate", o.sim.rateHz, "Control rate [Hz] (default 1000)")->check(CLI::Range(10.0, 1e5));
  cmd->add_option("--duration", o.sim.duration, "Seconds to track (default: the whole motion)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--json", o.json, "Print one JSON object");
  addSettingOption(cmd, kCutoffSpec, o.s.preprocess.cutoffHz);
  cmd->add_flag("--use-logged-derivatives", o.s.useLoggedDerivatives, "Use a log's qd/qdd columns as they are");
  addLogFlags(cmd, o.logFlags);
  cmd->add_option("--package-root", o.roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, o.locks);
}

ClosedLoopOutcome runClosedLoop(const ClosedLoopOptions& o,
                                const std::function<bool(double, const std::string&)>& progress) {
  ClosedLoopOutcome out{loadIdentifiedRobot(o.robot, o.roots, o.locks, o.params), {}, 0.0, o.sim, {}};
  const IdentifiedRobot& robot = out.robot;
  const RobotModel& model = robot.model;
  IdentificationSettings settings = o.s;

  ClosedLoopPlant plant;
  bool plantChosen = false;
  if (o.plant == "description") {
    plant = descriptionPlant(model);
    plantChosen = true;
  } else if (!o.plant.empty()) {
    const IdentifiedParameters pp = readParamsJson(o.plant);
    if (!pp.fullParameters)
      throw InputError(
          o.plant + ": method '" + pp.method +
          "' has no standard parameters; a plant must be a consistent estimate (identify --method consistent)");
    baseParametersFor(model, pp, o.plant);  // the same robot and joints
    plant = estimatePlant(model, pp.options, *pp.fullParameters,
                          o.plant + " (consistent estimate, its friction and armature)");
    plantChosen = true;
  }
  applyLogFlags(o.logFlags, settings);
  // A consistent estimate of a log, with the controller's columns (friction at least: a
  // frictionless plant is no robot).
  const auto plantOfLog = [&](const std::string& log) {
    IdentificationSettings s = settings;
    s.regressor = robot.params.options;
    if (!s.regressor.viscous && !s.regressor.coulomb) s.regressor.viscous = s.regressor.coulomb = true;
    ClosedLoopPlant p = consistentPlantOfLog(model, log, s, [&](double f, const std::string&) {
      return progress(f, "identifying the plant on " + std::filesystem::path(log).filename().string());
    });
    clearTerminalProgress();
    return p;
  };
  if (!o.plantLog.empty()) {
    plant = plantOfLog(o.plantLog);
    plantChosen = true;
  }

  DesiredMotion desired;
  double& duration = out.duration;
  std::string& motionText = out.motionText;
  if (endsWith(o.motion, ".json")) {
    const ExcitationFile ex = readExcitationJson(o.motion);
    if (trajectoryDof(ex.trajectory) != model.dof())
      throw inputErrorIn(o.motion, "trajectory has " + std::to_string(trajectoryDof(ex.trajectory)) +
                                        " joints, robot '" + model.name() + "' has " + std::to_string(model.dof()));
    const Trajectory trajectory = ex.trajectory;
    desired = [trajectory](double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) {
      evaluateTrajectory(trajectory, t, q, qd, qdd);
    };
    duration = trajectoryDuration(trajectory);
    motionText = o.motion + " (" + trajectoryTypeName(trajectory) + " excitation)";
  } else {
    const PreprocessedLog log = loadAndPreprocess(model, o.motion, settings);
    LoggedMotion logged;
    try {
      logged = loggedMotion(log.t, log.q, log.qd, log.qdd, log.segmentStarts);
    } catch (const std::invalid_argument& e) {
      throw inputErrorIn(o.motion, e.what());
    }
    desired = logged.desired;
    duration = logged.duration;
    char text[200];
    std::snprintf(text, sizeof text, " (the logged motion, filtered%s: %.4g s from t = %.4g s)",
                  logged.longestOfSeveral ? ", its longest segment" : "", duration, logged.start);
    motionText = o.motion + text;
  }
  if (o.sim.duration > 0.0) duration = std::min(duration, o.sim.duration);
  if (!plantChosen) {
    // The informative default: the robot as a second log saw it, when there is one.
    const bool secondLog = !endsWith(o.motion, ".json") && !identifiedOn(o.motion, robot.params.sources);
    plant = secondLog ? plantOfLog(o.motion) : descriptionPlant(model);
  }

  // Two simulations of `duration` at the control rate: minutes for a long log, so say how far.
  out.r = compareClosedLoop(model, robot.base, robot.params.values, plant, desired, duration, o.sim, [&](double f) {
    return progress(f, f < 0.5 ? "tracking with the identified model" : "tracking with the description's model");
  });
  clearTerminalProgress();
  return out;
}

nlohmann::json closedLoopJson(const ClosedLoopOutcome& out) {
  nlohmann::json j;
  j["motion"] = out.motionText;
  j["plant"] = out.r.plant;
  j["plant_kind"] = out.r.plantKind == ClosedLoopPlant::Kind::Description ? "description" : "estimate";
  j["plant_is_the_identified_model"] = out.r.plantIsEstimate;
  j["identified_given"] = out.r.identifiedGiven;
  j["robots_own_given"] = out.r.robotsOwnGiven;
  j["verdict"] = closedLoopVerdict(out.r);
  j["duration"] = out.duration;
  j["control_rate"] = out.sim.rateHz;
  j["kp"] = out.sim.kp;
  j["kd"] = out.sim.kd;
  j["bar"] = kTrackingErrorBar;
  j["identified"] = trackingJson(out.r.identified, out.robot.model);
  j["robots_own"] = trackingJson(out.r.robotsOwn, out.robot.model);
  return j;
}

void addClosedLoopCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "closed-loop",
      "Closed-loop validation: computed-torque tracking with the identified model, tracking error per joint");
  auto a = std::make_shared<ClosedLoopOptions>();
  declareClosedLoopOptions(cmd, *a);
  cmd->callback([a]() {
    const ClosedLoopOutcome out = runClosedLoop(*a, terminalProgress());
    if (a->json) {
      std::cout << closedLoopJson(out).dump(2) << "\n";
      return;
    }
    const RobotModel& model = out.robot.model;
    const ClosedLoopComparison& r = out.r;
    const double duration = out.duration;
    const std::string& motionText = out.motionText;
    std::printf("closed-loop tracking of %s\n", motionText.c_str());
    std::printf("  computed torque at %.6g Hz, kp %.4g 1/s^2, kd %.4g 1/s, %.4g s\n", a->sim.rateHz, a->sim.kp,
                a->sim.kd, duration);
    std::printf("  plant: %s\n", r.plant.c_str());
    std::printf("\n  %-24s %27s   %27s   %10s\n", "", "identified model", "robot description's model", "RMS(tau)");
    std::printf("  %-24s %13s %13s   %13s %13s   %10s\n", "joint", "RMS [rad]", "max [rad]", "RMS [rad]", "max [rad]",
                "[N m]");
    const auto cells = [](const TrackingReport& t, int j) {
      char text[40];
      if (t.diverged)
        std::snprintf(text, sizeof text, "%13s %13s", "unstable", "-");
      else
        std::snprintf(text, sizeof text, "%13.3g %13.3g", t.rms[j], t.max[j]);
      return std::string(text);
    };
    const TrackingReport& stable = r.identified.diverged ? r.robotsOwn : r.identified;
    for (int j = 0; j < model.dof(); ++j) {
      char torque[24] = "-";
      if (!stable.diverged) std::snprintf(torque, sizeof torque, "%.4g", stable.torqueRms[j]);
      std::printf("  %-24.24s %s   %s   %10s\n", model.joint(j).name.c_str(), cells(r.identified, j).c_str(),
                  cells(r.robotsOwn, j).c_str(), torque);
    }
    std::printf("\n  identified model%s: %s\n", r.identifiedGiven.empty() ? "" : (" + " + r.identifiedGiven).c_str(),
                verdict(r.identified, model).c_str());
    std::printf("  robot description's model%s: %s\n",
                r.robotsOwnGiven.empty() ? "" : (" + " + r.robotsOwnGiven).c_str(), verdict(r.robotsOwn, model).c_str());
    std::printf("\n  %s\n", closedLoopVerdict(r).c_str());
  });
}

}  // namespace eb::cli
