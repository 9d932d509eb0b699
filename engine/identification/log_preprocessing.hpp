#pragma once
// From a raw experiment log to the signals identification needs: each segment
// of the log (time_base.hpp) resampled from its true time stamps onto a uniform
// grid (uniform_resampler.hpp), zero-phase low-passed q and tau, qd and qdd from
// the filtered positions (or the filtered logged velocity), the segment's ends
// trimmed, optionally decimated. Segments never share a filter: nothing is
// interpolated or filtered across a gap or a time reset.
//
// One arithmetic, two entry points: preprocessLog() for a log in memory, and
// StreamingLogPreprocessor for hour-long logs with bounded memory (preprocessLog
// runs the stream over the whole log). Within a segment the stream is cut into
// overlapping windows (overlap-save): each output block is computed on a window
// reaching `margin()` samples beyond it on both sides, long enough for the
// forward-backward filter's start-up transients to decay below 1e-13 of the
// signal, then only the block's own rows are kept. At a segment's ends the
// window starts at the true end, so the output equals the whole-segment result.

#include "identification/butterworth_filter.hpp"
#include "identification/differentiation.hpp"
#include "identification/identification_setting_specs.hpp"
#include "identification/uniform_resampler.hpp"
#include "logs/experiment_log.hpp"
#include "logs/log_import.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <algorithm>
#include <vector>

namespace eb {

enum class Differentiator {
  CentralDifference,  ///< three-point central differences on the filtered signal (non-uniform t)
  SavitzkyGolay       ///< Savitzky-Golay derivative filter on the filtered signal (nominal step)
};

/// The cutoff used when none is given [Hz]: ten times the top harmonic of the usual 10 s,
/// 5-harmonic excitation (butterworth_filter.hpp, defaultCutoffHz, for a known trajectory).
inline constexpr double kDefaultCutoffHz = 5.0;

/// Automatic cutoff for a log sampled at sampleRateHz [Hz]: kDefaultCutoffHz, at most a
/// quarter of the rate. The same rule for in-memory and streamed preprocessing.
inline double automaticCutoffHz(double sampleRateHz) { return std::min(kDefaultCutoffHz, 0.25 * sampleRateHz); }

/// Settings of the preprocessing.
struct PreprocessOptions {
  double cutoffHz = 0.0;      ///< Butterworth cutoff for q, qd and tau [Hz]; <= 0: automaticCutoffHz(rate)
  int filterOrder = kFilterOrderSpec.defaultValue;  ///< order of one pass; filtfilt squares the magnitude
  Differentiator differentiator = Differentiator::CentralDifference;
  int savitzkyGolayWindow = kSavitzkyGolayWindowSpec.defaultValue;  ///< samples, odd
  int savitzkyGolayOrder = kSavitzkyGolayOrderSpec.defaultValue;    ///< polynomial order (>= 2 for accelerations)
  bool useLoggedVelocity = false;  ///< qd = filtered logged qd and qdd = its derivative, when logged
  /// Low-pass the torques with the same filter. Off, the torque noise stays white, so the
  /// parameter standard deviations from the residuals are right and the Coulomb steps are
  /// not smeared (the filtered torque would no longer match sign(qd) near reversals).
  bool filterTorque = true;
  int decimation = 1;         ///< keep every decimation-th sample (cutoff must be below 0.8 x new Nyquist)
  double sampleRateHz = 0.0;  ///< [Hz] of the uniform grid; 0 = the log's nominal rate
  /// Seconds dropped at each end of every segment, where the filter and the derivatives see
  /// the segment's edge: 0 keeps every sample, < 0 is automaticEdgeTrimSeconds(cutoff).
  double edgeTrimSeconds = 0.0;
  bool operator==(const PreprocessOptions& o) const {
    return cutoffHz == o.cutoffHz && filterOrder == o.filterOrder && differentiator == o.differentiator &&
           savitzkyGolayWindow == o.savitzkyGolayWindow && savitzkyGolayOrder == o.savitzkyGolayOrder &&
           useLoggedVelocity == o.useLoggedVelocity && filterTorque == o.filterTorque && decimation == o.decimation &&
           sampleRateHz == o.sampleRateHz && edgeTrimSeconds == o.edgeTrimSeconds;
  }
};

/// Edge trim for a cutoff [Hz]: kEdgeTrimCutoffPeriods periods of the cutoff frequency
/// (0.1 s at 5 Hz); docs/time-base.md measures the end error it removes.
inline constexpr double kEdgeTrimCutoffPeriods = 0.5;
inline double automaticEdgeTrimSeconds(double cutoffHz) { return kEdgeTrimCutoffPeriods / cutoffHz; }

/// What preprocessing did with a log's time base, for the one summary line per log.
struct PreprocessReport {
  double gridRateHz = 0.0;    ///< rate of the uniform grid [Hz] (before decimation)
  double cutoffHz = 0.0;      ///< Butterworth cutoff used [Hz]
  double trimSeconds = 0.0;   ///< dropped at each end of each segment [s]
  std::size_t segmentsIn = 0, segmentsUsed = 0, segmentsTooShort = 0;
  std::size_t interpolatedPoints = 0;  ///< grid points between samples (0: the log was uniform)
  std::size_t rowsIn = 0, rowsOut = 0;
  /// "resampled onto a uniform 1000 Hz grid (cubic), 3 segments filtered on their own, 0.1 s
  /// trimmed at each end; cutoff 5 Hz; 20480 samples".
  std::string text() const;
};

/// Preprocessed signals, SI units, joints in model order.
struct PreprocessedLog {
  std::string source;
  Eigen::VectorXd t;                 ///< (M) [s] uniform grid times, segment by segment
  Eigen::MatrixXd q, qd, qdd, tau;   ///< (M x dof)
  double sampleRateHz = 0.0;         ///< of the output, after decimation [Hz]
  std::vector<std::size_t> segmentStarts;  ///< first row of each segment used
  TimeBaseSummary timeBase;          ///< the input log's time axis (from the importer)
  PreprocessReport report;
  std::vector<LogWarning> warnings;
};

/// Resamples, filters and differentiates a whole log, segment by segment. Throws
/// std::invalid_argument for bad options and InputError when no segment is long enough.
PreprocessedLog preprocessLog(const ExperimentLog& log, const PreprocessOptions& options);

/// One block of preprocessed output (never spans two segments).
struct ProcessedBlock {
  std::size_t firstRow = 0;          ///< index of the first row in the (decimated) output stream
  std::size_t segment = 0;           ///< index of its segment among the segments used
  Eigen::VectorXd t;                 ///< (rows) [s]
  Eigen::MatrixXd q, qd, qdd, tau;   ///< (rows x dof)
  /// Samples in the block.
  std::size_t rows() const { return static_cast<std::size_t>(t.size()); }
};

/// Preprocesses a log pushed in blocks of any size; emits output blocks of about blockRows rows
/// to a sink, in order. Memory is fixed at construction: (blockRows + 2 margin) rows of input
/// and of output, independent of the log length.
class StreamingLogPreprocessor {
 public:
  using Sink = std::function<void(const ProcessedBlock&)>;

  /// `hasVelocity`: whether push() receives logged velocities (used with useLoggedVelocity).
  /// sampleRateHz: the rate of the uniform grid [Hz], which must be given (options.sampleRateHz
  /// is ignored). Throws std::invalid_argument.
  StreamingLogPreprocessor(int dof, bool hasVelocity, double sampleRateHz, const PreprocessOptions& options,
                           std::size_t blockRows = 32768);
  ~StreamingLogPreprocessor();
  StreamingLogPreprocessor(const StreamingLogPreprocessor&) = delete;
  StreamingLogPreprocessor& operator=(const StreamingLogPreprocessor&) = delete;

  /// Appends samples at their true stamps: t (n) [s, increasing], q and tau (n x dof), qd (n x
  /// dof, or 0 columns); rows listed in `segmentStarts` (increasing) begin a new segment. Calls
  /// `sink` for every output block that became complete.
  void push(const Eigen::Ref<const Eigen::VectorXd>& t, const Eigen::Ref<const Eigen::MatrixXd>& q,
            const Eigen::Ref<const Eigen::MatrixXd>& qd, const Eigen::Ref<const Eigen::MatrixXd>& tau,
            const Sink& sink, const std::vector<std::size_t>& segmentStarts = {});
  /// Appends a block from LogBlockReader (with its segment starts).
  void push(const LogBlock& block, const Sink& sink);
  /// Ends the current segment (its end rows are emitted, trimmed); the next sample starts one.
  void endSegment(const Sink& sink);
  /// Emits the remaining rows (the end of the log). Throws InputError if no segment was long
  /// enough for the filters.
  void finish(const Sink& sink);
  /// What was done so far (final after finish()).
  PreprocessReport report() const;

  /// Samples kept beyond each side of an output block [samples].
  std::size_t margin() const;
  /// Grid samples dropped at each end of a segment.
  std::size_t trimRows() const;
  /// Bytes held by the processor's buffers (input ring, filter workspace, output block).
  std::size_t workingSetBytes() const;
  /// Samples pushed so far / emitted so far (after decimation).
  std::size_t rowsIn() const;
  std::size_t rowsOut() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// What a streamed CSV preprocessing run found.
struct StreamingPreprocessSummary {
  std::size_t inputRows = 0, outputRows = 0;
  double sampleRateHz = 0.0;        ///< grid rate used for the filter [Hz]
  double cutoffHz = 0.0;            ///< Butterworth cutoff used [Hz] (the automatic one if none was given)
  TimeBaseSummary timeBase;         ///< what the importer found on the time axis
  PreprocessReport report;
  LogColumnMapping mapping;
  std::vector<std::string> notes;
  std::vector<LogWarning> warnings;
  std::size_t workingSetBytes = 0;  ///< buffers of the reader and the processor
};

/// Reads a CSV log block by block and preprocesses it with bounded memory, calling `sink` for
/// each output block. The grid rate is options.sampleRateHz or the log's nominal rate. Throws
/// InputError (bad file), Cancelled (importOptions.progress) and std::invalid_argument (bad options).
StreamingPreprocessSummary preprocessCsvLogStreaming(const std::string& path, const LogImportOptions& importOptions,
                                                     const PreprocessOptions& options,
                                                     const StreamingLogPreprocessor::Sink& sink,
                                                     std::size_t blockRows = 32768);

}  // namespace eb
