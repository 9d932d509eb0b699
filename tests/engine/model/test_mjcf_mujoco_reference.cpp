// MJCF import against MuJoCo itself (Debian's libmujoco-dev 2.2.2, optional): inverse dynamics
// of the explicit-inertia Menagerie models equal mj_inverse. MuJoCo 2.2 refuses what these files
// use beyond it (`implicitfast`) and the meshes left out of ../shared, so it reads a temporary
// copy without them; meshes do not enter these models' dynamics (every body has an <inertial>).
// Constraints are switched off in the copy: joint limits, frictionloss and the finger coupling
// are no part of the rigid-body inverse dynamics compared here.
#include <gtest/gtest.h>

#include <random>
#include <regex>

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "model/mjcf_import.hpp"
#include "model/urdf_import.hpp"
#include "model_test_util.hpp"

#ifdef EB_HAVE_MUJOCO
#include <mujoco/mujoco.h>
#endif

namespace eb::mjcf_tests {
namespace {

#ifdef EB_HAVE_MUJOCO
constexpr double kInertiaTolerance = 1e-12;

// The copy MuJoCo 2.2 reads: no mesh assets or mesh geoms, no implicitfast, constraints off.
std::string mujoco22Copy(const std::string& text) {
  std::string s = std::regex_replace(text, std::regex(R"(<mesh\b[^>]*/>)"), "");
  s = std::regex_replace(s, std::regex(R"(<geom\b[^>]*\bmesh="[^"]*"[^>]*/>)"), "");
  s = std::regex_replace(s, std::regex(R"(<option\b[^>]*/>)"), R"(<option><flag constraint="disable"/></option>)");
  return s;
}

void compareWithMjInverse(const std::string& file) {
  const std::string path = test::kShared + "/mujoco_menagerie/" + file;
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const MjcfImport imported = importMjcfFileWithWarnings(path);
  const RobotModel& model = imported.model;
  const std::string copy = test::writeFile(test::tempDir() / "copy.xml", mujoco22Copy(readUrdfText(path)));
  char error[1000] = "";
  mjModel* m = mj_loadXML(copy.c_str(), nullptr, error, sizeof error);
  ASSERT_NE(m, nullptr) << error;
  mjData* d = mj_makeData(m);
  ASSERT_EQ(m->nv, model.dof());
  for (int i = 0; i < model.dof(); ++i) EXPECT_EQ(mj_id2name(m, mjOBJ_JOINT, i), model.joint(i).name);

  // Each body as MuJoCo compiled it (body 0 is the world): mass, COM, principal moments and axes.
  ASSERT_EQ(static_cast<size_t>(m->nbody), imported.bodies.size() + 1);
  for (int b = 1; b < m->nbody; ++b) {
    const MjcfBodyInertial& ours = imported.bodies[static_cast<size_t>(b - 1)];
    EXPECT_EQ(mj_id2name(m, mjOBJ_BODY, b), ours.name);
    EXPECT_NEAR(m->body_mass[b], ours.mass, 1e-15) << ours.name;
    EXPECT_TRUE(Eigen::Vector3d(m->body_ipos + 3 * b).isApprox(ours.com, 1e-14)) << ours.name;
    const double* q = m->body_iquat + 4 * b;
    const Eigen::Matrix3d R = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).toRotationMatrix();
    const Eigen::Matrix3d theirs = R * Eigen::Vector3d(m->body_inertia + 3 * b).asDiagonal() * R.transpose();
    EXPECT_LE((theirs - ours.inertia).norm(), kInertiaTolerance * ours.inertia.norm())
        << ours.name << ": " << (theirs - ours.inertia).norm() / ours.inertia.norm();
  }

  DynamicsWorkspace ws(model);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = model.dof();
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd q(n), qd(n), qdd(n), armature(n), damping(n);
    for (int i = 0; i < n; ++i) {
      q[i] = model.joint(i).type == JointType::Prismatic ? 0.02 * (u(rng) + 1.0) : 2.0 * u(rng);
      qd[i] = 2.0 * u(rng);
      qdd[i] = 5.0 * u(rng);
      armature[i] = model.joint(i).armature;
      damping[i] = model.joint(i).damping;
      d->qpos[i] = q[i];
      d->qvel[i] = qd[i];
      d->qacc[i] = qdd[i];
    }
    mj_inverse(m, d);
    // MuJoCo's inverse dynamics hold the armature in M and subtract the passive (damping) force.
    const Eigen::VectorXd tau =
        inverseDynamics(model, ws, q, qd, qdd) + armature.cwiseProduct(qdd) + damping.cwiseProduct(qd);
    for (int i = 0; i < n; ++i)
      EXPECT_NEAR(tau[i], d->qfrc_inverse[i], 1e-9 * (1.0 + std::abs(tau[i]))) << file << " joint " << i;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}
#endif

TEST(MjcfMujocoReference, InverseDynamicsEqualMjInverse) {
#ifdef EB_HAVE_MUJOCO
  for (const char* file :
       {"universal_robots_ur5e/ur5e.xml", "franka_emika_panda/panda.xml", "kuka_iiwa_14/iiwa14.xml"}) {
    SCOPED_TRACE(file);
    compareWithMjInverse(file);
  }
#else
  GTEST_SKIP() << "built without MuJoCo (libmujoco-dev)";
#endif
}

}  // namespace
}  // namespace eb::mjcf_tests
