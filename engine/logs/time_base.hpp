#pragma once
// The time axis of a logged experiment as hardware writes it: stamps that
// jitter around a nominal step, samples that drop, gaps, loggers that restart
// (time jumps back), rows written twice. The importer keeps every sample's
// true stamp and decides, sample by sample and in streaming order, what to
// keep and where a new segment starts; preprocessing then filters and
// differentiates each segment on its own (docs/time-base.md).
//
// Rules (a step is t[i] - t[previous kept sample]):
//  * step < kMinStepFraction x nominal (0 included): the sample repeats the previous one's
//    stamp. Dropped: a "repeated row" when every value is equal too, else a "repeated stamp".
//  * step < 0: the time went back (a logger restart, a reset clock): a new segment starts.
//    Its stamps are shifted to continue one nominal step after the previous segment, so the
//    log's time stays increasing; the shift is recorded.
//  * step > gapSteps x nominal: a gap, a new segment starts (never interpolated across).
//  * rows dropped as corrupt (an explicit option) also start a new segment.
//  * anything else is jitter or a few dropped samples, bridged by resampling.
// The nominal step is the median step of the first samples (the importer's preview),
// so streaming and whole-log reads agree.

#include "util/diagnostic.hpp"
#include "util/setting_spec.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace eb {

/// Steps longer than this many nominal steps split a log into segments (the default).
inline constexpr double kDefaultGapSteps = 5.0;

/// The gap threshold as a setting (util/setting_spec.hpp): the CLI's --gap-steps, the wizard's box.
inline constexpr SettingSpec<double> kGapStepsSpec{
    "gap_steps",      "--gap-steps", "Gap over", "steps",
    kDefaultGapSteps, 1.5,           1e6,        "A time step longer than this many nominal steps splits the log"};

/// Smallest time step kept, as a fraction of the nominal step: a sample repeated with a
/// jittered stamp (1e-12 s after the previous one) would make differentiated velocities
/// 1e10 times too large; such samples are dropped as repeated stamps.
inline constexpr double kMinStepFraction = 1e-6;

/// Why a segment starts where it does.
enum class SegmentStart { LogStart, Gap, TimeReset, DroppedRows };

/// "start", "gap", "time reset", "dropped rows".
const char* segmentStartName(SegmentStart start);

/// A run of samples with a continuous time axis.
struct LogSegment {
  std::size_t firstRow = 0;  ///< index of its first kept sample in the log
  std::size_t rows = 0;      ///< kept samples
  std::size_t line = 0;      ///< file line (or MAT row) of its first sample
  SegmentStart start = SegmentStart::LogStart;
  double stepBefore = 0.0;   ///< raw step from the previous kept sample [s] (< 0 for a reset)
  double timeShift = 0.0;    ///< added to this segment's raw stamps to keep time increasing [s]
};

/// Histogram of the steps inside segments, in units of the nominal step.
struct StepHistogram {
  static constexpr int kBins = 60;          ///< bins of width kBinWidth, centred on 0, w, 2w, ...
  static constexpr double kBinWidth = 0.05; ///< [nominal steps]
  std::array<std::size_t, kBins> counts{};  ///< steps in [(k - 1/2) w, (k + 1/2) w)
  std::size_t beyond = 0;                   ///< steps of 2.975 nominal steps or more (inside segments)
  /// Adds a step of `ratio` nominal steps.
  void add(double ratio);
  /// Total steps counted.
  std::size_t total() const;
};

/// What the importer found on a log's time axis and did about it: one summary per log.
struct TimeBaseSummary {
  std::size_t rowsRead = 0;      ///< data rows parsed
  std::size_t samples = 0;       ///< samples kept
  double nominalStep = 0.0;      ///< [s]; the grid step preprocessing resamples onto
  bool uniformSource = false;    ///< no time column: uniform samples at a given rate
  double gapSteps = kDefaultGapSteps;
  // Steps inside segments [s].
  std::size_t steps = 0;
  double stepMin = 0.0, stepMax = 0.0, stepMean = 0.0, stepStd = 0.0;
  StepHistogram histogram;
  std::size_t gaps = 0, resets = 0, droppedRowBreaks = 0;
  double longestGap = 0.0;       ///< [s]
  std::size_t longestGapLine = 0, firstResetLine = 0;
  std::size_t repeatedStamps = 0, repeatedRows = 0, badRows = 0;
  std::size_t firstRepeatLine = 0, firstBadLine = 0;
  std::string firstBadReason;    ///< what was wrong with the first dropped bad row
  std::vector<LogSegment> segments;
  std::string place = "line";    ///< "line" (text) or "row" (MAT)

  /// Samples dropped in all (repeated stamps and rows, bad rows).
  std::size_t dropped() const { return repeatedStamps + repeatedRows + badRows; }
  /// Whether anything deviates from one uniform segment (jitter beyond 1 % counts).
  bool irregular() const;
  /// One line: nominal rate, step median and spread, gaps and segments, samples dropped.
  std::string text() const;
};

/// Decides, sample by sample, what the importer keeps (see the file comment).
class TimeBaseTracker {
 public:
  enum class Verdict { Keep, NewSegment, DropRepeatedStamp, DropRepeatedRow };

  /// `nominalStep` [s] > 0; `gapSteps` > 1.
  TimeBaseTracker(double nominalStep, double gapSteps = kDefaultGapSteps, std::string place = "line");

  /// Classifies the next sample: raw time `t` [s] (before any shift), its `line`, whether all
  /// its values equal the previous kept sample's, and whether rows were dropped right before
  /// it. Keep/NewSegment samples are kept (call kept() next); their time is t + timeShift().
  Verdict next(double t, std::size_t line, bool sameValues, bool rowsDroppedBefore);
  /// Shift [s] to add to the raw time of the sample just classified as kept.
  double timeShift() const { return shift_; }
  /// Records a row dropped as bad (corrupt), with what was wrong.
  void dropBadRow(std::size_t line, const std::string& reason);
  /// The summary so far (call finish() first for the final one).
  const TimeBaseSummary& summary() const { return summary_; }
  /// The summary as if the log ended after the samples seen so far (a log read in part).
  TimeBaseSummary snapshot() const;
  /// Closes the last segment and the statistics.
  void finish();

 private:
  TimeBaseSummary summary_;
  double previous_ = 0.0;  // raw time of the previous kept sample
  double shift_ = 0.0;
  double sum_ = 0.0, sumSquares_ = 0.0;
  std::size_t kept_ = 0;
  bool finished_ = false;
};

/// Median of the positive finite steps among t[0..n) (0 when there are none).
double medianPositiveStep(const double* t, std::size_t n);

/// Nominal step of stamps t[0..n): the mean of the steps within +-50 % of their median (0 when
/// there are none). With jitter the median of a few hundred steps is off by percents; the mean
/// of a run of jittered steps telescopes to (last - first) / count, off by 1 / count only, and
/// the +-50 % window keeps gaps, drops and resets out of it.
double nominalStepOf(const double* t, std::size_t n);

}  // namespace eb
