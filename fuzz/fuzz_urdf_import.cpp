// Fuzz target: URDF text -> RobotModel (XML reader, URDF pre-check, urdfdom, ModelBuilder).
#include "fuzz_support.hpp"
#include "model_invariants.hpp"
#include "model/urdf_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    const eb::UrdfImport result = eb::importUrdfStringWithWarnings(text, "fuzz.urdf", "");
    eb::fuzz::checkModel(result.model);
    for (const std::string& w : result.warnings)
      if (w.find_first_of("\r\n") != std::string::npos) eb::fuzz::bug("warning is not one line: " + w);
  });
  return 0;
}
