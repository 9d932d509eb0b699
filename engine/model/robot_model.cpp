#include "model/robot_model.hpp"

#include "util/input_error.hpp"

namespace eb {

const char* jointTypeName(JointType type) {
  switch (type) {
    case JointType::Revolute: return "revolute";
    case JointType::Continuous: return "continuous";
    case JointType::Prismatic: return "prismatic";
  }
  return "unknown";
}

void RobotModel::computeHomeTwists() {
  homeTwists_.resize(bodies_.size());
  homePoses_.resize(bodies_.size());
  for (size_t i = 0; i < bodies_.size(); ++i) {
    const Body& b = bodies_[i];
    Eigen::Isometry3d local = Eigen::Isometry3d::Identity();
    local.linear() = b.rotationInParent;
    local.translation() = b.translationInParent;
    homePoses_[i] = b.parent < 0 ? local : homePoses_[static_cast<size_t>(b.parent)] * local;
    const Eigen::Vector3d a = homePoses_[i].linear() * b.axis;
    const Eigen::Vector3d p = homePoses_[i].translation();
    Vector6d S;
    if (b.type == JointType::Prismatic)
      S << Eigen::Vector3d::Zero(), a;
    else
      S << a, p.cross(a);  // v = -omega x p: the velocity of the base origin point
    homeTwists_[i] = S;
  }
}

Eigen::VectorXd RobotModel::standardParameters() const {
  Eigen::VectorXd theta(10 * bodyCount());
  for (int i = 0; i < bodyCount(); ++i) theta.segment<10>(10 * i) = bodies_[static_cast<size_t>(i)].inertia;
  return theta;
}

double RobotModel::movingMass() const {
  double m = 0.0;
  for (const Body& b : bodies_) m += b.inertia[0];
  return m;
}

std::vector<std::string> RobotModel::jointNames() const {
  std::vector<std::string> names;
  for (const Joint& j : joints_) names.push_back(j.name);
  return names;
}

int RobotModel::jointIndex(const std::string& name) const {
  for (size_t i = 0; i < joints_.size(); ++i)
    if (joints_[i].name == name) return static_cast<int>(i);
  return -1;
}

int RobotModel::bodyIndexOfLink(const std::string& link) const {
  for (const LinkFrame& l : links_)
    if (l.name == link) return l.body;
  return -1;
}

RobotModel RobotModel::withStandardParameters(const Eigen::VectorXd& theta) const {
  if (theta.size() != 10 * bodyCount())
    throw InputError("standard parameter vector has " + std::to_string(theta.size()) + " entries, the model needs " +
                     std::to_string(10 * bodyCount()));
  RobotModel out = *this;
  for (int i = 0; i < bodyCount(); ++i) out.bodies_[static_cast<size_t>(i)].inertia = theta.segment<10>(10 * i);
  return out;
}

RobotModel RobotModel::withJointLimits(const std::vector<JointLimits>& limits) const {
  if (static_cast<int>(limits.size()) != dof())
    throw InputError("joint limit list has " + std::to_string(limits.size()) + " entries, the model has " +
                     std::to_string(dof()) + " joints");
  RobotModel out = *this;
  for (size_t i = 0; i < limits.size(); ++i) out.joints_[i].limits = limits[i];
  return out;
}

RobotModel RobotModel::withGravity(const Eigen::Vector3d& g) const {
  RobotModel out = *this;
  out.gravity_ = g;
  return out;
}

}  // namespace eb
