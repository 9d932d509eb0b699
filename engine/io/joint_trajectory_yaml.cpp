#include "io/joint_trajectory_yaml.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "excitation/kinematic_constraints.hpp"
#include "io/atomic_file.hpp"
#include "io/identified_dynamics.hpp"
#include "util/input_error.hpp"

namespace eb {

namespace {

// A short number for comments (6 significant digits); to_chars, not printf: the GUI's C locale may use a comma.
std::string commentNumber(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[40];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 6);
  return std::string(buf, r.ptr);
}

std::string commentPercent(double fraction) { return commentNumber(100.0 * fraction) + " %"; }

// A YAML double-quoted scalar (JSON escapes are YAML's too), so any joint name survives.
std::string yamlQuoted(const std::string& s) {
  static const char* const hex = "0123456789abcdef";
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == 0x7F) {
      out += std::string("\\x") + hex[c >> 4] + hex[c & 0xF];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

void appendYamlList(std::string& out, const Eigen::MatrixXd& m, int row) {
  out += '[';
  for (int i = 0; i < m.cols(); ++i) {
    if (i > 0) out += ", ";
    out += yamlFloatText(m(row, i));
  }
  out += ']';
}

// Contract checks shared by the writers: sizes agree with the excitation, every value is finite.
void checkControllerSamples(const ExcitationFile& excitation, const TrajectorySamples& s) {
  const int n = s.size(), dof = s.dof();
  if (n == 0) throw std::invalid_argument("controller export: no samples");
  if (dof != trajectoryDof(excitation.trajectory) || s.q.rows() != n || s.qd.rows() != n || s.qdd.rows() != n ||
      s.qd.cols() != dof || s.qdd.cols() != dof)
    throw std::invalid_argument("controller export: the samples do not match the excitation's joints");
  if (!excitation.jointNames.empty() && static_cast<int>(excitation.jointNames.size()) != dof)
    throw std::invalid_argument("controller export: joint names do not match the dof");
  if (!s.t.allFinite() || !s.q.allFinite() || !s.qd.allFinite() || !s.qdd.allFinite())
    throw std::invalid_argument("controller export: a sample is not finite");
}

}  // namespace

RosDuration rosDuration(double t) {
  if (!(t >= 0.0) || !(t < 2147483647.0)) throw std::invalid_argument("time_from_start out of range");
  // t - floor(t) is exact, so the rounding sees the fraction as the double holds it.
  double whole = std::floor(t);
  long long ns = std::llround((t - whole) * 1e9);
  if (ns >= 1000000000LL) {
    whole += 1.0;
    ns -= 1000000000LL;
  }
  return RosDuration{static_cast<std::int32_t>(whole), static_cast<std::uint32_t>(ns)};
}

std::string yamlFloatText(double v) {
  if (v == 0.0) return std::signbit(v) ? "-0.0" : "0.0";
  std::string text = exactNumberText(v);
  const std::size_t e = text.find_first_of("eE");
  const std::string mantissa = text.substr(0, e);
  if (mantissa.find('.') == std::string::npos) text.insert(e == std::string::npos ? text.size() : e, ".0");
  return text;
}

std::vector<std::string> controllerExportSummary(const ExcitationFile& excitation, const TrajectorySamples& samples,
                                                 double rateHz) {
  const int dof = samples.dof();
  std::vector<std::string> lines;
  lines.push_back("robot: " + oneLineMessage(excitation.robot.empty() ? std::string("(not named)") : excitation.robot));
  std::string names = "joints (" + std::to_string(dof) + "):";
  for (int i = 0; i < dof; ++i)
    names += " " + (excitation.jointNames.empty() ? "q" + std::to_string(i + 1)
                                                  : oneLineMessage(excitation.jointNames[static_cast<size_t>(i)]));
  lines.push_back(names);
  lines.push_back("duration: " + commentNumber(trajectoryDuration(excitation.trajectory)) +
                  " s, rate: " + commentNumber(rateHz) + " Hz, samples: " + std::to_string(samples.size()) +
                  " (t = 0 to " + commentNumber(samples.t[samples.size() - 1]) + " s)");
  if (!excitation.limits || static_cast<int>(excitation.limits->joints.size()) != dof) {
    lines.push_back("limits used: none recorded in the excitation (check the samples against the robot's own)");
    return lines;
  }
  const LimitScale& scale = excitation.limits->scale;
  lines.push_back("limits used (" + commentPercent(scale.position) + " of each position range, " +
                  commentPercent(scale.velocity) + " of velocity, " + commentPercent(scale.acceleration) +
                  " of acceleration; rad, rad/s, rad/s^2):");
  const std::vector<JointLimits> used = scaleLimits(excitation.limits->joints, scale);
  for (int i = 0; i < dof; ++i) {
    const JointLimits& l = used[static_cast<size_t>(i)];
    const std::string name = excitation.jointNames.empty()
                                 ? "q" + std::to_string(i + 1)
                                 : oneLineMessage(excitation.jointNames[static_cast<size_t>(i)]);
    lines.push_back("  " + name + ": position [" + commentNumber(l.lower) + ", " + commentNumber(l.upper) +
                    "], velocity " + commentNumber(l.velocity) + ", acceleration " + commentNumber(l.acceleration));
  }
  return lines;
}

std::string formatJointTrajectoryYaml(const ExcitationFile& excitation, const TrajectorySamples& s, double rateHz,
                                      const std::string& sourceName, const std::string& fileName) {
  checkControllerSamples(excitation, s);
  const int n = s.size(), dof = s.dof();
  if (excitation.jointNames.empty())
    throw inputErrorIn(sourceName, "/joints: the joints have no \"name\"; a trajectory controller needs them");
  for (int i = 0; i < dof; ++i)
    if (excitation.jointNames[static_cast<size_t>(i)].empty())
      throw inputErrorIn(sourceName, "/joints/" + std::to_string(i) +
                                         "/name: missing; a trajectory controller matches joints by name");

  std::string out = "# ExciteBench excitation as a control_msgs/action/FollowJointTrajectory goal\n";
  for (const std::string& line : controllerExportSummary(excitation, s, rateHz)) out += "# " + line + "\n";
  out +=
      "# Send it to a ros2_control joint_trajectory_controller (the robot moves; start from the first point):\n"
      "#   ros2 action send_goal /joint_trajectory_controller/follow_joint_trajectory "
      "control_msgs/action/FollowJointTrajectory \"$(cat " +
      oneLineMessage(fileName) +
      ")\"\n"
      "trajectory:\n"
      "  header:\n"
      "    stamp: {sec: 0, nanosec: 0}\n"
      "    frame_id: \"\"\n"
      "  joint_names: [";
  for (int i = 0; i < dof; ++i) out += (i > 0 ? ", " : "") + yamlQuoted(excitation.jointNames[static_cast<size_t>(i)]);
  out += "]\n  points:\n";
  out.reserve(out.size() + static_cast<size_t>(n) * (static_cast<size_t>(3 * dof) * 24 + 120));
  for (int r = 0; r < n; ++r) {
    out += "    - positions: ";
    appendYamlList(out, s.q, r);
    out += "\n      velocities: ";
    appendYamlList(out, s.qd, r);
    out += "\n      accelerations: ";
    appendYamlList(out, s.qdd, r);
    const RosDuration d = rosDuration(s.t[r]);
    out +=
        "\n      time_from_start: {sec: " + std::to_string(d.sec) + ", nanosec: " + std::to_string(d.nanosec) + "}\n";
  }
  return out;
}

void writeJointTrajectoryYaml(const std::string& path, const ExcitationFile& excitation,
                              const TrajectorySamples& samples, double rateHz, const std::string& sourceName) {
  writeFileAtomically(path, formatJointTrajectoryYaml(excitation, samples, rateHz, sourceName,
                                                      std::filesystem::path(path).filename().string()));
}

}  // namespace eb
