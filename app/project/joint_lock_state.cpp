#include "app/project/joint_lock_state.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace eb::project {

namespace {

// The excitation on `n` joints: joint j takes row source[j] of `t`, or rests at rest[j] with no
// terms when source[j] < 0. Either family; the period, cycles, duration and ramp are kept.
Trajectory selectRows(const Trajectory& t, const std::vector<int>& source, const Eigen::VectorXd& rest) {
  const int n = static_cast<int>(source.size());
  Eigen::VectorXd offsets(n);
  for (int j = 0; j < n; ++j) offsets[j] = source[static_cast<size_t>(j)] >= 0 ? trajectoryOffsets(t)[source[static_cast<size_t>(j)]] : rest[j];
  if (const auto* f = std::get_if<FourierTrajectory>(&t)) {
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, f->harmonics()), b = a;
    for (int j = 0; j < n; ++j)
      if (const int i = source[static_cast<size_t>(j)]; i >= 0) {
        a.row(j) = f->a().row(i);
        b.row(j) = f->b().row(i);
      }
    FourierTrajectory out(f->period(), offsets, a, b);
    out.setCycles(f->cycles());
    return out;
  }
  const auto& m = std::get<MultisineTrajectory>(t);
  std::vector<std::vector<SineTerm>> terms(static_cast<size_t>(n));
  for (int j = 0; j < n; ++j)
    if (const int i = source[static_cast<size_t>(j)]; i >= 0) terms[static_cast<size_t>(j)] = m.terms(i);
  return MultisineTrajectory(m.duration(), m.rampTime(), offsets, std::move(terms));
}

}  // namespace

const RobotModel& fullModel(const DocumentState& state) {
  return state.fullRobot ? *state.fullRobot : *state.originalRobot;
}

double lockedValue(const RobotSource& source, const std::string& joint) {
  for (const JointLock& lock : source.locks)
    if (lock.joint == joint) return lock.value;
  return std::nan("");
}

std::vector<double> lockedValues(const DocumentState& state) {
  std::vector<double> out;
  for (const Joint& j : fullModel(state).joints()) out.push_back(lockedValue(state.source, j.name));
  return out;
}

std::vector<JointLock> locksAfterEdit(const DocumentState& state, const std::string& joint, bool locked,
                                      double value) {
  std::vector<JointLock> locks;
  for (const JointLock& lock : state.source.locks)
    if (lock.joint != joint) locks.push_back(lock);
  if (!locked) return locks;
  if (std::isnan(value)) {
    const int i = state.robot->jointIndex(joint);
    value = i >= 0 ? trajectoryOffsets(state.excitation)[i] : lockedValue(state.source, joint);
    const int full = fullModel(state).jointIndex(joint);
    if (full >= 0) {
      const JointLimits& l = fullModel(state).joint(full).limits;
      value = std::clamp(std::isnan(value) ? 0.0 : value, l.lower, l.upper);
    }
  }
  locks.push_back({joint, value});
  return locks;
}

DocumentState withJointLocks(const DocumentState& state, std::vector<JointLock> locks, quint64 robotKey) {
  const std::shared_ptr<const RobotModel> full =
      state.fullRobot ? state.fullRobot : state.originalRobot;
  // Model order, so the project file and the table list them as the robot does.
  std::vector<JointLock> ordered;
  for (const Joint& j : full->joints())
    for (const JointLock& lock : locks)
      if (lock.joint == j.name) ordered.push_back(lock);
  if (ordered.size() != locks.size()) lockJoints(*full, locks);  // unknown or repeated: its error
  auto original = std::make_shared<const RobotModel>(lockJoints(*full, ordered));

  // Per joint name: the user's limits and the excitation row of the current state.
  std::map<std::string, int> current;
  for (int j = 0; j < state.robot->dof(); ++j) current.emplace(state.robot->joint(j).name, j);
  const int n = original->dof();
  std::vector<int> source(static_cast<size_t>(n), -1);
  Eigen::VectorXd rest = Eigen::VectorXd::Zero(n);
  std::vector<JointLimits> limits;
  for (int j = 0; j < n; ++j) {
    const Joint& joint = original->joint(j);
    const auto it = current.find(joint.name);
    if (it != current.end()) {
      source[static_cast<size_t>(j)] = it->second;
      limits.push_back(state.robot->joint(it->second).limits);
    } else {  // freed: at rest where it was held
      rest[j] = lockedValue(state.source, joint.name);
      if (!std::isfinite(rest[j])) rest[j] = 0.0;
      limits.push_back(joint.limits);
    }
  }
  DocumentState s = state;
  s.fullRobot = full;
  s.originalRobot = original;
  s.robot = std::make_shared<const RobotModel>(original->withJointLimits(limits));
  s.robotKey = robotKey;
  s.source.locks = std::move(ordered);
  s.excitation = selectRows(state.excitation, source, rest);
  return s;
}

Trajectory fullExcitation(const DocumentState& state) {
  if (state.source.locks.empty()) return state.excitation;
  const RobotModel& full = fullModel(state);
  const std::vector<int> free = freeJointIndices(full, state.source.locks);
  std::vector<int> source(static_cast<size_t>(full.dof()), -1);
  Eigen::VectorXd rest(full.dof());
  for (int j = 0; j < full.dof(); ++j) rest[j] = lockedValue(state.source, full.joint(j).name);
  for (size_t k = 0; k < free.size(); ++k) source[static_cast<size_t>(free[k])] = static_cast<int>(k);
  return selectRows(state.excitation, source, rest);
}

std::vector<Joint> fullJoints(const DocumentState& state) {
  std::vector<Joint> joints = fullModel(state).joints();
  for (Joint& j : joints)
    if (const int i = state.robot->jointIndex(j.name); i >= 0) j.limits = state.robot->joint(i).limits;
  return joints;
}

}  // namespace eb::project
