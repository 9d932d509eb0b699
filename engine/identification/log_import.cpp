#include "identification/log_import.hpp"

#include "identification/mat_log_import.hpp"
#include "model/model_error.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace eb {

namespace {

constexpr std::size_t kPreviewRows = 200;      // rows used to guess units from the data
constexpr std::size_t kImportChunk = 65536;    // rows per block in importCsvLog
constexpr double kLowSampleRateHz = 99.0;      // below ~100 Hz, warn (ROS joint_states is often 30 Hz)

std::string formatNumber(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

}  // namespace

LogBlockReader::LogBlockReader(const std::string& path, const LogImportOptions& options)
    : path_(path), options_(options), timeChecker_(path, "time") {
  const CsvPreview preview = readCsvPreview(path, kPreviewRows, options.format);
  const CsvLayout& layout = preview.layout;
  notes_ = layout.notes;
  if (options.mapping) {
    mapping_ = *options.mapping;
  } else {
    LogGuessOptions guessOptions;
    guessOptions.dof = options.dof;
    guessOptions.jointNames = options.jointNames;
    guessOptions.torqueConstants = options.torqueConstants;
    guessOptions.positionUnit = options.positionUnit;
    guessOptions.timeUnit = options.timeUnit;
    guessOptions.sampleRateHz = options.sampleRateHz;
    LogMappingGuess guess = guessLogColumnMapping(layout.columns, preview.values, guessOptions, path, layout.headerLine);
    mapping_ = std::move(guess.mapping);
    notes_.insert(notes_.end(), guess.notes.begin(), guess.notes.end());
    for (const std::string& w : guess.warnings) warnings_.push_back({layout.headerLine, path + ": " + w});
  }
  checkLogColumnMapping(mapping_, layout.columns, options.dof, path, layout.headerLine);

  CsvReadOptions readOptions;
  readOptions.format = layout.format;
  readOptions.columns = mapping_.columns();
  csv_ = std::make_unique<CsvBlockReader>(path, readOptions);
  const std::vector<std::string>& selected = csv_->selectedColumns();
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
    torqueScale_.push_back(j.torqueScale);
  }
  positionScale_ = radiansPerPositionUnit(mapping_.positionUnit);
  timeScale_ = secondsPerTimeUnit(mapping_.timeUnit);
  timeChecker_ = TimeAxisChecker(path, mapping_.timeColumn.empty() ? "(sample rate)" : mapping_.timeColumn);
}

LogBlockReader::~LogBlockReader() = default;

const CsvLayout& LogBlockReader::layout() const { return csv_->layout(); }

std::vector<std::string> LogBlockReader::jointNames() const {
  std::vector<std::string> names;
  for (const JointColumns& j : mapping_.joints) names.push_back(j.name);
  return names;
}

double LogBlockReader::progress() const { return csv_->progress(); }

std::size_t LogBlockReader::read(LogBlock& block, std::size_t maxRows) {
  const auto n = static_cast<Eigen::Index>(maxRows);
  const auto dof = static_cast<Eigen::Index>(mapping_.joints.size());
  block.firstRow = rows_;
  block.t.resize(n);
  block.q.resize(n, dof);
  block.qd.resize(n, hasVelocity() ? dof : 0);
  block.qdd.resize(n, hasAcceleration() ? dof : 0);
  block.tau.resize(n, dof);
  const std::size_t got = readInto(block.t, block.q, block.qd, block.qdd, block.tau);
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

std::size_t LogBlockReader::readInto(Eigen::Ref<Eigen::VectorXd> t, Eigen::Ref<Eigen::MatrixXd> q,
                                     Eigen::Ref<Eigen::MatrixXd> qd, Eigen::Ref<Eigen::MatrixXd> qdd,
                                     Eigen::Ref<Eigen::MatrixXd> tau) {
  if (finished_) return 0;
  const Eigen::Index want = t.size();
  const auto dof = static_cast<Eigen::Index>(mapping_.joints.size());
  if (q.rows() != want || tau.rows() != want || q.cols() != dof || tau.cols() != dof ||
      qd.cols() != (hasVelocity() ? dof : 0) || qdd.cols() != (hasAcceleration() ? dof : 0))
    throw std::invalid_argument("LogBlockReader::readInto: output sizes do not match the mapping");
  if (want == 0) return 0;
  if (raw_.rows() < want) {
    raw_.resize(want, static_cast<Eigen::Index>(csv_->selectedColumns().size()));
    lines_.resize(static_cast<std::size_t>(want));
  }
  const std::size_t got = csv_->read(raw_.topRows(want), lines_.data());
  if (got == 0) {
    finish();
    return 0;
  }
  const auto g = static_cast<Eigen::Index>(got);

  // Time [s] relative to the first sample (subtracting before scaling keeps epoch stamps precise).
  if (timeSlot_ >= 0) {
    const auto column = raw_.col(timeSlot_);
    if (rows_ == 0) {
      rawTimeOrigin_ = column(0);
      timeOrigin_ = rawTimeOrigin_ * timeScale_;
    }
    for (Eigen::Index i = 0; i < g; ++i) t(i) = (column(i) - rawTimeOrigin_) * timeScale_;
  } else {
    const double step = 1.0 / mapping_.sampleRateHz;
    for (Eigen::Index i = 0; i < g; ++i) t(i) = static_cast<double>(rows_ + static_cast<std::size_t>(i)) * step;
  }
  if (rows_ == 0) {
    nominalStep_ = medianTimeStep(t.data(), got);
    timeChecker_.setNominalStep(nominalStep_);
    if (nominalStep_ > 0.0 && 1.0 / nominalStep_ < kLowSampleRateHz)
      warnings_.push_back({lines_[0], oneLineMessage(path_ + ": line " + std::to_string(lines_[0]) + ": column '" +
                                                     (mapping_.timeColumn.empty() ? "time" : mapping_.timeColumn) +
                                                     "': sample rate " + formatNumber(1.0 / nominalStep_) +
                                                     " Hz is low for identification (ROS joint_states is often 30 Hz; "
                                                     "log at 500 Hz or more)")});
  }
  for (Eigen::Index i = 0; i < g; ++i) timeChecker_.check(t(i), lines_[static_cast<std::size_t>(i)], warnings_);

  for (Eigen::Index j = 0; j < dof; ++j) {
    const auto jj = static_cast<std::size_t>(j);
    q.col(j).head(g) = raw_.col(qSlot_[jj]).head(g) * positionScale_;
    if (qd.cols() > 0) qd.col(j).head(g) = raw_.col(qdSlot_[jj]).head(g) * positionScale_;
    if (qdd.cols() > 0) qdd.col(j).head(g) = raw_.col(qddSlot_[jj]).head(g) * positionScale_;
    tau.col(j).head(g) = raw_.col(tauSlot_[jj]).head(g) * torqueScale_[jj];
  }
  // Finite but absurd values: refused here, at their line and column (see kMaxJointSignal).
  const auto plausible = [&](const Eigen::Ref<Eigen::MatrixXd>& m, std::string JointColumns::*column) {
    if (m.cols() == 0 || !(m.topRows(g).cwiseAbs().maxCoeff() > kMaxJointSignal)) return;
    for (Eigen::Index i = 0; i < g; ++i)
      for (Eigen::Index j = 0; j < dof; ++j)
        if (std::abs(m(i, j)) > kMaxJointSignal)
          throw InputError(path_ + ": line " + std::to_string(lines_[static_cast<std::size_t>(i)]) + ": column '" +
                           mapping_.joints[static_cast<std::size_t>(j)].*column + "': value " + formatNumber(m(i, j)) +
                           " is beyond " + formatNumber(kMaxJointSignal) +
                           " (not a plausible joint signal; a corrupted row?)");
  };
  plausible(q, &JointColumns::q);
  plausible(qd, &JointColumns::qd);
  plausible(qdd, &JointColumns::qdd);
  plausible(tau, &JointColumns::tau);
  largestPosition_ = std::max(largestPosition_, q.topRows(g).cwiseAbs().maxCoeff());
  rows_ += got;
  lastLine_ = lines_[got - 1];
  return got;
}

void LogBlockReader::finish() {
  finished_ = true;
  timeChecker_.finish(warnings_);
  warnings_.insert(warnings_.end(), csv_->warnings().begin(), csv_->warnings().end());
  if (rows_ < options_.minRows) {
    const std::size_t line = rows_ > 0 ? lastLine_ : csv_->layout().firstDataLine;
    throw InputError(path_ + ": line " + std::to_string(line) + ": column '" +
                     (mapping_.timeColumn.empty() ? mapping_.joints[0].q : mapping_.timeColumn) + "': only " +
                     std::to_string(rows_) + " data rows, at least " + std::to_string(options_.minRows) + " needed");
  }
  if (mapping_.positionUnit == PositionUnit::Radian && largestPosition_ > 2.0 * M_PI + 0.5)
    warnings_.push_back({0, path_ + ": positions reach " + formatNumber(largestPosition_) +
                                " rad: if they are degrees, set the position unit to degrees"});
}

// ---------------------------------------------------------------------------------------------
ExperimentLog importCsvLog(const std::string& path, const LogImportOptions& options) {
  LogBlockReader reader(path, options);
  const std::size_t capacity = countCsvDataRows(path, reader.layout());
  const auto n = static_cast<Eigen::Index>(capacity);
  const auto dof = static_cast<Eigen::Index>(options.dof);
  ExperimentLog log;
  log.source = path;
  log.jointNames = reader.jointNames();
  log.t.resize(n);
  log.q.resize(n, dof);
  log.tau.resize(n, dof);
  if (reader.hasVelocity()) log.qd.resize(n, dof);
  if (reader.hasAcceleration()) log.qdd.resize(n, dof);

  Eigen::MatrixXd none;  // stands in for qd/qdd when they are not logged (0 columns, no allocation)
  std::size_t rows = 0;
  while (rows < capacity) {
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
    if (got < static_cast<std::size_t>(chunk)) break;
    if (options.progress && !options.progress(reader.progress())) throw InputError(path + ": import cancelled");
  }
  // One more read reaches the end of the file and runs the final checks (too few rows, gaps summary).
  LogBlock tail;
  if (reader.read(tail, 1) != 0) throw std::logic_error("importCsvLog: more rows than counted in " + path);
  if (rows < capacity) {
    const auto g = static_cast<Eigen::Index>(rows);
    log.t.conservativeResize(g);
    log.q.conservativeResize(g, Eigen::NoChange);
    log.tau.conservativeResize(g, Eigen::NoChange);
    if (log.qd.size() > 0) log.qd.conservativeResize(g, Eigen::NoChange);
    if (log.qdd.size() > 0) log.qdd.conservativeResize(g, Eigen::NoChange);
  }
  log.timeOrigin = reader.timeOrigin();
  log.warnings = reader.warnings();
  if (options.progress) options.progress(1.0);
  return log;
}

ExperimentLog importLog(const std::string& path, const LogImportOptions& options) {
  std::string extension = path.size() >= 4 ? path.substr(path.size() - 4) : "";
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".mat" ? importMatLog(path, options) : importCsvLog(path, options);
}

std::vector<ExperimentLog> importLogs(const std::vector<std::string>& paths, const LogImportOptions& options) {
  std::vector<ExperimentLog> logs;
  logs.reserve(paths.size());
  for (const std::string& path : paths) {
    logs.push_back(importLog(path, options));
    if (logs.back().dof() != logs.front().dof())
      throw InputError(path + ": " + std::to_string(logs.back().dof()) + " joints, but " + logs.front().source +
                       " has " + std::to_string(logs.front().dof()));
  }
  return logs;
}

}  // namespace eb
