#pragma once
// Seeded random robots for identity tests: random axes, rpy origins, revolute,
// prismatic and fixed joints, random physical inertials, optional branching.

#include "model/model_builder.hpp"

#include <Eigen/Geometry>
#include <random>
#include <string>

namespace eb::test {

inline Eigen::Matrix3d randomRotation(std::mt19937_64& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Eigen::Quaterniond q(n(rng), n(rng), n(rng), n(rng));
  q.normalize();
  return q.toRotationMatrix();
}

inline LinkInertial randomInertial(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  LinkInertial in;
  in.mass = 0.5 + 3.0 * u(rng);
  in.comFrame.linear() = randomRotation(rng);
  in.comFrame.translation() = Eigen::Vector3d(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5) * 0.4;
  // Principal moments of a box with random edges: always physical.
  const double a = 0.05 + 0.3 * u(rng), b = 0.05 + 0.3 * u(rng), c = 0.05 + 0.3 * u(rng);
  const double k = in.mass / 12.0;
  in.inertia = Eigen::Vector3d(k * (b * b + c * c), k * (a * a + c * c), k * (a * a + b * b)).asDiagonal();
  return in;
}

/// A random robot with `moving` moving joints (some prismatic), a few fixed joints,
/// and, if `branching`, a tree instead of a chain.
inline RobotModel randomRobot(unsigned seed, int moving, bool branching = false, bool prismatic = true) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::normal_distribution<double> n(0.0, 1.0);
  ModelBuilder b("random" + std::to_string(seed));
  b.addLink({"base", std::nullopt, {}, {}});
  std::vector<std::string> links{"base"};
  int fixedCount = 0;
  for (int i = 0; i < moving; ++i) {
    // Sometimes insert a fixed link in between, carrying mass of its own.
    std::string parent = branching && links.size() > 2 ? links[static_cast<size_t>(u(rng) * links.size())] : links.back();
    if (u(rng) < 0.3) {
      const std::string fl = "fixed" + std::to_string(fixedCount++);
      b.addLink({fl, randomInertial(rng), {}, {}});
      JointSpec fj;
      fj.name = fl + "_joint";
      fj.type = JointSpecType::Fixed;
      fj.parent = parent;
      fj.child = fl;
      fj.origin.linear() = randomRotation(rng);
      fj.origin.translation() = Eigen::Vector3d(n(rng), n(rng), n(rng)) * 0.2;
      b.addJoint(fj);
      parent = fl;
    }
    const std::string name = "link" + std::to_string(i + 1);
    b.addLink({name, randomInertial(rng), {}, {}});
    JointSpec j;
    j.name = "joint" + std::to_string(i + 1);
    j.type = (prismatic && u(rng) < 0.25) ? JointSpecType::Prismatic : JointSpecType::Revolute;
    j.parent = parent;
    j.child = name;
    j.origin.linear() = randomRotation(rng);
    j.origin.translation() = Eigen::Vector3d(n(rng), n(rng), n(rng)) * 0.3;
    j.axis = Eigen::Vector3d(n(rng), n(rng), n(rng)).normalized();
    j.limits.lower = -2.5;
    j.limits.upper = 2.5;
    b.addJoint(j);
    links.push_back(name);
  }
  return b.build();
}

inline Eigen::VectorXd randomVector(std::mt19937_64& rng, int n, double scale = 1.0) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = scale * u(rng);
  return v;
}

}  // namespace eb::test
