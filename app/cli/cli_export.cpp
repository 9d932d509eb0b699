// `export params.json --robot ROBOT --out identified.urdf`: the robot's URDF
// with the identified inertials (from a physically consistent estimate), or
// the parameters as YAML / JSON by the output extension.
#include "cli_commands.hpp"
#include "cli_support.hpp"

#include "io/params_file.hpp"
#include "io/urdf_export.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace eb::cli {

void addExportCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("export", "Write identified parameters as URDF (consistent estimate), YAML or JSON");
  struct Args {
    std::string params, robot, out;
    std::vector<std::string> roots;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("params", a->params, "params.json from identify")->required();
  cmd->add_option("--robot", a->robot, "The robot it was identified for (default: as recorded in the file)");
  cmd->add_option("--out", a->out, "identified.urdf, params.yaml or params.json")->required();
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  cmd->callback([a]() {
    const IdentifiedParameters p = readParamsJson(a->params);
    const std::string robot = a->robot.empty() ? p.robot : a->robot;
    const RobotModel model = loadRobot(robot, a->roots);
    baseParametersFor(model, p, a->params);
    const std::string& out = a->out;
    const auto endsWith = [&](const char* ext) {
      const std::string e(ext);
      return out.size() >= e.size() && out.compare(out.size() - e.size(), e.size(), e) == 0;
    };
    if (endsWith(".urdf")) {
      if (!p.fullParameters)
        throw inputErrorIn(
            a->params,
            "method '" + p.method + "' gives base parameters only; URDF export needs `identify --method consistent`");
      writeIdentifiedUrdf(out, model, robotUrdfText(robot, a->roots), robot, p.fullParameters->head(10 * model.bodyCount()));
    } else if (endsWith(".yaml") || endsWith(".yml") || endsWith(".json")) {
      writeParamsFile(out, p, model);
    } else {
      throw inputErrorIn(out, "unknown export format (use .urdf, .yaml or .json)");
    }
    std::fprintf(stderr, "wrote %s\n", out.c_str());
  });
}

}  // namespace eb::cli
