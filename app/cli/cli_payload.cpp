// `identify-payload ROBOT loaded.csv [...] --out payload.json [--unloaded log.csv] [--params
// params.json] [--link NAME] [--urdf payload.urdf] [--bounds x0,y0,z0,x1,y1,z1]
// [--mass-com-only | --unconstrained] [--torque-constant-std s,... | --gains gains.json]`: the 10
// inertial parameters of a tool or load, physically consistent unless asked otherwise, with
// standard deviations (that include the torque constants' when known, and say so when not).
// `identify-gains ROBOT loaded.csv [...] --payload payload.json --out gains.json [--unloaded
// log.csv] [--params-out params.json]`: per-joint current-to-torque gains with a known payload.
#include "cli_commands.hpp"
#include "cli_progress.hpp"
#include "cli_friction_choice.hpp"
#include "cli_identified_robot.hpp"
#include "cli_log_flags.hpp"
#include "cli_support.hpp"

#include "identification/payload_consistency.hpp"
#include "identification/payload_identification.hpp"
#include "io/params_file.hpp"
#include "io/payload_file.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>

namespace eb::cli {
namespace {

std::vector<std::string> allLogs(const PayloadExperiment& logs) {
  std::vector<std::string> out = logs.loaded;
  out.insert(out.end(), logs.unloaded.begin(), logs.unloaded.end());
  return out;
}

void printResiduals(const PayloadRun& run, const RobotModel& model) {
  std::printf("\n  joint                          residual RMS [N m]%s\n",
              run.robotEstimated ? "" : "   without the payload [N m]");
  for (int j = 0; j < model.dof(); ++j) {
    std::printf("  %-30s %18.4g", model.joint(j).name.c_str(), run.fit.residualRms[j]);
    if (!run.robotEstimated) std::printf("   %26.4g", run.fit.rhsRms[j]);
    std::printf("\n");
  }
  std::printf("  %ld samples (%ld with the payload, %ld without)\n", run.fit.samples, run.loadedSamples,
              run.unloadedSamples);
}

void printPayload(const PayloadEstimate& e) {
  std::printf("\n  mass                 %12.6g +- %-10.3g kg\n", e.mass, e.massStd);
  const char* axes[3] = {"x", "y", "z"};
  for (int k = 0; k < 3; ++k)
    std::printf("  com %s                %12.6g +- %-10.3g m\n", axes[k], e.com[k], e.comStd[k]);
  const char* names[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
  const double I[6] = {e.inertiaCom(0, 0), e.inertiaCom(0, 1), e.inertiaCom(0, 2),
                       e.inertiaCom(1, 1), e.inertiaCom(1, 2), e.inertiaCom(2, 2)};
  for (int k = 0; k < 6; ++k)
    std::printf("  %s about the com    %12.6g +- %-10.3g kg m^2\n", names[k], I[k], e.inertiaComStd[k]);
  std::printf("  (link '%s' frame)\n", e.mount.link.c_str());
  if (!e.unidentified.empty()) {
    std::string list;
    for (int k : e.unidentified) list += (list.empty() ? "" : ", ") + std::string(payloadParameterName(k));
    std::printf("  not excited by these logs, left at 0: %s\n", list.c_str());
  }
  std::printf("  physically consistent: %s\n", e.consistency.empty() ? "yes" : ("no: " + e.consistency).c_str());
}

// What identify-payload and identify-gains are given.
struct Args {
  std::string robot, out, urdf, params, link, payload, paramsOut, gains;
  PayloadExperiment logs;
  std::vector<std::string> roots;
  IdentificationSettings s;
  bool noFriction = false, armature = false, offset = false, quiet = false;
  std::string friction = "coulomb";
  bool unconstrained = false, massComOnly = false;
  std::vector<double> bounds;  // x0 y0 z0 x1 y1 z1 [m], mount link frame
  LogFlags logFlags;
};

// The payload model the flags ask for.
PayloadConstraints constraintsOf(const Args& a) {
  PayloadConstraints c;
  c.model = a.unconstrained ? PayloadModel::Unconstrained
                            : (a.massComOnly ? PayloadModel::MassAndCom : PayloadModel::Consistent);
  if (!a.bounds.empty()) {
    c.bounded = true;
    c.lower = Eigen::Vector3d(a.bounds[0], a.bounds[1], a.bounds[2]);
    c.upper = Eigen::Vector3d(a.bounds[3], a.bounds[4], a.bounds[5]);
  }
  return c;
}

// The robot block's friction model (--friction), chosen on the logs without the payload where it
// must be; the line that says what was chosen (empty for the fixed shapes).
std::string chooseRobotFriction(Args& a, const RobotModel& model) {
  if (a.noFriction) return {};
  if (frictionNeedsLogs(a.friction) && a.logs.unloaded.empty())
    throw InputError("--friction " + a.friction + ": chosen on logs without the payload: give them with --unloaded");
  return applyFrictionChoice(a.friction, model, a.logs.unloaded, a.s);
}

// The arguments and flags both commands take.
void declareCommon(CLI::App* cmd, Args& a, const char* loadedHelp) {
  cmd->add_option("robot", a.robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("logs", a.logs.loaded, loadedHelp)->required();
  cmd->add_option("--unloaded", a.logs.unloaded,
                  "Logs of the robot without the payload (the same trajectory, ideally): the robot's base "
                  "parameters are estimated with it");
  cmd->add_option("--link", a.link, "Link the payload is fixed to (default: the tip body's link)");
  auto* noFriction =
      cmd->add_flag("--no-friction", a.noFriction, "Robot without viscous/Coulomb columns (with --unloaded)");
  addFrictionOption(cmd, a.friction)->excludes(noFriction);
  cmd->add_flag("--armature", a.armature,
                "Robot with a rotor inertia column per joint (with --unloaded; large on geared arms such as UR)");
  cmd->add_flag("--use-logged-derivatives", a.s.useLoggedDerivatives,
                "Use logged qd/qdd columns as they are instead of differentiating q");
  addLogFlags(cmd, a.logFlags);
  cmd->add_option("--package-root", a.roots, "Folder that holds ROS packages for package:// URIs");
  cmd->add_flag("--quiet", a.quiet, "Only write the files");
}

// identify-payload: the payload's parameters from loaded logs (and unloaded ones or a known robot).
void runIdentifyPayload(Args& a) {
  const RobotModel model = loadRobot(a.robot, a.roots);
  a.s.regressor.viscous = a.s.regressor.coulomb = !a.noFriction;
  a.s.regressor.armature = a.armature;
  a.s.regressor.offset = a.offset;
  if (!a.gains.empty()) {
    const DriveGains g = readDriveGainsJson(a.gains, model);
    a.logFlags.torqueConstants = g.constants;
    a.logs.torqueConstantStd = g.stddev;
  }
  applyLogFlags(a.logFlags, a.s);
  if (!a.logs.torqueConstantStd.empty() && a.s.import.torqueConstants.empty())
    throw InputError("--torque-constant-std: give the constants too (--torque-constants)");
  if (!a.params.empty() && a.friction != "coulomb")
    throw InputError("--friction: the robot of --params keeps the friction it was identified with");
  const std::string frictionNote = chooseRobotFriction(a, model);
  KnownRobot known;
  const KnownRobot* robot = nullptr;
  if (!a.params.empty()) {
    if (!a.logs.unloaded.empty())
      throw InputError("identify-payload: give --params or --unloaded, not both (with --unloaded the robot is "
                       "estimated from the logs)");
    ParamsForRobot identified = readParamsFor(model, a.params);
    known.base = std::move(identified.base);
    known.values = std::move(identified.params.values);
    known.source = a.params;
    robot = &known;
  }
  const PayloadRun run = identifyPayload(model, a.logs, a.link, robot, a.s, terminalProgress(), constraintsOf(a));
  clearTerminalProgress();
  if (!a.urdf.empty() && !run.payload.consistency.empty())
    throw inputErrorIn(a.urdf, "not written: the least-squares payload is not physically consistent (" +
                                   run.payload.consistency + "); without --unconstrained it is made consistent");
  PayloadReport report;
  report.robot = a.robot;
  report.method = run.robotEstimated ? "loaded/unloaded pair, robot estimated with it"
                                     : "known robot (" + (robot ? a.params : std::string("model's own inertias")) + ")";
  report.estimate = run.payload;
  report.residualRms = run.fit.residualRms;
  report.samples = run.fit.samples;
  report.sources = allLogs(a.logs);
  report.uncertainty = run.gainUncertainty;
  writePayloadJson(a.out, report);
  if (!a.urdf.empty()) writePayloadUrdf(a.urdf, run.payload);
  if (a.quiet) return;
  std::printf("identified the payload on link '%s' of %s from %zu log(s) with it and %zu without\n",
              run.mount.link.c_str(), model.name().c_str(), a.logs.loaded.size(), a.logs.unloaded.size());
  for (const std::string& note : run.notes) std::printf("  %s\n", note.c_str());
  if (!frictionNote.empty()) std::printf("  %s\n", frictionNote.c_str());
  printWarnings(run.warnings);
  printPayload(run.payload);
  if (!run.gainUncertainty.empty()) std::printf("  %s\n", run.gainUncertainty.c_str());
  if (run.unconstrained.parameters != run.payload.parameters) {
    const PayloadEstimate& u = run.unconstrained;
    std::printf(
        "  least-squares estimate before the constraints: mass %.6g kg, com %.4g %.4g %.4g m, "
        "physically consistent: %s\n",
        u.mass, u.com.x(), u.com.y(), u.com.z(), u.consistency.empty() ? "yes" : ("no: " + u.consistency).c_str());
  }
  printResiduals(run, model);
  std::printf("wrote %s%s%s\n", a.out.c_str(), a.urdf.empty() ? "" : " and ", a.urdf.c_str());
}

// identify-gains: the joints' current-to-torque gains from logs with a known payload.
void runIdentifyGains(Args& a) {
  const RobotModel model = loadRobot(a.robot, a.roots);
  a.s.regressor.viscous = a.s.regressor.coulomb = !a.noFriction;
  a.s.regressor.armature = a.armature;
  applyLogFlags(a.logFlags, a.s);
  const std::string frictionNote = chooseRobotFriction(a, model);
  const KnownPayload known = readPayloadJson(a.payload);
  const std::string link = !a.link.empty() ? a.link : known.link;
  const PayloadRun run = identifyDriveGains(model, a.logs, link, known.parameters, a.s, terminalProgress());
  clearTerminalProgress();
  const std::vector<std::string> sources = allLogs(a.logs);
  writeDriveGainsJson(a.out, a.robot, model, run, sources, a.logFlags.torqueConstants);
  if (!a.paramsOut.empty())
    writeParamsFile(a.paramsOut, makeIdentifiedParameters(a.robot, model, run.base, robotEstimateOf(run), sources),
                    model);
  if (a.quiet) return;
  std::printf("identified the drive gains of %s with the %.4g kg payload of %s on link '%s'\n", model.name().c_str(),
              known.parameters[0], a.payload.c_str(), run.mount.link.c_str());
  for (const std::string& note : run.notes) std::printf("  %s\n", note.c_str());
  if (!frictionNote.empty()) std::printf("  %s\n", frictionNote.c_str());
  printWarnings(run.warnings);
  std::printf("\n  joint                          gain [N m per unit]        std   rel.std%%\n");
  std::string constants;
  for (int j = 0; j < model.dof(); ++j) {
    const double k = run.fit.values[run.gainColumn + j], sd = run.fit.stddev[run.gainColumn + j];
    std::printf("  %-30s %19.6g %10.3g %9.2g\n", model.joint(j).name.c_str(), k, sd, 100.0 * sd / std::abs(k));
    // With --torque-constants the column was already scaled: the gain multiplies that.
    const double given = a.logFlags.torqueConstants.size() == static_cast<std::size_t>(model.dof())
                             ? a.logFlags.torqueConstants[static_cast<std::size_t>(j)]
                             : 1.0;
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", k * given);
    constants += (constants.empty() ? "" : ",") + std::string(text);
  }
  printResiduals(run, model);
  std::printf("identify with these gains: --torque-constants %s\n", constants.c_str());
  std::printf("wrote %s%s%s\n", a.out.c_str(), a.paramsOut.empty() ? "" : " and ", a.paramsOut.c_str());
}

void addIdentifyPayloadCommand(CLI::App& app) {
  auto* payload = app.add_subcommand("identify-payload", "Estimate a payload's mass, centre of mass and inertia");
  auto p = std::make_shared<Args>();
  declareCommon(payload, *p, "Logs with the payload fixed to the link");
  payload->add_option("--out", p->out, "payload.json to write")->required();
  payload->add_option("--urdf", p->urdf, "Also write the payload as a URDF fixed link (xacro-includable)");
  payload->add_option("--params", p->params,
                      "params.json of the robot (from identify) predicting its own torques; without it and "
                      "without --unloaded, the model's own inertias are used");
  payload->add_flag("--offset", p->offset, "Estimate a constant torque offset per joint too");
  auto* constantStd =
      payload
          ->add_option("--torque-constant-std", p->logs.torqueConstantStd,
                       "Standard deviation of each --torque-constants entry [N m/A]: propagated into the payload's")
          ->delimiter(',');
  payload
      ->add_option("--gains", p->gains,
                   "gains.json from identify-gains: its torque constants for the current columns, their standard "
                   "deviations propagated into the payload's")
      ->excludes(constantStd)
      ->excludes("--torque-constants");
  auto* unconstrained =
      payload->add_flag("--unconstrained", p->unconstrained,
                        "Plain least squares: the payload may come out physically inconsistent (then no --urdf)");
  payload
      ->add_flag("--mass-com-only", p->massComOnly,
                 "Estimate mass and centre of mass only; the inertia is a uniform solid filling --bounds "
                 "(without bounds: a 2 cm sphere). Chosen by itself when the logs leave the inertia unexcited")
      ->excludes(unconstrained);
  payload
      ->add_option("--bounds", p->bounds, "The payload lies inside this box of the link's frame: x0,y0,z0,x1,y1,z1 [m]")
      ->delimiter(',')
      ->expected(6)
      ->excludes(unconstrained);
  payload->callback([p]() { runIdentifyPayload(*p); });
}

void addIdentifyGainsCommand(CLI::App& app) {
  auto* gains = app.add_subcommand("identify-gains",
                                   "Estimate per-joint current-to-torque gains with a known payload");
  auto g = std::make_shared<Args>();
  declareCommon(gains, *g, "Logs (motor currents or torques) with the known payload fixed to the link");
  gains->add_option("--payload", g->payload, "payload.json of the known payload (mass, com, inertia_com)")->required();
  gains->add_option("--out", g->out, "gains.json to write")->required();
  gains->add_option("--params-out", g->paramsOut, "Also write the robot's base parameters [N m] as params.json");
  gains->callback([g]() { runIdentifyGains(*g); });
}

}  // namespace

void addPayloadCommands(CLI::App& app) {
  addIdentifyPayloadCommand(app);
  addIdentifyGainsCommand(app);
}

}  // namespace eb::cli
