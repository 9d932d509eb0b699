// `export params.json --robot ROBOT --out FILE`: the identified model for the next tool, by the
// output's extension: an identified URDF (.urdf: inertials and <dynamics damping friction>), an
// identified MJCF (.xml: an MJCF robot's own file with the values in place, a URDF robot converted),
// or the parameters as YAML / JSON. The model files are written from a physically consistent
// estimate only.
#include <CLI/CLI.hpp>
#include <cstdio>

#include "cli_commands.hpp"
#include "cli_robot_locks.hpp"
#include "cli_support.hpp"
#include "io/identified_dynamics.hpp"
#include "io/mjcf_conversion.hpp"
#include "io/mjcf_identified.hpp"
#include "io/params_file.hpp"
#include "io/urdf_export.hpp"
#include "model/mjcf_import.hpp"
#include "model/robot_loader.hpp"
#include "util/input_error.hpp"

namespace eb::cli {

void addExportCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "export",
      "Write an identified model (URDF with <dynamics>, MJCF; consistent estimate) or the parameters (YAML, JSON)");
  struct Args {
    std::string params, robot, out;
    std::vector<std::string> roots, locks;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("params", a->params, "params.json from identify")->required();
  cmd->add_option("--robot", a->robot, "The robot it was identified for (default: as recorded in the file)");
  cmd->add_option("--out", a->out, "identified.urdf, identified.xml (MJCF), params.yaml or params.json")->required();
  cmd->add_option("--package-root", a->roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, a->locks);
  cmd->callback([a]() {
    const IdentifiedParameters p = readParamsJson(a->params);
    const std::string robot = a->robot.empty() ? p.robot : a->robot;
    const RobotModel model = loadRobotLocked(robot, a->roots, a->locks);
    baseParametersFor(model, p, a->params);
    const std::string& out = a->out;
    const bool mjcfRobot = endsWith(robot, ".xml") && isMjcfFile(robot);
    if (endsWith(out, ".urdf")) {
      if (mjcfRobot)
        throw inputErrorIn(out, "the robot is an MJCF; its identified model is written as MJCF (--out NAME.xml)");
      if (!a->locks.empty())
        throw inputErrorIn(out, "a URDF cannot hold locked joints as identified; export without --lock, or to MJCF");
      writeIdentifiedUrdf(out, model, robotUrdfText(robot, a->roots), a->params,
                          identifiedDynamics(model, p, a->params));
    } else if (endsWith(out, ".xml") || endsWith(out, ".mjcf")) {
      const IdentifiedDynamics d = identifiedDynamics(model, p, a->params);
      if (mjcfRobot) {
        writeIdentifiedMjcf(robot, model, parseLocks(a->locks), d, out);
      } else {
        if (!a->locks.empty())
          throw inputErrorIn(out, "a converted MJCF cannot hold locked joints as identified; export without --lock");
        MjcfConversionOptions options;
        options.sourceName = robot;
        writeMjcfConversion(out, model, d, options);
      }
    } else if (endsWith(out, ".yaml") || endsWith(out, ".yml") || endsWith(out, ".json")) {
      writeParamsFile(out, p, model);
    } else {
      throw inputErrorIn(out, "unknown export format (use .urdf, .xml for MJCF, .yaml or .json)");
    }
    std::fprintf(stderr, "wrote %s\n", out.c_str());
  });
}

}  // namespace eb::cli
