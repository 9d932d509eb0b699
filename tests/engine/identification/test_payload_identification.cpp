// Payload and drive-gain identification on simulated logs whose truth is known:
// the Panda carries a 1.5 kg payload with an off-centre COM and a full inertia
// on its last link. Every log goes through the CSV path (written, imported,
// resampled, filtered, accumulated), with torque noise as a sensor has it.
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/default_excitation.hpp"
#include "identification/payload_identification.hpp"
#include "identification/validation.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"
#include "simulation/experiment_simulator.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

using namespace eb;
using eb::test::TempFile;

namespace {

constexpr double kPayloadNoiseTorque = 0.05;  // [N m]

Vector10d truePayload() {
  Eigen::Matrix3d Ic;
  Ic << 6e-3, 4e-4, -3e-4, 4e-4, 8e-3, 2e-4, -3e-4, 2e-4, 5e-3;
  return standardParametersFromCom(1.5, Eigen::Vector3d(0.02, -0.03, 0.06), Ic);
}

struct PayloadSetup {
  RobotModel model = builtinRobot("panda");
  PayloadMount mount = payloadMount(model, "");
  RobotModel loadedModel = withPayload(model, mount, truePayload());
  Trajectory trajectory = Trajectory(defaultExcitation(model, 8.0, 5));
  SimulatedLog simulate(const RobotModel& m, unsigned seed) const {
    SimulationSettings s;
    s.noiseTorque = kPayloadNoiseTorque;
    s.noisePosition = 1e-5;
    s.seed = seed;
    return simulateExperiment(m, trajectory, s);
  }
};

const PayloadSetup& setup() {
  static const PayloadSetup s;
  return s;
}

// Each of mass, COM and inertia about the COM within 3 sigma of the truth, and sigma
// small enough that the check means something.
void expectPayloadWithin3Sigma(const PayloadEstimate& e) {
  const Vector10d truth = truePayload();
  const Eigen::Vector3d com = centreOfMass(truth);
  const Eigen::Matrix3d Ic = inertiaAboutCom(truth);
  std::printf("  mass %.4f +- %.4f kg (1.5); com %.4f %.4f %.4f +- %.1e %.1e %.1e m\n", e.mass, e.massStd, e.com.x(),
              e.com.y(), e.com.z(), e.comStd.x(), e.comStd.y(), e.comStd.z());
  EXPECT_TRUE(e.unidentified.empty());
  EXPECT_LE(std::abs(e.mass - truth[0]), 3.0 * e.massStd);
  EXPECT_LT(e.massStd, 0.02 * truth[0]);
  for (int k = 0; k < 3; ++k) {
    EXPECT_LE(std::abs(e.com[k] - com[k]), 3.0 * e.comStd[k]) << "com " << k;
    EXPECT_LT(e.comStd[k], 2e-3) << "com " << k;
  }
  const double I[6] = {Ic(0, 0), Ic(0, 1), Ic(0, 2), Ic(1, 1), Ic(1, 2), Ic(2, 2)};
  const double Ie[6] = {e.inertiaCom(0, 0), e.inertiaCom(0, 1), e.inertiaCom(0, 2),
                        e.inertiaCom(1, 1), e.inertiaCom(1, 2), e.inertiaCom(2, 2)};
  for (int k = 0; k < 6; ++k) {
    std::printf("  inertia %d: %.5f +- %.5f (%.5f)\n", k, Ie[k], e.inertiaComStd[k], I[k]);
    EXPECT_LE(std::abs(Ie[k] - I[k]), 3.0 * e.inertiaComStd[k]) << "inertia " << k;
  }
  // The standard parameters themselves, with their joint covariance.
  const Vector10d d = e.parameters - truth;
  const double mahalanobis = d.dot(e.covariance.ldlt().solve(d));
  EXPECT_LT(mahalanobis, 29.6);  // chi-square, 10 degrees of freedom, p = 0.001
  EXPECT_EQ(e.consistency, "");
}

}  // namespace

TEST(PayloadRegression, PredictsTheTorqueTheLoadAdds) {
  // On a fixed tool link rotated and offset from its body: Y_p phi equals the difference of
  // inverse dynamics with and without the payload.
  const std::string urdf = R"(<robot name="arm">
  <link name="base"/>
  <link name="a"><inertial><mass value="2"/><origin xyz="0 0 0.2"/><inertia ixx="0.02" iyy="0.02" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="b"><inertial><mass value="1"/><origin xyz="0.1 0 0"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="tool"/>
  <joint name="j1" type="revolute"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="100" velocity="2"/></joint>
  <joint name="j2" type="revolute"><parent link="a"/><child link="b"/><origin xyz="0 0 0.4" rpy="1.5707963 0 0"/><axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="100" velocity="2"/></joint>
  <joint name="t" type="fixed"><parent link="b"/><child link="tool"/><origin xyz="0.3 0.05 -0.02" rpy="0.3 -0.4 0.7"/></joint>
</robot>)";
  TempFile file(urdf, ".urdf");
  const RobotModel model = loadRobot(file.path());
  const PayloadMount mount = payloadMount(model, "tool");
  EXPECT_EQ(mount.body, 1);
  EXPECT_GT(mount.linkInBody.translation().norm(), 0.2);
  const RobotModel loaded = withPayload(model, mount, truePayload());
  DynamicsWorkspace ws(model), wsLoaded(loaded), wsY(model);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (int trial = 0; trial < 5; ++trial) {
    Eigen::VectorXd q(2), qd(2), qdd(2);
    for (int k = 0; k < 2; ++k) {
      q[k] = u(rng);
      qd[k] = u(rng);
      qdd[k] = u(rng);
    }
    const Eigen::VectorXd difference = inverseDynamics(loaded, wsLoaded, q, qd, qdd) - inverseDynamics(model, ws, q, qd, qdd);
    Eigen::MatrixXd Yp;
    payloadRegressor(computeJointTorqueRegressor(model, wsY, RegressorOptions{}, q, qd, qdd), mount, Yp);
    const Eigen::VectorXd predicted = Yp * truePayload();
    EXPECT_LT((predicted - difference).norm(), 1e-12 * (1.0 + difference.norm())) << predicted.transpose() << " / "
                                                                                    << difference.transpose();
    EXPECT_GT(difference.norm(), 0.1);
  }
}

TEST(PayloadRegression, UnknownLinksAndTheBaseAreRefusedByName) {
  const RobotModel model = builtinRobot("panda");
  try {
    payloadMount(model, "gripper_nowhere");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("gripper_nowhere"), std::string::npos) << e.what();
  }
  EXPECT_THROW(payloadMount(model, model.rootLink()), InputError);
}

TEST(PayloadIdentification, OnAKnownRobotWithinThreeSigma) {
  const PayloadSetup& s = setup();
  const SimulatedLog log = s.simulate(s.loadedModel, 11);
  TempFile loaded(formatSimulatedLogCsv(log), ".csv");
  // The robot as an earlier identification would know it: its true base parameters with friction.
  SimulationSettings simSettings;
  KnownRobot robot;
  robot.base = computeBaseParameters(s.model, regressorOptionsFor(simSettings, log));
  robot.values = robot.base.baseFromFull(simulatedParameters(s.model, robot.base.options, log));
  robot.source = "the true parameters";
  PayloadExperiment logs;
  logs.loaded = {loaded.path()};
  const PayloadRun run = identifyPayload(s.model, logs, "", &robot, IdentificationSettings{});
  EXPECT_EQ(run.mount.body, s.model.bodyCount() - 1);
  EXPECT_EQ(run.payloadColumn, 0);
  expectPayloadWithin3Sigma(run.payload);
  // The payload explains what the robot model alone could not.
  for (Eigen::Index j = 0; j < run.fit.residualRms.size(); ++j)
    EXPECT_LT(run.fit.residualRms[j], 1.3 * kPayloadNoiseTorque) << "joint " << j + 1;
  EXPECT_GT(run.fit.rhsRms.maxCoeff(), 10.0 * kPayloadNoiseTorque);
}

TEST(PayloadIdentification, FromALoadedAndUnloadedPairWithinThreeSigma) {
  // No robot model is trusted: its base parameters and friction are estimated with the payload.
  const PayloadSetup& s = setup();
  TempFile loaded(formatSimulatedLogCsv(s.simulate(s.loadedModel, 21)), ".csv");
  TempFile unloaded(formatSimulatedLogCsv(s.simulate(s.model, 22)), ".csv");
  PayloadExperiment logs;
  logs.loaded = {loaded.path()};
  logs.unloaded = {unloaded.path()};
  const PayloadRun run = identifyPayload(s.model, logs, "", nullptr, IdentificationSettings{});
  EXPECT_EQ(run.payloadColumn, run.base.rank);
  EXPECT_EQ(run.loadedSamples, run.unloadedSamples);
  expectPayloadWithin3Sigma(run.payload);
}

TEST(DriveGainIdentification, GainsOfCurrentLogsWithinOnePercent) {
  // Logs in motor current, tau / k: the known payload sets the scale the currents lack.
  const PayloadSetup& s = setup();
  const std::vector<double> gains = {2.1, 3.4, 1.7, 2.6, 0.9, 1.2, 0.6};
  SimulatedLogFormat format;
  format.torqueConstants = gains;
  TempFile loaded(formatSimulatedLogCsv(s.simulate(s.loadedModel, 31), format), ".csv");
  TempFile unloaded(formatSimulatedLogCsv(s.simulate(s.model, 32), format), ".csv");
  PayloadExperiment logs;
  logs.loaded = {loaded.path()};
  logs.unloaded = {unloaded.path()};
  const PayloadRun run = identifyDriveGains(s.model, logs, "", truePayload(), IdentificationSettings{});
  ASSERT_GE(run.gainColumn, 0);
  for (int j = 0; j < s.model.dof(); ++j) {
    const double k = run.fit.values[run.gainColumn + j], sd = run.fit.stddev[run.gainColumn + j];
    std::printf("  k%d = %.4f +- %.4f (%.2f)\n", j + 1, k, sd, gains[static_cast<std::size_t>(j)]);
    EXPECT_LT(std::abs(k / gains[static_cast<std::size_t>(j)] - 1.0), 0.01) << "joint " << j + 1;
  }
}

TEST(DriveGainIdentification, NeedsAPayloadWithMass) {
  const PayloadSetup& s = setup();
  PayloadExperiment logs;
  logs.loaded = {"unused.csv"};
  EXPECT_THROW(identifyDriveGains(s.model, logs, "", Vector10d::Zero(), IdentificationSettings{}), InputError);
}
