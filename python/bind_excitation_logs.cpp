// design, simulate, load_excitation, sample, evaluate and read_log: excitations and logs as the
// CLI designs, samples, evaluates and reads them.
#include "bindings.hpp"
#include "cancellation.hpp"
#include "command_call.hpp"
#include "json_to_python.hpp"

#include "cli_commands.hpp"
#include "cli_evaluate.hpp"
#include "cli_log_flags.hpp"
#include "cli_robot_locks.hpp"

#include "excitation/trajectory_sampling.hpp"
#include "identification/identification_pipeline.hpp"
#include "io/excitation_json.hpp"
#include "logs/torque_convention_check.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>


namespace py = pybind11;

namespace eb::python {

namespace excitation_binding {

nlohmann::json vectorJson(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

nlohmann::json matrixJson(const Eigen::MatrixXd& m) {
  nlohmann::json rows = nlohmann::json::array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) rows.push_back(vectorJson(m.row(r).transpose()));
  return rows;
}

// design and simulate write files: their own callbacks do the work.
py::object runFileCommand(const std::string& name, void (*add)(CLI::App&), std::vector<std::string> args,
                          const py::kwargs& options) {
  parseCommand(name, [add](CLI::App& app) { add(app); }, args, options);
  return options.contains("out") ? py::object(options["out"]) : py::none();
}

nlohmann::json excitationJson(const std::string& path) {
  return nlohmann::json::parse(formatExcitationJson(readExcitationJson(path)));
}

nlohmann::json samplesJson(const TrajectorySamples& s) {
  return {{"t", vectorJson(s.t)}, {"q", matrixJson(s.q)}, {"qd", matrixJson(s.qd)}, {"qdd", matrixJson(s.qdd)}};
}

// read_log's options: the ones identify reads and preprocesses a log with.
struct ReadLogOptions {
  std::string robot, log;
  std::vector<std::string> roots, locks;
  IdentificationSettings s;
  cli::LogFlags logFlags;
};

void declareReadLog(CLI::App* cmd, ReadLogOptions& o) {
  cmd->add_option("robot", o.robot, "Built-in name or URDF / DH table path")->required();
  cmd->add_option("log", o.log, "Log (CSV, .mat or ROS 2 bag)")->required();
  cli::addSettingOption(cmd, kCutoffSpec, o.s.preprocess.cutoffHz);
  cmd->add_flag("--filter-torque", o.s.preprocess.filterTorque, "Low-pass the torques too (default: only positions)");
  cmd->add_flag("--use-logged-derivatives", o.s.useLoggedDerivatives, "Use logged qd/qdd columns as they are");
  cli::addLogFlags(cmd, o.logFlags);
  cmd->add_option("--package-root", o.roots, "Folder that holds ROS packages for package:// URIs");
  cli::addLockOption(cmd, o.locks);
}

// The log as identification reads it: preprocessed samples (SI, model order), the summary line,
// the importer's and preprocessing's warnings and the torque-convention findings.
nlohmann::json readLog(const ReadLogOptions& o) {
  const RobotModel model = cli::loadRobotLocked(o.robot, o.roots, o.locks);
  IdentificationSettings s = o.s;
  cli::applyLogFlags(o.logFlags, s);
  const PreprocessedLog log = loadAndPreprocess(model, o.log, s);
  LogSummary summary;
  summary.path = o.log;
  summary.timeBase = log.timeBase;
  summary.preprocess = log.report;
  summary.loggedDerivatives = s.useLoggedDerivatives;
  const TorqueConventionReport conventions =
      checkTorqueConventions(model, o.log, log.t, log.q, log.qd, log.qdd, log.tau);
  nlohmann::json warnings = nlohmann::json::array(), findings = nlohmann::json::array();
  for (const LogWarning& w : log.warnings) warnings.push_back(w.text());
  for (const Diagnostic& d : conventions.findings()) findings.push_back(d.text());
  std::vector<double> starts(log.segmentStarts.begin(), log.segmentStarts.end());
  return {{"t", vectorJson(log.t)},          {"q", matrixJson(log.q)},
          {"qd", matrixJson(log.qd)},        {"qdd", matrixJson(log.qdd)},
          {"tau", matrixJson(log.tau)},      {"sample_rate", log.sampleRateHz},
          {"segment_starts", starts},        {"summary", summary.text()},
          {"warnings", warnings},            {"convention_findings", findings},
          {"convention_table", conventions.table()}};
}

}  // namespace excitation_binding

void bindExcitationAndLogs(py::module_& m) {
  using namespace excitation_binding;
  m.def(
      "design",
      [](const py::object& robot, const py::kwargs& options) {
        return runFileCommand("design", &cli::addDesignCommand, pathArguments(robot), options);
      },
      py::arg("robot"),
      keep("design(robot, out=PATH, **options) -> out: designs an excitation trajectory and writes "
           "excitation.json, as `excitebench-cli design` does (load it with load_excitation).\n\nThe CLI's help:\n\n" +
           commandHelp("design", [](CLI::App& app) { cli::addDesignCommand(app); })));
  m.def(
      "simulate",
      [](const py::object& robot, const py::object& excitation, const py::kwargs& options) {
        std::vector<std::string> args = pathArguments(robot);
        args.push_back(pathArguments(excitation).at(0));
        return runFileCommand("simulate", &cli::addSimulateCommand, args, options);
      },
      py::arg("robot"), py::arg("excitation"),
      keep("simulate(robot, excitation, out=PATH, **options) -> out: the experiment on the model (tracking "
           "controller, friction, noise) written as a log CSV (t [s], q [rad], tau [N m] ...), as `excitebench-cli "
           "simulate` does.\n\nThe CLI's help:\n\n" +
           commandHelp("simulate", [](CLI::App& app) { cli::addSimulateCommand(app); })));
  m.def(
      "load_excitation",
      [](const py::object& path) {
        nlohmann::json j;
        const std::string p = pathArguments(path).at(0);
        {
          py::gil_scoped_release nogil;
          j = excitationJson(p);
        }
        return toPython(j);
      },
      py::arg("path"),
      "The excitation.json at path as a dict (robot, joint names, trajectory coefficients: rad, rad/s, Hz; "
      "metrics). Raises ValueError naming the file and field of a bad one.");
  m.def(
      "sample",
      [](const py::object& excitation, double rate) {
        nlohmann::json j;
        const std::string p = pathArguments(excitation).at(0);
        {
          py::gil_scoped_release nogil;
          j = samplesJson(sampleTrajectory(readExcitationJson(p).trajectory, rate));
        }
        return toPython(j);
      },
      py::arg("excitation"), py::arg("rate") = 500.0,
      "The excitation.json's trajectory on a uniform grid of rate [Hz], as `excitebench-cli sample` writes it: "
      "dict of t (N,) [s], q, qd, qdd (N, dof) [rad, rad/s, rad/s^2], joints in model order.");
  // `excitebench-cli evaluate` itself (cli_evaluate.hpp): its options, defaults (automatic
  // rate, rigid-body columns, the excitation's limits) and --json, so a cond printed here is the
  // one design, evaluate and the workbench show.
  static cli::EvaluateOptions evaluateDoc;
  m.def(
      "evaluate",
      [](const py::object& robot, const py::object& excitation, const py::kwargs& options) {
        cli::EvaluateOptions o;
        std::vector<std::string> args = pathArguments(robot);
        args.push_back(pathArguments(excitation).at(0));
        parseCommand("evaluate", [&o](CLI::App& app) { cli::declareEvaluateOptions(app.add_subcommand("evaluate"), o); },
                     args, options);
        nlohmann::json j;
        {
          py::gil_scoped_release nogil;
          j = cli::evaluateJson(cli::runEvaluate(o));
        }
        return toPython(j);
      },
      py::arg("robot"), py::arg("excitation"),
      keep("evaluate(robot, excitation, **options) -> dict: the excitation's criteria as `excitebench-cli evaluate "
           "ROBOT EXCITATION --json` prints them: cond (of Phi_b, SI), cond_scaled, logdet, aopt, eopt, lambda_max, "
           "samples and sample_rate [Hz] (automatic unless rate=...), the eigenvalues of F = Phi_b^T Phi_b, "
           "feasible and the worst usage of each joint's limits (rigid-body columns unless friction=True).\n\n"
           "The CLI's help:\n\n" +
           commandHelp("evaluate", [](CLI::App& app) { cli::declareEvaluateOptions(app.add_subcommand("evaluate"), evaluateDoc); })));
  static ReadLogOptions readLogDoc;
  m.def(
      "read_log",
      [](const py::object& robot, const py::object& path, const py::kwargs& options) {
        ReadLogOptions o;
        std::vector<std::string> args = pathArguments(robot);
        args.push_back(pathArguments(path).at(0));
        parseCommand("read-log", [&o](CLI::App& app) { declareReadLog(app.add_subcommand("read-log"), o); }, args,
                     options);
        nlohmann::json j;
        {
          py::gil_scoped_release nogil;
          j = readLog(o);
        }
        return toPython(j);
      },
      py::arg("robot"), py::arg("path"),
      keep("read_log(robot, path, **log_options) -> dict: a log (CSV layouts, .mat, ROS 2 bags) read and "
           "preprocessed as identify does: t (N,) [s], q, qd, qdd, tau (N, dof) [rad, rad/s, rad/s^2, N m] in the "
           "model's joint order, sample_rate [Hz], segment_starts, the import summary line, warnings and the "
           "torque-convention findings.\n\nOptions (identify's log options):\n\n" +
           commandHelp("read-log", [](CLI::App& app) { declareReadLog(app.add_subcommand("read-log"), readLogDoc); })));
}

}  // namespace eb::python
