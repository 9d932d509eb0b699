#include "logs/log_column_names.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace eb::log_columns {

namespace {




bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() > suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

template <std::size_t N>
bool isOneOf(std::string_view word, const char* const (&list)[N]) {
  return std::any_of(std::begin(list), std::end(list), [&](const char* w) { return word == w; });
}

// Unit annotations: "q1 [deg]", "q1 (rad)", "time_ms", "t_s". Returns the name without it.
std::string stripUnit(std::string name, std::string& unit) {
  static const char* const units[] = {"s", "sec", "ms", "us", "ns", "rad", "deg", "degree", "degrees",
                                      "rad/s", "deg/s", "rad/s^2", "deg/s^2", "rad/s2", "deg/s2", "nm", "n.m",
                                      "n*m", "a", "m", "m/s"};
  while (!name.empty() && name.back() == ' ') name.pop_back();
  if (!name.empty() && (name.back() == ']' || name.back() == ')')) {
    const char open = name.back() == ']' ? '[' : '(';
    const std::size_t at = name.rfind(open);
    if (at != std::string::npos && at > 0) {
      std::string inside = name.substr(at + 1, name.size() - at - 2);
      if (isOneOf(inside, units)) {
        unit = inside;
        name.erase(at);
        while (!name.empty() && (name.back() == ' ' || name.back() == '_')) name.pop_back();
        return name;
      }
    }
  }
  static const char* const suffixUnits[] = {"deg", "rad", "ms", "us", "ns", "sec"};
  for (const char* u : suffixUnits) {
    const std::string suffix = std::string("_") + u;
    if (endsWith(name, suffix)) {
      unit = u;
      return name.substr(0, name.size() - suffix.size());
    }
  }
  return name;
}

// Words that name a quantity. Commanded/desired signals are recognised so they are not mistaken
// for measurements (UR target_q, libfranka cmd.tau_J_d, q_d).
Role classifyWord(std::string_view w) {
  // libfranka's theta/dtheta are motor-side positions: deliberately not joint positions.
  static const char* const position[] = {"q", "pos", "position", "positions", "joint_position", "joint_positions",
                                         "actual_q", "q_actual", "q_meas", "q_measured", "q_msr", "msr_q", "q_m",
                                         "angle", "angles", "measured_position", "joint_pos",
                                         "position_measured", "jointposition"};
  static const char* const velocity[] = {"qd", "dq", "qdot", "q_dot", "dqdt", "vel", "velocity", "velocities",
                                         "joint_velocity", "joint_velocities", "actual_qd", "qd_actual",
                                         "dq_actual", "joint_vel", "measured_velocity"};
  static const char* const acceleration[] = {"qdd", "ddq", "qddot", "q_ddot", "acc", "accel", "acceleration",
                                             "accelerations", "joint_acceleration", "actual_qdd"};
  static const char* const torque[] = {"tau", "tau_j", "tau_meas", "tau_measured", "tau_msr", "msr_tau",
                                       "torque", "torques", "effort", "efforts", "eff", "joint_torque",
                                       "joint_torques", "joint_effort", "measured_torque", "actual_torque",
                                       "actual_joint_torque", "actual_joint_torques", "target_moment"};
  static const char* const current[] = {"actual_current", "current", "currents", "motor_current",
                                        "joint_current", "i"};
  if (isOneOf(w, position)) return Role::Position;
  if (isOneOf(w, velocity)) return Role::Velocity;
  if (isOneOf(w, acceleration)) return Role::Acceleration;
  if (isOneOf(w, torque)) return Role::Torque;
  if (isOneOf(w, current)) return Role::Current;
  if (startsWith(w, "target_") || startsWith(w, "desired") || startsWith(w, "des_") || startsWith(w, "cmd") ||
      startsWith(w, "ref_") || endsWith(w, "_d") || endsWith(w, "_des") || endsWith(w, "_desired") ||
      endsWith(w, "_cmd") || endsWith(w, "_ref") || endsWith(w, "_target"))
    return Role::Commanded;
  return Role::None;
}

bool isCommandPrefix(std::string_view token) {
  static const char* const words[] = {"cmd", "command", "commands", "desired", "des", "reference", "ref",
                                      "setpoint", "target", "goal", "controller"};
  return isOneOf(token, words);
}

std::vector<std::string> splitPath(std::string_view s) {
  std::vector<std::string> tokens;
  std::string current;
  for (char c : s) {
    if (c == '/' || c == '.') {
      if (!current.empty()) tokens.push_back(current);
      current.clear();
    } else {
      current.push_back(c);
    }
  }
  if (!current.empty()) tokens.push_back(current);
  return tokens;
}

std::string join(const std::vector<std::string>& tokens, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += (i ? "/" : "") + tokens[i];
  return out;
}

}  // namespace

const char* roleName(Role role) {
  switch (role) {
    case Role::Position: return "position";
    case Role::Velocity: return "velocity";
    case Role::Acceleration: return "acceleration";
    case Role::Torque: return "torque";
    case Role::Current: return "motor current";
    default: return "other";
  }
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

ColumnInfo readColumnName(const std::string& raw) {
  ColumnInfo info;
  std::string name = stripUnit(lower(raw), info.unit);

  // Time columns: ours, RTDE, libfranka, PlotJuggler (__time), rostopic echo -p (%time, ns).
  struct TimeName {
    const char* name;
    int rank;
    int unit;  // -1 unknown, else TimeUnit
  };
  static const TimeName timeNames[] = {
      {"t", 0, -1},      {"time", 0, -1},     {"timestamp", 0, -1},         {"__time", 0, 0},
      {"stamp", 1, -1},  {"time_stamp", 1, -1}, {"header.stamp", 1, -1},    {"seconds", 1, 0},
      {"ms", 1, 1},      {"millis", 1, 1},    {"field.header.stamp", 2, 3}, {"%time", 2, 3},
  };
  for (const TimeName& tn : timeNames)
    if (name == tn.name) {
      info.role = Role::Time;
      info.timeRank = tn.rank;
      if (tn.unit >= 0) {
        info.timeUnit = static_cast<TimeUnit>(tn.unit);
        info.timeUnitKnown = true;
      }
    }
  if (info.role == Role::Time) {
    if (info.unit == "s" || info.unit == "sec") info.timeUnitKnown = true, info.timeUnit = TimeUnit::Seconds;
    if (info.unit == "ms") info.timeUnitKnown = true, info.timeUnit = TimeUnit::Milliseconds;
    if (info.unit == "us") info.timeUnitKnown = true, info.timeUnit = TimeUnit::Microseconds;
    if (info.unit == "ns") info.timeUnitKnown = true, info.timeUnit = TimeUnit::Nanoseconds;
    return info;
  }

  // Indexed: q1, tau_3, actual_q_0, q[0], state.dq[2], field.position0, /joint_states/position[1].
  std::string s = name;
  bool bracket = false;
  if (!s.empty() && (s.back() == ']' || s.back() == ')')) {
    s.pop_back();
    bracket = true;
  }
  std::size_t digits = s.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(s[digits - 1]))) --digits;
  if (digits < s.size() && s.size() - digits < 6) {
    std::string base = s.substr(0, digits);
    const int index = std::stoi(s.substr(digits));
    bool ok = true;
    if (bracket) {
      ok = !base.empty() && (base.back() == '[' || base.back() == '(');
      if (ok) base.pop_back();
    } else if (!base.empty() && (base.back() == '_' || base.back() == '.')) {
      base.pop_back();
    }
    const std::vector<std::string> tokens = splitPath(base);
    if (ok && !tokens.empty()) {
      Role role = classifyWord(tokens.back());
      for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
        if (isCommandPrefix(tokens[i])) role = Role::Commanded;
      if (role != Role::None) {
        info.role = role;
        info.group = "indexed:" + base;
        info.index = index;
        return info;
      }
    }
  }

  // Named: /joint_states/<joint>/position, <joint>.velocity, <joint>_pos, <joint>_effort.
  std::vector<std::string> tokens = splitPath(name);
  if (tokens.empty()) return info;
  bool commanded = false;
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) commanded = commanded || isCommandPrefix(tokens[i]);
  static const char* const kindWords[] = {"position", "pos", "velocity", "vel", "acceleration", "acc",
                                          "effort", "eff", "torque", "tau", "current", "q", "qd", "dq", "qdd"};
  if (tokens.size() >= 2 && isOneOf(tokens.back(), kindWords)) {
    info.role = commanded ? Role::Commanded : classifyWord(tokens.back());
    info.joint = tokens[tokens.size() - 2];
    info.group = "named:" + join(tokens, tokens.size() - 2) + "/*/" + tokens.back();
    return info;
  }
  static const char* const suffixes[] = {"_position", "_pos", "_velocity", "_vel", "_acceleration", "_acc",
                                         "_effort", "_eff", "_torque", "_tau", "_current"};
  const std::string& last = tokens.back();
  for (const char* suffix : suffixes)
    if (endsWith(last, suffix)) {
      info.role = commanded ? Role::Commanded : classifyWord(std::string_view(suffix + 1));
      info.joint = last.substr(0, last.size() - std::char_traits<char>::length(suffix));
      info.group = "named:" + join(tokens, tokens.size() - 1) + "/*" + suffix;
      return info;
    }
  return info;
}


std::string describe(const Group& g, const std::vector<std::string>& names) {
  if (g.columns.empty()) return "";
  if (g.columns.size() == 1) return names[g.columns[0]];
  return names[g.columns.front()] + " .. " + names[g.columns.back()];
}

std::vector<Group> buildGroups(const std::vector<ColumnInfo>& infos, const std::vector<std::string>& modelJoints) {
  std::map<std::string, std::size_t> byKey;
  std::vector<Group> groups;
  std::vector<std::vector<int>> indices;
  for (std::size_t c = 0; c < infos.size(); ++c) {
    const ColumnInfo& info = infos[c];
    if (info.role == Role::None || info.role == Role::Time || info.role == Role::Commanded) continue;
    const std::string key = info.group + "#" + roleName(info.role);
    auto [it, inserted] = byKey.emplace(key, groups.size());
    if (inserted) {
      groups.push_back({});
      groups.back().role = info.role;
      groups.back().key = info.group;
      groups.back().named = info.index < 0;
      indices.emplace_back();
    }
    Group& g = groups[it->second];
    g.columns.push_back(c);
    if (g.named) g.joints.push_back(info.joint);
    else indices[it->second].push_back(info.index);
  }
  for (std::size_t k = 0; k < groups.size(); ++k) {
    Group& g = groups[k];
    if (!g.named) {
      std::vector<std::size_t> order(g.columns.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return indices[k][a] < indices[k][b]; });
      std::vector<std::size_t> sorted;
      for (std::size_t i = 0; i < order.size(); ++i) {
        sorted.push_back(g.columns[order[i]]);
        if (i > 0 && indices[k][order[i]] != indices[k][order[i - 1]] + 1) g.valid = false;
      }
      g.columns = sorted;
    } else if (!modelJoints.empty()) {
      // Pick the model's joints out of the group (a JointState also lists gripper fingers).
      std::vector<std::size_t> picked;
      for (const std::string& joint : modelJoints) {
        const std::string want = lower(joint);
        for (std::size_t i = 0; i < g.joints.size(); ++i)
          if (g.joints[i] == want) picked.push_back(i);
      }
      if (picked.size() == modelJoints.size()) {
        std::vector<std::size_t> columns;
        std::vector<std::string> joints;
        for (std::size_t i : picked) {
          columns.push_back(g.columns[i]);
          joints.push_back(modelJoints[joints.size()]);
        }
        g.columns = columns;
        g.joints = joints;
        g.modelOrder = true;
      }
    }
  }
  return groups;
}

const Group* pickGroup(const std::vector<Group>& groups, Role role, int dof) {
  const Group* best = nullptr;
  int bestScore = -1;
  for (const Group& g : groups) {
    if (g.role != role || !g.valid || static_cast<int>(g.columns.size()) != dof) continue;
    const int score = g.modelOrder ? 3 : g.named ? 1 : 2;
    if (score > bestScore) {
      best = &g;
      bestScore = score;
    }
  }
  return best;
}

const Group* largestGroup(const std::vector<Group>& groups, Role role) {
  const Group* largest = nullptr;
  for (const Group& g : groups)
    if (g.role == role && (!largest || g.columns.size() > largest->columns.size())) largest = &g;
  return largest;
}

bool isGeneratedName(const std::string& name, std::size_t k) { return name == "column" + std::to_string(k + 1); }

double previewStep(const Eigen::MatrixXd& preview, std::size_t column) {
  std::vector<double> steps;
  if (static_cast<Eigen::Index>(column) >= preview.cols()) return 0.0;  // no data in the preview rows
  for (Eigen::Index i = 1; i < preview.rows(); ++i) {
    const double d = preview(i, static_cast<Eigen::Index>(column)) - preview(i - 1, static_cast<Eigen::Index>(column));
    if (std::isfinite(d) && d > 0.0) steps.push_back(d);
  }
  if (steps.empty()) return 0.0;
  std::nth_element(steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2), steps.end());
  return steps[steps.size() / 2];
}

}  // namespace eb::log_columns
