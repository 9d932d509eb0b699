// lockJoints: a locked joint is a fixed joint at its value. The locked model's
// dynamics equal the full model's with that joint held still (RNEA on random
// states), its link poses equal the full model's, and the public Panda with its
// finger locked has the 7-DOF arm's 43 base parameters instead of 48.

#include "dynamics/base_parameters.hpp"
#include "dynamics/forward_kinematics.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "model/builtin_robots.hpp"
#include "model/joint_locking.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"
#include "model_test_util.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

namespace eb {
namespace {

using test::kPanda;
using test::kShared;

/// Random state of the full model with the locked joints at their values and still.
struct State {
  Eigen::VectorXd q, qd, qdd;
};
State randomState(const RobotModel& full, const std::vector<JointLock>& locks, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  State s{Eigen::VectorXd(full.dof()), Eigen::VectorXd(full.dof()), Eigen::VectorXd(full.dof())};
  for (int j = 0; j < full.dof(); ++j) {
    const JointLimits& l = full.joint(j).limits;
    s.q[j] = l.hasPositionLimits() ? l.lower + (l.upper - l.lower) * (0.5 + 0.5 * u(rng)) : 2.0 * u(rng);
    s.qd[j] = u(rng);
    s.qdd[j] = 3.0 * u(rng);
  }
  for (const JointLock& lock : locks) {
    const int j = full.jointIndex(lock.joint);
    s.q[j] = lock.value;
    s.qd[j] = s.qdd[j] = 0.0;
  }
  return s;
}

Eigen::VectorXd select(const Eigen::VectorXd& v, const std::vector<int>& indices) {
  Eigen::VectorXd out(static_cast<Eigen::Index>(indices.size()));
  for (size_t i = 0; i < indices.size(); ++i) out[static_cast<Eigen::Index>(i)] = v[indices[i]];
  return out;
}

/// Largest |tau_locked - tau_full[free]| and link pose error over `samples` random states.
void expectSameDynamics(const RobotModel& full, const std::vector<JointLock>& locks, int samples) {
  const RobotModel locked = lockJoints(full, locks);
  const std::vector<int> free = freeJointIndices(full, locks);
  ASSERT_EQ(static_cast<int>(free.size()), locked.dof());
  ASSERT_EQ(locked.links().size(), full.links().size());
  DynamicsWorkspace wsFull(full), wsLocked(locked);
  std::mt19937 rng(7);
  for (int k = 0; k < samples; ++k) {
    const State s = randomState(full, locks, rng);
    const Eigen::VectorXd tauFull = inverseDynamics(full, wsFull, s.q, s.qd, s.qdd);
    const Eigen::VectorXd tauLocked =
        inverseDynamics(locked, wsLocked, select(s.q, free), select(s.qd, free), select(s.qdd, free));
    const double scale = 1.0 + tauFull.cwiseAbs().maxCoeff();
    EXPECT_LE((tauLocked - select(tauFull, free)).cwiseAbs().maxCoeff(), 1e-10 * scale) << "sample " << k;
    // Every link (the merged ones too) sits where it sits on the full model.
    computeForwardKinematics(full, wsFull, s.q);
    computeForwardKinematics(locked, wsLocked, select(s.q, free));
    for (size_t i = 0; i < full.links().size(); ++i) {
      ASSERT_EQ(locked.links()[i].name, full.links()[i].name);
      const Eigen::Isometry3d a = linkPose(full, wsFull, static_cast<int>(i));
      const Eigen::Isometry3d b = linkPose(locked, wsLocked, static_cast<int>(i));
      EXPECT_LE((a.matrix() - b.matrix()).cwiseAbs().maxCoeff(), 1e-12) << full.links()[i].name;
    }
  }
}

int baseCount(const RobotModel& model) { return computeBaseParameters(model, RegressorOptions{}).rank; }

TEST(JointLocking, PublicPandaFingerLockedIsTheSevenDofArm) {
  if (!std::filesystem::exists(kPanda)) GTEST_SKIP() << "shared robots not found at " << kShared;
  const RobotModel full = loadRobot(kPanda, {kShared});
  ASSERT_EQ(full.dof(), 8);
  EXPECT_EQ(full.joint(7).name, "panda_finger_joint1");
  EXPECT_EQ(baseCount(full), 48);
  const std::vector<JointLock> locks{{"panda_finger_joint1", 0.02}};
  const RobotModel locked = lockJoints(full, locks);
  EXPECT_EQ(locked.dof(), 7);
  EXPECT_EQ(locked.bodyCount(), 7);  // the finger bodies (one a mimic) merged into link 7
  EXPECT_EQ(baseCount(locked), 43);
  EXPECT_EQ(baseCount(loadRobot("panda")), 43);  // the built-in 7-DOF arm
  EXPECT_NEAR(locked.movingMass(), full.movingMass(), 1e-12);
  for (int j = 0; j < 7; ++j) EXPECT_EQ(locked.joint(j).name, full.joint(j).name);
  expectSameDynamics(full, locks, 50);
}

TEST(JointLocking, MiddleJointOfASnakeHeldAtItsValue) {
  const RobotModel full = loadRobot("snake:6");
  const std::vector<JointLock> locks{{full.joint(2).name, 0.7}, {full.joint(4).name, -0.3}};
  const RobotModel locked = lockJoints(full, locks);
  EXPECT_EQ(locked.dof(), 4);
  EXPECT_EQ(freeJointIndices(full, locks), (std::vector<int>{0, 1, 3, 5}));
  expectSameDynamics(full, locks, 50);
}

TEST(JointLocking, BranchesAndPrismaticJoints) {
  // A trunk with two branches; the locked prismatic joint carries a revolute child.
  const std::string urdf = test::writeFile(test::tempDir() / "tree.urdf", R"(<robot name="tree">
  <link name="base"/>
  <link name="trunk"><inertial><mass value="2"/><origin xyz="0 0 0.2" rpy="0.1 0.2 0.3"/>
    <inertia ixx="0.025" ixy="0.001" ixz="0" iyy="0.02" iyz="0" izz="0.01"/></inertial></link>
  <link name="slider"><inertial><mass value="0.7"/><origin xyz="0.05 0.01 0"/>
    <inertia ixx="0.002" ixy="0" ixz="0" iyy="0.003" iyz="0" izz="0.004"/></inertial></link>
  <link name="tip"><inertial><mass value="0.4"/><origin xyz="0.1 0 0.02"/>
    <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial></link>
  <link name="arm"><inertial><mass value="1.1"/><origin xyz="0 0.15 0"/>
    <inertia ixx="0.01" ixy="0" ixz="0.002" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
  <joint name="j_trunk" type="revolute"><parent link="base"/><child link="trunk"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" velocity="2" effort="50"/></joint>
  <joint name="j_slide" type="prismatic"><parent link="trunk"/><child link="slider"/>
    <origin xyz="0 0 0.4" rpy="0.3 0 0"/><axis xyz="1 0 0"/><limit lower="-0.2" upper="0.2" velocity="1" effort="50"/></joint>
  <joint name="j_tip" type="revolute"><parent link="slider"/><child link="tip"/>
    <origin xyz="0.1 0 0" rpy="0 0.4 0"/><axis xyz="0 1 0"/><limit lower="-2" upper="2" velocity="2" effort="50"/></joint>
  <joint name="j_arm" type="revolute"><parent link="trunk"/><child link="arm"/>
    <origin xyz="0 0.1 0.3"/><axis xyz="0 1 1"/><limit lower="-2" upper="2" velocity="2" effort="50"/></joint>
</robot>)");
  const RobotModel full = loadRobot(urdf);
  ASSERT_EQ(full.dof(), 4);
  expectSameDynamics(full, {{"j_slide", 0.13}}, 40);
  expectSameDynamics(full, {{"j_trunk", -1.2}}, 40);  // a joint on the base: its subtree still moves
  expectSameDynamics(full, {{"j_trunk", 0.4}, {"j_tip", 1.1}}, 40);
  EXPECT_EQ(lockJoints(full, {{"j_slide", 0.13}}).joint(1).name, "j_tip");
}

TEST(JointLocking, NoLocksIsTheModelItself) {
  const RobotModel full = loadRobot("panda");
  const RobotModel same = lockJoints(full, {});
  EXPECT_EQ(same.dof(), 7);
  EXPECT_EQ(same.standardParameters(), full.standardParameters());
}

TEST(JointLocking, BadLocksNameTheJoint) {
  const RobotModel full = loadRobot("panda");
  auto expectError = [&](const std::vector<JointLock>& locks, const std::string& piece) {
    try {
      lockJoints(full, locks);
      ADD_FAILURE() << "no error for " << piece;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(piece), std::string::npos) << e.what();
    }
  };
  expectError({{"elbow", 0.0}}, "locked joint 'elbow': no such moving joint");
  expectError({{"panda_joint1", 0.0}, {"panda_joint1", 0.1}}, "locked joint 'panda_joint1': locked twice");
  expectError({{"panda_joint4", 1.0}}, "locked joint 'panda_joint4': value 1 is outside its limits [-3.0718, -0.0698]");
  expectError({{"panda_joint2", std::nan("")}}, "value is not a finite number");
  std::vector<JointLock> all;
  for (const Joint& j : full.joints()) all.push_back({j.name, 0.5 * (j.limits.lower + j.limits.upper)});
  expectError(all, "every joint is locked");
}

}  // namespace
}  // namespace eb
