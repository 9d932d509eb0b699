// `simulate ROBOT excitation.json --out log.csv [--rate 1000] [--noise-torque SIGMA]
// [--noise-position SIGMA] [--seed 1]` and the artifacts of real loggers
// (--jitter, --drop, --gaps, --reset-at, --repeat, --torque-offset,
// --quantization, --torque-constants, --logger rtde, --log-rate): the experiment
// on the model, as a log; --payload payload.json fixes a known load to a link;
// --viscous, --coulomb, --coulomb-negative, --stribeck, --armature set the simulated drives.
#include "cli_commands.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"
#include "simulation/logger_artifacts.hpp"
#include "simulation/simulated_log_csv.hpp"

#include "identification/payload_regression.hpp"
#include "io/excitation_json.hpp"
#include "io/payload_file.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>

namespace eb::cli {

void addSimulateCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("simulate", "Simulate the experiment: tracking controller, friction, noise -> log CSV");
  struct Args {
    std::string robot, excitation, out, logger = "excitebench", payload, payloadLink;
    SimulationSettings s;
    LoggerArtifacts artifacts;
    std::vector<double> torqueOffset, torqueConstants, viscous, coulomb, armature, coulombNegative, stribeck,
        stribeckVelocity;
    std::vector<int> reverseTorque, swapTorque;
    double logRate = 0.0;
    std::vector<std::string> roots, locks;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("robot", a->robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("excitation", a->excitation, "excitation.json (from design)")->required();
  cmd->add_option("--out", a->out, "Log CSV to write")->required();
  cmd->add_option("--rate", a->s.rateHz, "Control and logging rate [Hz]")->check(CLI::PositiveNumber);
  cmd->add_option("--noise-torque", a->s.noiseTorque, "Torque noise sigma [N m]")->check(CLI::NonNegativeNumber);
  cmd->add_option("--noise-position", a->s.noisePosition, "Position noise sigma [rad]")->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", a->s.seed, "Noise seed");
  cmd->add_option("--duration", a->s.duration, "Seconds to simulate (default: the trajectory's duration)");
  // What real loggers do (logger_artifacts.hpp).
  cmd->add_option("--jitter", a->s.clockJitter,
                  "Control-clock jitter: time steps vary by up to +-this fraction of the nominal step, stamps true")
      ->check(CLI::Range(0.0, 0.95));
  cmd->add_option("--log-rate", a->logRate, "Logging rate [Hz] below the control rate (e.g. 125 for UR RTDE)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--drop", a->artifacts.dropFraction, "Fraction of samples lost at random")->check(CLI::Range(0.0, 0.5));
  cmd->add_option("--gaps", a->artifacts.gaps, "Runs of lost samples (gaps), evenly spread")->check(CLI::Range(0, 1000));
  cmd->add_option("--gap-samples", a->artifacts.gapSamples, "Samples lost per gap (default 10)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--reset-at", a->artifacts.resetAt, "The logger's clock restarts from 0 at this time [s]")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--repeat", a->artifacts.repeatFraction, "Fraction of rows written twice")->check(CLI::Range(0.0, 0.5));
  cmd->add_option("--torque-offset", a->torqueOffset,
                  "Torque-sensor offset [N m] added to the measured torques: one value for all joints or one per joint")
      ->delimiter(',');
  cmd->add_option("--reverse-torque", a->reverseTorque,
                  "Joints (1-based, comma-separated) whose logged torque has the opposite sign, as KUKA FRI "
                  "reports it")
      ->delimiter(',');
  cmd->add_option("--swap-torque", a->swapTorque, "Two joints (1-based) whose torque columns are swapped, e.g. 3,4")
      ->delimiter(',')
      ->expected(2);
  cmd->add_option("--quantization", a->artifacts.quantization, "Encoder resolution [rad or m]")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--torque-constants", a->torqueConstants,
                  "Write motor currents tau / k [A] instead of torques, with these per joint constants [N m/A]")
      ->delimiter(',');
  cmd->add_option("--logger", a->logger, "Log layout: excitebench (t, q, tau, qd, qdd) or rtde (UR record.py)")
      ->check(CLI::IsMember({"excitebench", "rtde"}));
  // The simulated robot's drives (default: viscous 1 %, Coulomb 0.5 % of the effort limit, no armature).
  cmd->add_option("--viscous", a->viscous, "Viscous friction per joint [N m s/rad]: one value for all or one per joint")
      ->delimiter(',');
  cmd->add_option("--coulomb", a->coulomb, "Coulomb friction per joint [N m]: one value for all or one per joint")
      ->delimiter(',');
  cmd->add_option("--coulomb-width", a->s.coulombWidth, "Smooth sign tanh(qd / width) [rad/s] (default 0: sign)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--coulomb-negative", a->coulombNegative,
                  "Coulomb friction for negative velocities [N m], when it differs by direction")
      ->delimiter(',');
  cmd->add_option("--stribeck", a->stribeck, "Stribeck friction fs exp(-(qd / vs)^2) sign(qd): fs per joint [N m]")
      ->delimiter(',');
  cmd->add_option("--stribeck-velocity", a->stribeckVelocity,
                  "Stribeck velocity vs per joint [rad/s] (with --stribeck)")
      ->delimiter(',');
  cmd->add_option("--armature", a->armature,
                  "Rotor inertia reflected to each joint [kg m^2]: one value for all or one per joint")
      ->delimiter(',');
  cmd->add_option("--payload", a->payload, "payload.json (mass, com, inertia_com) carried during the experiment");
  cmd->add_option("--payload-link", a->payloadLink, "Link the payload is fixed to (default: the file's link, else the tip)");
  cmd->add_option("--artifact-seed", a->artifacts.seed, "Seed of the dropped and repeated samples");
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, a->locks);
  cmd->callback([a]() {
    RobotModel model = loadRobotLocked(a->robot, a->roots, a->locks);
    if (!a->payload.empty()) {
      const KnownPayload payload = readPayloadJson(a->payload);
      model = withPayload(model, payloadMount(model, a->payloadLink.empty() ? payload.link : a->payloadLink),
                          payload.parameters);
    }
    const ExcitationFile ex = readExcitationJson(a->excitation);
    if (trajectoryDof(ex.trajectory) != model.dof())
      throw inputErrorIn(a->excitation, "trajectory has " + std::to_string(trajectoryDof(ex.trajectory)) +
                                            " joints, robot '" + model.name() + "' has " + std::to_string(model.dof()));
    const int dof = model.dof();
    // One value for every joint or one per joint; drive coefficients finite and >= 0.
    const auto perJoint = [dof](const std::vector<double>& values, const char* flag, bool nonNegative = true) {
      if (values.size() != 1 && values.size() != static_cast<std::size_t>(dof))
        throw InputError(std::string(flag) + ": " + std::to_string(values.size()) + " values for " +
                         std::to_string(dof) + " joints (give one, or one per joint)");
      for (double v : values)
        if (nonNegative && (!(v >= 0.0) || !std::isfinite(v)))
          throw InputError(std::string(flag) + ": values must be finite and >= 0");
      return values.size() == 1 ? Eigen::VectorXd::Constant(dof, values[0])
                                : Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(values.data(), dof));
    };
    if (!a->torqueOffset.empty()) a->artifacts.torqueOffset = perJoint(a->torqueOffset, "--torque-offset", false);
    const auto jointIndex = [dof](int j, const char* flag) {
      if (j < 1 || j > dof)
        throw InputError(std::string(flag) + ": joint " + std::to_string(j) + " (joints are 1.." + std::to_string(dof) +
                         ")");
      return j - 1;
    };
    for (int j : a->reverseTorque) a->artifacts.reversedTorque.push_back(jointIndex(j, "--reverse-torque"));
    if (!a->swapTorque.empty()) {
      a->artifacts.swappedTorque = {jointIndex(a->swapTorque[0], "--swap-torque"),
                                    jointIndex(a->swapTorque[1], "--swap-torque")};
      if (a->swapTorque[0] == a->swapTorque[1]) throw InputError("--swap-torque: give two different joints");
    }
    if (!a->viscous.empty() || !a->coulomb.empty()) {
      Eigen::VectorXd fv, fc;
      defaultFriction(model, fv, fc);
      a->s.viscous = a->viscous.empty() ? fv : perJoint(a->viscous, "--viscous");
      a->s.coulomb = a->coulomb.empty() ? fc : perJoint(a->coulomb, "--coulomb");
    }
    if (!a->armature.empty()) a->s.armature = perJoint(a->armature, "--armature");
    if (!a->coulombNegative.empty()) a->s.coulombNegative = perJoint(a->coulombNegative, "--coulomb-negative");
    if (a->stribeck.empty() != a->stribeckVelocity.empty())
      throw InputError("--stribeck and --stribeck-velocity go together");
    if (!a->stribeck.empty()) {
      a->s.stribeck = perJoint(a->stribeck, "--stribeck");
      a->s.stribeckVelocity = perJoint(a->stribeckVelocity, "--stribeck-velocity");
      if (!(a->s.stribeckVelocity.array() > 0.0).all()) throw InputError("--stribeck-velocity: values must be > 0");
    }
    if (!a->torqueConstants.empty() && a->torqueConstants.size() != static_cast<std::size_t>(dof))
      throw InputError("--torque-constants: " + std::to_string(a->torqueConstants.size()) + " values for " +
                       std::to_string(dof) + " joints");
    if (a->logRate > 0.0) {
      const double ratio = a->s.rateHz / a->logRate;
      if (ratio < 1.0 - 1e-9 || std::abs(ratio - std::round(ratio)) > 1e-9)
        throw InputError("--log-rate " + std::to_string(a->logRate) + " Hz must divide the control rate " +
                         std::to_string(a->s.rateHz) + " Hz");
      a->artifacts.logEvery = static_cast<int>(std::round(ratio));
    }
    const SimulatedLog simulated = simulateExperiment(model, ex.trajectory, a->s);
    const SimulatedLog log = a->artifacts.any() ? applyLoggerArtifacts(simulated, a->artifacts) : simulated;
    SimulatedLogFormat format;
    format.layout = a->logger == "rtde" ? SimulatedLogFormat::Layout::UrRtde : SimulatedLogFormat::Layout::ExciteBench;
    format.torqueConstants = a->torqueConstants;
    writeSimulatedLogCsv(a->out, log, format);
    std::fprintf(stderr, "wrote %ld samples (%.3g s, control at %.6g Hz%s) to %s; max tracking error %.3g rad\n",
                 static_cast<long>(log.t.size()), simulated.t[simulated.t.size() - 1], a->s.rateHz,
                 a->artifacts.any() || a->s.clockJitter > 0.0 ? ", with logger artifacts" : "", a->out.c_str(),
                 log.maxTrackingError);
  });
}

}  // namespace eb::cli
