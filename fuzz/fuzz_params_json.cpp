// Fuzz target: params.json (identified parameters) -> IdentifiedParameters, and the
// base-parameter check against the built-in planar2r when the file has 2 joints,
// then writing it again as JSON and YAML (export).
#include "fuzz_support.hpp"
#include "io/params_file.hpp"
#include "model/builtin_robots.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const eb::fuzz::ScratchFile file(".json");
  static const eb::RobotModel planar = eb::builtinRobot("planar2r");
  const std::string& path = file.write(data, size);
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    const eb::IdentifiedParameters p = eb::readParamsJson(path);
    if (p.values.size() != static_cast<Eigen::Index>(p.names.size()) || p.columns.size() != p.names.size())
      eb::fuzz::bug("parameter file read with inconsistent sizes");
    if (!p.values.allFinite()) eb::fuzz::bug("parameter values are not finite");
    if (p.jointNames.size() != 2) return;
    eb::baseParametersFor(planar, p, path);
    // What `export --out params.yaml` does with a file that passed the check.
    eb::formatParamsJson(p, planar);
    eb::formatParamsYaml(p, planar);
  });
  return 0;
}
