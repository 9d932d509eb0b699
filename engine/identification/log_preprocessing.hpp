#pragma once
// From a raw experiment log to the signals identification needs: zero-phase
// low-passed q and tau, and qd, qdd from the filtered positions (or the filtered
// logged velocity), optionally decimated.
//
// Two forms with the same arithmetic: preprocessLog() for a log in memory, and
// StreamingLogPreprocessor for hour-long logs with bounded memory. The stream is
// cut into overlapping segments (overlap-save): each output block is computed on
// a segment reaching `margin()` samples beyond it on both sides, long enough for
// the forward-backward filter's start-up transients to decay below 1e-13 of the
// signal, then only the block's own rows are kept. At the file ends the segment
// starts at the true end, so the output equals the whole-signal result there too.

#include "identification/butterworth_filter.hpp"
#include "identification/differentiation.hpp"
#include "identification/experiment_log.hpp"
#include "identification/log_import.hpp"

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
  int filterOrder = 4;        ///< order of one pass; filtfilt squares the magnitude
  Differentiator differentiator = Differentiator::CentralDifference;
  int savitzkyGolayWindow = 21;  ///< samples, odd
  int savitzkyGolayOrder = 3;    ///< polynomial order (>= 2 for accelerations)
  bool useLoggedVelocity = false;  ///< qd = filtered logged qd and qdd = its derivative, when logged
  /// Low-pass the torques with the same filter. Off, the torque noise stays white, so the
  /// parameter standard deviations from the residuals are right and the Coulomb steps are
  /// not smeared (the filtered torque would no longer match sign(qd) near reversals).
  bool filterTorque = true;
  int decimation = 1;         ///< keep every decimation-th sample (cutoff must be below 0.8 x new Nyquist)
  double sampleRateHz = 0.0;  ///< [Hz] of the input; 0 = 1 / median time step of the log
};

/// Preprocessed signals, SI units, joints in model order.
struct PreprocessedLog {
  std::string source;
  Eigen::VectorXd t;                 ///< (M) [s]
  Eigen::MatrixXd q, qd, qdd, tau;   ///< (M x dof)
  double sampleRateHz = 0.0;         ///< of the output, after decimation [Hz]
  std::vector<LogWarning> warnings;
};

/// Filters and differentiates a whole log. Throws std::invalid_argument for bad options and
/// InputError when the log is too short for the filters.
PreprocessedLog preprocessLog(const ExperimentLog& log, const PreprocessOptions& options);

/// One block of preprocessed output.
struct ProcessedBlock {
  std::size_t firstRow = 0;          ///< index of the first row in the (decimated) output stream
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
  /// sampleRateHz must be given (options.sampleRateHz is ignored). Throws std::invalid_argument.
  StreamingLogPreprocessor(int dof, bool hasVelocity, double sampleRateHz, const PreprocessOptions& options,
                           std::size_t blockRows = 32768);
  ~StreamingLogPreprocessor();
  StreamingLogPreprocessor(const StreamingLogPreprocessor&) = delete;
  StreamingLogPreprocessor& operator=(const StreamingLogPreprocessor&) = delete;

  /// Appends samples: t (n) [s], q and tau (n x dof), qd (n x dof, or 0 columns). Calls `sink`
  /// for every output block that became complete.
  void push(const Eigen::Ref<const Eigen::VectorXd>& t, const Eigen::Ref<const Eigen::MatrixXd>& q,
            const Eigen::Ref<const Eigen::MatrixXd>& qd, const Eigen::Ref<const Eigen::MatrixXd>& tau,
            const Sink& sink);
  /// Appends a block from LogBlockReader.
  void push(const LogBlock& block, const Sink& sink);
  /// Emits the remaining rows (the end of the log). Throws InputError if the log was too short.
  void finish(const Sink& sink);

  /// Samples kept beyond each side of an output block [samples].
  std::size_t margin() const;
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
  double sampleRateHz = 0.0;        ///< input rate used for the filter [Hz]
  double cutoffHz = 0.0;            ///< Butterworth cutoff used [Hz] (the automatic one if none was given)
  LogColumnMapping mapping;
  std::vector<std::string> notes;
  std::vector<LogWarning> warnings;
  std::size_t workingSetBytes = 0;  ///< buffers of the reader and the processor
};

/// Reads a CSV log block by block and preprocesses it with bounded memory, calling `sink` for
/// each output block. The sample rate is options.sampleRateHz or the median step of the first
/// input block. Throws InputError (bad file) and std::invalid_argument (bad options).
StreamingPreprocessSummary preprocessCsvLogStreaming(const std::string& path, const LogImportOptions& importOptions,
                                                     const PreprocessOptions& options,
                                                     const StreamingLogPreprocessor::Sink& sink,
                                                     std::size_t blockRows = 32768);

}  // namespace eb
