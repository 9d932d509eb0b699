// Fuzz target: trajectory CSV (torques --in) -> TrajectorySamples; what reads
// must write back and read again bit for bit.
#include "fuzz_support.hpp"
#include "io/trajectory_csv.hpp"

#include <cstring>

namespace {

bool sameBits(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         (a.size() == 0 || std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(a.size())) == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const double rate : {0.0, 500.0}) {
    eb::fuzz::runExpectingOnlyInputErrors([&] {
      const eb::TrajectorySamples s = eb::parseTrajectoryCsv(text, "fuzz.csv", rate);
      eb::TrajectorySamples again;
      try {
        again = eb::parseTrajectoryCsv(eb::formatTrajectoryCsv(s), "again.csv");
      } catch (const std::exception& ex) {
        eb::fuzz::bug(std::string("what was read does not write and read back: ") + ex.what());
      }
      if (!sameBits(s.t, again.t) || !sameBits(s.q, again.q) || !sameBits(s.qd, again.qd) ||
          !sameBits(s.qdd, again.qdd))
        eb::fuzz::bug("trajectory CSV does not round-trip");
    });
  }
  return 0;
}
