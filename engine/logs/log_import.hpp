#pragma once
// Importing logged experiments: CSV (and MAT, see mat_log_import.hpp) to
// ExperimentLog in SI units, with the column mapping guessed or given, the time
// axis classified sample by sample (time_base.hpp: repeated samples dropped,
// segments at gaps and resets), and every problem an InputError from a
// Diagnostic ("<file>: line <n>: column '<name>': <what>").
//
// LogBlockReader streams a CSV log in blocks with bounded memory (for hour-long
// logs); importCsvLog reads a whole log through it into one ExperimentLog.

#include "logs/csv_table.hpp"
#include "logs/experiment_log.hpp"
#include "logs/log_column_layout.hpp"
#include "logs/log_column_mapping.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace eb {

/// Variable names in a MAT file (a dotted name "log.q" reads a struct field).
struct MatVariableNames {
  std::string t = "t";      ///< (N) time, or empty with a sample rate
  std::string q = "q";      ///< (N x dof) positions
  std::string qd = "qd";    ///< optional
  std::string qdd = "qdd";  ///< optional
  std::string tau = "tau";  ///< (N x dof) torques
  bool operator==(const MatVariableNames& o) const {
    return t == o.t && q == o.q && qd == o.qd && qdd == o.qdd && tau == o.tau;
  }
};

/// What the importer needs to know besides the file.
struct LogImportOptions {
  int dof = 0;                              ///< joints of the robot (required)
  std::vector<std::string> jointNames;      ///< model joint names, model order (optional, helps matching)
  std::optional<LogColumnMapping> mapping;  ///< use this mapping instead of guessing one (CSV)
  /// Or a column layout typed by the user ("t,q1..q6,qd1..qd6,i1..i6": log_column_layout.hpp).
  std::optional<std::string> columnLayout;
  std::vector<double> torqueConstants;      ///< [N m/A] per joint, to use motor-current columns
  /// Per joint +1 or -1 multiplying the logged torque (after any torque constant): -1 for a
  /// driver that reports torque with the opposite sign of the description (KUKA FRI). Empty:
  /// not stated (all +1), and a clearly reversed gravity-loaded joint is then refused
  /// (torque_convention_check.hpp); stated, the user's signs are taken as meant.
  std::vector<double> torqueSigns;
  std::optional<PositionUnit> positionUnit; ///< forced unit of positions
  std::optional<TimeUnit> timeUnit;         ///< forced unit of the time column
  double sampleRateHz = 0.0;                ///< [Hz] for logs without a time column
  std::optional<CsvFormat> format;          ///< forced CSV format (else detected)
  MatVariableNames matVariables;            ///< MAT files only
  std::string topic;                        ///< ROS 2 bags: the JointState topic (empty: the only one)
  std::size_t minRows = 16;                 ///< fewer data rows is an error
  std::size_t maxRows = 0;                  ///< read at most this many samples (a preview); 0: all
  /// Per joint, the plausible position range (empty: only |value| <= kMaxJointSignal is checked).
  std::vector<PositionBounds> positionBounds;
  /// Drop corrupt rows (unparsable, wrong field count, absurd values) instead of refusing the
  /// file: each is counted, and the segment is split there.
  bool dropBadRows = false;
  /// A step longer than this many nominal steps is a gap that splits the log (time_base.hpp).
  double gapSteps = kDefaultGapSteps;
  /// Called with the fraction done; return false to cancel (the import throws Cancelled).
  std::function<bool(double)> progress;
  /// Every field but `progress` (a callback, not a setting) is equal: a new field is compared
  /// in log_import.cpp, so a document holding these options notices its change.
  bool operator==(const LogImportOptions& o) const;
};

/// A block of consecutive samples, SI units, joints in model order (see ExperimentLog).
struct LogBlock {
  std::size_t firstRow = 0;  ///< index of the first sample in the whole log
  Eigen::VectorXd t;         ///< (rows) [s] since the first sample of the log (true stamps, increasing)
  Eigen::MatrixXd q, qd, qdd, tau;  ///< (rows x dof); qd/qdd have 0 columns when not logged
  /// Rows of this block that start a new segment (the log's first sample included), increasing.
  std::vector<std::size_t> segmentStarts;
  /// Samples in the block.
  std::size_t rows() const { return static_cast<std::size_t>(t.size()); }
};

/// Streams a CSV log block by block: maps columns, converts units, checks the time axis.
/// Memory: one text buffer and one raw block, independent of the file length.
class LogBlockReader {
 public:
  /// Opens `path`, guesses (or takes) the mapping and checks it. Throws InputError.
  LogBlockReader(const std::string& path, const LogImportOptions& options);
  ~LogBlockReader();

  /// The mapping in use (given or guessed).
  const LogColumnMapping& mapping() const { return mapping_; }
  /// Notes of the guess (what was detected, how, doubts).
  const std::vector<std::string>& notes() const { return notes_; }
  /// Warnings so far (gaps with their lines, unit doubts, skipped lines).
  const std::vector<LogWarning>& warnings() const { return warnings_; }
  /// Detected file layout (delimiter, header, columns).
  const CsvLayout& layout() const;
  /// Joint names in model order (from the mapping).
  std::vector<std::string> jointNames() const;
  /// Whether blocks carry logged velocities / accelerations.
  bool hasVelocity() const { return mapping_.hasVelocity(); }
  bool hasAcceleration() const { return mapping_.hasAcceleration(); }
  /// Raw time of the first sample converted to [s] (valid after the first read).
  double timeOrigin() const { return timeOrigin_; }
  /// Nominal time step [s]: the median step of the first rows (the preview), or 1 / rate.
  double nominalStep() const { return nominalStep_; }
  /// The time axis of the samples read so far (final after the last read): segments, gaps, drops.
  TimeBaseSummary timeBase() const { return tracker_->snapshot(); }

  /// Reads up to maxRows kept samples into `block` (resized to the rows read; no reallocation
  /// while the size stays the same). Returns fewer than maxRows only at the end of the file, 0
  /// after the final checks (too few rows throws InputError). Throws InputError for bad values.
  std::size_t read(LogBlock& block, std::size_t maxRows);
  /// Like read(), into caller matrices of t.size() rows (segment starts go to `segmentStarts`
  /// as rows of these matrices, when given).
  std::size_t readInto(Eigen::Ref<Eigen::VectorXd> t, Eigen::Ref<Eigen::MatrixXd> q, Eigen::Ref<Eigen::MatrixXd> qd,
                       Eigen::Ref<Eigen::MatrixXd> qdd, Eigen::Ref<Eigen::MatrixXd> tau,
                       std::vector<std::size_t>* segmentStarts = nullptr);
  /// Fraction of the file read, in [0, 1].
  double progress() const;
  /// Samples kept so far.
  std::size_t rowsRead() const { return rows_; }
  /// Whether the log is a ROS 2 bag (rows are JointState instants, places are message numbers).
  bool isBag() const { return place_ == "message"; }
  /// Messages of a bag's JointState topic when its storage counts them (0: unknown, or a CSV).
  std::uint64_t bagMessages() const { return bagMessages_; }

 private:
  void resolveMapping(const CsvPreview& preview);  // sets mapping_ and its notes and warnings
  // A ROS 2 bag: mapping, layout and source from its JointState topic; `head` gets the raw times of
  // its first rows, `headLine` the place of the last of them.
  void openBag(const std::function<void(const Diagnostic&)>& onBadRow, std::vector<double>& head, std::size_t& headLine);
  // A Diagnostic at a place of this log ("line" of a CSV, "message" of a bag).
  Diagnostic at(Severity severity, std::size_t line, const std::string& field, const std::string& message) const;
  void finish();
  // Whether every value of raw_'s first `rows` rows is plausible (no per-row check needed).
  bool blockPlausible(Eigen::Index rows) const;
  // Whether row i of raw_ is not a plausible sample; `why` names its column and value.
  bool implausible(Eigen::Index i, Diagnostic& why) const;
  // Time [s] of row i of raw_ from the first sample (`firstSample`: it is the first), or from the
  // data row number without a time column.
  double rowTime(Eigen::Index i, std::size_t fileRow, bool firstSample);
  // The values of the rows keptRows_ names, in SI units, into rows firstOut.. of the outputs:
  // whole columns when no row was dropped (the usual case).
  void copyKeptRows(Eigen::Ref<Eigen::MatrixXd> q, Eigen::Ref<Eigen::MatrixXd> qd, Eigen::Ref<Eigen::MatrixXd> qdd,
                    Eigen::Ref<Eigen::MatrixXd> tau, Eigen::Index firstOut);

  std::string path_;
  LogImportOptions options_;
  LogColumnMapping mapping_;
  std::vector<std::string> notes_;
  std::vector<LogWarning> warnings_;
  std::unique_ptr<LogRowSource> source_;   // CsvBlockReader or BagRowSource
  CsvLayout layout_;
  std::string place_ = "line";             // what a row's place counts
  std::uint64_t bagMessages_ = 0;          // JointState messages of a bag (0: unknown or CSV)
  // Selected-column index of each role; -1 when absent.
  int timeSlot_ = -1;
  std::vector<int> qSlot_, qdSlot_, qddSlot_, tauSlot_;
  std::vector<double> torqueScale_;
  double positionScale_ = 1.0, timeScale_ = 1.0;
  double ticksPerSecond_ = 0.0;  // the source's time ticks per second; 0: raw stamps
  Eigen::MatrixXd raw_;
  std::vector<std::size_t> lines_;
  std::vector<std::size_t> skipped_;       // per raw row: bad rows the CSV reader skipped right before it
  std::vector<Eigen::Index> keptRows_;     // rows of raw_ kept by the current read
  std::unique_ptr<TimeBaseTracker> tracker_;
  Eigen::VectorXd previousValues_;         // selected values of the last kept row of the previous block
  double lastKeptTime_ = 0.0;              // raw time [s] of the last kept sample
  double lastOutTime_ = 0.0;               // its time as output (shifted)
  std::string timeName_;                   // the time column, for messages
  double timeOrigin_ = 0.0, rawTimeOrigin_ = 0.0, nominalStep_ = 0.0, largestPosition_ = 0.0;
  std::size_t rows_ = 0, fileRows_ = 0, lastLine_ = 0;  // kept samples; data rows seen, dropped ones too
  bool finished_ = false, breakPending_ = false;
};

/// The sign of joint j's torque in `options` (+1 when not stated). Throws InputError naming
/// `source` when the signs are not dof values of +1 or -1.
double torqueSignOf(const LogImportOptions& options, int joint, const std::string& source);

/// Reads a whole CSV log into memory (exactly sized; counts rows first). Throws InputError.
ExperimentLog importCsvLog(const std::string& path, const LogImportOptions& options);

/// Reads a CSV, MAT or ROS 2 bag log: .mat = MATLAB, a bag folder or .mcap/.db3 = rosbag2
/// (rosbag_directory.hpp), anything else = text.
ExperimentLog importLog(const std::string& path, const LogImportOptions& options);

/// Reads several logs of the same robot and keeps them apart (each starts at t = 0).
/// Throws InputError when one of them fails; all must have the same joint count.
std::vector<ExperimentLog> importLogs(const std::vector<std::string>& paths, const LogImportOptions& options);

}  // namespace eb
