#pragma once
// MJCF frame orientations as MuJoCo's compiler resolves them: `quat` (w x y z,
// normalised), `axisangle`, `euler` (in compiler/eulerseq order: lower case
// x/y/z rotate about the moving axes, upper case about the fixed ones),
// `xyaxes` (y made orthogonal to x, z = x cross y) and `zaxis` (the shortest
// rotation taking +z onto it). Angles are degrees unless compiler/angle is
// "radian" (MJCF's default is degrees).

#include <Eigen/Geometry>
#include <optional>
#include <string>
#include <vector>

namespace eb::mjcf {

/// The compiler settings an orientation depends on.
struct AngleSettings {
  bool degrees = true;  ///< compiler angle="degree" (MJCF's default)
  std::string eulerSequence = "xyz";
};

/// Which form an element wrote and its numbers (4, 4, 3, 6 or 3 of them).
struct OrientationSpec {
  enum class Form { Quat, AxisAngle, Euler, XYAxes, ZAxis };
  Form form = Form::Quat;
  std::vector<double> values;
};

/// Rotation of the frame; an empty error when it could be made, otherwise
/// MuJoCo's reason ("axisangle too small", "euler sequence ..."), the attribute's
/// caller naming the place.
Eigen::Quaterniond resolveOrientation(const OrientationSpec& spec, const AngleSettings& angles, std::string& error);

/// The rotation MuJoCo's `fromto` and `zaxis` use: +z turned onto `z` along the
/// shortest arc (a half turn about x when `z` points down -z).
Eigen::Quaterniond quaternionFromZAxis(const Eigen::Vector3d& z);

}  // namespace eb::mjcf
