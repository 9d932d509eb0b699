// Fuzz target: a log mapping file (JSON, as the wizard saves it) and, when it names
// a column layout, that layout against a generated header, for robots of 1 to 6
// joints; then the same bytes as a layout typed on the command line. Each either
// gives a mapping the importer accepts, or a one-line refusal.
#include "fuzz_support.hpp"
#include "logs/log_column_layout.hpp"
#include "logs/log_mapping_file.hpp"

#include <string>
#include <vector>

namespace {

std::vector<std::string> generatedColumns(std::size_t n) {
  std::vector<std::string> c;
  for (std::size_t k = 1; k <= n; ++k) c.push_back("column" + std::to_string(k));
  return c;
}

void checkLayout(const std::string& text) {
  const eb::LogColumnLayout layout = eb::parseLogColumnLayout(text);
  if (layout.columns.size() > 100000) eb::fuzz::bug("layout longer than its bound");
  for (int dof = 1; dof <= 6; ++dof) {
    eb::fuzz::runExpectingOnlyInputErrors([&] {
      const std::vector<std::string> columns = generatedColumns(layout.columns.size() + 2);
      const eb::LogColumnMapping m =
          eb::mappingFromLayout(layout, columns, dof, {}, std::vector<double>(static_cast<std::size_t>(dof), 0.1),
                                "fuzz.csv", 1);
      if (static_cast<int>(m.joints.size()) != dof) eb::fuzz::bug("mapping has the wrong joint count");
      // A mapping built from a layout must pass the importer's own check, except for the
      // time: a layout may leave it out (the rate is given separately).
      eb::LogColumnMapping checked = m;
      if (checked.timeColumn.empty()) checked.sampleRateHz = 100.0;
      eb::checkLogColumnMapping(checked, columns, dof, "fuzz.csv", 1);
    });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const eb::fuzz::ScratchFile file(".json");
  const std::string& path = file.write(data, size);
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    const eb::LogMappingFile mapping = eb::readLogMappingFile(path);
    if (mapping.columns) checkLayout(*mapping.columns);
  });
  if (size <= 4096) eb::fuzz::runExpectingOnlyInputErrors([&] { checkLayout(std::string(reinterpret_cast<const char*>(data), size)); });
  return 0;
}
