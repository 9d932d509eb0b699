// Fuzz target: excitation.json (the project's trajectory file; the GUI project
// file loader is not in the engine) -> ExcitationFile. A file that reads must
// write back and read again to the same text (exact round trip).
#include "fuzz_support.hpp"
#include "io/excitation_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  eb::fuzz::runExpectingOnlyInputErrors([&] {
    const eb::ExcitationFile e = eb::parseExcitationJson(text, "fuzz.json");
    std::string first;
    try {
      first = eb::formatExcitationJson(e);
    } catch (const std::exception& ex) {
      eb::fuzz::bug(std::string("a file that reads does not write: ") + ex.what());
    }
    try {
      const eb::ExcitationFile again = eb::parseExcitationJson(first, "fuzz-roundtrip.json");
      if (eb::formatExcitationJson(again) != first) eb::fuzz::bug("excitation JSON does not round-trip");
    } catch (const std::exception& ex) {
      eb::fuzz::bug(std::string("what was written does not read back: ") + ex.what());
    }
  });
  return 0;
}
