#pragma once
// Helpers shared by the model tests: temporary files, expected-error checks and
// a product-of-exponentials forward kinematics written independently of
// engine/dynamics (from RobotModel::homeTwist and homePose only).

#include "util/input_error.hpp"
#include "model/robot_model.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace eb::test {

/// The shared public robot descriptions (../shared/robots-public) and the Panda among them.
inline const std::string kShared = test_paths::kSharedRobotsDir;
inline const std::string kPanda = kShared + "/example-robot-data/robots/panda_description/urdf/panda.urdf";

/// A fresh folder under the GoogleTest temp dir, named after the running test.
inline std::filesystem::path tempDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "eb_model_tests" /
                                    (std::string(info->test_suite_name()) + "." + info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

/// Writes `text` to `path` (creating folders) and returns the path as a string.
inline std::string writeFile(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

/// Runs `f`, expects a InputError whose one-line message contains every piece.
inline void expectInputError(const std::function<void()>& f, const std::vector<std::string>& pieces) {
  try {
    f();
    ADD_FAILURE() << "no InputError thrown; expected one containing '" << (pieces.empty() ? "" : pieces[0]) << "'";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "message is not one line: " << msg;
    for (const std::string& p : pieces) EXPECT_NE(msg.find(p), std::string::npos) << "'" << p << "' not in: " << msg;
  }
}

/// exp([S] q) of a unit screw axis S = [w; v] (revolute, v = p x w) or S = [0; v] (prismatic).
inline Eigen::Isometry3d screwExp(const Vector6d& S, double q) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  const Eigen::Vector3d w = S.head<3>(), v = S.tail<3>();
  if (w.norm() < 1e-12) {
    T.translation() = v * q;
    return T;
  }
  const Eigen::Vector3d p = w.cross(v);  // the point of the axis nearest the origin
  T.linear() = Eigen::AngleAxisd(q, w).toRotationMatrix();
  T.translation() = p - T.linear() * p;
  return T;
}

/// Pose of body `body` in the base frame at `q` by the product of exponentials
/// over its ancestors (mimic bodies follow their leader).
inline Eigen::Isometry3d bodyPose(const RobotModel& model, int body, const Eigen::VectorXd& q) {
  std::vector<int> chain;
  for (int b = body; b >= 0; b = model.body(b).parent) chain.insert(chain.begin(), b);
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  for (int b : chain) {
    const Body& bd = model.body(b);
    T = T * screwExp(model.homeTwist(b), bd.multiplier * q[bd.dof] + bd.offset);
  }
  return T * model.homePose(body);
}

/// Pose of the URDF link `link` in the base frame at `q`.
inline Eigen::Isometry3d linkPose(const RobotModel& model, const std::string& link, const Eigen::VectorXd& q) {
  for (const LinkFrame& l : model.links())
    if (l.name == link) return l.body < 0 ? l.poseInBody : bodyPose(model, l.body, q) * l.poseInBody;
  ADD_FAILURE() << "no link " << link;
  return Eigen::Isometry3d::Identity();
}

/// Largest entry of the difference of two poses' 4x4 matrices.
inline double poseError(const Eigen::Isometry3d& a, const Eigen::Isometry3d& b) {
  return (a.matrix() - b.matrix()).cwiseAbs().maxCoeff();
}

}  // namespace eb::test
