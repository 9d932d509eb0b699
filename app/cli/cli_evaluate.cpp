// `evaluate ROBOT excitation.json [--rate HZ] [--position-fraction F] [--torque-fraction F]
// [--no-torque-limits] [--friction] [--lock ...] [--json]`: the criteria of an excitation
// (cond, cond scaled, log det, A, E, lambda_max), the eigenvalue spectrum of F and the worst
// usage of each joint's limits, computed as `design` and the workbench compute them.
#include "cli_evaluate.hpp"

#include "cli_commands.hpp"
#include "cli_excitation_report.hpp"
#include "cli_robot_locks.hpp"

#include "util/input_error.hpp"
#include "util/thread_pool.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace eb::cli {

namespace {

std::string shortNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::vector<double> evaluationValues(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

// "fourier, 5 harmonics, period 5 s" or "multi-sine, 4 components per joint, 20 s, ramp 2 s".
std::string shapeOf(const Trajectory& trajectory) {
  if (const auto* f = std::get_if<FourierTrajectory>(&trajectory))
    return "Fourier, " + std::to_string(f->harmonics()) + " harmonics, period " + shortNumber(f->period()) + " s, " +
           shortNumber(f->duration()) + " s";
  const auto& m = std::get<MultisineTrajectory>(trajectory);
  return "multi-sine, " + std::to_string(m.dof() > 0 ? m.terms(0).size() : 0) + " components per joint, " +
         shortNumber(m.duration()) + " s, ramp " + shortNumber(m.rampTime()) + " s";
}

void printEigenvalues(const Eigen::VectorXd& eigenvalues) {
  std::printf("\neigenvalues of F (ascending, %d):\n", static_cast<int>(eigenvalues.size()));
  for (Eigen::Index k = 0; k < eigenvalues.size(); ++k)
    std::printf("%s%12.6g%s", k % 6 == 0 ? "  " : " ", eigenvalues[k],
                (k % 6 == 5 || k + 1 == eigenvalues.size()) ? "\n" : "");
}

void printEvaluation(const EvaluateOutcome& out, const EvaluateOptions& o) {
  const RobotModel& model = out.model;
  const ExcitationEvaluation& e = out.evaluation;
  const ExcitationEvaluationSettings& s = out.settings;
  std::printf("robot: %s, %d dof, %d base parameters (%s)\n", model.name().c_str(), model.dof(), e.metrics.columns,
              o.friction ? "rigid body + viscous + Coulomb friction" : "rigid body");
  std::printf("excitation: %s (%s)\n", o.excitation.c_str(), shapeOf(out.file.trajectory).c_str());
  std::printf("limits: %s on a %g Hz grid (position, velocity, acceleration%s%s)\n",
              e.constraints.feasible() ? "feasible" : "NOT feasible", s.checkRate, s.torqueLimits ? ", torque" : "",
              s.keepOutHeight ? ", keep-out" : "");
  if (!e.constraints.feasible()) std::printf("%s", e.constraints.summary().c_str());
  printCriteria(e);
  std::printf("  lambda_max F                 %12.6g\n", e.metrics.lambdaMax);
  printEigenvalues(e.metrics.eigenvalues);
  printLimitUsage(model, s, e.constraints);
}

}  // namespace

void declareEvaluateOptions(CLI::App* cmd, EvaluateOptions& o) {
  cmd->add_option("robot", o.robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("excitation", o.excitation, "excitation.json (from design or the workbench)")->required();
  cmd->add_option("--rate", o.rate, "Criterion sample rate [Hz] (default: 50 per period of the top harmonic or frequency)")
      ->check(CLI::Range(0.0, 1e5));
  cmd->add_option("--position-fraction", o.positionFraction,
                  "Fraction of each position range the limit check allows, centred (default: the excitation's, else 0.95)");
  cmd->add_option("--torque-fraction", o.torqueFraction,
                  "Fraction of each effort limit the check allows (default: the excitation's, else 1)");
  cmd->add_flag("--no-torque-limits,--no-torque", o.noTorqueLimits, "Do not check the effort limits");
  cmd->add_flag("--friction", o.friction, "Criteria of the base with viscous and Coulomb friction columns");
  cmd->add_flag("--json", o.json, "Print one JSON object");
  cmd->add_option("--package-root", o.roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, o.locks);
}

EvaluateOutcome runEvaluate(const EvaluateOptions& o) {
  EvaluateOutcome out{loadRobotLocked(o.robot, o.roots, o.locks), readExcitationJson(o.excitation), {}, {}};
  const int dof = out.model.dof();
  if (trajectoryDof(out.file.trajectory) != dof)
    throw inputErrorIn(o.excitation, "trajectory has " + std::to_string(trajectoryDof(out.file.trajectory)) +
                                         " joints, robot '" + out.model.name() + "' has " + std::to_string(dof));
  ExcitationEvaluationSettings& s = out.settings;
  // The limits the excitation was made under (design and the workbench write them): its usage
  // is then the one they showed.
  if (out.file.limits) {
    if (out.file.limits->joints.size() != static_cast<std::size_t>(dof))
      throw inputErrorIn(o.excitation, "limits: " + std::to_string(out.file.limits->joints.size()) +
                                           " joints, robot '" + out.model.name() + "' has " + std::to_string(dof));
    out.model = out.model.withJointLimits(out.file.limits->joints);
    s.limitScale = out.file.limits->scale;
  }
  if (o.positionFraction >= 0.0) {
    if (!(o.positionFraction > 0.0 && o.positionFraction <= 1.0))
      throw InputError("evaluate: --position-fraction must be in (0, 1], got " + shortNumber(o.positionFraction));
    s.limitScale.position = o.positionFraction;
  }
  if (o.torqueFraction >= 0.0) {
    if (!(o.torqueFraction > 0.0))
      throw InputError("evaluate: --torque-fraction must be positive, got " + shortNumber(o.torqueFraction));
    s.limitScale.torque = o.torqueFraction;
  }
  s.sampleRate = o.rate;
  s.torqueLimits = !o.noTorqueLimits;
  s.regressor.viscous = s.regressor.coulomb = o.friction;
  ExcitationEvaluator evaluator(out.model, s.regressor, &sharedThreadPool());
  out.evaluation = evaluator.evaluate(out.file.trajectory, s);
  return out;
}

nlohmann::json evaluateJson(const EvaluateOutcome& out) {
  const ExcitationEvaluation& e = out.evaluation;
  const InformationMetrics& m = e.metrics;
  const ExcitationEvaluationSettings& s = out.settings;
  nlohmann::json j;
  j["family"] = trajectoryTypeName(out.file.trajectory);
  j["dof"] = out.model.dof();
  j["sample_rate"] = e.sampleRate;
  j["samples"] = m.samples;
  j["columns"] = m.columns;
  j["full_rank"] = m.fullRank;
  j["cond"] = m.cond;
  j["cond_scaled"] = m.condScaled;
  j["logdet"] = m.logdet;
  j["aopt"] = m.aopt;
  j["eopt"] = m.eopt;
  j["lambda_max"] = m.lambdaMax;
  j["eigenvalues"] = evaluationValues(m.eigenvalues);
  j["scaled_eigenvalues"] = evaluationValues(m.scaledEigenvalues);
  j["feasible"] = e.constraints.feasible();
  j["check_rate"] = s.checkRate;
  j["limit_scale"] = {{"position", s.limitScale.position},
                      {"velocity", s.limitScale.velocity},
                      {"acceleration", s.limitScale.acceleration},
                      {"torque", s.torqueLimits ? nlohmann::json(s.limitScale.torque) : nlohmann::json(nullptr)}};
  j["joints"] = limitUsageJson(out.model, e.constraints);
  nlohmann::json violations = nlohmann::json::array();
  for (const ConstraintViolation& v : e.constraints.violations) violations.push_back(v.message());
  j["violations"] = violations;
  return j;
}

void addEvaluateCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "evaluate", "Criteria, eigenvalue spectrum and limit usage of an excitation, as design and the workbench compute them");
  auto o = std::make_shared<EvaluateOptions>();
  declareEvaluateOptions(cmd, *o);
  cmd->callback([o]() {
    const EvaluateOutcome out = runEvaluate(*o);
    if (o->json) {
      std::cout << evaluateJson(out).dump(2) << "\n";
      return;
    }
    printEvaluation(out, *o);
  });
}

}  // namespace eb::cli
