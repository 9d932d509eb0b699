#pragma once
// ModelBuilder: collects links and joints as a description file states them
// (URDF, DH table, built-in) and builds the immutable RobotModel: finds the
// root, orders joints depth-first, merges fixed joints into their moving parent
// and computes the PoE home twists. Checks the structure and the inertials and
// throws InputError with a message naming the element.

#include "model/robot_model.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace eb {

/// The most links (and joints) a robot description may have: far beyond any
/// real robot (snake:N stops at 1000), small enough that importing and the
/// dynamics stay quick. Importers refuse larger files with a InputError.
inline constexpr int kMaxModelLinks = 10000;

/// Inertial data of a link as URDF writes it: inertia about the centre of mass.
struct LinkInertial {
  double mass = 0.0;                                            ///< kg
  Eigen::Isometry3d comFrame = Eigen::Isometry3d::Identity();  ///< COM frame in the link frame
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();           ///< about the COM, in the COM frame
};

struct LinkSpec {
  std::string name;
  std::optional<LinkInertial> inertial;  ///< absent: massless
  std::vector<Geometry> visuals;
  std::vector<Geometry> collisions;
};

enum class JointSpecType { Fixed, Revolute, Continuous, Prismatic };

struct MimicSpec {
  std::string leader;
  double multiplier = 1.0;
  double offset = 0.0;
};

struct JointSpec {
  std::string name;
  JointSpecType type = JointSpecType::Revolute;
  std::string parent;  ///< parent link name
  std::string child;   ///< child link name
  Eigen::Isometry3d origin = Eigen::Isometry3d::Identity();  ///< child frame in parent frame at q = 0
  Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();           ///< in the joint (child) frame
  JointLimits limits;
  double damping = 0.0;
  double friction = 0.0;
  double armature = 0.0;  ///< rotor inertia reflected to the joint (MJCF armature)
  std::optional<MimicSpec> mimic;
};

class ModelBuilder {
 public:
  /// `source` names the file or built-in robot in error messages.
  explicit ModelBuilder(std::string source) : source_(std::move(source)) {}

  void setName(std::string name) { name_ = std::move(name); }
  void setGravity(const Eigen::Vector3d& g) { gravity_ = g; }
  void addLink(LinkSpec link) { links_.push_back(std::move(link)); }
  void addJoint(JointSpec joint) { joints_.push_back(std::move(joint)); }

  /// Builds the model. Throws InputError naming the element on: duplicate names,
  /// a joint referring to a missing link, a link with two parents (loop), more
  /// than one root, no moving joint, a zero or non-finite axis, non-finite
  /// numbers, negative mass, an inertia that is not positive semi-definite or
  /// violates the triangle inequality, lower > upper, a mimic of a missing joint,
  /// more than kMaxModelLinks links or joints.
  RobotModel build() const;

 private:
  // The steps of build() that write the model's private parts (ModelBuilder is its friend).
  /// Adds the bodies, joints and link frames of the tree below link `root` (depth first,
  /// children in document order); returns how many links it reached.
  size_t attachTree(RobotModel& model, const std::map<std::string, size_t>& linkIndex,
                    const std::vector<std::vector<size_t>>& childJoints, size_t root) const;
  /// Appends the body that moving joint `js` starts (and its joint unless a mimic), at `pose`
  /// (the joint frame) in body `parent` (-1: the base); returns its index.
  int addMovingBody(RobotModel& model, const JointSpec& js, int parent, const Eigen::Isometry3d& pose) const;
  /// Appends `link`'s frame at `poseInBody` in `body` and adds its inertial to that body's.
  void addLinkFrame(RobotModel& model, const LinkSpec& link, int body, const Eigen::Isometry3d& poseInBody) const;
  /// Points every mimic body at its leader's dof, with its multiplier and offset.
  void attachMimics(RobotModel& model) const;

  std::string source_;
  std::string name_;
  Eigen::Vector3d gravity_ = Eigen::Vector3d(0.0, 0.0, -9.81);
  std::vector<LinkSpec> links_;
  std::vector<JointSpec> joints_;
};

}  // namespace eb
