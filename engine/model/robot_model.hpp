#pragma once
// RobotModel: the immutable description of a fixed-base kinematic tree.
//
// Conventions used by the whole engine (documented once, here):
// * Spatial vectors are [angular; linear] (Featherstone, Modern Robotics):
//   a twist is [omega; v], a wrench is [n; f].
// * Every moving joint owns one body. A body's frame is the URDF child-link
//   frame of its joint; fixed joints are merged into the moving body above.
// * Standard inertial parameters of a body, 10 per body, in this order:
//     [m, m*cx, m*cy, m*cz, Ixx, Ixy, Iyy, Ixz, Iyz, Izz]
//   c is the centre of mass and I the rotational inertia about the body frame
//   origin, both expressed in the body frame (SI: kg, kg m, kg m^2). This is
//   Pinocchio's order, so results compare one to one.
// * Joints ("dof") are the moving, non-mimic joints in depth-first order from
//   the root link, children in document order. A mimic joint's body follows
//   its leader: q_body = multiplier * q[leader] + offset.
// * Gravity is gravity() in the base frame (default 9.81 m/s^2 along -z).

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <limits>
#include <string>
#include <vector>

namespace eb {

using Vector6d = Eigen::Matrix<double, 6, 1>;
using Vector10d = Eigen::Matrix<double, 10, 1>;

enum class JointType { Revolute, Continuous, Prismatic };

struct JointLock;  // model/joint_locking.hpp

/// Name of a joint type as URDF spells it ("revolute", ...).
const char* jointTypeName(JointType type);

/// Limits of one joint in SI units (rad or m, per second, per second^2, N m or N).
/// A missing limit is +infinity (or -infinity for `lower`).
struct JointLimits {
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
  double velocity = std::numeric_limits<double>::infinity();
  double acceleration = std::numeric_limits<double>::infinity();
  double effort = std::numeric_limits<double>::infinity();
  bool hasPositionLimits() const { return lower > -std::numeric_limits<double>::infinity() && upper < std::numeric_limits<double>::infinity(); }
};

/// A visual or collision shape attached to a link, for drawing only.
struct Geometry {
  enum class Kind { Mesh, Box, Cylinder, Sphere };
  Kind kind = Kind::Box;
  Eigen::Isometry3d origin = Eigen::Isometry3d::Identity();  ///< shape pose in its link frame
  std::string meshUri;             ///< as written in the file (Mesh only)
  std::string meshPath;            ///< resolved file path, empty if it could not be resolved
  Eigen::Vector3d scale = Eigen::Vector3d::Ones();  ///< mesh scale
  Eigen::Vector3d size = Eigen::Vector3d::Zero();   ///< box edge lengths [m]
  double radius = 0.0;             ///< cylinder/sphere radius [m]
  double length = 0.0;             ///< cylinder length along its z axis [m]
  bool hasColor = false;
  Eigen::Vector4d rgba = Eigen::Vector4d(0.7, 0.7, 0.7, 1.0);
};

/// A URDF link kept for display: where it sits on its body and its shapes.
struct LinkFrame {
  std::string name;
  int body = -1;  ///< moving body it is attached to, -1 for the fixed base
  Eigen::Isometry3d poseInBody = Eigen::Isometry3d::Identity();  ///< link frame in the body frame
  std::vector<Geometry> visuals;
  std::vector<Geometry> collisions;
};

/// One moving body (one moving joint, including mimic joints).
struct Body {
  std::string name;        ///< URDF child link of the joint
  std::string jointName;   ///< URDF joint that moves it
  JointType type = JointType::Revolute;
  int parent = -1;         ///< parent body index, -1 for the fixed base
  /// Pose of the joint frame in the parent body frame at q = 0 (URDF joint origin,
  /// composed with any fixed joints in between).
  Eigen::Matrix3d rotationInParent = Eigen::Matrix3d::Identity();
  Eigen::Vector3d translationInParent = Eigen::Vector3d::Zero();
  Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();  ///< unit joint axis in the body frame
  int dof = -1;            ///< index into q of the joint that drives this body
  double multiplier = 1.0; ///< q_body = multiplier * q[dof] + offset (1, 0 unless mimic)
  double offset = 0.0;
  bool mimic = false;
  Vector10d inertia = Vector10d::Zero();  ///< standard parameters (see top of file)
};

/// One degree of freedom (a non-mimic moving joint), in model order.
struct Joint {
  std::string name;
  JointType type = JointType::Revolute;
  int body = -1;           ///< the body this joint moves
  JointLimits limits;
  double damping = 0.0;    ///< URDF <dynamics damping>, N m s/rad; ignored by rigid-body dynamics
  double friction = 0.0;   ///< URDF <dynamics friction>, N m; ignored by rigid-body dynamics
  double armature = 0.0;   ///< MJCF joint armature (rotor inertia), kg m^2 or kg; ignored by rigid-body dynamics
};

/// Immutable robot description. Build one with ModelBuilder (or the URDF, DH and
/// built-in importers, which use it).
class RobotModel {
 public:
  RobotModel() = default;

  const std::string& name() const { return name_; }
  const std::string& source() const { return source_; }  ///< file or built-in name it came from
  int dof() const { return static_cast<int>(joints_.size()); }
  int bodyCount() const { return static_cast<int>(bodies_.size()); }
  const std::vector<Body>& bodies() const { return bodies_; }
  const Body& body(int i) const { return bodies_[static_cast<size_t>(i)]; }
  const std::vector<Joint>& joints() const { return joints_; }
  const Joint& joint(int i) const { return joints_[static_cast<size_t>(i)]; }
  /// The joints' names, in model order (what logs and files are matched against).
  std::vector<std::string> jointNames() const;
  const std::vector<LinkFrame>& links() const { return links_; }
  const std::string& rootLink() const { return rootLink_; }
  const Eigen::Vector3d& gravity() const { return gravity_; }

  /// Screw axis of body i's joint at q = 0, in the base frame, [omega; v] (PoE).
  const Vector6d& homeTwist(int i) const { return homeTwists_[static_cast<size_t>(i)]; }
  /// Pose of body i's frame in the base frame at q = 0 (PoE "M_i").
  const Eigen::Isometry3d& homePose(int i) const { return homePoses_[static_cast<size_t>(i)]; }

  /// All standard parameters stacked body by body (10 * bodyCount()).
  Eigen::VectorXd standardParameters() const;
  /// Total mass of the moving bodies [kg].
  double movingMass() const;
  /// Index of a joint by name, -1 if absent.
  int jointIndex(const std::string& name) const;
  /// Index of a body by name (its link or a link merged into it), -1 if absent.
  int bodyIndexOfLink(const std::string& link) const;
  /// Copy with the standard parameters replaced (10 * bodyCount() values).
  RobotModel withStandardParameters(const Eigen::VectorXd& theta) const;
  /// Copy with joint limits replaced (dof() entries).
  RobotModel withJointLimits(const std::vector<JointLimits>& limits) const;
  /// Copy with a different gravity vector in the base frame [m/s^2].
  RobotModel withGravity(const Eigen::Vector3d& g) const;

 private:
  friend class ModelBuilder;
  friend RobotModel lockJoints(const RobotModel& model, const std::vector<JointLock>& locks);
  void computeHomeTwists();

  std::string name_;
  std::string source_;
  std::string rootLink_;
  std::vector<Body> bodies_;
  std::vector<Joint> joints_;
  std::vector<LinkFrame> links_;
  std::vector<Vector6d> homeTwists_;
  std::vector<Eigen::Isometry3d> homePoses_;
  Eigen::Vector3d gravity_ = Eigen::Vector3d(0.0, 0.0, -9.81);
};

}  // namespace eb
