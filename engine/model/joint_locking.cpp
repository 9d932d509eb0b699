#include "model/joint_locking.hpp"

#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"

#include <Eigen/Geometry>

#include <cmath>
#include <set>

namespace eb {
namespace {

/// Per DOF of `model`: the locked value, or NaN for a free joint. Throws on bad locks.
std::vector<double> lockedValues(const RobotModel& model, const std::vector<JointLock>& locks) {
  const std::string src = model.source().empty() ? model.name() : model.source();
  std::vector<double> value(static_cast<size_t>(model.dof()), std::nan(""));
  std::set<std::string> seen;
  for (const JointLock& lock : locks) {
    const std::string where = src + ": locked joint '" + lock.joint + "'";
    const int j = model.jointIndex(lock.joint);
    if (j < 0) throw InputError(where + ": no such moving joint (mimic joints follow their leader)");
    if (!seen.insert(lock.joint).second) throw InputError(where + ": locked twice");
    if (!std::isfinite(lock.value)) throw InputError(where + ": value is not a finite number");
    const JointLimits& l = model.joint(j).limits;
    if (lock.value < l.lower || lock.value > l.upper)
      throw InputError(where + ": value " + formatSignificant(lock.value) + " is outside its limits [" +
                       formatSignificant(l.lower) + ", " + formatSignificant(l.upper) + "]");
    value[static_cast<size_t>(j)] = lock.value;
  }
  if (seen.size() == static_cast<size_t>(model.dof()))
    throw inputErrorIn(src, "every joint is locked; at least one must move");
  return value;
}

/// The motion of body b's joint at displacement qi: a rotation about or a translation along its axis.
Eigen::Isometry3d jointMotion(const Body& b, double qi) {
  Eigen::Isometry3d m = Eigen::Isometry3d::Identity();
  if (b.type == JointType::Prismatic)
    m.translation() = b.axis * qi;
  else
    m.linear() = Eigen::AngleAxisd(qi, b.axis).toRotationMatrix();
  return m;
}

Eigen::Isometry3d poseInParent(const Body& b) {
  Eigen::Isometry3d local = Eigen::Isometry3d::Identity();
  local.linear() = b.rotationInParent;
  local.translation() = b.translationInParent;
  return local;
}

}  // namespace

RobotModel lockJoints(const RobotModel& model, const std::vector<JointLock>& locks) {
  if (locks.empty()) return model;
  const std::vector<double> value = lockedValues(model, locks);

  // Bodies in depth-first order: a parent comes before its children, so one pass sees each
  // body's new owner after its parent's. owner[i]: the new body that carries old body i (-1:
  // the base); pose[i]: old body i's frame in its owner's frame.
  const int n = model.bodyCount();
  std::vector<int> owner(static_cast<size_t>(n), -1), newDof(static_cast<size_t>(model.dof()), -1);
  std::vector<Eigen::Isometry3d> pose(static_cast<size_t>(n), Eigen::Isometry3d::Identity());
  RobotModel out = model;
  out.bodies_.clear();
  out.joints_.clear();
  for (int j = 0; j < model.dof(); ++j)
    if (std::isnan(value[static_cast<size_t>(j)])) {
      newDof[static_cast<size_t>(j)] = static_cast<int>(out.joints_.size());
      out.joints_.push_back(model.joint(j));
    }
  for (int i = 0; i < n; ++i) {
    const Body& b = model.body(i);
    const double lockedLeader = value[static_cast<size_t>(b.dof)];
    const int parentOwner = b.parent < 0 ? -1 : owner[static_cast<size_t>(b.parent)];
    const Eigen::Isometry3d inOwner =
        (b.parent < 0 ? Eigen::Isometry3d::Identity() : pose[static_cast<size_t>(b.parent)]) * poseInParent(b);
    if (std::isnan(lockedLeader)) {  // still moving: a body of its own, hung from its parent's owner
      Body moved = b;
      moved.parent = parentOwner;
      moved.rotationInParent = inOwner.linear();
      moved.translationInParent = inOwner.translation();
      moved.dof = newDof[static_cast<size_t>(b.dof)];
      owner[static_cast<size_t>(i)] = static_cast<int>(out.bodies_.size());
      if (!b.mimic) out.joints_[static_cast<size_t>(moved.dof)].body = owner[static_cast<size_t>(i)];
      out.bodies_.push_back(moved);
    } else {  // a fixed joint now, at the locked displacement (a mimic's through its multiplier)
      const double qi = b.mimic ? b.multiplier * lockedLeader + b.offset : lockedLeader;
      owner[static_cast<size_t>(i)] = parentOwner;
      pose[static_cast<size_t>(i)] = inOwner * jointMotion(b, qi);
      if (parentOwner >= 0) {
        const Eigen::Isometry3d& X = pose[static_cast<size_t>(i)];
        out.bodies_[static_cast<size_t>(parentOwner)].inertia +=
            transformStandardParameters(b.inertia, X.linear(), X.translation());
      }
    }
  }
  for (LinkFrame& link : out.links_) {
    if (link.body < 0) continue;
    const size_t old = static_cast<size_t>(link.body);
    link.poseInBody = pose[old] * link.poseInBody;
    link.body = owner[old];
  }
  out.computeHomeTwists();
  return out;
}

std::vector<int> freeJointIndices(const RobotModel& model, const std::vector<JointLock>& locks) {
  std::set<std::string> locked;
  for (const JointLock& lock : locks) {
    if (model.jointIndex(lock.joint) < 0)
      throw InputError((model.source().empty() ? model.name() : model.source()) + ": locked joint '" + lock.joint +
                       "': no such moving joint (mimic joints follow their leader)");
    locked.insert(lock.joint);
  }
  std::vector<int> free;
  for (int j = 0; j < model.dof(); ++j)
    if (!locked.count(model.joint(j).name)) free.push_back(j);
  return free;
}

}  // namespace eb
