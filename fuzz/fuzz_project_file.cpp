// Fuzz target: workbench project files (*.ebproj.json) -> ProjectData, and for a
// built-in robot the document state the GUI opens (robot loaded, limits applied),
// written again and read back to the same state.
#include "app/project/project_file.hpp"
#include "fuzz_support.hpp"
#include "model/builtin_robots.hpp"

namespace {

void checkRoundTrip(const eb::project::DocumentState& state) {
  using namespace eb::project;
  if (eb::trajectoryDof(state.excitation) != state.robot->dof()) eb::fuzz::bug("project state with mismatched joint counts");
  const ProjectData again = parseProject(formatProject(state), "again.ebproj.json", "/");
  const DocumentState back = documentStateFromProject(again, state.robotKey);
  if (!sameTrajectory(back.excitation, state.excitation)) eb::fuzz::bug("excitation changed in a project round trip");
  if (!(back.settings == state.settings)) eb::fuzz::bug("settings changed in a project round trip");
  if (!sameLimits(*back.robot, *state.robot)) eb::fuzz::bug("limits changed in a project round trip");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace eb::project;
  const QByteArray text(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    const ProjectData project = parseProject(text, "fuzz.ebproj.json", "/nonexistent");
    // Only built-in robots are loaded: a fuzzed path must not make the target read the host's files.
    if (!eb::isBuiltinRobot(project.source.spec.toStdString())) return;
    checkRoundTrip(documentStateFromProject(project, 1));
  });
  return 0;
}
