#include "model/model_builder.hpp"

#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace eb {
namespace {

bool allFinite(const Eigen::Isometry3d& T) { return T.matrix().allFinite(); }

// A part of the description a finding concerns: the file and its subject ("joint 'j1'"), kept
// apart so an importer that knows lines can add the subject's line (urdf_import.cpp).
struct BuilderPlace {
  const std::string& file;
  std::string subject;
};

[[noreturn]] void failBuild(const BuilderPlace& place, const std::string& message) {
  throw sourceErrorAt(place.file, 0, place.subject, message);
}

std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// Checks one link's inertial; the message names the link and the field.
void checkInertial(const BuilderPlace& where, const LinkInertial& in) {
  if (!std::isfinite(in.mass)) failBuild(where, "inertial mass is not a finite number");
  if (in.mass < 0.0) failBuild(where, "inertial mass is negative (" + fmt(in.mass) + " kg)");
  if (!allFinite(in.comFrame)) failBuild(where, "inertial origin is not finite");
  if (!in.inertia.allFinite()) failBuild(where, "inertia has a non-finite entry");
  if ((in.inertia - in.inertia.transpose()).cwiseAbs().maxCoeff() > 1e-12 * (1.0 + in.inertia.cwiseAbs().maxCoeff()))
    failBuild(where, "inertia matrix is not symmetric");
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(in.inertia);
  const Eigen::Vector3d p = eig.eigenvalues();  // ascending
  const double scale = std::max(1e-12, p.cwiseAbs().maxCoeff());
  const double tol = 1e-9 * scale;
  if (p[0] < -tol)
    failBuild(where, "inertia is not positive semi-definite (principal moment " + fmt(p[0]) + " kg m^2)");
  // Triangle inequality of principal moments: each is at most the sum of the other two.
  if (p[2] > p[0] + p[1] + tol)
    failBuild(where, "inertia violates the triangle inequality (principal moments " + fmt(p[0]) + ", " + fmt(p[1]) +
                         ", " + fmt(p[2]) + " kg m^2)");
  if (in.mass == 0.0 && p[2] > tol) failBuild(where, "zero mass with non-zero inertia");
}

// Each joint's numbers: finite origin, a finite non-zero axis (moving joints), limits without
// NaN, lower <= upper, non-negative rates and effort, finite damping and friction.
void checkJointValues(const BuilderPlace& where, const JointSpec& js) {
  if (!allFinite(js.origin)) failBuild(where, "origin is not finite");
  if (js.type != JointSpecType::Fixed) {
    if (!js.axis.allFinite()) failBuild(where, "axis is not finite");
    if (js.axis.norm() < 1e-9) failBuild(where, "axis is zero");
  }
  const JointLimits& l = js.limits;
  if (std::isnan(l.lower) || std::isnan(l.upper) || std::isnan(l.velocity) || std::isnan(l.effort) ||
      std::isnan(l.acceleration))
    failBuild(where, "limit has a NaN value");
  if (l.lower > l.upper) failBuild(where, "limit lower (" + fmt(l.lower) + ") is above upper (" + fmt(l.upper) + ")");
  if (l.velocity < 0.0 || l.effort < 0.0 || l.acceleration < 0.0)
    failBuild(where, "limit velocity, acceleration and effort must not be negative");
  if (!std::isfinite(js.damping) || !std::isfinite(js.friction) || !std::isfinite(js.armature))
    failBuild(where, "dynamics damping/friction/armature is not finite");
}

// Index of each link by name; throws on too many links or joints, a link without a name, a
// duplicate name, a bad inertial or no link at all.
std::map<std::string, size_t> indexLinks(const std::string& src, const std::vector<LinkSpec>& links,
                                         size_t jointCount) {
  if (links.size() > static_cast<size_t>(kMaxModelLinks) || jointCount > static_cast<size_t>(kMaxModelLinks))
    throw inputErrorIn(src, std::to_string(links.size()) + " links and " + std::to_string(jointCount) +
                                " joints, at most " + std::to_string(kMaxModelLinks) + " of each are supported");
  std::map<std::string, size_t> linkIndex;
  for (size_t i = 0; i < links.size(); ++i) {
    if (links[i].name.empty()) throw inputErrorIn(src, "link #" + std::to_string(i + 1) + " has no name");
    if (!linkIndex.emplace(links[i].name, i).second)
      failBuild(BuilderPlace{src, "link '" + links[i].name + "'"}, "duplicate link name");
    if (links[i].inertial) checkInertial(BuilderPlace{src, "link '" + links[i].name + "'"}, *links[i].inertial);
  }
  if (links.empty()) throw inputErrorIn(src, "the robot has no links");
  return linkIndex;
}

/// The tree the joints make of the links.
struct LinkTree {
  std::vector<std::vector<size_t>> childJoints;  // per link: the joints below it, in document order
  std::string root;                              // the one link without a parent joint
};

// Checks every joint and links the tree; throws on unnamed or duplicate joints, missing links,
// a link with two parents (loop), bad numbers (checkJointValues), no root or several roots.
LinkTree linkJoints(const std::string& src, const std::vector<LinkSpec>& links, const std::vector<JointSpec>& joints,
                    const std::map<std::string, size_t>& linkIndex) {
  LinkTree tree;
  tree.childJoints.resize(links.size());
  std::set<std::string> jointNames;
  std::map<std::string, size_t> parentJointOfLink;
  for (size_t j = 0; j < joints.size(); ++j) {
    const JointSpec& js = joints[j];
    const BuilderPlace where{src, "joint '" + js.name + "'"};
    if (js.name.empty()) throw inputErrorIn(src, "joint #" + std::to_string(j + 1) + " has no name");
    if (!jointNames.insert(js.name).second) failBuild(where, "duplicate joint name");
    if (!linkIndex.count(js.parent)) failBuild(where, "parent link '" + js.parent + "' does not exist");
    if (!linkIndex.count(js.child)) failBuild(where, "child link '" + js.child + "' does not exist");
    if (js.parent == js.child) failBuild(where, "parent and child are the same link '" + js.child + "'");
    auto [it, fresh] = parentJointOfLink.emplace(js.child, j);
    if (!fresh)
      failBuild(where, "link '" + js.child + "' is already the child of joint '" + joints[it->second].name +
                           "' (kinematic loop; only trees are supported)");
    checkJointValues(where, js);
    tree.childJoints[linkIndex.at(js.parent)].push_back(j);
  }

  std::vector<std::string> roots;
  for (const LinkSpec& l : links)
    if (!parentJointOfLink.count(l.name)) roots.push_back(l.name);
  if (roots.empty()) throw inputErrorIn(src, "no root link: every link has a parent (kinematic loop)");
  if (roots.size() > 1)
    throw inputErrorIn(src,
                       "more than one root link ('" + roots[0] + "' and '" + roots[1] + "'); links must form one tree");
  tree.root = roots[0];
  return tree;
}

}  // namespace

RobotModel ModelBuilder::build() const {
  const std::map<std::string, size_t> linkIndex = indexLinks(source_, links_, joints_.size());
  const LinkTree tree = linkJoints(source_, links_, joints_, linkIndex);

  RobotModel model;
  model.name_ = name_.empty() ? tree.root : name_;
  model.source_ = source_;
  model.rootLink_ = tree.root;
  model.gravity_ = gravity_;
  const size_t visited = attachTree(model, linkIndex, tree.childJoints, linkIndex.at(tree.root));
  if (visited != links_.size())
    throw inputErrorIn(source_, std::to_string(links_.size() - visited) +
                                    " link(s) are not connected to the root link '" + tree.root + "'");
  attachMimics(model);
  if (model.joints_.empty()) throw inputErrorIn(source_, "the robot has no moving joint");
  model.computeHomeTwists();
  return model;
}

size_t ModelBuilder::attachTree(RobotModel& model, const std::map<std::string, size_t>& linkIndex,
                                const std::vector<std::vector<size_t>>& childJoints, size_t root) const {
  // Depth-first walk from the root, children in document order. Each link is
  // attached to the moving body above it at a fixed pose. An explicit stack,
  // not recursion, so that a long chain cannot exhaust the call stack; the
  // order is that of the recursive walk (pre-order, one subtree at a time).
  constexpr size_t kNoJoint = static_cast<size_t>(-1);
  struct Visit {
    size_t link;             // link to attach
    size_t joint;            // the joint that leads to it (kNoJoint for the root)
    int body;                // moving body above the joint (-1: the base)
    Eigen::Isometry3d pose;  // the joint frame (or the root link frame) in that body
  };
  std::vector<Visit> stack{Visit{root, kNoJoint, -1, Eigen::Isometry3d::Identity()}};
  size_t visited = 0;
  while (!stack.empty()) {
    const Visit v = stack.back();
    stack.pop_back();
    ++visited;
    int body = v.body;
    Eigen::Isometry3d poseInBody = v.pose;
    if (v.joint != kNoJoint && joints_[v.joint].type != JointSpecType::Fixed) {
      // A moving joint starts a new body whose frame is the joint frame.
      body = addMovingBody(model, joints_[v.joint], v.body, v.pose);
      poseInBody = Eigen::Isometry3d::Identity();
    }
    addLinkFrame(model, links_[v.link], body, poseInBody);
    // Pushed last-first, so popped first-first.
    const std::vector<size_t>& children = childJoints[v.link];
    for (auto it = children.rbegin(); it != children.rend(); ++it)
      stack.push_back(Visit{linkIndex.at(joints_[*it].child), *it, body, poseInBody * joints_[*it].origin});
  }
  return visited;
}

int ModelBuilder::addMovingBody(RobotModel& model, const JointSpec& js, int parent,
                                const Eigen::Isometry3d& pose) const {
  Body b;
  b.name = js.child;
  b.jointName = js.name;
  b.type = js.type == JointSpecType::Prismatic    ? JointType::Prismatic
           : js.type == JointSpecType::Continuous ? JointType::Continuous
                                                  : JointType::Revolute;
  b.parent = parent;
  b.rotationInParent = pose.linear();
  b.translationInParent = pose.translation();
  b.axis = js.axis.normalized();
  model.bodies_.push_back(b);
  const int body = static_cast<int>(model.bodies_.size()) - 1;
  if (!js.mimic) {
    Joint joint;
    joint.name = js.name;
    joint.type = b.type;
    joint.body = body;
    joint.limits = js.limits;
    if (b.type == JointType::Continuous) {
      joint.limits.lower = -std::numeric_limits<double>::infinity();
      joint.limits.upper = std::numeric_limits<double>::infinity();
    }
    joint.damping = js.damping;
    joint.friction = js.friction;
    joint.armature = js.armature;
    model.bodies_.back().dof = static_cast<int>(model.joints_.size());
    model.joints_.push_back(joint);
  }
  return body;
}

void ModelBuilder::addLinkFrame(RobotModel& model, const LinkSpec& link, int body,
                                const Eigen::Isometry3d& poseInBody) const {
  LinkFrame frame;
  frame.name = link.name;
  frame.body = body;
  frame.poseInBody = poseInBody;
  frame.visuals = link.visuals;
  frame.collisions = link.collisions;
  model.links_.push_back(std::move(frame));
  if (body >= 0 && link.inertial) {
    const LinkInertial& in = *link.inertial;
    const Eigen::Matrix3d Rc = in.comFrame.linear();
    const Vector10d inLink =
        standardParametersFromCom(in.mass, in.comFrame.translation(), Rc * in.inertia * Rc.transpose());
    Vector10d& inertia = model.bodies_[static_cast<size_t>(body)].inertia;
    inertia += transformStandardParameters(inLink, poseInBody.linear(), poseInBody.translation());
    if (!inertia.allFinite())
      failBuild(BuilderPlace{source_, "link '" + link.name + "'"},
                "inertial: the parameters about the body frame overflow (mass, centre of mass or "
                "link offset too large)");
  }
}

void ModelBuilder::attachMimics(RobotModel& model) const {
  // Mimic joints follow a leader that must be a non-mimic moving joint.
  std::map<std::string, int> dofOfJoint, bodyOfJoint;
  for (size_t i = 0; i < model.joints_.size(); ++i) dofOfJoint.emplace(model.joints_[i].name, static_cast<int>(i));
  for (size_t b = 0; b < model.bodies_.size(); ++b) bodyOfJoint.emplace(model.bodies_[b].jointName, static_cast<int>(b));
  for (size_t j = 0; j < joints_.size(); ++j) {
    const JointSpec& js = joints_[j];
    if (!js.mimic || js.type == JointSpecType::Fixed) continue;
    const BuilderPlace where{source_, "joint '" + js.name + "'"};
    const auto leader = dofOfJoint.find(js.mimic->leader);
    if (leader == dofOfJoint.end())
      failBuild(where, "mimic joint '" + js.mimic->leader + "' is not a moving, non-mimic joint");
    if (!std::isfinite(js.mimic->multiplier) || !std::isfinite(js.mimic->offset))
      failBuild(where, "mimic multiplier/offset is not finite");
    Body& b = model.bodies_[static_cast<size_t>(bodyOfJoint.at(js.name))];
    b.mimic = true;
    b.dof = leader->second;
    b.multiplier = js.mimic->multiplier;
    b.offset = js.mimic->offset;
  }
}

}  // namespace eb
