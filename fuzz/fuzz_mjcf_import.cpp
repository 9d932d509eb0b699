// Fuzz target: MJCF text -> RobotModel (XML reader, includes and default classes,
// orientations, geom inertia, ModelBuilder). No files are read: includes and meshes
// resolve against an empty folder.
#include "fuzz_support.hpp"
#include "model/mjcf_import.hpp"
#include "model_invariants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    const eb::MjcfImport result = eb::importMjcfStringWithWarnings(text, "fuzz.xml", "/nonexistent-fuzz-dir");
    eb::fuzz::checkModel(result.model);
    for (const std::string& w : result.warnings)
      if (w.find_first_of("\r\n") != std::string::npos) eb::fuzz::bug("warning is not one line: " + w);
  });
  return 0;
}
