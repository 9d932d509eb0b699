// Identification on logs that look like hardware: the Panda simulated on one
// excitation, then each artifact real loggers produce (jitter of +-30 % of the
// step, 1 % dropped samples, gaps of 10 steps, a logger restart, repeated rows,
// torque offsets, encoder quantization, motor currents instead of torques,
// a jittered 125 Hz RTDE-like stream). Every log goes through the CSV path
// identify uses (written, imported, resampled, filtered, accumulated,
// estimated) and is compared with the same experiment logged cleanly: the
// prediction of a held-out experiment (another excitation) within 1.2x of the
// clean NRMSE (or 0.2 percentage points), and every well-excited base
// parameter within 3 sigma of the clean estimate.
#include "excitation/default_excitation.hpp"
#include "identification/identification_pipeline.hpp"
#include "identification/validation.hpp"
#include "logs/test_log_support.hpp"
#include "model/builtin_robots.hpp"
#include "simulation/logger_artifacts.hpp"
#include "simulation/simulated_log_csv.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

using namespace eb;
using eb::test::TempFile;

namespace {

constexpr double kArtifactNoiseTorque = 0.05;  // [N m]
constexpr double kNoisePosition = 1e-5;   // [rad]

struct Experiment {
  RobotModel model = builtinRobot("panda");
  Trajectory identification, validation;
  Experiment() {
    // 5 s, 5 harmonics: enough to excite the well-identified directions, and short enough that
    // the suite stays quick under the sanitizers too.
    FourierTrajectory a = defaultExcitation(model, 5.0, 5);
    identification = Trajectory(a);
    // The held-out experiment: another excitation of the same robot (coefficients permuted).
    FourierTrajectory b = a;
    const Eigen::Index n = a.a().rows();
    for (Eigen::Index j = 0; j < n; ++j) {
      b.mutableA().row(j) = a.b().row((j + 3) % n) * 0.9;
      b.mutableB().row(j) = -a.a().row((j + 2) % n) * 0.9;
    }
    scaleJointsIntoLimits(model, b, 0.4, 0.5, 0.5);
    validation = Trajectory(b);
  }
  SimulatedLog simulate(const Trajectory& trajectory, unsigned seed, double jitter = 0.0, double rate = 1000.0) const {
    SimulationSettings s;
    s.noiseTorque = kArtifactNoiseTorque;
    s.noisePosition = kNoisePosition;
    s.seed = seed;
    s.clockJitter = jitter;
    s.rateHz = rate;
    return simulateExperiment(model, trajectory, s);
  }
};

const Experiment& experiment() {
  static const Experiment e;
  return e;
}

struct Outcome {
  IdentificationRun run;
  ValidationResult validation;
};

// Writes `log` as a logger would, identifies from the file and predicts the held-out file.
Outcome identifyAndValidate(const SimulatedLog& log, const SimulatedLog& heldOut, const IdentificationSettings& settings,
                            const SimulatedLogFormat& format = {}) {
  const RobotModel& model = experiment().model;
  TempFile file(formatSimulatedLogCsv(log, format), ".csv");
  TempFile held(formatSimulatedLogCsv(heldOut, format), ".csv");
  // Least squares, whatever identify's default: the artifacts are judged in the estimate's own
  // standard deviations, which only the unbiased estimator's covariance gives.
  IdentificationSettings ols = settings;
  ols.estimation.method = EstimationMethod::Ols;
  Outcome o;
  o.run = identifyFromLogs(model, {file.path()}, ols);
  const PreprocessedLog v = loadAndPreprocess(model, held.path(), settings);
  o.validation = validatePrediction(model, o.run.base, o.run.estimate.values, v.q, v.qd, v.qdd, v.tau);
  return o;
}

struct Reference {
  Outcome clean;
  SimulatedLog log, heldOut;
};

const Reference& reference() {
  static const Reference r = [] {
    Reference ref;
    ref.log = experiment().simulate(experiment().identification, 1);
    ref.heldOut = experiment().simulate(experiment().validation, 2);
    ref.clean = identifyAndValidate(ref.log, ref.heldOut, IdentificationSettings{});
    return ref;
  }();
  return r;
}

// The artifact log identifies like the clean one.
void expectLikeClean(const Outcome& artifact, const Outcome& clean, const std::string& what) {
  SCOPED_TRACE(what);
  std::printf("[ %-9s] NRMSE %%:", what.substr(0, 9).c_str());
  for (Eigen::Index j = 0; j < clean.validation.nrmse.size(); ++j) {
    // Both normalised by the clean RMS(tau): an offset in the measured torque changes its RMS,
    // not what the prediction is worth.
    const double norm = 100.0 / clean.validation.measuredRms[j];
    const double a = artifact.validation.rmse[j] * norm, c = clean.validation.rmse[j] * norm;
    std::printf(" %.3f/%.3f", a, c);
    EXPECT_LE(a, std::max(1.2 * c, c + 0.2)) << "joint " << j + 1 << ": " << a << " % against " << c << " % clean";
  }
  const BaseEstimate& e = artifact.run.estimate;
  const BaseEstimate& ref = clean.run.estimate;
  ASSERT_EQ(e.values.size(), ref.values.size());
  int wellExcited = 0, outside = 0;
  double worst = 0.0;
  for (Eigen::Index k = 0; k < e.values.size(); ++k) {
    if (!(ref.relativeStddev[k] < 5.0)) continue;  // well excited: relative std below 5 %
    ++wellExcited;
    const double sigma = std::max(e.stddev[k], ref.stddev[k]);
    const double z = std::abs(e.values[k] - ref.values[k]) / sigma;
    worst = std::max(worst, z);
    if (z > 3.0) {
      ++outside;
      ADD_FAILURE() << artifact.run.base.name(static_cast<int>(k)) << ": " << e.values[k] << " against "
                    << ref.values[k] << " clean, " << z << " sigma";
    }
  }
  std::printf("; %d well-excited base parameters, worst %.2f sigma\n", wellExcited, worst);
  EXPECT_GE(wellExcited, 25);
  EXPECT_EQ(outside, 0);
}

}  // namespace

TEST(IdentificationOnLoggerArtifacts, CleanLogPredictsTheHeldOutExperiment) {
  const Reference& r = reference();
  // The clean result the others are held to is itself good: the held-out torques are
  // predicted near the noise level on the large joints.
  for (Eigen::Index j = 0; j < 4; ++j) EXPECT_LT(r.clean.validation.nrmse[j], 5.0) << "joint " << j + 1;
  EXPECT_LT(r.clean.validation.rmse.maxCoeff(), 3 * kArtifactNoiseTorque);
}

TEST(IdentificationOnLoggerArtifacts, JitteredStampsIdentifyLikeUniformOnes) {
  // A jittery control clock (steps 0.7 to 1.3 ms), stamps true, as libfranka and KUKA FRI write them.
  const SimulatedLog jittered = experiment().simulate(experiment().identification, 1, 0.3);
  const Outcome o = identifyAndValidate(jittered, reference().heldOut, IdentificationSettings{});
  EXPECT_GT(o.run.logs[0].preprocess.interpolatedPoints, 4500u);  // really resampled
  EXPECT_NEAR(o.run.logs[0].timeBase.stepMin, 0.7e-3, 0.02e-3);
  EXPECT_NEAR(o.run.logs[0].timeBase.stepMax, 1.3e-3, 0.02e-3);
  expectLikeClean(o, reference().clean, "jitter");
}

TEST(IdentificationOnLoggerArtifacts, DroppedSamplesAndGaps) {
  LoggerArtifacts drop;
  drop.dropFraction = 0.01;
  const Outcome dropped = identifyAndValidate(applyLoggerArtifacts(reference().log, drop), reference().heldOut, {});
  EXPECT_EQ(dropped.run.logs[0].timeBase.segments.size(), 1u);  // single drops are bridged
  expectLikeClean(dropped, reference().clean, "drops 1%");

  LoggerArtifacts gaps;
  gaps.gaps = 3;
  gaps.gapSamples = 10;
  const Outcome gapped = identifyAndValidate(applyLoggerArtifacts(reference().log, gaps), reference().heldOut, {});
  EXPECT_EQ(gapped.run.logs[0].timeBase.gaps, 3u);
  EXPECT_EQ(gapped.run.logs[0].preprocess.segmentsUsed, 4u);  // filtered on their own
  expectLikeClean(gapped, reference().clean, "gaps 3x10");
}

TEST(IdentificationOnLoggerArtifacts, ALoggerRestartAndRepeatedRows) {
  LoggerArtifacts reset;
  reset.resetAt = 4.0;
  const Outcome restarted = identifyAndValidate(applyLoggerArtifacts(reference().log, reset), reference().heldOut, {});
  EXPECT_EQ(restarted.run.logs[0].timeBase.resets, 1u);
  expectLikeClean(restarted, reference().clean, "reset");

  LoggerArtifacts repeat;
  repeat.repeatFraction = 0.01;
  const Outcome repeated = identifyAndValidate(applyLoggerArtifacts(reference().log, repeat), reference().heldOut, {});
  EXPECT_GT(repeated.run.logs[0].timeBase.repeatedRows, 25u);
  expectLikeClean(repeated, reference().clean, "repeats");
}

TEST(IdentificationOnLoggerArtifacts, TorqueOffsetsWithAnOffsetColumn) {
  // The same sensor logs both experiments: both carry its offsets.
  LoggerArtifacts offsets;
  offsets.torqueOffset = (Eigen::VectorXd(7) << 1.5, -2.0, 0.8, 1.2, -0.4, 0.3, 0.25).finished();
  IdentificationSettings settings;
  settings.regressor.offset = true;
  const Outcome o = identifyAndValidate(applyLoggerArtifacts(reference().log, offsets),
                                        applyLoggerArtifacts(reference().heldOut, offsets), settings);
  expectLikeClean(o, identifyAndValidate(reference().log, reference().heldOut, settings), "offsets");
  // Without the column the tools say so, joint by joint.
  const Outcome missing = identifyAndValidate(applyLoggerArtifacts(reference().log, offsets),
                                              applyLoggerArtifacts(reference().heldOut, offsets), {});
  int offsetWarnings = 0;
  bool firstJoint = false;  // the joint with a 1.5 N m offset on 1.9 N m RMS of torque
  for (const LogWarning& w : missing.run.warnings)
    if (w.message.find("torque-sensor offset") != std::string::npos) {
      ++offsetWarnings;
      firstJoint = firstJoint || w.message.find("joint 1 (") != std::string::npos;
    }
  EXPECT_GE(offsetWarnings, 3);
  EXPECT_TRUE(firstJoint);
  for (const LogWarning& w : o.run.warnings) EXPECT_EQ(w.message.find("torque-sensor offset"), std::string::npos);
}

TEST(IdentificationOnLoggerArtifacts, QuantizedEncodersAndMotorCurrents) {
  LoggerArtifacts quantized;
  quantized.quantization = 2 * M_PI / (1 << 18);  // an 18-bit encoder: 24 urad
  expectLikeClean(identifyAndValidate(applyLoggerArtifacts(reference().log, quantized), reference().heldOut, {}),
                  reference().clean, "quantized");

  SimulatedLogFormat currents;
  currents.torqueConstants = {0.11, 0.12, 0.13, 0.14, 0.09, 0.08, 0.07};
  IdentificationSettings settings;
  settings.import.torqueConstants = currents.torqueConstants;
  expectLikeClean(identifyAndValidate(reference().log, reference().heldOut, settings, currents), reference().clean,
                  "currents");
}

TEST(IdentificationOnLoggerArtifacts, AJitteredRtdeStreamAt125Hz) {
  // UR RTDE: control at 500 Hz, 125 Hz written, space-delimited, currents.
  const SimulatedLog control = experiment().simulate(experiment().identification, 1, 0.3, 500.0);
  LoggerArtifacts rtde;
  rtde.logEvery = 4;
  SimulatedLogFormat format;
  format.layout = SimulatedLogFormat::Layout::UrRtde;
  format.torqueConstants = std::vector<double>(7, 0.1);
  IdentificationSettings settings;
  settings.import.torqueConstants = format.torqueConstants;
  const RobotModel& model = experiment().model;
  TempFile file(formatSimulatedLogCsv(applyLoggerArtifacts(control, rtde), format), ".csv");
  const IdentificationRun run = identifyFromLogs(model, {file.path()}, settings);
  EXPECT_NEAR(run.logs[0].timeBase.nominalStep, 8e-3, 0.05e-3);
  const PreprocessedLog v = loadAndPreprocess(model, [&] {
    static TempFile held(formatSimulatedLogCsv(reference().heldOut), ".csv");
    return held.path();
  }(), IdentificationSettings{});
  const ValidationResult r = validatePrediction(model, run.base, run.estimate.values, v.q, v.qd, v.qdd, v.tau);
  // Eight times fewer samples: the large joints still predict the held-out experiment within 2x.
  for (Eigen::Index j = 0; j < 4; ++j)
    EXPECT_LT(r.nrmse[j], std::max(2.0 * reference().clean.validation.nrmse[j], 1.0)) << "joint " << j + 1;
}
