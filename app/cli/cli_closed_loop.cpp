// `closed-loop ROBOT params.json MOTION [--plant plant.json] [--kp 400] [--kd 40]
// [--control-rate 1000] [--json]`: closed-loop validation. The identified model is the
// model of a computed-torque controller that tracks MOTION (an excitation.json, or the
// longest segment of a log's motion) on a simulated plant; the tracking error per joint,
// beside the one the robot description's own parameters leave (closed_loop_tracking.hpp).
#include "cli_commands.hpp"
#include "cli_progress.hpp"
#include "cli_identified_robot.hpp"
#include "cli_log_flags.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"

#include "identification/identification_pipeline.hpp"
#include "io/excitation_json.hpp"
#include "io/params_file.hpp"
#include "util/input_error.hpp"
#include "simulation/closed_loop_tracking.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
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

}  // namespace

void addClosedLoopCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "closed-loop",
      "Closed-loop validation: computed-torque tracking with the identified model, tracking error per joint");
  struct Args {
    std::string robot, params, motion, plant;
    std::vector<std::string> roots, locks;
    IdentificationSettings s;
    LogFlags logFlags;
    SimulationSettings sim;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("robot", a->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("params", a->params, "params.json from identify: the controller's model")->required();
  cmd->add_option("motion", a->motion, "Motion to track: excitation.json (from design), or a log (CSV, .mat or ROS 2 bag)")
      ->required();
  cmd->add_option(
      "--plant", a->plant,
      "The simulated robot: a consistent params.json (default: the robot description with simulate's friction)");
  cmd->add_option("--kp", a->sim.kp, "Proportional gain of the computed-torque controller [1/s^2] (default 400)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--kd", a->sim.kd, "Derivative gain [1/s] (default 40)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--control-rate", a->sim.rateHz, "Control rate [Hz] (default 1000)")->check(CLI::Range(10.0, 1e5));
  cmd->add_option("--duration", a->sim.duration, "Seconds to track (default: the whole motion)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--json", a->json, "Print one JSON object");
  addSettingOption(cmd, kCutoffSpec, a->s.preprocess.cutoffHz);
  cmd->add_flag("--use-logged-derivatives", a->s.useLoggedDerivatives, "Use a log's qd/qdd columns as they are");
  addLogFlags(cmd, a->logFlags);
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, a->locks);
  cmd->callback([a]() {
    const IdentifiedRobot robot = loadIdentifiedRobot(a->robot, a->roots, a->locks, a->params);
    const RobotModel& model = robot.model;

    RobotModel plant = model;
    std::string plantText = "the robot description's parameters with simulate's default friction";
    if (!a->plant.empty()) {
      const IdentifiedParameters pp = readParamsJson(a->plant);
      if (!pp.fullParameters)
        throw InputError(
            a->plant + ": method '" + pp.method +
            "' has no standard parameters; a plant must be a consistent estimate (identify --method consistent)");
      baseParametersFor(model, pp, a->plant);  // the same robot and joints
      plant = plantFromParameters(model, pp.options, *pp.fullParameters, a->sim);
      plantText = a->plant + " (consistent estimate, its friction and armature)";
    }

    DesiredMotion desired;
    double duration = 0.0;
    std::string motionText;
    if (endsWith(a->motion, ".json")) {
      const ExcitationFile ex = readExcitationJson(a->motion);
      if (trajectoryDof(ex.trajectory) != model.dof())
        throw inputErrorIn(a->motion, "trajectory has " + std::to_string(trajectoryDof(ex.trajectory)) +
                                          " joints, robot '" + model.name() + "' has " + std::to_string(model.dof()));
      const Trajectory trajectory = ex.trajectory;
      desired = [trajectory](double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) {
        evaluateTrajectory(trajectory, t, q, qd, qdd);
      };
      duration = trajectoryDuration(trajectory);
      motionText = a->motion + " (" + trajectoryTypeName(trajectory) + " excitation)";
    } else {
      applyLogFlags(a->logFlags, a->s);
      const PreprocessedLog log = loadAndPreprocess(model, a->motion, a->s);
      LoggedMotion logged;
      try {
        logged = loggedMotion(log.t, log.q, log.qd, log.qdd, log.segmentStarts);
      } catch (const std::invalid_argument& e) {
        throw inputErrorIn(a->motion, e.what());
      }
      desired = logged.desired;
      duration = logged.duration;
      char text[200];
      std::snprintf(text, sizeof text, " (the logged motion, filtered%s: %.4g s from t = %.4g s)",
                    logged.longestOfSeveral ? ", its longest segment" : "", duration, logged.start);
      motionText = a->motion + text;
    }
    if (a->sim.duration > 0.0) duration = std::min(duration, a->sim.duration);

    // Two simulations of `duration` at the control rate: minutes for a long log, so say how far.
    const auto progress = terminalProgress();
    const ClosedLoopComparison r =
        compareClosedLoop(model, robot.base, robot.params.values, plant, desired, duration, a->sim, [&](double f) {
          return progress(f, f < 0.5 ? "tracking with the identified model" : "tracking with the description's model");
        });
    clearTerminalProgress();
    if (a->json) {
      nlohmann::json j;
      j["motion"] = motionText;
      j["plant"] = plantText;
      j["duration"] = duration;
      j["control_rate"] = a->sim.rateHz;
      j["kp"] = a->sim.kp;
      j["kd"] = a->sim.kd;
      j["bar"] = kTrackingErrorBar;
      j["identified"] = trackingJson(r.identified, model);
      j["robots_own"] = trackingJson(r.robotsOwn, model);
      std::cout << j.dump(2) << "\n";
      return;
    }
    std::printf("closed-loop tracking of %s\n", motionText.c_str());
    std::printf("  computed torque at %.6g Hz, kp %.4g 1/s^2, kd %.4g 1/s, %.4g s\n", a->sim.rateHz, a->sim.kp,
                a->sim.kd, duration);
    std::printf("  plant: %s\n", plantText.c_str());
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
    std::printf("\n  identified model: %s\n", verdict(r.identified, model).c_str());
    std::printf("  robot description's model: %s\n", verdict(r.robotsOwn, model).c_str());
  });
}

}  // namespace eb::cli
