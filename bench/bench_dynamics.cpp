// fk, jacobian, rnea, crba and regressor for the robots of docs/design.md, section 5.
// Inputs cycle through 256 seeded random states so the branch predictor and
// caches see a realistic spread, as Pinocchio's own benchmarks do.
#include "dynamics/forward_kinematics.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/jacobians.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "dynamics/mass_matrix.hpp"
#include "model/robot_loader.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

namespace {

struct States {
  std::vector<Eigen::VectorXd> q, qd, qdd;
  explicit States(int dof, size_t count = 256) {
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (size_t s = 0; s < count; ++s) {
      Eigen::VectorXd a(dof), b(dof), c(dof);
      for (int j = 0; j < dof; ++j) {
        a[j] = 2.0 * u(rng);
        b[j] = u(rng);
        c[j] = 3.0 * u(rng);
      }
      q.push_back(a);
      qd.push_back(b);
      qdd.push_back(c);
    }
  }
};

template <typename Fn>
void runOnStates(benchmark::State& state, const std::string& robot, Fn fn) {
  const eb::RobotModel model = eb::loadRobot(robot);
  eb::DynamicsWorkspace ws(model);
  const States s(model.dof());
  size_t i = 0;
  for (auto _ : state) {
    fn(model, ws, s.q[i], s.qd[i], s.qdd[i]);
    i = (i + 1) & 255;
  }
}

void registerAll() {
  const std::vector<std::string> robots{"panda", "ur5", "snake:7", "snake:20", "snake:50", "snake:100"};
  for (const std::string& robot : robots) {
    benchmark::RegisterBenchmark(("fk/" + robot).c_str(), [robot](benchmark::State& st) {
      runOnStates(st, robot, [](const eb::RobotModel& m, eb::DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                const Eigen::VectorXd&, const Eigen::VectorXd&) {
        eb::computeForwardKinematics(m, ws, q);
        benchmark::DoNotOptimize(ws.p_world.back().data());
      });
    });
    benchmark::RegisterBenchmark(("jacobian/" + robot).c_str(), [robot](benchmark::State& st) {
      runOnStates(st, robot, [](const eb::RobotModel& m, eb::DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                const Eigen::VectorXd&, const Eigen::VectorXd&) {
        eb::computeJointTwists(m, ws, q);
        benchmark::DoNotOptimize(eb::bodyJacobian(m, ws, m.bodyCount() - 1).data());
      });
    });
    benchmark::RegisterBenchmark(("rnea/" + robot).c_str(), [robot](benchmark::State& st) {
      runOnStates(st, robot, [](const eb::RobotModel& m, eb::DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd) {
        benchmark::DoNotOptimize(eb::inverseDynamics(m, ws, q, qd, qdd).data());
      });
    });
    benchmark::RegisterBenchmark(("crba/" + robot).c_str(), [robot](benchmark::State& st) {
      runOnStates(st, robot, [](const eb::RobotModel& m, eb::DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                const Eigen::VectorXd&, const Eigen::VectorXd&) {
        benchmark::DoNotOptimize(eb::computeMassMatrix(m, ws, q).data());
      });
    });
    benchmark::RegisterBenchmark(("regressor/" + robot).c_str(), [robot](benchmark::State& st) {
      const eb::RegressorOptions rigid;
      runOnStates(st, robot, [&rigid](const eb::RobotModel& m, eb::DynamicsWorkspace& ws, const Eigen::VectorXd& q,
                                      const Eigen::VectorXd& qd, const Eigen::VectorXd& qdd) {
        benchmark::DoNotOptimize(eb::computeJointTorqueRegressor(m, ws, rigid, q, qd, qdd).data());
      });
    });
  }
}

const bool kDynamicsRegistered = (registerAll(), true);

}  // namespace
