// identify, validate, closed_loop and export: the CLI's commands, parsed by their own CLI11
// declarations (every method and option), run without the GIL, returning their --json.
#include "bindings.hpp"
#include "cancellation.hpp"
#include "command_call.hpp"
#include "json_to_python.hpp"

#include "cli_closed_loop.hpp"
#include "cli_commands.hpp"
#include "cli_identify.hpp"
#include "cli_validate.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <memory>

namespace py = pybind11;

namespace eb::python {

namespace identification_binding {

const char* docOf(const std::string& name, const Declare& declare, const std::string& summary) {
  return keep(summary + "\n\nOptions are the CLI's, as keyword arguments: --filter-cutoff 5 is filter_cutoff=5, "
              "a flag is True, a list repeats the option. Raises ValueError with the CLI's one-line message for bad "
              "input (FileNotFoundError for a missing file), KeyboardInterrupt on Ctrl+C.\n\nThe CLI's help:\n\n" +
              commandHelp(name, declare));
}

template <typename Options>
Declare declaring(void (*declare)(CLI::App*, Options&), const std::string& name, Options& o) {
  return [declare, name, &o](CLI::App& app) { declare(app.add_subcommand(name), o); };
}

py::object identify(const py::object& robot, const py::object& logs, const py::kwargs& options) {
  cli::IdentifyOptions o;
  std::vector<std::string> args = pathArguments(robot);
  for (const std::string& log : pathArguments(logs)) args.push_back(log);
  parseCommand("identify", declaring(&cli::declareIdentifyOptions, "identify", o), args, options, {"--out"});
  nlohmann::json j;
  InterruptWatch watch;
  {
    py::gil_scoped_release nogil;
    cli::IdentifyOutcome r = cli::runIdentify(o, watch.progress());
    if (!o.report.empty()) cli::writeIdentifyReport(r, o.logs, o.report, o.out);
    if (!o.out.empty()) writeParamsFile(o.out, r.params, r.model);
    j = cli::identifyJson(r);
  }
  watch.raiseIfInterrupted();
  return toPython(j);
}

py::object validate(const py::object& robot, const py::object& params, const py::object& log,
                    const py::kwargs& options) {
  cli::ValidateOptions o;
  std::vector<std::string> args = pathArguments(robot);
  args.push_back(pathArguments(params).at(0));
  args.push_back(pathArguments(log).at(0));
  parseCommand("validate", declaring(&cli::declareValidateOptions, "validate", o), args, options);
  nlohmann::json j;
  InterruptWatch watch;
  {
    py::gil_scoped_release nogil;
    j = cli::validateJson(cli::runValidate(o, watch.progress()));
  }
  watch.raiseIfInterrupted();
  return toPython(j);
}

py::object closedLoop(const py::object& robot, const py::object& params, const py::object& motion,
                      const py::kwargs& options) {
  cli::ClosedLoopOptions o;
  std::vector<std::string> args = pathArguments(robot);
  args.push_back(pathArguments(params).at(0));
  args.push_back(pathArguments(motion).at(0));
  parseCommand("closed-loop", declaring(&cli::declareClosedLoopOptions, "closed-loop", o), args, options);
  nlohmann::json j;
  InterruptWatch watch;
  {
    py::gil_scoped_release nogil;
    j = cli::closedLoopJson(cli::runClosedLoop(o, watch.progress()));
  }
  watch.raiseIfInterrupted();
  return toPython(j);
}

// export writes a file and prints nothing on stdout: its own callback does the work.
py::object exportModel(const py::object& params, const py::kwargs& options) {
  parseCommand("export", [](CLI::App& app) { cli::addExportCommand(app); }, pathArguments(params), options);
  return options.contains("out") ? py::object(options["out"]) : py::none();
}

}  // namespace identification_binding

void bindIdentification(py::module_& m) {
  using namespace identification_binding;
  static cli::IdentifyOptions identifyDoc;
  static cli::ValidateOptions validateDoc;
  static cli::ClosedLoopOptions closedLoopDoc;
  m.def("identify", &identify, py::arg("robot"), py::arg("logs"),
        docOf("identify", declaring(&cli::declareIdentifyOptions, "identify", identifyDoc),
              "identify(robot, logs, **options) -> dict: base parameters from one or several logs, as "
              "`excitebench-cli identify ROBOT LOGS... --json` prints them: the params.json content (base_parameters "
              "with name, expression, value [SI], std; residual_rms and noise_std per joint [N m]; condition; "
              "samples; sources) with the run's notes and warnings. out= writes params.json / .yaml as the CLI "
              "does (optional here). logs: a path or a list of paths (CSV, .mat, ROS 2 bags)."));
  m.def("validate", &validate, py::arg("robot"), py::arg("params"), py::arg("log"),
        docOf("validate", declaring(&cli::declareValidateOptions, "validate", validateDoc),
              "validate(robot, params, log, **options) -> dict: torque prediction on an independent log as "
              "`excitebench-cli validate ROBOT PARAMS LOG --json` prints it: per joint rmse [N m], nrmse_percent, "
              "max_error, mean_residual, measured_rms and the description's own (model); the log summary and "
              "warnings; drift (drift_window=S)."));
  m.def("closed_loop", &closedLoop, py::arg("robot"), py::arg("params"), py::arg("motion"),
        docOf("closed-loop", declaring(&cli::declareClosedLoopOptions, "closed-loop", closedLoopDoc),
              "closed_loop(robot, params, motion, **options) -> dict: computed-torque tracking of MOTION "
              "(excitation.json or a log) on a simulated plant with the identified and the description's model, as "
              "`excitebench-cli closed-loop ... --json` prints it (errors in rad or m per joint, torque_rms N m)."));
  m.def("export", &exportModel, py::arg("params"),
        docOf("export", [](CLI::App& app) { cli::addExportCommand(app); },
              "export(params, out=PATH, **options) -> out: writes the identified model (URDF with <dynamics>, MJCF) "
              "or the parameters (YAML, JSON) by out's extension, as `excitebench-cli export` does."));
}

}  // namespace eb::python
