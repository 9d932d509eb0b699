// Fuzz target: DH table in YAML -> RobotModel.
#include "fuzz_support.hpp"
#include "model_invariants.hpp"
#include "model/dh_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    eb::DhTable table = eb::readDhYaml(text, "fuzz.yaml");
    if (table.name.empty()) table.name = "fuzz";
    eb::fuzz::checkModel(eb::buildDhModel(table, "fuzz.yaml"));
  });
  return 0;
}
