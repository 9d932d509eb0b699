#include "logs/log_column_mapping.hpp"

#include "logs/log_column_names.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <optional>

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

using namespace log_columns;  // the guesser's vocabulary

namespace {

// Loggers whose naming says more than the generic words, recognised from the keys of the
// column groups: each adds its note and what it implies for the time column. One row per
// logger; the generic name reading (log_column_names.hpp) serves them all.
struct LoggerNaming {
  const char* name;
  std::array<const char*, 2> keyFragments;  // a group key holding one of these (null: unused)
  const char* note;
  std::optional<TimeUnit> timeUnit;         // the unit of its time column when the values say nothing
};

const LoggerNaming kLoggers[] = {
    {"libfranka", {"state.", "tau_j"}, "libfranka naming (q[i], dq[i], tau_J[i]): joints 0-based", TimeUnit::Milliseconds},
    {"UR RTDE", {"actual_q", nullptr}, "UR RTDE naming (actual_q_i, actual_qd_i): joints 0-based", std::nullopt},
};

bool recognised(const LoggerNaming& logger, const std::vector<Group>& groups) {
  for (const Group& g : groups)
    for (const char* fragment : logger.keyFragments)
      if (fragment && g.key.find(fragment) != std::string::npos) return true;
  return false;
}

// One guess: the steps of guessLogColumnMapping, sharing what the names and groups say.
class Guesser {
 public:
  Guesser(const std::vector<std::string>& columns, const Eigen::MatrixXd& preview, const LogGuessOptions& options,
          std::string_view source, std::size_t headerLine)
      : columns_(columns), preview_(preview), options_(options), source_(source), headerLine_(headerLine),
        dof_(options.dof), m_(guess_.mapping), notes_(guess_.notes), doubts_(guess_.warnings) {}

  LogMappingGuess run() {
    checkOptions();
    m_.joints.resize(static_cast<std::size_t>(dof_));
    for (int j = 0; j < dof_; ++j)
      m_.joints[static_cast<std::size_t>(j)].name = options_.jointNames.empty()
                                                        ? "joint" + std::to_string(j + 1)
                                                        : options_.jointNames[static_cast<std::size_t>(j)];
    guessPositional();
    infos_.reserve(columns_.size());
    for (const std::string& c : columns_) infos_.push_back(readColumnName(c));
    checkNamesUnique();
    groups_ = buildGroups(infos_, options_.jointNames);
    for (const LoggerNaming& logger : kLoggers)
      if (recognised(logger, groups_)) loggers_.push_back(&logger);
    mapJointSignals();
    mapTorque();
    mapTime();
    guessPositionUnit();
    for (const LoggerNaming* logger : loggers_) notes_.push_back(logger->note);
    // Notes and warnings quote column names, which can hold anything: one line each.
    for (std::vector<std::string>* list : {&notes_, &doubts_})
      for (std::string& line : *list) line = oneLineMessage(line);
    return std::move(guess_);
  }

 private:
  InputError at(const std::string& message) const { return inputErrorAt(std::string(source_), headerLine_, "", message); }

  void checkOptions() const {
    if (dof_ <= 0) throw at("the robot's joint count must be positive");
    if (!options_.torqueConstants.empty() && static_cast<int>(options_.torqueConstants.size()) != dof_)
      throw at(std::to_string(options_.torqueConstants.size()) + " torque constants given for " +
               std::to_string(dof_) + " joints");
    if (!options_.jointNames.empty() && static_cast<int>(options_.jointNames.size()) != dof_)
      throw at(std::to_string(options_.jointNames.size()) + " joint names given for " + std::to_string(dof_) +
               " joints");
  }

  // A file without header: the CLI's column order t, q.., [qd..], [qdd..], tau.. by position.
  void guessPositional() {
    generated_ = !columns_.empty();
    for (std::size_t k = 0; k < columns_.size(); ++k) generated_ = generated_ && isGeneratedName(columns_[k], k);
    if (!generated_) return;
    const std::size_t n = columns_.size(), d = static_cast<std::size_t>(dof_);
    const int blocks = (n - 1) % d == 0 ? static_cast<int>((n - 1) / d) : 0;
    if (blocks < 2 || blocks > 4) {
      doubts_.push_back("no header and " + std::to_string(n) + " columns: give the column layout (--columns \"t,q1..q" +
                        std::to_string(d) + ",tau1..tau" + std::to_string(d) + ",_\"; see the README) or a mapping file");
      return;
    }
    m_.timeColumn = columns_[0];
    for (std::size_t j = 0; j < d; ++j) {
      JointColumns& jc = m_.joints[j];
      jc.q = columns_[1 + j];
      if (blocks >= 3) jc.qd = columns_[1 + d + j];
      if (blocks == 4) jc.qdd = columns_[1 + 2 * d + j];
      jc.tau = columns_[1 + static_cast<std::size_t>(blocks - 1) * d + j];
    }
    doubts_.push_back("no header: assumed the column order t, q1..q" + std::to_string(d) + (blocks >= 3 ? ", qd.." : "") +
                      (blocks == 4 ? ", qdd.." : "") + ", tau.. by position");
  }

  // A column that means something (time, a joint signal) must be named once: two "q1" columns
  // make the mapping ambiguous (and the groups look non-contiguous).
  void checkNamesUnique() const {
    std::map<std::string, std::size_t> first;
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      if (infos_[c].role == Role::None) continue;
      const auto [it, fresh] = first.emplace(columns_[c], c);
      if (!fresh)
        throw at("column '" + columns_[c] + "' appears twice in the header (columns " + std::to_string(it->second + 1) +
                 " and " + std::to_string(c + 1) + ")");
    }
  }

  // Joint columns found but not dof of them: name the first missing one (tau1 -> 'tau2').
  [[noreturn]] void mismatch(Role role) const {
    const Group* g = largestGroup(groups_, role);
    std::string what;
    // The index in a name ("tau3" -> 3, "actual_q_2" -> 2): its last run of digits.
    auto indexOf = [](const std::string& name, std::size_t& begin, std::size_t& end) {
      end = name.find_last_of("0123456789");
      if (end == std::string::npos) return -1;
      ++end;
      begin = end;
      while (begin > 0 && std::isdigit(static_cast<unsigned char>(name[begin - 1]))) --begin;
      return end - begin > 6 ? -1 : std::stoi(name.substr(begin, end - begin));
    };
    if (!g->named && static_cast<int>(g->columns.size()) < dof_) {
      // Name the first index missing from the run the group starts (tau1 tau2 tau4 -> 'tau3').
      std::set<int> present;
      std::size_t b = 0, e = 0;
      for (std::size_t c : g->columns) present.insert(indexOf(columns_[c], b, e));
      const std::string& first = columns_[g->columns.front()];
      const int start = indexOf(first, b, e);
      if (start >= 0 && !present.count(-1)) {
        int missing = start;
        while (present.count(missing)) ++missing;
        what = "column '" + first.substr(0, b) + std::to_string(missing) + first.substr(e) + "' missing: ";
      }
    }
    what += "found " + std::to_string(g->columns.size()) + " joint " + roleName(role) + " columns (" +
            describe(*g, columns_) + ") but the robot has " + std::to_string(dof_) + " joints";
    if (!g->valid) what += " (their indices are not contiguous)";
    throw at(what);
  }

  void assign(const Group* g, std::string JointColumns::*field) {
    if (!g) return;
    for (std::size_t j = 0; j < g->columns.size(); ++j) m_.joints[j].*field = columns_[g->columns[j]];
  }

  void mapJointSignals() {
    if (generated_) return;
    position_ = pickGroup(groups_, Role::Position, dof_);
    if (!position_) {
      if (largestGroup(groups_, Role::Position)) mismatch(Role::Position);
      doubts_.push_back("no joint position columns found (looked for q1.., actual_q_0.., q[0].., "
                        "<joint>_pos, <joint>/position)");
    }
    const Group* velocity = pickGroup(groups_, Role::Velocity, dof_);
    const Group* acceleration = pickGroup(groups_, Role::Acceleration, dof_);
    if (!velocity && largestGroup(groups_, Role::Velocity))
      doubts_.push_back("velocity columns (" + describe(*largestGroup(groups_, Role::Velocity), columns_) +
                        ") do not match the joint count: velocities will be computed from positions");
    assign(position_, &JointColumns::q);
    assign(velocity, &JointColumns::qd);
    assign(acceleration, &JointColumns::qdd);
    if (position_) {
      if (position_->named) {
        for (std::size_t j = 0; j < position_->joints.size(); ++j) m_.joints[j].name = position_->joints[j];
        (position_->modelOrder || options_.jointNames.empty() ? notes_ : doubts_)
            .push_back(position_->modelOrder ? "joints matched to the model by name"
                                             : "joint names in the log do not all match the model: joints taken "
                                               "in column order");
      }
      notes_.push_back("positions: " + describe(*position_, columns_));
    }
    if (velocity) notes_.push_back("velocities: " + describe(*velocity, columns_));
    else if (position_) notes_.push_back("no velocity columns: velocities will be computed from positions");
    if (acceleration) notes_.push_back("accelerations: " + describe(*acceleration, columns_));
  }

  // Torque: measured torque, or UR target_moment, or motor current times a torque constant.
  void mapTorque() {
    if (generated_) return;
    const Group* torque = pickGroup(groups_, Role::Torque, dof_);
    const Group* current = pickGroup(groups_, Role::Current, dof_);
    if (!torque && !current && largestGroup(groups_, Role::Torque)) mismatch(Role::Torque);
    // UR's target_moment is the controller's model torque: currents win when they can be scaled.
    const bool targetMoment = torque && torque->key.find("target_moment") != std::string::npos;
    if (current && !options_.torqueConstants.empty() && (!torque || targetMoment)) {
      assign(current, &JointColumns::tau);
      for (int j = 0; j < dof_; ++j)
        m_.joints[static_cast<std::size_t>(j)].torqueScale = options_.torqueConstants[static_cast<std::size_t>(j)];
      doubts_.push_back("torques: motor currents " + describe(*current, columns_) +
                        " times the given torque constants [N m/A]");
    } else if (torque) {
      assign(torque, &JointColumns::tau);
      notes_.push_back("torques: " + describe(*torque, columns_));
      if (targetMoment)
        doubts_.push_back("UR target_moment is the controller's model-based target torque, not a measurement; give "
                          "per-joint torque constants to use actual_current instead");
    } else if (current) {
      doubts_.push_back("motor currents found (" + describe(*current, columns_) +
                        ") but no torque constants given: no torque mapped");
    } else {
      doubts_.push_back("no joint torque columns found (looked for tau1.., tau_J[0].., target_moment_0.., "
                        "<joint>_effort, <joint>/effort)");
    }
  }

  // Time and its unit: from the name, the caller, the step size or the logger.
  void mapTime() {
    std::size_t timeIndex = columns_.size();
    for (std::size_t c = 0; c < infos_.size(); ++c)
      if (infos_[c].role == Role::Time && (timeIndex == columns_.size() || infos_[c].timeRank < infos_[timeIndex].timeRank))
        timeIndex = c;
    if (generated_ && !m_.timeColumn.empty()) timeIndex = 0;
    if (timeIndex >= columns_.size()) {
      if (generated_ && !m_.timeColumn.empty()) return;
      m_.sampleRateHz = options_.sampleRateHz;
      if (options_.sampleRateHz > 0)
        notes_.push_back("no time column: uniform samples at " + formatSignificant(options_.sampleRateHz) + " Hz");
      else
        doubts_.push_back("no time column found: give the sample rate");
      return;
    }
    const ColumnInfo& info = infos_[timeIndex];
    m_.timeColumn = columns_[timeIndex];
    const double step = previewStep(preview_, timeIndex);
    const LoggerNaming* timed = nullptr;  // a recognised logger that says the time unit
    for (const LoggerNaming* logger : loggers_)
      if (logger->timeUnit) timed = logger;
    if (options_.timeUnit) {
      m_.timeUnit = *options_.timeUnit;
    } else if (info.timeUnitKnown) {
      m_.timeUnit = info.timeUnit;
      notes_.push_back("time column '" + m_.timeColumn + "' in " + timeUnitName(m_.timeUnit) + " (from its name)");
    } else if (step >= 0.5) {
      m_.timeUnit = step < 500.0 ? TimeUnit::Milliseconds : step < 5e5 ? TimeUnit::Microseconds : TimeUnit::Nanoseconds;
      doubts_.push_back("time column '" + m_.timeColumn + "' steps by " + formatSignificant(step) + ": taken as " +
                        timeUnitName(m_.timeUnit) +
                        (timed ? std::string(" (") + timed->name + " logs time in " + timeUnitName(*timed->timeUnit) + ")"
                               : std::string()) +
                        "; set the time unit if this is wrong");
    } else if (timed && m_.timeColumn == "time" && step == 0.0) {
      m_.timeUnit = *timed->timeUnit;
      doubts_.push_back(std::string(timed->name) + " log: time column 'time' taken as " +
                        (*timed->timeUnit == TimeUnit::Milliseconds ? "milliseconds" : timeUnitName(*timed->timeUnit)));
    } else {
      notes_.push_back("time column '" + m_.timeColumn + "' in s");
    }
  }

  // Position unit: forced, from a unit annotation, else radians (with a hint when values look like degrees).
  void guessPositionUnit() {
    if (options_.positionUnit) {
      m_.positionUnit = *options_.positionUnit;
    } else if (position_) {
      const ColumnInfo& info = infos_[position_->columns[0]];
      if (info.unit == "deg" || info.unit == "degree" || info.unit == "degrees") {
        m_.positionUnit = PositionUnit::Degree;
        notes_.push_back("positions in degrees (from the column names): converted to radians");
      }
    }
    if (m_.positionUnit != PositionUnit::Radian || !position_ || preview_.rows() == 0) return;
    double largest = 0.0;
    for (std::size_t c : position_->columns)
      for (Eigen::Index i = 0; i < preview_.rows() && static_cast<Eigen::Index>(c) < preview_.cols(); ++i) {
        const double v = std::abs(preview_(i, static_cast<Eigen::Index>(c)));
        if (std::isfinite(v)) largest = std::max(largest, v);
      }
    if (largest > 2.0 * M_PI + 0.5)
      doubts_.push_back("positions reach " + formatSignificant(largest) +
                        ": if they are degrees, set the position unit to degrees");
  }

  const std::vector<std::string>& columns_;
  const Eigen::MatrixXd& preview_;
  const LogGuessOptions& options_;
  std::string_view source_;
  std::size_t headerLine_;
  int dof_;
  LogMappingGuess guess_;
  LogColumnMapping& m_;
  std::vector<std::string>& notes_;
  std::vector<std::string>& doubts_;
  std::vector<ColumnInfo> infos_;
  std::vector<Group> groups_;
  std::vector<const LoggerNaming*> loggers_;
  const Group* position_ = nullptr;
  bool generated_ = false;
};

}  // namespace

LogMappingGuess guessLogColumnMapping(const std::vector<std::string>& columns, const Eigen::MatrixXd& preview,
                                      const LogGuessOptions& options, std::string_view source,
                                      std::size_t headerLine) {
  return Guesser(columns, preview, options, source, headerLine).run();
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
