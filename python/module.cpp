// `import excitebench`: the engine from Python, through the CLI's own commands (app/cli), so the
// numbers are the CLI's. Built into <build>/python/ (README, section Python).
#include "bindings.hpp"
#include "errors.hpp"

PYBIND11_MODULE(excitebench, m) {
  m.doc() =
      "ExciteBench: robot dynamic-parameter identification. Functions are named after the CLI's commands "
      "(excitebench-cli), take its options as keyword arguments (--filter-cutoff -> filter_cutoff=) and return "
      "what its --json prints as dicts with numpy arrays. SI units (rad, m, s, N m, kg), joints in the model's "
      "order (as `info` lists them).";
  eb::python::registerErrorTranslators(m);
  eb::python::bindRobot(m);
  eb::python::bindIdentification(m);
  eb::python::bindExcitationAndLogs(m);
}
