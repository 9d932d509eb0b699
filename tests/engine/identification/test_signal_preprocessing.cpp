// Preprocessing: accuracy of qd/qdd recovered from noisy positions, and the streaming
// (overlap-save) processor against the whole-signal one.

#include "logs/log_import.hpp"
#include "identification/log_preprocessing.hpp"
#include "util/input_error.hpp"
#include "logs/test_log_support.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <random>

using namespace eb;
using eb::test::TempFile;

namespace {

// A Swevers Fourier trajectory: period 10 s (0.1 Hz), 5 harmonics, per joint random a_k, b_k.
struct FourierTrajectory {
  int dof = 3, harmonics = 5;
  double wf = 2.0 * M_PI * 0.1;
  Eigen::MatrixXd a, b;  // dof x harmonics
  explicit FourierTrajectory(int dofIn, unsigned seed = 7) : dof(dofIn) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-0.3, 0.3);
    a.resize(dof, harmonics);
    b.resize(dof, harmonics);
    for (int j = 0; j < dof; ++j)
      for (int k = 0; k < harmonics; ++k) {
        a(j, k) = u(rng);
        b(j, k) = u(rng);
      }
  }
  // Position, velocity or acceleration (derivative 0, 1, 2) of joint j at time t.
  double eval(int j, double t, int derivative) const {
    double v = derivative == 0 ? 0.2 * j : 0.0;
    for (int k = 1; k <= harmonics; ++k) {
      const double w = k * wf, s = std::sin(w * t), c = std::cos(w * t);
      const double A = a(j, k - 1) / w, B = -b(j, k - 1) / w;  // q = A sin + B cos
      if (derivative == 0) v += A * s + B * c;
      if (derivative == 1) v += w * (A * c - B * s);
      if (derivative == 2) v += -w * w * (A * s + B * c);
    }
    return v;
  }
};

struct PreprocessingLog {
  ExperimentLog log;
  Eigen::MatrixXd qdTrue, qddTrue, qTrue;
};

// Samples at `rateHz` for `seconds`, Gaussian noise of `positionNoise` rad on q; tau = 5 q + 2 qdd
// with noise; logged qd with noise 1e-3 rad/s.
PreprocessingLog simulate(int dof, double rateHz, double seconds, double positionNoise, unsigned seed = 1) {
  const FourierTrajectory trajectory(dof);
  const auto n = static_cast<Eigen::Index>(std::llround(seconds * rateHz));
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0.0, 1.0);
  PreprocessingLog s;
  s.log.source = "simulated";
  s.log.t.resize(n);
  s.log.q.resize(n, dof);
  s.log.qd.resize(n, dof);
  s.log.tau.resize(n, dof);
  s.qTrue.resize(n, dof);
  s.qdTrue.resize(n, dof);
  s.qddTrue.resize(n, dof);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / rateHz;
    s.log.t(i) = t;
    for (int j = 0; j < dof; ++j) {
      s.qTrue(i, j) = trajectory.eval(j, t, 0);
      s.qdTrue(i, j) = trajectory.eval(j, t, 1);
      s.qddTrue(i, j) = trajectory.eval(j, t, 2);
      s.log.q(i, j) = s.qTrue(i, j) + positionNoise * noise(rng);
      s.log.qd(i, j) = s.qdTrue(i, j) + 1e-3 * noise(rng);
      s.log.tau(i, j) = 5.0 * s.qTrue(i, j) + 2.0 * s.qddTrue(i, j) + 0.05 * noise(rng);
    }
  }
  for (int j = 0; j < dof; ++j) s.log.jointNames.push_back("joint" + std::to_string(j + 1));
  return s;
}

double relativeRms(const Eigen::MatrixXd& estimate, const Eigen::MatrixXd& truth, Eigen::Index from, Eigen::Index count) {
  return (estimate.middleRows(from, count) - truth.middleRows(from, count)).norm() / truth.middleRows(from, count).norm();
}

// Runs the streaming processor over `log` pushed in chunks of the given sizes (cycled).
PreprocessedLog stream(const ExperimentLog& log, const PreprocessOptions& options, double fs, std::size_t blockRows,
                       const std::vector<Eigen::Index>& chunks) {
  StreamingLogPreprocessor processor(log.dof(), log.hasVelocity(), fs, options, blockRows);
  PreprocessedLog out;
  const int dof = log.dof();
  const Eigen::Index expected = (static_cast<Eigen::Index>(log.rows()) + options.decimation - 1) / options.decimation;
  out.t.resize(expected);
  out.q.resize(expected, dof);
  out.qd.resize(expected, dof);
  out.qdd.resize(expected, dof);
  out.tau.resize(expected, dof);
  Eigen::Index written = 0;
  auto sink = [&](const ProcessedBlock& b) {
    EXPECT_EQ(b.firstRow, static_cast<std::size_t>(written));
    const auto r = static_cast<Eigen::Index>(b.rows());
    out.t.segment(written, r) = b.t;
    out.q.middleRows(written, r) = b.q;
    out.qd.middleRows(written, r) = b.qd;
    out.qdd.middleRows(written, r) = b.qdd;
    out.tau.middleRows(written, r) = b.tau;
    written += r;
  };
  Eigen::Index at = 0;
  std::size_t c = 0;
  const auto n = static_cast<Eigen::Index>(log.rows());
  while (at < n) {
    const Eigen::Index take = std::min(chunks[c++ % chunks.size()], n - at);
    processor.push(log.t.segment(at, take), log.q.middleRows(at, take),
                   log.hasVelocity() ? Eigen::MatrixXd(log.qd.middleRows(at, take)) : Eigen::MatrixXd(take, 0),
                   log.tau.middleRows(at, take), sink);
    at += take;
  }
  processor.finish(sink);
  EXPECT_EQ(written, expected);
  EXPECT_EQ(processor.rowsIn(), log.rows());
  return out;
}

// Largest difference relative to the largest magnitude of the whole-signal result.
double relativeMaxDiff(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / b.cwiseAbs().maxCoeff();
}

}  // namespace

TEST(SignalPreprocessing, RecoversAccelerationFromNoisyPositions) {
  // 10 s period, 5 harmonics (0.1..0.5 Hz), 1 kHz, 1e-4 rad position noise, two periods.
  const PreprocessingLog s = simulate(3, 1000.0, 20.0, 1e-4);
  PreprocessOptions o;
  o.cutoffHz = defaultCutoffHz(0.5, 1000.0);  // 5 Hz
  const PreprocessedLog p = preprocessLog(s.log, o);
  const auto n = static_cast<Eigen::Index>(s.log.rows());
  const Eigen::Index edge = 500;  // the first and last 0.5 s see the filter's end effects
  const double qdError = relativeRms(p.qd, s.qdTrue, edge, n - 2 * edge);
  const double qddError = relativeRms(p.qdd, s.qddTrue, edge, n - 2 * edge);
  const double qddErrorAll = relativeRms(p.qdd, s.qddTrue, 0, n);
  const double qError = relativeRms(p.q, s.qTrue, 0, n);
  RecordProperty("qdd_relative_rms_interior", std::to_string(qddError));
  RecordProperty("qdd_relative_rms_all", std::to_string(qddErrorAll));
  std::printf("[ ratio    ] central differences: q %.2e, qd %.2e, qdd %.2e (interior), qdd %.2e (all rows)\n", qError,
              qdError, qddError, qddErrorAll);
  EXPECT_LT(qError, 1e-3);
  EXPECT_LT(qdError, 5e-3);
  EXPECT_LT(qddError, 0.05);
  EXPECT_LT(qddErrorAll, 0.05);
  // Torque is filtered with the same zero-phase filter: no lag against the true torque.
  const Eigen::MatrixXd tauTrue = 5.0 * s.qTrue + 2.0 * s.qddTrue;
  EXPECT_LT(relativeRms(p.tau, tauTrue, edge, n - 2 * edge), 0.01);

  // Raw double differences without filtering would be useless: noise / dt^2 ~ 100 rad/s^2.
  const Eigen::MatrixXd raw = centralSecondDerivative(s.log.t, s.log.q);
  EXPECT_GT(relativeRms(raw, s.qddTrue, edge, n - 2 * edge), 10.0);

  o.differentiator = Differentiator::SavitzkyGolay;
  o.savitzkyGolayWindow = 31;
  const PreprocessedLog sg = preprocessLog(s.log, o);
  const double sgError = relativeRms(sg.qdd, s.qddTrue, edge, n - 2 * edge);
  std::printf("[ ratio    ] Savitzky-Golay (31, 3): qdd %.2e (interior)\n", sgError);
  EXPECT_LT(sgError, 0.05);

  o.differentiator = Differentiator::CentralDifference;
  o.useLoggedVelocity = true;
  const PreprocessedLog logged = preprocessLog(s.log, o);
  const double loggedError = relativeRms(logged.qdd, s.qddTrue, edge, n - 2 * edge);
  std::printf("[ ratio    ] from logged qd: qdd %.2e (interior)\n", loggedError);
  EXPECT_LT(loggedError, 0.05);
}

TEST(SignalPreprocessing, StreamingEqualsWholeSignal) {
  const PreprocessingLog s = simulate(3, 1000.0, 60.0, 1e-4);
  struct Case {
    std::string name;
    PreprocessOptions options;
    std::size_t blockRows;
    std::vector<Eigen::Index> chunks;
  };
  PreprocessOptions base;
  base.cutoffHz = 5.0;
  std::vector<Case> cases;
  cases.push_back({"central, 8192-row blocks, ragged pushes", base, 8192, {1, 777, 5000, 12345}});
  cases.push_back({"central, blocks shorter than the margin", base, 1000, {4096}});
  PreprocessOptions sg = base;
  sg.differentiator = Differentiator::SavitzkyGolay;
  sg.savitzkyGolayWindow = 41;
  cases.push_back({"Savitzky-Golay", sg, 16384, {3000}});
  PreprocessOptions logged = base;
  logged.useLoggedVelocity = true;
  logged.cutoffHz = 2.0;
  logged.filterOrder = 6;
  cases.push_back({"logged velocity, order 6 at 2 Hz", logged, 20000, {60000}});
  PreprocessOptions decimated = base;
  decimated.decimation = 4;
  cases.push_back({"decimation by 4", decimated, 9999, {2500, 1}});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const PreprocessedLog whole = preprocessLog(s.log, c.options);
    const PreprocessedLog blocks = stream(s.log, c.options, 1000.0, c.blockRows, c.chunks);
    // Every row, the file ends included: the first and last segments start at the true ends.
    EXPECT_EQ(blocks.t, whole.t);
    EXPECT_LT(relativeMaxDiff(blocks.q, whole.q), 1e-9);
    EXPECT_LT(relativeMaxDiff(blocks.qd, whole.qd), 1e-9);
    EXPECT_LT(relativeMaxDiff(blocks.qdd, whole.qdd), 1e-9);
    EXPECT_LT(relativeMaxDiff(blocks.tau, whole.tau), 1e-9);
    std::printf("[ stream   ] %-40s max relative difference q %.1e qd %.1e qdd %.1e tau %.1e\n", c.name.c_str(),
                relativeMaxDiff(blocks.q, whole.q), relativeMaxDiff(blocks.qd, whole.qd),
                relativeMaxDiff(blocks.qdd, whole.qdd), relativeMaxDiff(blocks.tau, whole.tau));
  }
}

TEST(SignalPreprocessing, StreamingMemoryIsBoundedForAnHourLongLog) {
  // 7 joints, 1 kHz, 5 Hz cutoff: the buffers do not depend on the log length.
  PreprocessOptions o;
  o.cutoffHz = 5.0;
  StreamingLogPreprocessor processor(7, true, 1000.0, o);
  const Eigen::Index chunk = 16384;
  Eigen::VectorXd t(chunk);
  Eigen::MatrixXd q = Eigen::MatrixXd::Zero(chunk, 7), qd(chunk, 0), tau = Eigen::MatrixXd::Zero(chunk, 7);
  std::size_t rows = 0;
  auto sink = [&](const ProcessedBlock& b) { rows += b.rows(); };
  std::size_t afterTen = 0;
  for (Eigen::Index c = 0; c < 40; ++c) {
    for (Eigen::Index i = 0; i < chunk; ++i) t(i) = static_cast<double>(c * chunk + i) * 1e-3;
    processor.push(t, q, qd, tau, sink);
    if (c == 9) afterTen = processor.workingSetBytes();
  }
  processor.finish(sink);
  EXPECT_EQ(rows, 40u * chunk);
  const std::size_t after = processor.workingSetBytes();
  std::printf("[ memory   ] margin %zu samples, working set %.1f MB\n", processor.margin(), after / 1e6);
  EXPECT_LT(after, 100u * 1000 * 1000);
  EXPECT_EQ(after, afterTen);  // four times the samples, the same buffers
}

TEST(SignalPreprocessing, CsvStreamingMatchesImportThenPreprocess) {
  const PreprocessingLog s = simulate(2, 500.0, 40.0, 1e-4, 3);
  std::string text = "t,q1,q2,qd1,qd2,tau1,tau2\n";
  char buffer[64];
  for (Eigen::Index i = 0; i < s.log.t.size(); ++i) {
    const double row[] = {s.log.t(i), s.log.q(i, 0), s.log.q(i, 1), s.log.qd(i, 0), s.log.qd(i, 1), s.log.tau(i, 0),
                          s.log.tau(i, 1)};
    for (int k = 0; k < 7; ++k) {
      text += std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, row[k]).ptr);
      text += k == 6 ? '\n' : ',';
    }
  }
  TempFile file(text, ".csv");
  LogImportOptions io;
  io.dof = 2;
  PreprocessOptions o;
  o.cutoffHz = 4.0;
  o.useLoggedVelocity = true;
  const PreprocessedLog whole = preprocessLog(importCsvLog(file.path(), io), o);
  Eigen::MatrixXd qdd(whole.qdd.rows(), 2);
  const StreamingPreprocessSummary summary = preprocessCsvLogStreaming(
      file.path(), io, o,
      [&](const ProcessedBlock& b) { qdd.middleRows(static_cast<Eigen::Index>(b.firstRow), static_cast<Eigen::Index>(b.rows())) = b.qdd; },
      4096);
  EXPECT_EQ(summary.inputRows, s.log.rows());
  EXPECT_EQ(summary.outputRows, s.log.rows());
  EXPECT_NEAR(summary.sampleRateHz, 500.0, 1e-6);
  EXPECT_LT(relativeMaxDiff(qdd, whole.qdd), 1e-9);
}

TEST(SignalPreprocessing, AutomaticCutoffIsTheSameStreamedOrNot) {
  // A slow logger (12 Hz): the automatic cutoff is a quarter of the rate (3 Hz), not the
  // 5 Hz default, for the whole-log and the streamed preprocessing alike.
  EXPECT_DOUBLE_EQ(automaticCutoffHz(1000.0), kDefaultCutoffHz);
  EXPECT_DOUBLE_EQ(automaticCutoffHz(12.0), 3.0);
  const PreprocessingLog s = simulate(2, 12.0, 400.0, 1e-4, 5);
  std::string text = "t,q1,q2,tau1,tau2\n";
  char buffer[64];
  for (Eigen::Index i = 0; i < s.log.t.size(); ++i) {
    const double row[] = {s.log.t(i), s.log.q(i, 0), s.log.q(i, 1), s.log.tau(i, 0), s.log.tau(i, 1)};
    for (int k = 0; k < 5; ++k) {
      text += std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, row[k]).ptr);
      text += k == 4 ? '\n' : ',';
    }
  }
  TempFile file(text, ".csv");
  LogImportOptions io;
  io.dof = 2;
  const PreprocessOptions automatic;  // cutoffHz 0
  PreprocessOptions explicit3 = automatic;
  explicit3.cutoffHz = 3.0;
  const PreprocessedLog whole = preprocessLog(importCsvLog(file.path(), io), automatic);
  const PreprocessedLog three = preprocessLog(importCsvLog(file.path(), io), explicit3);
  EXPECT_LT(relativeMaxDiff(whole.qdd, three.qdd), 1e-9);  // the rate is the median step: 12 Hz to 1e-14
  Eigen::MatrixXd qdd(whole.qdd.rows(), 2);
  const StreamingPreprocessSummary summary = preprocessCsvLogStreaming(
      file.path(), io, automatic,
      [&](const ProcessedBlock& b) { qdd.middleRows(static_cast<Eigen::Index>(b.firstRow), static_cast<Eigen::Index>(b.rows())) = b.qdd; },
      512);
  EXPECT_NEAR(summary.cutoffHz, 3.0, 1e-12);
  EXPECT_LT(relativeMaxDiff(qdd, whole.qdd), 1e-9);
}

TEST(SignalPreprocessing, RejectsBadSettingsAndShortLogs) {
  const PreprocessingLog s = simulate(1, 100.0, 1.0, 0.0);
  PreprocessOptions o;
  o.cutoffHz = 60.0;  // above Nyquist
  EXPECT_THROW(preprocessLog(s.log, o), std::invalid_argument);
  o.cutoffHz = 10.0;
  o.decimation = 5;  // new Nyquist 10 Hz: a 10 Hz cutoff would alias
  EXPECT_THROW(preprocessLog(s.log, o), std::invalid_argument);
  o.decimation = 1;
  o.cutoffHz = 1e-4;  // 1e6 times below the rate: the pads would be millions of samples
  try {
    preprocessLog(s.log, o);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "cutoff 0.0001 Hz is more than 200000 times below the sample rate 100 Hz (is the time "
                           "column in seconds?)");
  }
  o.cutoffHz = 10.0;
  o.differentiator = Differentiator::SavitzkyGolay;
  o.savitzkyGolayWindow = 201;  // longer than the 100-sample log
  EXPECT_THROW(preprocessLog(s.log, o), InputError);
}
