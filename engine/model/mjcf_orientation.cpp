#include "model/mjcf_orientation.hpp"

#include <cmath>

namespace eb::mjcf {
namespace {

// MuJoCo's mjEPS: below it an axis counts as zero.
constexpr double kTiny = 1e-14;

double toRadians(double angle, const AngleSettings& s) { return s.degrees ? angle * M_PI / 180.0 : angle; }

}  // namespace

Eigen::Quaterniond quaternionFromZAxis(const Eigen::Vector3d& z) {
  const Eigen::Vector3d unitZ = z.normalized();
  Eigen::Vector3d axis = Eigen::Vector3d::UnitZ().cross(unitZ);
  const double s = axis.norm();
  axis = s < 1e-10 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d(axis / s);
  const double angle = std::atan2(s, unitZ.z());
  return Eigen::Quaterniond(Eigen::AngleAxisd(angle, axis));
}

Eigen::Quaterniond resolveOrientation(const OrientationSpec& spec, const AngleSettings& angles, std::string& error) {
  error.clear();
  const std::vector<double>& v = spec.values;
  switch (spec.form) {
    case OrientationSpec::Form::Quat: {
      const Eigen::Quaterniond q(v[0], v[1], v[2], v[3]);
      if (q.norm() < kTiny) {
        error = "quaternion is zero";
        return Eigen::Quaterniond::Identity();
      }
      return q.normalized();
    }
    case OrientationSpec::Form::AxisAngle: {
      const Eigen::Vector3d axis(v[0], v[1], v[2]);
      if (axis.norm() < kTiny) {
        error = "axisangle too small";
        return Eigen::Quaterniond::Identity();
      }
      return Eigen::Quaterniond(Eigen::AngleAxisd(toRadians(v[3], angles), axis.normalized()));
    }
    case OrientationSpec::Form::Euler: {
      if (angles.eulerSequence.size() != 3) {
        error = "euler sequence must have 3 letters";
        return Eigen::Quaterniond::Identity();
      }
      Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
      for (int i = 0; i < 3; ++i) {
        const char c = angles.eulerSequence[static_cast<size_t>(i)];
        const char lower = static_cast<char>(c | 0x20);
        if (lower != 'x' && lower != 'y' && lower != 'z') {
          error = "euler sequence can only contain x, y, z, X, Y, Z";
          return Eigen::Quaterniond::Identity();
        }
        const Eigen::Vector3d axis = lower == 'x'   ? Eigen::Vector3d::UnitX()
                                     : lower == 'y' ? Eigen::Vector3d::UnitY()
                                                    : Eigen::Vector3d::UnitZ();
        const Eigen::Quaterniond r(Eigen::AngleAxisd(toRadians(v[static_cast<size_t>(i)], angles), axis));
        // Moving axes post-multiply, fixed axes pre-multiply (MuJoCo's ResolveOrientation).
        q = c == lower ? q * r : r * q;
      }
      return q.normalized();
    }
    case OrientationSpec::Form::XYAxes: {
      Eigen::Vector3d x(v[0], v[1], v[2]), y(v[3], v[4], v[5]);
      if (x.norm() < kTiny) {
        error = "xaxis too small";
        return Eigen::Quaterniond::Identity();
      }
      x.normalize();
      y -= x * x.dot(y);
      if (y.norm() < kTiny) {
        error = "yaxis too small";
        return Eigen::Quaterniond::Identity();
      }
      y.normalize();
      Eigen::Matrix3d R;
      R.col(0) = x;
      R.col(1) = y;
      R.col(2) = x.cross(y).normalized();
      return Eigen::Quaterniond(R).normalized();
    }
    case OrientationSpec::Form::ZAxis: {
      const Eigen::Vector3d z(v[0], v[1], v[2]);
      if (z.norm() < kTiny) {
        error = "zaxis too small";
        return Eigen::Quaterniond::Identity();
      }
      return quaternionFromZAxis(z);
    }
  }
  return Eigen::Quaterniond::Identity();
}

}  // namespace eb::mjcf
