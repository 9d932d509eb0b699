#include "logs/log_import.hpp"

#include "logs/log_file_kind.hpp"

#include "logs/bag_log_source.hpp"
#include "logs/joint_state_rows.hpp"
#include "logs/mat_log_import.hpp"
#include "logs/rosbag_directory.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"
#include "util/cancelled.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace eb {

namespace {

constexpr std::size_t kPreviewRows = 200;      // rows used to guess units from the data
constexpr std::size_t kImportChunk = 65536;    // rows per block in importCsvLog
constexpr double kLowSampleRateHz = 99.0;      // below ~100 Hz, warn (ROS joint_states is often 30 Hz)


}  // namespace

bool LogImportOptions::operator==(const LogImportOptions& o) const {
  return dof == o.dof && jointNames == o.jointNames && mapping == o.mapping && columnLayout == o.columnLayout &&
         torqueConstants == o.torqueConstants && torqueSigns == o.torqueSigns && positionUnit == o.positionUnit && timeUnit == o.timeUnit &&
         sampleRateHz == o.sampleRateHz && format == o.format && matVariables == o.matVariables &&
         minRows == o.minRows && maxRows == o.maxRows && positionBounds == o.positionBounds &&
         dropBadRows == o.dropBadRows && gapSteps == o.gapSteps && topic == o.topic;
}

// The column mapping: the one given, one built from a column layout, or a guess from the
// header and the first rows; then checked against the file's columns.
void LogBlockReader::resolveMapping(const CsvPreview& preview) {
  const std::string& path = path_;
  const LogImportOptions& options = options_;
  const CsvLayout& layout = preview.layout;
  const std::size_t columnsLine = layout.columnsLine();
  if (options.mapping && options.columnLayout)
    throw inputErrorAt(path, 0, "", "give either a column mapping or a column layout, not both");
  if (options.mapping) {
    mapping_ = *options.mapping;
  } else if (options.columnLayout) {
    mapping_ = mappingFromLayout(parseLogColumnLayout(*options.columnLayout), layout.columns, options.dof,
                                 options.jointNames, options.torqueConstants, path, columnsLine);
    if (mapping_.timeColumn.empty()) mapping_.sampleRateHz = options.sampleRateHz;
    if (options.timeUnit) mapping_.timeUnit = *options.timeUnit;
    if (options.positionUnit) mapping_.positionUnit = *options.positionUnit;
    notes_.push_back("columns as given: " + *options.columnLayout);
  } else {
    LogGuessOptions guessOptions;
    guessOptions.dof = options.dof;
    guessOptions.jointNames = options.jointNames;
    guessOptions.torqueConstants = options.torqueConstants;
    guessOptions.positionUnit = options.positionUnit;
    guessOptions.timeUnit = options.timeUnit;
    guessOptions.sampleRateHz = options.sampleRateHz;
    LogMappingGuess guess = guessLogColumnMapping(layout.columns, preview.values, guessOptions, path, columnsLine);
    mapping_ = std::move(guess.mapping);
    notes_.insert(notes_.end(), guess.notes.begin(), guess.notes.end());
    for (const std::string& w : guess.warnings)
      warnings_.push_back(diagnosticAt(Severity::Warning, path, columnsLine, "", w));
  }
  try {
    checkLogColumnMapping(mapping_, layout.columns, options.dof, path, columnsLine);
  } catch (const InputError& e) {
    // Without a header the guess is by position only: say how to name the columns.
    if (layout.headerLine > 0 || options.mapping || options.columnLayout) throw;
    Diagnostic d = e.diagnostic();
    d.message += " (the file has no header: give its columns, e.g. --columns \"t,q1..q" + std::to_string(options.dof) +
                 ",tau1..tau" + std::to_string(options.dof) + "\")";
    throw InputError(d);
  }
}

LogBlockReader::LogBlockReader(const std::string& path, const LogImportOptions& options)
    : path_(path), options_(options) {
  if (!(options.gapSteps > 1.0))
    throw inputErrorAt(path, 0, "", "the gap threshold must be more than 1 nominal step, got " +
                                        formatSignificant(options.gapSteps));
  if (!options.positionBounds.empty() && static_cast<int>(options.positionBounds.size()) != options.dof)
    throw std::invalid_argument("LogImportOptions: positionBounds must have one entry per joint");
  std::function<void(const Diagnostic&)> onBadRow;
  if (options.dropBadRows)
    onBadRow = [this](const Diagnostic& d) {
      tracker_->dropBadRow(d.line, (d.field.empty() ? "" : "column '" + d.field + "': ") + d.message);
    };
  // Raw times of the first rows (for the nominal step) and the place of the last one.
  std::vector<double> head;
  std::size_t headLine = 0;
  if (isRosBagPath(path)) {
    openBag(onBadRow, head, headLine);
  } else {
    const CsvPreview preview = readCsvPreview(path, kPreviewRows, options.format);
    layout_ = preview.layout;
    notes_ = layout_.notes;
    resolveMapping(preview);
    CsvReadOptions readOptions;
    readOptions.format = layout_.format;
    readOptions.columns = mapping_.columns();
    readOptions.ticksColumn = mapping_.timeColumn;
    if (!mapping_.timeColumn.empty()) {
      // The first rows, read once more as the real source reads them: their time since the
      // first row, exact, gives the nominal step (bad rows are the real source's to report).
      CsvReadOptions headOptions = readOptions;
      headOptions.columns = {mapping_.timeColumn};
      headOptions.onBadRow = [](const Diagnostic&) {};
      CsvBlockReader headReader(path, headOptions);
      Eigen::MatrixXd rows(static_cast<Eigen::Index>(kPreviewRows), 1);
      const auto got = static_cast<Eigen::Index>(headReader.read(rows));
      for (Eigen::Index i = 0; i < got; ++i) head.push_back(rows(i, 0));
    }
    readOptions.onBadRow = onBadRow;
    source_ = std::make_unique<CsvBlockReader>(path, readOptions);
    headLine = preview.lines.empty() ? layout_.columnsLine() : preview.lines.back();
  }
  const std::vector<std::string>& selected = source_->selectedColumns();
  auto slot = [&](const std::string& column) {
    if (column.empty()) return -1;
    return static_cast<int>(std::find(selected.begin(), selected.end(), column) - selected.begin());
  };
  timeSlot_ = slot(mapping_.timeColumn);
  for (const JointColumns& j : mapping_.joints) {
    qSlot_.push_back(slot(j.q));
    qdSlot_.push_back(slot(j.qd));
    qddSlot_.push_back(slot(j.qdd));
    tauSlot_.push_back(slot(j.tau));
    torqueScale_.push_back(j.torqueScale * torqueSignOf(options_, static_cast<int>(torqueScale_.size()), path));
  }
  positionScale_ = radiansPerPositionUnit(mapping_.positionUnit);
  timeScale_ = secondsPerTimeUnit(mapping_.timeUnit);
  // Units per second are 1, 1e3, 1e6, 1e9: exact, so ticks / ticksPerSecond_ rounds once.
  if (source_->timeTicksPerUnit() > 0.0) ticksPerSecond_ = source_->timeTicksPerUnit() * std::round(1.0 / timeScale_);

  // The nominal step from the first rows, so that every reader of this file (whole or in blocks
  // of any size) resamples onto the same grid.
  timeName_ = mapping_.timeColumn.empty() ? "time" : mapping_.timeColumn;
  if (timeSlot_ >= 0) {
    const double headStep = nominalStepOf(head.data(), head.size());
    nominalStep_ = ticksPerSecond_ > 0.0 ? headStep / ticksPerSecond_ : headStep * timeScale_;
    if (!(nominalStep_ > 0.0) && head.size() >= 2)
      throw InputError(at(Severity::Error, headLine, timeName_,
                          "time does not increase over the first " + std::to_string(head.size()) + " rows"));
  } else {
    nominalStep_ = 1.0 / mapping_.sampleRateHz;
  }
  // With fewer than two rows there is no step: any positive one will do (the log is refused as
  // too short at its end).
  tracker_ = std::make_unique<TimeBaseTracker>(nominalStep_ > 0.0 ? nominalStep_ : 1.0, options.gapSteps, place_);
  // A property of the whole log, not of a line or a column: the warning names only the file.
  if (nominalStep_ > 0.0 && 1.0 / nominalStep_ < kLowSampleRateHz)
    warnings_.push_back(diagnosticAt(Severity::Warning, path, 0, "",
                                     "sample rate " + formatSignificant(1.0 / nominalStep_) +
                                         " Hz is low for identification (ROS joint_states is often 30 Hz; "
                                         "log at 500 Hz or more)"));
  previousValues_.resize(static_cast<Eigen::Index>(selected.size()));
}

// A ROS 2 bag: the JointState topic's joints mapped by name; rows from BagRowSource.
void LogBlockReader::openBag(const std::function<void(const Diagnostic&)>& onBadRow, std::vector<double>& head,
                             std::size_t& headLine) {
  const std::string& path = path_;
  place_ = "message";
  if (options_.columnLayout)
    throw inputErrorAt(path, 0, "", "a ROS 2 bag names its joints: give a mapping file, not a column layout");
  const BagJointStates states = inspectBagJointStates(path, options_.topic);
  bagMessages_ = states.messages;
  layout_ = CsvLayout{};
  layout_.columns = states.columns;
  layout_.firstDataLine = 1;
  notes_.push_back("ROS 2 bag (" + std::string(states.bag.storage == BagStorage::Mcap ? "mcap" : "sqlite3") + ", " +
                   std::to_string(states.bag.files.size()) + (states.bag.files.size() == 1 ? " file" : " files") +
                   "): topic " + states.topic + " (" + states.type + ")");
  notes_.insert(notes_.end(), states.bag.notes.begin(), states.bag.notes.end());
  if (options_.mapping) {
    mapping_ = *options_.mapping;
    notes_.push_back("columns from the mapping");
  } else {
    LogMappingGuess guess = bagColumnMapping(states, options_.dof, options_.jointNames);
    mapping_ = std::move(guess.mapping);
    notes_.insert(notes_.end(), guess.notes.begin(), guess.notes.end());
  }
  if (options_.positionUnit) mapping_.positionUnit = *options_.positionUnit;
  checkLogColumnMapping(mapping_, layout_.columns, options_.dof, path, 0);
  {
    // The first rows, read once more by the real source: their stamps give the nominal step.
    std::function<void(const Diagnostic&)> ignore;  // the real source reports bad messages
    if (onBadRow) ignore = [](const Diagnostic&) {};
    BagRowSource preview(states.bag, states.topic, mapping_.columns(), ignore, true);
    Eigen::MatrixXd rows(static_cast<Eigen::Index>(kPreviewRows), static_cast<Eigen::Index>(mapping_.columns().size()));
    std::vector<std::size_t> lines(kPreviewRows);
    const auto got = static_cast<Eigen::Index>(preview.read(rows, lines.data()));
    for (Eigen::Index i = 0; i < got; ++i) head.push_back(rows(i, 0));
    headLine = got > 0 ? lines[static_cast<std::size_t>(got - 1)] : 0;
  }
  source_ = std::make_unique<BagRowSource>(states.bag, states.topic, mapping_.columns(), onBadRow, true);
}

Diagnostic LogBlockReader::at(Severity severity, std::size_t line, const std::string& field, const std::string& message) const {
  Diagnostic d = diagnosticAt(severity, path_, line, field, message);
  d.place = place_;
  return d;
}

LogBlockReader::~LogBlockReader() = default;

const CsvLayout& LogBlockReader::layout() const { return layout_; }

std::vector<std::string> LogBlockReader::jointNames() const {
  std::vector<std::string> names;
  for (const JointColumns& j : mapping_.joints) names.push_back(j.name);
  return names;
}

double LogBlockReader::progress() const { return source_->progress(); }

std::size_t LogBlockReader::read(LogBlock& block, std::size_t maxRows) {
  const auto n = static_cast<Eigen::Index>(maxRows);
  const auto dof = static_cast<Eigen::Index>(mapping_.joints.size());
  block.firstRow = rows_;
  block.t.resize(n);
  block.q.resize(n, dof);
  block.qd.resize(n, hasVelocity() ? dof : 0);
  block.qdd.resize(n, hasAcceleration() ? dof : 0);
  block.tau.resize(n, dof);
  block.segmentStarts.clear();
  const std::size_t got = readInto(block.t, block.q, block.qd, block.qdd, block.tau, &block.segmentStarts);
  if (got < maxRows) {
    const auto g = static_cast<Eigen::Index>(got);
    block.t.conservativeResize(g);
    block.q.conservativeResize(g, Eigen::NoChange);
    block.qd.conservativeResize(g, Eigen::NoChange);
    block.qdd.conservativeResize(g, Eigen::NoChange);
    block.tau.conservativeResize(g, Eigen::NoChange);
  }
  return got;
}

bool LogBlockReader::blockPlausible(Eigen::Index rows) const {
  // Vectorised over the block: rows are checked one by one only when this fails.
  const auto block = raw_.topRows(rows);
  for (std::size_t j = 0; j < qSlot_.size(); ++j) {
    for (const std::vector<int>* slots : {&qSlot_, &qdSlot_, &qddSlot_}) {
      const int slot = (*slots)[j];
      if (slot >= 0 && !(block.col(slot).cwiseAbs().maxCoeff() * positionScale_ <= kMaxJointSignal)) return false;
    }
    if (!(block.col(tauSlot_[j]).cwiseAbs().maxCoeff() * std::abs(torqueScale_[j]) <= kMaxJointSignal)) return false;
    if (!options_.positionBounds.empty()) {
      const PositionBounds& b = options_.positionBounds[j];
      const auto q = block.col(qSlot_[j]);
      // Position scales are positive (radians per unit).
      if (!(b.contains(q.minCoeff() * positionScale_) && b.contains(q.maxCoeff() * positionScale_))) return false;
    }
  }
  return true;
}

bool LogBlockReader::implausible(Eigen::Index i, Diagnostic& why) const {
  const auto dof = static_cast<Eigen::Index>(mapping_.joints.size());
  auto check = [&](const std::vector<int>& slots, double scale, std::string JointColumns::*column) {
    for (Eigen::Index j = 0; j < dof; ++j) {
      const int slot = slots[static_cast<std::size_t>(j)];
      if (slot < 0) continue;
      const double v = raw_(i, slot) * (scale != 0.0 ? scale : torqueScale_[static_cast<std::size_t>(j)]);
      const std::string& name = mapping_.joints[static_cast<std::size_t>(j)].*column;
      if (std::abs(v) > kMaxJointSignal) {
        why = at(Severity::Error, lines_[static_cast<std::size_t>(i)], name,
                           "value " + formatSignificant(v) + " is beyond " + formatSignificant(kMaxJointSignal) +
                               " (not a plausible joint signal; a corrupted row?)");
        return true;
      }
      if (column == &JointColumns::q && !options_.positionBounds.empty()) {
        const PositionBounds& b = options_.positionBounds[static_cast<std::size_t>(j)];
        if (!b.contains(v)) {
          why = at(Severity::Error, lines_[static_cast<std::size_t>(i)], name,
                             "position " + formatSignificant(v) + " is far outside joint " + std::to_string(j + 1) +
                                 "'s range (plausible: " + formatSignificant(b.lower) + " to " + formatSignificant(b.upper) +
                                 "; a corrupted row, or the wrong position unit?)");
          return true;
        }
      }
    }
    return false;
  };
  return check(qSlot_, positionScale_, &JointColumns::q) || check(qdSlot_, positionScale_, &JointColumns::qd) ||
         check(qddSlot_, positionScale_, &JointColumns::qdd) || check(tauSlot_, 0.0, &JointColumns::tau);
}

double LogBlockReader::rowTime(Eigen::Index i, std::size_t fileRow, bool firstSample) {
  if (timeSlot_ < 0) return static_cast<double>(fileRow) / mapping_.sampleRateHz;
  if (ticksPerSecond_ > 0.0) {
    // Ticks since the source's first row are exact integers (below 2^53): they subtract
    // exactly, and the one division rounds to the double nearest the true time.
    if (firstSample) {
      rawTimeOrigin_ = raw_(i, timeSlot_);
      timeOrigin_ = source_->firstRawTime() * timeScale_ + rawTimeOrigin_ / ticksPerSecond_;
    }
    return (raw_(i, timeSlot_) - rawTimeOrigin_) / ticksPerSecond_;
  }
  // Relative to the first sample: subtracting before scaling keeps epoch stamps precise.
  if (firstSample) {
    rawTimeOrigin_ = raw_(i, timeSlot_);
    timeOrigin_ = rawTimeOrigin_ * timeScale_;
  }
  return (raw_(i, timeSlot_) - rawTimeOrigin_) * timeScale_;
}

void LogBlockReader::copyKeptRows(Eigen::Ref<Eigen::MatrixXd> q, Eigen::Ref<Eigen::MatrixXd> qd,
                                  Eigen::Ref<Eigen::MatrixXd> qdd, Eigen::Ref<Eigen::MatrixXd> tau,
                                  Eigen::Index firstOut) {
  const auto dof = static_cast<Eigen::Index>(mapping_.joints.size());
  const auto n = static_cast<Eigen::Index>(keptRows_.size());
  const bool contiguous = n > 0 && keptRows_.back() - keptRows_.front() == n - 1;
  auto copy = [&](Eigen::Ref<Eigen::MatrixXd> out, Eigen::Index j, int slot, double scale) {
    if (contiguous) {
      out.col(j).segment(firstOut, n) = raw_.col(slot).segment(keptRows_.front(), n) * scale;
    } else {
      for (Eigen::Index r = 0; r < n; ++r) out(firstOut + r, j) = raw_(keptRows_[static_cast<std::size_t>(r)], slot) * scale;
    }
  };
  for (Eigen::Index j = 0; j < dof && n > 0; ++j) {
    const auto jj = static_cast<std::size_t>(j);
    copy(q, j, qSlot_[jj], positionScale_);
    if (qd.cols() > 0) copy(qd, j, qdSlot_[jj], positionScale_);
    if (qdd.cols() > 0) copy(qdd, j, qddSlot_[jj], positionScale_);
    copy(tau, j, tauSlot_[jj], torqueScale_[jj]);
    largestPosition_ = std::max(largestPosition_, q.col(j).segment(firstOut, n).cwiseAbs().maxCoeff());
  }
}

std::size_t LogBlockReader::readInto(Eigen::Ref<Eigen::VectorXd> t, Eigen::Ref<Eigen::MatrixXd> q,
                                     Eigen::Ref<Eigen::MatrixXd> qd, Eigen::Ref<Eigen::MatrixXd> qdd,
                                     Eigen::Ref<Eigen::MatrixXd> tau, std::vector<std::size_t>* segmentStarts) {
  if (finished_) return 0;
  const Eigen::Index want = t.size();
  const auto dof = static_cast<Eigen::Index>(mapping_.joints.size());
  if (q.rows() != want || tau.rows() != want || q.cols() != dof || tau.cols() != dof ||
      qd.cols() != (hasVelocity() ? dof : 0) || qdd.cols() != (hasAcceleration() ? dof : 0))
    throw std::invalid_argument("LogBlockReader::readInto: output sizes do not match the mapping");
  if (want == 0) return 0;
  const auto selected = static_cast<Eigen::Index>(source_->selectedColumns().size());
  if (raw_.rows() < want) {
    raw_.resize(want, selected);
    lines_.resize(static_cast<std::size_t>(want));
    skipped_.resize(static_cast<std::size_t>(want));
  }
  Eigen::Index kept = 0;
  while (kept < want) {
    const std::size_t got = source_->read(raw_.topRows(want - kept), lines_.data(), skipped_.data());
    if (got == 0) break;
    const bool plausible = blockPlausible(static_cast<Eigen::Index>(got));
    Diagnostic why;
    Eigen::Index lastKeptRow = -1;  // in raw_; before it, previousValues_ holds the last kept row
    keptRows_.clear();              // rows of raw_ kept, in order (values copied below, column by column)
    const Eigen::Index firstOut = kept;
    for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(got); ++i) {
      const std::size_t line = lines_[static_cast<std::size_t>(i)];
      const std::size_t skipped = skipped_[static_cast<std::size_t>(i)];
      breakPending_ = breakPending_ || skipped > 0;
      // Data rows of the file before this one, dropped ones included: the clock of a log without time.
      fileRows_ += skipped;
      const std::size_t fileRow = fileRows_++;
      if (!plausible && implausible(i, why)) {
        if (!options_.dropBadRows) throw InputError(why);
        tracker_->dropBadRow(line, "column '" + why.field + "': " + why.message);
        breakPending_ = true;
        continue;
      }
      const double time = rowTime(i, fileRow, rows_ == 0 && kept == 0);
      const bool first = rows_ + static_cast<std::size_t>(kept) == 0;
      if (!first && !(std::abs(time) <= kMaxLogSeconds)) {
        why = at(Severity::Error, line, timeName_,
                           "time " + formatSignificant(time) + " s from the first sample is beyond " +
                               formatSignificant(kMaxLogSeconds) + " s (not a plausible time stamp; a corrupted row?)");
        if (!options_.dropBadRows) throw InputError(why);
        tracker_->dropBadRow(line, "column '" + why.field + "': " + why.message);
        breakPending_ = true;
        continue;
      }
      // The values are compared only for a repeated stamp (the tracker needs them nowhere else).
      bool same = false;
      if (!first && time - lastKeptTime_ < kMinStepFraction * tracker_->summary().nominalStep && time >= lastKeptTime_) {
        same = true;
        for (Eigen::Index c = 0; same && c < selected; ++c)
          same = c == timeSlot_ || raw_(i, c) == (lastKeptRow >= 0 ? raw_(lastKeptRow, c) : previousValues_(c));
      }
      const TimeBaseTracker::Verdict verdict = tracker_->next(time, line, same, breakPending_);
      if (verdict == TimeBaseTracker::Verdict::DropRepeatedRow ||
          verdict == TimeBaseTracker::Verdict::DropRepeatedStamp)
        continue;
      breakPending_ = false;
      if (segmentStarts && (verdict == TimeBaseTracker::Verdict::NewSegment || first))
        segmentStarts->push_back(static_cast<std::size_t>(kept));
      lastKeptRow = i;
      lastKeptTime_ = time;
      t(kept) = time + tracker_->timeShift();
      // Resets and gaps stack up shifts: beyond what a double can tell apart, refuse (only
      // stamps built to do it get here: real ones stay within kMaxLogSeconds of the start).
      if (!first && !(t(kept) > lastOutTime_))
        throw InputError(at(Severity::Error, line, timeName_,
                                      "time stamps too far apart to keep increasing (after " +
                                          std::to_string(tracker_->summary().segments.size()) + " segments)"));
      lastOutTime_ = t(kept);
      keptRows_.push_back(i);
      lastLine_ = line;
      ++kept;
    }
    copyKeptRows(q, qd, qdd, tau, firstOut);
    if (lastKeptRow >= 0) previousValues_ = raw_.row(lastKeptRow).transpose();  // raw_ is overwritten next
  }
  rows_ += static_cast<std::size_t>(kept);
  if (kept < want) finish();
  return static_cast<std::size_t>(kept);
}

void LogBlockReader::finish() {
  if (finished_) return;
  finished_ = true;
  tracker_->finish();
  const std::vector<LogWarning>& sourceWarnings = source_->warnings();
  warnings_.insert(warnings_.end(), sourceWarnings.begin(), sourceWarnings.end());
  if (rows_ < options_.minRows) {
    const std::size_t line = rows_ > 0 ? lastLine_ : layout_.firstDataLine;
    throw InputError(at(Severity::Error, line,
                                  mapping_.timeColumn.empty() ? mapping_.joints[0].q : mapping_.timeColumn,
                                  "only " + std::to_string(rows_) + " data rows, at least " +
                                      std::to_string(options_.minRows) + " needed"));
  }
  if (mapping_.positionUnit == PositionUnit::Radian && largestPosition_ > 2.0 * M_PI + 0.5)
    warnings_.push_back(diagnosticAt(Severity::Warning, path_, 0, "",
                                     "positions reach " + formatSignificant(largestPosition_) +
                                         " rad: if they are degrees, set the position unit to degrees"));
}

// ---------------------------------------------------------------------------------------------
ExperimentLog importCsvLog(const std::string& path, const LogImportOptions& options) {
  LogBlockReader reader(path, options);
  // A CSV's rows are counted first (an upper bound); a bag's messages are counted by its storage
  // when it can (an upper bound too: split joints take several per row), else the log grows.
  // A bag's count comes from the file itself: trusted only up to a bound, then the log grows.
  constexpr std::uint64_t kTrustedBagRows = 1u << 20;
  const bool exact = !reader.isBag();
  std::size_t capacity = exact ? countCsvDataRows(path, reader.layout())
                               : static_cast<std::size_t>(std::clamp<std::uint64_t>(reader.bagMessages(), 1024, kTrustedBagRows));
  const bool limited = options.maxRows > 0 && options.maxRows < capacity;
  if (limited) capacity = options.maxRows;
  const auto dof = static_cast<Eigen::Index>(options.dof);
  ExperimentLog log;
  log.source = path;
  log.jointNames = reader.jointNames();
  auto resize = [&](std::size_t rows) {
    const auto n = static_cast<Eigen::Index>(rows);
    log.t.conservativeResize(n);
    log.q.conservativeResize(n, dof);
    log.tau.conservativeResize(n, dof);
    if (reader.hasVelocity()) log.qd.conservativeResize(n, dof);
    if (reader.hasAcceleration()) log.qdd.conservativeResize(n, dof);
  };
  resize(capacity);

  Eigen::MatrixXd none;  // stands in for qd/qdd when they are not logged (0 columns, no allocation)
  std::size_t rows = 0;
  bool ended = false;
  while (!ended) {
    if (rows == capacity) {
      if (exact || (options.maxRows > 0 && rows >= options.maxRows)) break;
      capacity = options.maxRows > 0 ? std::min(2 * capacity, options.maxRows) : 2 * capacity;
      resize(capacity);
    }
    const auto r = static_cast<Eigen::Index>(rows);
    const auto chunk = static_cast<Eigen::Index>(std::min(kImportChunk, capacity - rows));
    none.resize(chunk, 0);
    const std::size_t got = reader.readInto(
        log.t.segment(r, chunk), log.q.middleRows(r, chunk),
        reader.hasVelocity() ? Eigen::Ref<Eigen::MatrixXd>(log.qd.middleRows(r, chunk)) : Eigen::Ref<Eigen::MatrixXd>(none),
        reader.hasAcceleration() ? Eigen::Ref<Eigen::MatrixXd>(log.qdd.middleRows(r, chunk))
                                 : Eigen::Ref<Eigen::MatrixXd>(none),
        log.tau.middleRows(r, chunk));
    rows += got;
    ended = got < static_cast<std::size_t>(chunk);
    if (!ended && options.progress && !options.progress(reader.progress())) throw Cancelled("reading " + path);
  }
  // One more read reaches the end of the file and runs the final checks (too few rows, gaps summary).
  LogBlock tail;
  const bool full = options.maxRows > 0 && rows >= options.maxRows;
  if (!ended && full) log.truncated = true;  // the rows go on: not read
  else if (!ended && reader.read(tail, 1) != 0) throw std::logic_error("importCsvLog: more rows than counted in " + path);
  if (rows < capacity) resize(rows);
  log.timeOrigin = reader.timeOrigin();
  log.timeBase = reader.timeBase();
  log.warnings = reader.warnings();
  if (options.progress) options.progress(1.0);
  return log;
}

double torqueSignOf(const LogImportOptions& options, int joint, const std::string& source) {
  if (options.torqueSigns.empty()) return 1.0;
  if (static_cast<int>(options.torqueSigns.size()) != options.dof)
    throw inputErrorIn(source, "--torque-sign: " + std::to_string(options.torqueSigns.size()) + " signs for " +
                                   std::to_string(options.dof) + " joints");
  const double s = options.torqueSigns[static_cast<std::size_t>(joint)];
  if (s != 1.0 && s != -1.0)
    throw inputErrorIn(source, "--torque-sign: joint " + std::to_string(joint + 1) + ": " + formatSignificant(s, 6) +
                                   " is not 1 or -1");
  return s;
}

ExperimentLog importLog(const std::string& path, const LogImportOptions& options) {
  // Bags go through importCsvLog too: its LogBlockReader reads every row source.
  if (logFileKindOf(path) == LogFileKind::Mat) return importMatLog(path, options);
  return importCsvLog(path, options);
}

std::vector<ExperimentLog> importLogs(const std::vector<std::string>& paths, const LogImportOptions& options) {
  std::vector<ExperimentLog> logs;
  logs.reserve(paths.size());
  for (const std::string& path : paths) {
    logs.push_back(importLog(path, options));
    if (logs.back().dof() != logs.front().dof())
      throw inputErrorAt(path, 0, "", std::to_string(logs.back().dof()) + " joints, but " + logs.front().source +
                       " has " + std::to_string(logs.front().dof()));
  }
  return logs;
}

}  // namespace eb
