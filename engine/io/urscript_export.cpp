#include "io/urscript_export.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "io/atomic_file.hpp"
#include "io/identified_dynamics.hpp"
#include "io/joint_trajectory_yaml.hpp"
#include "util/input_error.hpp"

namespace eb {

namespace {

constexpr int kUrJoints = 6;

void appendUrJoints(std::string& out, const Eigen::MatrixXd& q, int row) {
  out += '[';
  for (int i = 0; i < q.cols(); ++i) {
    if (i > 0) out += ", ";
    out += urscriptNumberText(q(row, i));
  }
  out += ']';
}

}  // namespace

std::string urscriptNumberText(double v) {
  if (v == 0.0) return "0.0";  // -0 and 0 are the same joint target
  std::string text = exactNumberText(v);
  if (text.find_first_of("eE") != std::string::npos) {
    // Plain decimals are the number form every URScript version is known to parse: the shortest
    // fixed form that round-trips (|v| < 1e-5 or huge; 400 bytes hold any double).
    char buf[400];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    text.assign(buf, r.ptr);
  }
  if (text.find('.') == std::string::npos) text += ".0";
  return text;
}

std::string formatUrscript(const ExcitationFile& excitation, const TrajectorySamples& s, double rateHz,
                           const std::string& sourceName) {
  const int n = s.size(), dof = s.dof();
  if (dof != kUrJoints)
    throw inputErrorIn(sourceName,
                       "/joints: URScript export needs a 6-joint Universal Robots arm; this excitation has " +
                           std::to_string(dof) + " joints");
  if (!(rateHz > 0.0) || !std::isfinite(rateHz)) throw std::invalid_argument("URScript: the rate must be positive");
  if (n == 0 || dof != trajectoryDof(excitation.trajectory) || s.qd.rows() != n || s.q.rows() != n ||
      (!excitation.jointNames.empty() && static_cast<int>(excitation.jointNames.size()) != dof))
    throw std::invalid_argument("URScript: the samples do not match the excitation's joints");
  if (!s.q.allFinite()) throw std::invalid_argument("URScript: a position is not finite");
  // servoj blocks for one period per line: the samples must be on that clock.
  for (int j = 0; j < n; ++j)
    if (!(std::abs(s.t[j] - j / rateHz) <= 1e-9 * std::max(1.0, s.t[j])))
      throw std::invalid_argument("URScript: the samples are not on the 1/rate grid of the controller");

  const std::string dt = urscriptNumberText(1.0 / rateHz);
  std::string out = "# ExciteBench excitation for a Universal Robots controller: servoj at the controller rate\n";
  for (const std::string& line : controllerExportSummary(excitation, s, rateHz)) out += "# " + line + "\n";
  out += "# move to the start: movej a = " + urscriptNumberText(kUrMoveAcceleration) +
         " rad/s^2, v = " + urscriptNumberText(kUrMoveVelocity) + " rad/s; every joint must then be within " +
         urscriptNumberText(kUrStartTolerance) + " rad of it, else the program stops with a popup\n";
  out += "# servoj: t = " + dt + " s (1/rate), lookahead_time = " + urscriptNumberText(kUrLookaheadTime) +
         " s, gain = " + urscriptNumberText(kUrGain) + "; then stopj(" + urscriptNumberText(kUrStopDeceleration) +
         ")\n";
  out += "# The rate must be the controller's (500 Hz e-Series, 125 Hz CB3), or the motion runs at the wrong speed.\n";
  out += "def excitebench_excitation():\n";
  out += "  servo_t = " + dt + "\n";
  out += "  servo_lookahead_time = " + urscriptNumberText(kUrLookaheadTime) + "\n";
  out += "  servo_gain = " + urscriptNumberText(kUrGain) + "\n";
  out += "  start_tolerance = " + urscriptNumberText(kUrStartTolerance) + "\n";
  out += "  start = ";
  appendUrJoints(out, s.q, 0);
  out += "\n  movej(start, a=" + urscriptNumberText(kUrMoveAcceleration) +
         ", v=" + urscriptNumberText(kUrMoveVelocity) + ")\n";
  out +=
      "  actual = get_actual_joint_positions()\n"
      "  i = 0\n"
      "  while i < 6:\n"
      "    if norm(actual[i] - start[i]) > start_tolerance:\n"
      "      popup(\"ExciteBench: the robot is not at the excitation's start; nothing was run\", "
      "\"ExciteBench\", error=True)\n"
      "      halt\n"
      "    end\n"
      "    i = i + 1\n"
      "  end\n";
  out.reserve(out.size() + static_cast<size_t>(n) * (static_cast<size_t>(dof) * 22 + 80));
  for (int j = 0; j < n; ++j) {
    out += "  servoj(";
    appendUrJoints(out, s.q, j);
    out += ", 0, 0, servo_t, servo_lookahead_time, servo_gain)\n";
  }
  out += "  stopj(" + urscriptNumberText(kUrStopDeceleration) + ")\nend\nexcitebench_excitation()\n";
  return out;
}

void writeUrscript(const std::string& path, const ExcitationFile& excitation, const TrajectorySamples& samples,
                   double rateHz, const std::string& sourceName) {
  writeFileAtomically(path, formatUrscript(excitation, samples, rateHz, sourceName));
}

}  // namespace eb
