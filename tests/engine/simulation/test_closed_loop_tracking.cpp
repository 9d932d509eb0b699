// Closed-loop validation: a controller with the plant's own parameters tracks as the
// simulated experiment's controller does; wrong parameters leave a tracking error that
// grows with the error; a sampled motion tracks as its analytic source; a plant built from
// regressor parameters is the model it came from.
#include "simulation/closed_loop_tracking.hpp"

#include "dynamics/base_parameters.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "excitation/default_excitation.hpp"
#include "model/builtin_robots.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace eb;

namespace {

struct ClosedLoopCase {
  RobotModel model = builtinRobot("ur5");
  Trajectory trajectory = Trajectory(defaultExcitation(model, 4.0, 4));
  SimulationSettings settings;
  RegressorOptions options;
  BaseParameters base;
  DesiredMotion desired;
  Eigen::VectorXd truth;  // full regressor parameters of the plant

  ClosedLoopCase() {
    settings.rateHz = 500.0;
    settings.substeps = 2;
    settings.coulombWidth = 0.02;
    defaultFriction(model, settings.viscous, settings.coulomb);
    settings.armature = Eigen::VectorXd::Constant(model.dof(), 0.05);
    options.viscous = options.coulomb = options.armature = true;
    options.coulombWidth = settings.coulombWidth;
    base = computeBaseParameters(model, options);
    truth = regressorParameters(model, options, settings.viscous, settings.coulomb, {}, settings.armature);
    const Trajectory& tr = trajectory;
    desired = [&tr](double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) {
      evaluateTrajectory(tr, t, q, qd, qdd);
    };
  }
  TrackingReport track(const Eigen::VectorXd& full) const {
    const ControllerTorque controller = identifiedModelController(model, base, base.baseFromFull(full));
    return trackingReport(simulateTracking(model, desired, 4.0, settings, controller), desired);
  }
};

}  // namespace

TEST(ClosedLoopTracking, ThePlantsOwnParametersTrackAsTheExperimentsController) {
  const ClosedLoopCase c;
  const TrackingReport own = trackingReport(simulateTracking(c.model, c.desired, 4.0, c.settings), c.desired);
  const TrackingReport identified = c.track(c.truth);
  ASSERT_EQ(identified.samples, 2001);
  EXPECT_NEAR(identified.duration, 4.0, 1e-12);
  // Base parameters are the plant's up to round-off: the same loop, the same error, which is the
  // zero-order hold's at 500 Hz (1.5e-4 rad).
  EXPECT_LT(own.maxError, 3e-4);
  EXPECT_NEAR(identified.maxError, own.maxError, 1e-9);
  for (int j = 0; j < c.model.dof(); ++j) EXPECT_GT(identified.torqueRms[j], 0.0);
}

TEST(ClosedLoopTracking, ModelErrorsLeaveTrackingErrorThatGrowsWithThem) {
  const ClosedLoopCase c;
  const int bodies = c.model.bodyCount();
  const double exact = c.track(c.truth).maxError;
  double previous = exact;
  // Every inertial parameter off by the same factor: the error the PD must absorb grows about
  // linearly (0.008, 0.022, 0.037 rad measured).
  for (const double scale : {1.1, 1.3, 1.6}) {
    Eigen::VectorXd wrong = c.truth;
    wrong.head(10 * bodies) *= scale;
    const TrackingReport r = c.track(wrong);
    EXPECT_GT(r.maxError, (scale == 1.1 ? 20.0 : 1.4) * previous) << scale;
    previous = r.maxError;
  }
  EXPECT_GT(previous, kTrackingErrorBar);
  // Friction not fed forward (armature kept): the Coulomb steps at reversals are left to the PD,
  // beyond the bar (0.031 rad measured).
  Eigen::VectorXd noFriction = c.truth;
  for (int j = 0; j < c.model.dof(); ++j) noFriction.segment(10 * bodies + 3 * j, 2).setZero();
  const TrackingReport r = c.track(noFriction);
  EXPECT_GT(r.maxError, 2.0 * kTrackingErrorBar);
}

TEST(ClosedLoopTracking, AnIdentifiedTorqueOffsetIsNotCommanded) {
  ClosedLoopCase c;
  RegressorOptions withOffset = c.options;
  withOffset.offset = true;
  const BaseParameters base = computeBaseParameters(c.model, withOffset);
  const Eigen::VectorXd offsets = Eigen::VectorXd::Constant(c.model.dof(), 5.0);
  const Eigen::VectorXd full =
      regressorParameters(c.model, withOffset, c.settings.viscous, c.settings.coulomb, offsets, c.settings.armature);
  const ControllerTorque a = identifiedModelController(c.model, base, base.baseFromFull(full));
  const ControllerTorque b = identifiedModelController(c.model, c.base, c.base.baseFromFull(c.truth));
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(c.model.dof(), 0.3),
                        qd = Eigen::VectorXd::Constant(c.model.dof(), 0.2);
  const Eigen::VectorXd qdd = Eigen::VectorXd::Constant(c.model.dof(), -0.5),
                        qdD = Eigen::VectorXd::Constant(c.model.dof(), 0.25);
  EXPECT_LT((a(q, qd, qdd, qdD) - b(q, qd, qdd, qdD)).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(ClosedLoopTracking, ASampledMotionTracksAsItsAnalyticSource) {
  const ClosedLoopCase c;
  const int n = c.model.dof(), m = 4001;  // 1 kHz samples of the 4 s motion
  Eigen::VectorXd t(m);
  Eigen::MatrixXd q(m, n), qd(m, n), qdd(m, n);
  Eigen::VectorXd a(n), b(n), d(n);
  for (int k = 0; k < m; ++k) {
    t[k] = 10.0 + 0.001 * k;  // a log's clock does not start at 0
    c.desired(0.001 * k, a, b, d);
    q.row(k) = a.transpose();
    qd.row(k) = b.transpose();
    qdd.row(k) = d.transpose();
  }
  const DesiredMotion sampled = sampledMotion(t, q, qd, qdd);
  sampled(1.0005, a, b, d);  // halfway between two samples
  Eigen::VectorXd qa(n), qda(n), qdda(n);
  c.desired(1.0005, qa, qda, qdda);
  EXPECT_LT((a - qa).cwiseAbs().maxCoeff(), 1e-5);
  const ControllerTorque controller = identifiedModelController(c.model, c.base, c.base.baseFromFull(c.truth));
  const TrackingReport fromSamples =
      trackingReport(simulateTracking(c.model, sampled, 4.0, c.settings, controller), sampled);
  const TrackingReport analytic = c.track(c.truth);
  EXPECT_LT(fromSamples.maxError, 1e-3);
  EXPECT_NEAR(fromSamples.rms.maxCoeff(), analytic.rms.maxCoeff(), 5e-4);
  EXPECT_THROW(sampledMotion(t.head(1), q.topRows(1), qd.topRows(1), qdd.topRows(1)), std::invalid_argument);
  t[5] = t[4];
  EXPECT_THROW(sampledMotion(t, q, qd, qdd), std::invalid_argument);
}

TEST(ClosedLoopTracking, APlantFromRegressorParametersIsTheModelItCameFrom) {
  const ClosedLoopCase c;
  Eigen::VectorXd scaled = c.truth;
  scaled.head(10 * c.model.bodyCount()) *= 1.25;
  SimulationSettings s;
  const RobotModel plant = plantFromParameters(c.model, c.options, scaled, s);
  EXPECT_LT((plant.standardParameters() - 1.25 * c.model.standardParameters()).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((s.viscous - c.settings.viscous).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((s.coulomb - c.settings.coulomb).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((s.armature - c.settings.armature).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_EQ(s.coulombWidth, 0.02);
  EXPECT_THROW(plantFromParameters(c.model, c.options, scaled.head(5), s), std::invalid_argument);
}

TEST(ClosedLoopTracking, TheComparisonRunsTheIdentifiedAndTheRobotsOwnModel) {
  const ClosedLoopCase c;
  // The plant carries a 30 % heavier arm than its description; the identified model knows it.
  Eigen::VectorXd heavier = c.truth;
  heavier.head(10 * c.model.bodyCount()) *= 1.3;
  const ClosedLoopPlant plant = estimatePlant(c.model, c.options, heavier, "a heavier arm");
  double last = -1.0;
  const ClosedLoopComparison r = compareClosedLoop(c.model, c.base, c.base.baseFromFull(heavier), plant, c.desired,
                                                   4.0, c.settings, [&last](double f) {
                                                     EXPECT_GE(f, last);
                                                     last = f;
                                                     return true;
                                                   });
  EXPECT_GT(last, 0.5);
  EXPECT_LT(r.identified.maxError, 3e-4);
  EXPECT_GT(r.robotsOwn.maxError, kTrackingErrorBar);
  EXPECT_EQ(r.identified.samples, r.robotsOwn.samples);
  // The estimate is the plant itself; the description lacks its friction and armature.
  EXPECT_TRUE(r.plantIsEstimate);
  EXPECT_EQ(r.identifiedGiven, "");
  EXPECT_EQ(r.robotsOwnGiven, "the plant's friction and armature");
  EXPECT_EQ(r.plant, "a heavier arm");
}

TEST(ClosedLoopTracking, ThePlantAsTheControllerLeavesTheLoopsOwnErrorAlongALog) {
  // A simulated log of the built-in UR5 (its motion sampled at 500 Hz, tracked from samples as a
  // real log's is), a plant that is a perturbed model with its own friction, and that same
  // model as the controller: the error is the loop's own, far below 1e-3 rad.
  const ClosedLoopCase c;
  Eigen::VectorXd perturbed = c.truth;
  for (int k = 0; k < 10 * c.model.bodyCount(); ++k) perturbed[k] *= 1.0 + 0.2 * std::sin(1.7 * k);
  const ClosedLoopPlant plant = estimatePlant(c.model, c.options, perturbed, "p.json");
  SimulationSettings s = plant.drive;
  s.rateHz = c.settings.rateHz;
  s.substeps = c.settings.substeps;
  const SimulatedLog log = simulateTracking(plant.model, c.desired, 3.0, s);
  const LoggedMotion motion = loggedMotion(log.t, log.qTrue, log.qdTrue, log.qddTrue, {});
  const ClosedLoopComparison r = compareClosedLoop(c.model, c.base, c.base.baseFromFull(perturbed), plant,
                                                   motion.desired, motion.duration, c.settings);
  EXPECT_TRUE(r.plantIsEstimate);
  EXPECT_LT(r.identified.maxError, 1e-3);
  EXPECT_NE(closedLoopVerdict(r).find("its error is the loop's own"), std::string::npos) << closedLoopVerdict(r);
}

TEST(ClosedLoopTracking, TheDescriptionGivenTheFrictionNoLongerWinsByConstruction) {
  // On the description's own plant, the description's model given the plant's friction tracks
  // with the loop's own error: it wins by construction, whatever the robot, and the verdict says
  // so. On a perturbed plant (a consistent estimate of a second log, say) a model 2 % off that
  // plant beats it, friction given or not.
  const ClosedLoopCase c;
  SimulationSettings control;  // closed-loop's defaults: 1 kHz, 4 substeps
  const ClosedLoopPlant description = descriptionPlant(c.model);
  EXPECT_EQ(description.name, "the robot description with simulate's default friction");
  Eigen::VectorXd perturbed = c.truth;
  // Each body 30 % heavier or lighter (its inertia with it): physically consistent still.
  for (int b = 0; b < c.model.bodyCount(); ++b) perturbed.segment(10 * b, 10) *= 1.0 + 0.3 * std::sin(1.7 * b + 1.0);
  // On the description's plant, the model without the case's armature: 0.05 kg m^2 in the
  // controller on the light wrist of an armature-free plant multiplies the loop gain and goes
  // unstable at 1 kHz (a result, but not this test's).
  Eigen::VectorXd withoutArmature = 1.02 * perturbed;
  for (int j = 0; j < c.model.dof(); ++j) withoutArmature[10 * c.model.bodyCount() + 3 * j + 2] = 0.0;
  const ClosedLoopComparison own = compareClosedLoop(c.model, c.base, c.base.baseFromFull(withoutArmature),
                                                     description, c.desired, 3.0, control);
  std::printf("[ description plant ] identified %.3g rad, description %.3g rad\n", own.identified.maxError,
              own.robotsOwn.maxError);
  EXPECT_EQ(own.robotsOwnGiven, "the plant's friction");
  EXPECT_LT(own.robotsOwn.maxError, 2e-3);  // the loop's own with exact-sign Coulomb friction
  EXPECT_FALSE(own.identified.diverged);
  EXPECT_GT(own.identified.maxError, 10.0 * own.robotsOwn.maxError);
  EXPECT_NE(closedLoopVerdict(own).find("tracks almost perfectly by construction"), std::string::npos);
  EXPECT_NE(closedLoopVerdict(own).find("cannot show which model is closer to the robot"), std::string::npos);

  const ClosedLoopPlant plant = estimatePlant(c.model, c.options, perturbed, "a consistent estimate of log2.csv");
  const ClosedLoopComparison fair =
      compareClosedLoop(c.model, c.base, c.base.baseFromFull(1.02 * perturbed), plant, c.desired, 3.0, control);
  std::printf("[ perturbed plant   ] identified %.3g rad, description %.3g rad\n", fair.identified.maxError,
              fair.robotsOwn.maxError);
  EXPECT_FALSE(fair.plantIsEstimate);
  EXPECT_EQ(fair.robotsOwnGiven, "the plant's friction and armature");
  EXPECT_LT(fair.identified.maxError, kTrackingErrorBar);
  EXPECT_GT(fair.robotsOwn.maxError, kTrackingErrorBar);
  EXPECT_GT(fair.robotsOwn.maxError, 3.0 * fair.identified.maxError);
  const std::string verdict = closedLoopVerdict(fair);
  EXPECT_EQ(verdict.rfind("Plant: a consistent estimate of log2.csv. It stands in for the robot", 0), 0u) << verdict;
  EXPECT_NE(verdict.find("cannot show accuracy beyond the plant's own"), std::string::npos) << verdict;
  EXPECT_NE(verdict.find("Given what their models lack: the description's, the plant's friction and armature."),
            std::string::npos)
      << verdict;
}

TEST(ClosedLoopTracking, AnUnstableLoopIsAResultNotAnError) {
  const ClosedLoopCase c;
  // Negative inertia in the controller's model turns the PD around: the loop diverges.
  Eigen::VectorXd negative = c.truth;
  negative.head(10 * c.model.bodyCount()) *= -1.0;
  const ClosedLoopComparison r = compareClosedLoop(c.model, c.base, c.base.baseFromFull(negative),
                                                   estimatePlant(c.model, c.options, c.truth, "the truth"), c.desired,
                                                   4.0, c.settings);
  EXPECT_TRUE(r.identified.diverged);
  EXPECT_GT(r.identified.divergedAt, 0.0);
  EXPECT_LT(r.identified.divergedAt, 1.0);
  EXPECT_TRUE(std::isinf(r.identified.maxError));
  EXPECT_FALSE(r.robotsOwn.diverged);
  EXPECT_TRUE(std::isfinite(r.robotsOwn.maxError));
}

TEST(ClosedLoopTracking, TheLongestSegmentIsChosen) {
  EXPECT_EQ(longestSegment({}, 50), (std::pair<Eigen::Index, Eigen::Index>{0, 50}));
  EXPECT_EQ(longestSegment({0, 10, 40}, 50), (std::pair<Eigen::Index, Eigen::Index>{10, 30}));
  EXPECT_EQ(longestSegment({0, 10}, 100), (std::pair<Eigen::Index, Eigen::Index>{10, 90}));
}
