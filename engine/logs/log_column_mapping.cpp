#include "logs/log_column_mapping.hpp"

#include "model/model_error.hpp"
#include "util/text_format.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace eb {

double secondsPerTimeUnit(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::Seconds: return 1.0;
    case TimeUnit::Milliseconds: return 1e-3;
    case TimeUnit::Microseconds: return 1e-6;
    case TimeUnit::Nanoseconds: return 1e-9;
  }
  return 1.0;
}

const char* timeUnitName(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::Seconds: return "s";
    case TimeUnit::Milliseconds: return "ms";
    case TimeUnit::Microseconds: return "us";
    case TimeUnit::Nanoseconds: return "ns";
  }
  return "s";
}

double radiansPerPositionUnit(PositionUnit unit) { return unit == PositionUnit::Degree ? M_PI / 180.0 : 1.0; }

std::vector<std::string> LogColumnMapping::columns() const {
  std::vector<std::string> out;
  auto add = [&](const std::string& c) {
    if (!c.empty() && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  add(timeColumn);
  for (const JointColumns& j : joints) {
    add(j.q);
    add(j.qd);
    add(j.qdd);
    add(j.tau);
  }
  return out;
}

bool LogColumnMapping::hasVelocity() const {
  return !joints.empty() && std::all_of(joints.begin(), joints.end(), [](const JointColumns& j) { return !j.qd.empty(); });
}

bool LogColumnMapping::hasAcceleration() const {
  return !joints.empty() &&
         std::all_of(joints.begin(), joints.end(), [](const JointColumns& j) { return !j.qdd.empty(); });
}

namespace {

// What a column holds, decided from its name alone.
enum class Role { None, Time, Position, Velocity, Acceleration, Torque, Current, Commanded };

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

// One column, read by its name.
struct ColumnInfo {
  Role role = Role::None;
  std::string group;  // columns of one vector (q_0..q_5, or <joint>/position for all joints) share it
  int index = -1;     // trailing index for indexed groups
  std::string joint;  // joint name for named groups
  std::string unit;   // unit annotation, lower case
  int timeRank = 99;  // lower is a more likely time column
  TimeUnit timeUnit = TimeUnit::Seconds;
  bool timeUnitKnown = false;
};

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

// Columns of one vector quantity, in joint order.
struct Group {
  Role role = Role::None;
  std::string key;
  bool named = false;
  std::vector<std::size_t> columns;     // column indices, joint order
  std::vector<std::string> joints;      // named groups: joint names, same order
  bool modelOrder = false;              // named group ordered by the model's joint names
  bool valid = true;                    // indices unique and contiguous
};

std::string describe(const Group& g, const std::vector<std::string>& names) {
  if (g.columns.empty()) return "";
  if (g.columns.size() == 1) return names[g.columns[0]];
  return names[g.columns.front()] + " .. " + names[g.columns.back()];
}

// Groups of each role; indexed groups sorted by index, named groups in model order when possible.
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

// The best group of a role with exactly dof columns: named in model order, then indexed, then named.
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

// Median positive step of a preview column (NaN rows skipped); 0 if unknown.
double previewStep(const Eigen::MatrixXd& preview, std::size_t column) {
  std::vector<double> steps;
  for (Eigen::Index i = 1; i < preview.rows(); ++i) {
    const double d = preview(i, static_cast<Eigen::Index>(column)) - preview(i - 1, static_cast<Eigen::Index>(column));
    if (std::isfinite(d) && d > 0.0) steps.push_back(d);
  }
  if (steps.empty()) return 0.0;
  std::nth_element(steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2), steps.end());
  return steps[steps.size() / 2];
}


}  // namespace

LogMappingGuess guessLogColumnMapping(const std::vector<std::string>& columns, const Eigen::MatrixXd& preview,
                                      const LogGuessOptions& options, std::string_view source,
                                      std::size_t headerLine) {
  const int dof = options.dof;
  const auto at = [&](const std::string& field, const std::string& message) {
    return inputErrorAt(std::string(source), headerLine, field, message);
  };
  if (dof <= 0) throw at("", "the robot's joint count must be positive");
  if (!options.torqueConstants.empty() && static_cast<int>(options.torqueConstants.size()) != dof)
    throw at("", std::to_string(options.torqueConstants.size()) + " torque constants given for " +
                     std::to_string(dof) + " joints");
  if (!options.jointNames.empty() && static_cast<int>(options.jointNames.size()) != dof)
    throw at("", std::to_string(options.jointNames.size()) + " joint names given for " +
                     std::to_string(dof) + " joints");

  LogMappingGuess guess;
  LogColumnMapping& m = guess.mapping;
  std::vector<std::string>& notes = guess.notes;
  std::vector<std::string>& doubts = guess.warnings;
  m.joints.resize(static_cast<std::size_t>(dof));
  for (int j = 0; j < dof; ++j)
    m.joints[static_cast<std::size_t>(j)].name =
        options.jointNames.empty() ? "joint" + std::to_string(j + 1) : options.jointNames[static_cast<std::size_t>(j)];

  // A file without header: the CLI's column order t, q.., [qd..], [qdd..], tau.. by position.
  bool generated = !columns.empty();
  for (std::size_t k = 0; k < columns.size(); ++k) generated = generated && isGeneratedName(columns[k], k);
  if (generated) {
    const std::size_t n = columns.size(), d = static_cast<std::size_t>(dof);
    int blocks = (n - 1) % d == 0 ? static_cast<int>((n - 1) / d) : 0;
    if (blocks >= 2 && blocks <= 4) {
      m.timeColumn = columns[0];
      for (std::size_t j = 0; j < d; ++j) {
        JointColumns& jc = m.joints[j];
        jc.q = columns[1 + j];
        if (blocks >= 3) jc.qd = columns[1 + d + j];
        if (blocks == 4) jc.qdd = columns[1 + 2 * d + j];
        jc.tau = columns[1 + static_cast<std::size_t>(blocks - 1) * d + j];
      }
      doubts.push_back("no header: assumed the column order t, q1..q" + std::to_string(d) +
                      (blocks >= 3 ? ", qd.." : "") + (blocks == 4 ? ", qdd.." : "") + ", tau.. by position");
    } else {
      doubts.push_back("no header and " + std::to_string(n) +
                       " columns: give the column layout (--columns \"t,q1..q" + std::to_string(d) + ",tau1..tau" +
                       std::to_string(d) + ",_\"; see the README) or a mapping file");
    }
  }

  std::vector<ColumnInfo> infos;
  infos.reserve(columns.size());
  for (const std::string& c : columns) infos.push_back(readColumnName(c));
  // A column that means something (time, a joint signal) must be named once: two
  // "q1" columns make the mapping ambiguous (and the groups look non-contiguous).
  {
    std::map<std::string, std::size_t> first;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (infos[c].role == Role::None) continue;
      const auto [it, fresh] = first.emplace(columns[c], c);
      if (!fresh)
        throw at("", "column '" + columns[c] + "' appears twice in the header (columns " +
                         std::to_string(it->second + 1) + " and " + std::to_string(c + 1) + ")");
    }
  }

  // Time column.
  std::size_t timeIndex = columns.size();
  for (std::size_t c = 0; c < infos.size(); ++c)
    if (infos[c].role == Role::Time && (timeIndex == columns.size() || infos[c].timeRank < infos[timeIndex].timeRank))
      timeIndex = c;
  if (generated && !m.timeColumn.empty()) timeIndex = 0;

  // Joint vectors.
  const std::vector<Group> groups = buildGroups(infos, options.jointNames);
  bool franka = false, ur = false;
  for (const Group& g : groups) {
    franka = franka || g.key.find("state.") != std::string::npos || g.key.find("tau_j") != std::string::npos;
    ur = ur || g.key.find("actual_q") != std::string::npos;
  }

  auto mismatch = [&](Role role) {
    const Group* g = largestGroup(groups, role);
    std::string what;
    // Too few numbered columns: name the first missing one (tau1 -> 'tau2', q[5] -> 'q[6]').
    const std::string& lastName = columns[g->columns.back()];
    const std::size_t digitsEnd = lastName.find_last_of("0123456789") + 1;
    if (!g->named && g->valid && static_cast<int>(g->columns.size()) < dof && digitsEnd > 0) {
      std::size_t digitsBegin = digitsEnd;
      while (digitsBegin > 0 && std::isdigit(static_cast<unsigned char>(lastName[digitsBegin - 1]))) --digitsBegin;
      const int next = std::stoi(lastName.substr(digitsBegin, digitsEnd - digitsBegin)) + 1;
      what = "column '" + lastName.substr(0, digitsBegin) + std::to_string(next) + lastName.substr(digitsEnd) +
             "' missing: ";
    }
    what += "found " + std::to_string(g->columns.size()) + " joint " + roleName(role) + " columns (" +
                       describe(*g, columns) + ") but the robot has " + std::to_string(dof) + " joints";
    if (!g->valid) what += " (their indices are not contiguous)";
    throw at("", what);
  };

  const Group* position = generated ? nullptr : pickGroup(groups, Role::Position, dof);
  if (!generated && !position) {
    if (largestGroup(groups, Role::Position)) mismatch(Role::Position);
    doubts.push_back("no joint position columns found (looked for q1.., actual_q_0.., q[0].., "
                    "<joint>_pos, <joint>/position)");
  }
  const Group* velocity = generated ? nullptr : pickGroup(groups, Role::Velocity, dof);
  const Group* acceleration = generated ? nullptr : pickGroup(groups, Role::Acceleration, dof);
  const Group* torque = generated ? nullptr : pickGroup(groups, Role::Torque, dof);
  const Group* current = generated ? nullptr : pickGroup(groups, Role::Current, dof);
  if (!generated && !torque && !current && largestGroup(groups, Role::Torque)) mismatch(Role::Torque);
  if (!generated && !velocity && largestGroup(groups, Role::Velocity))
    doubts.push_back("velocity columns (" + describe(*largestGroup(groups, Role::Velocity), columns) +
                    ") do not match the joint count: velocities will be computed from positions");

  auto assign = [&](const Group* g, std::string JointColumns::*field) {
    if (!g) return;
    for (std::size_t j = 0; j < g->columns.size(); ++j) m.joints[j].*field = columns[g->columns[j]];
  };
  assign(position, &JointColumns::q);
  assign(velocity, &JointColumns::qd);
  assign(acceleration, &JointColumns::qdd);

  if (position) {
    if (position->named) {
      for (std::size_t j = 0; j < position->joints.size(); ++j) m.joints[j].name = position->joints[j];
      (position->modelOrder || options.jointNames.empty() ? notes : doubts)
          .push_back(position->modelOrder ? "joints matched to the model by name"
                                           : "joint names in the log do not all match the model: joints taken "
                                             "in column order");
    }
    notes.push_back("positions: " + describe(*position, columns));
  }
  if (velocity) notes.push_back("velocities: " + describe(*velocity, columns));
  else if (position) notes.push_back("no velocity columns: velocities will be computed from positions");
  if (acceleration) notes.push_back("accelerations: " + describe(*acceleration, columns));

  // Torque: measured torque, or UR target_moment, or motor current times a torque constant.
  const bool useCurrent = current && !options.torqueConstants.empty() &&
                          (!torque || torque->key.find("target_moment") != std::string::npos);
  if (useCurrent) {
    assign(current, &JointColumns::tau);
    for (int j = 0; j < dof; ++j)
      m.joints[static_cast<std::size_t>(j)].torqueScale = options.torqueConstants[static_cast<std::size_t>(j)];
    doubts.push_back("torques: motor currents " + describe(*current, columns) +
                    " times the given torque constants [N m/A]");
  } else if (torque) {
    assign(torque, &JointColumns::tau);
    notes.push_back("torques: " + describe(*torque, columns));
    if (torque->key.find("target_moment") != std::string::npos)
      doubts.push_back("UR target_moment is the controller's model-based target torque, not a measurement; give "
                      "per-joint torque constants to use actual_current instead");
  } else if (current) {
    doubts.push_back("motor currents found (" + describe(*current, columns) +
                    ") but no torque constants given: no torque mapped");
  } else if (!generated) {
    doubts.push_back("no joint torque columns found (looked for tau1.., tau_J[0].., target_moment_0.., "
                    "<joint>_effort, <joint>/effort)");
  }

  // Time and its unit: from the name, the caller, or the step size.
  if (timeIndex < columns.size()) {
    const ColumnInfo& info = infos[timeIndex];
    m.timeColumn = columns[timeIndex];
    const double step = previewStep(preview, timeIndex);
    if (options.timeUnit) {
      m.timeUnit = *options.timeUnit;
    } else if (info.timeUnitKnown) {
      m.timeUnit = info.timeUnit;
      notes.push_back("time column '" + m.timeColumn + "' in " + timeUnitName(m.timeUnit) + " (from its name)");
    } else if (step >= 0.5) {
      m.timeUnit = step < 500.0 ? TimeUnit::Milliseconds : step < 5e5 ? TimeUnit::Microseconds : TimeUnit::Nanoseconds;
      doubts.push_back("time column '" + m.timeColumn + "' steps by " + formatSignificant(step) + ": taken as " +
                      timeUnitName(m.timeUnit) + (franka ? " (libfranka logs time in ms)" : "") +
                      "; set the time unit if this is wrong");
    } else if (franka && m.timeColumn == "time" && step == 0.0) {
      m.timeUnit = TimeUnit::Milliseconds;
      doubts.push_back("libfranka log: time column 'time' taken as milliseconds");
    } else {
      notes.push_back("time column '" + m.timeColumn + "' in s");
    }
  } else if (!generated || m.timeColumn.empty()) {
    m.sampleRateHz = options.sampleRateHz;
    (options.sampleRateHz > 0 ? notes : doubts).push_back(options.sampleRateHz > 0 ? "no time column: uniform samples at " +
                                                   formatSignificant(options.sampleRateHz) + " Hz"
                                             : "no time column found: give the sample rate");
  }

  // Position unit: forced, from a unit annotation, else radians (with a hint when values look like degrees).
  if (options.positionUnit) {
    m.positionUnit = *options.positionUnit;
  } else if (position) {
    const ColumnInfo& info = infos[position->columns[0]];
    if (info.unit == "deg" || info.unit == "degree" || info.unit == "degrees") {
      m.positionUnit = PositionUnit::Degree;
      notes.push_back("positions in degrees (from the column names): converted to radians");
    }
  }
  if (m.positionUnit == PositionUnit::Radian && position && preview.rows() > 0) {
    double largest = 0.0;
    for (std::size_t c : position->columns)
      for (Eigen::Index i = 0; i < preview.rows(); ++i) {
        const double v = std::abs(preview(i, static_cast<Eigen::Index>(c)));
        if (std::isfinite(v)) largest = std::max(largest, v);
      }
    if (largest > 2.0 * M_PI + 0.5)
      doubts.push_back("positions reach " + formatSignificant(largest) +
                      ": if they are degrees, set the position unit to degrees");
  }
  if (ur) notes.push_back("UR RTDE naming (actual_q_i, actual_qd_i): joints 0-based");
  if (franka) notes.push_back("libfranka naming (q[i], dq[i], tau_J[i]): joints 0-based");
  // Notes and warnings quote column names, which can hold anything: one line each.
  for (std::vector<std::string>* list : {&notes, &doubts})
    for (std::string& line : *list) line = oneLineMessage(line);
  return guess;
}

void checkLogColumnMapping(const LogColumnMapping& mapping, const std::vector<std::string>& columns, int dof,
                           std::string_view source, std::size_t headerLine) {
  const auto at = [&](const std::string& field, const std::string& message) {
    return inputErrorAt(std::string(source), headerLine, field, message);
  };
  if (static_cast<int>(mapping.joints.size()) != dof)
    throw at("", "the column mapping has " + std::to_string(mapping.joints.size()) +
                     " joints but the robot has " + std::to_string(dof));
  auto exists = [&](const std::string& c) { return std::find(columns.begin(), columns.end(), c) != columns.end(); };
  auto require = [&](const std::string& c, const std::string& role) {
    if (!exists(c)) throw at(c, role + " column not found in the header");
  };
  if (!mapping.timeColumn.empty()) require(mapping.timeColumn, "time");
  else if (!(mapping.sampleRateHz > 0.0))
    throw at("time", "no time column and no sample rate given");
  const bool anyVelocity = std::any_of(mapping.joints.begin(), mapping.joints.end(),
                                       [](const JointColumns& j) { return !j.qd.empty(); });
  const bool anyAcceleration = std::any_of(mapping.joints.begin(), mapping.joints.end(),
                                           [](const JointColumns& j) { return !j.qdd.empty(); });
  for (std::size_t j = 0; j < mapping.joints.size(); ++j) {
    const JointColumns& jc = mapping.joints[j];
    const std::string joint = "joint " + std::to_string(j + 1) + " (" + jc.name + ")";
    if (jc.q.empty()) throw at("q" + std::to_string(j + 1), "no position column mapped for " + joint);
    if (jc.tau.empty()) throw at("tau" + std::to_string(j + 1), "no torque column mapped for " + joint);
    if (anyVelocity && jc.qd.empty())
      throw at("qd" + std::to_string(j + 1), "velocities are mapped for some joints but not " + joint);
    if (anyAcceleration && jc.qdd.empty())
      throw at("qdd" + std::to_string(j + 1), "accelerations are mapped for some joints but not " + joint);
    require(jc.q, "position");
    require(jc.tau, "torque");
    if (!jc.qd.empty()) require(jc.qd, "velocity");
    if (!jc.qdd.empty()) require(jc.qdd, "acceleration");
    if (!std::isfinite(jc.torqueScale) || jc.torqueScale == 0.0)
      throw at(jc.tau, "torque scale must be finite and non-zero");
  }
}

}  // namespace eb
