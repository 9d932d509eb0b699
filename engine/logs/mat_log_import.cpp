#include "logs/mat_log_import.hpp"

#include "util/input_error.hpp"
#include "util/mat_file.hpp"

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <memory>

namespace eb {

namespace {

MatFile openMat(const std::string& path) {
  MatFile file(Mat_Open(path.c_str(), MAT_ACC_RDONLY));
  if (!file) throw inputErrorAt(path, 0, "", "cannot open as a MATLAB file", "row");
  return file;
}

template <class T>
void copyAs(const matvar_t* v, Eigen::MatrixXd& out) {
  const T* data = static_cast<const T*>(v->data);
  for (Eigen::Index i = 0; i < out.size(); ++i) out.data()[i] = static_cast<double>(data[i]);
}

// Reads a real numeric 2-D variable ("s.f" reads field f of struct s) into a column-major
// matrix (MATLAB is column-major too). Returns false when it does not exist.
bool readMatrix(mat_t* file, const std::string& path, const std::string& name, Eigen::MatrixXd& out) {
  const std::size_t dot = name.find('.');
  const std::string top = name.substr(0, dot);
  MatVar holder = readMatVariable(file, path, top);
  if (!holder) return false;
  const matvar_t* v = holder.get();
  if (dot != std::string::npos) {
    if (v->class_type != MAT_C_STRUCT) throw inputErrorAt(path, 0, "", "variable '" + top + "' is not a struct", "row");
    v = Mat_VarGetStructFieldByName(holder.get(), name.substr(dot + 1).c_str(), 0);
    if (!v) return false;
  }
  const auto fail = [&](const std::string& what) {
    return inputErrorAt(path, 0, "", "variable '" + name + "': " + what, "row");
  };
  if (v->rank != 2) throw fail("has " + std::to_string(v->rank) + " dimensions, expected a matrix");
  if (v->isComplex) throw fail("is complex");
  if (v->isLogical) throw fail("is logical, expected numbers");
  out.resize(static_cast<Eigen::Index>(v->dims[0]), static_cast<Eigen::Index>(v->dims[1]));
  if (out.size() == 0) return true;
  if (!v->data) throw fail("has no data");
  switch (v->class_type) {
    case MAT_C_DOUBLE: copyAs<double>(v, out); break;
    case MAT_C_SINGLE: copyAs<float>(v, out); break;
    case MAT_C_INT8: copyAs<std::int8_t>(v, out); break;
    case MAT_C_UINT8: copyAs<std::uint8_t>(v, out); break;
    case MAT_C_INT16: copyAs<std::int16_t>(v, out); break;
    case MAT_C_UINT16: copyAs<std::uint16_t>(v, out); break;
    case MAT_C_INT32: copyAs<std::int32_t>(v, out); break;
    case MAT_C_UINT32: copyAs<std::uint32_t>(v, out); break;
    case MAT_C_INT64: copyAs<std::int64_t>(v, out); break;
    case MAT_C_UINT64: copyAs<std::uint64_t>(v, out); break;
    default: throw fail("is not a numeric matrix (cell, struct, char or sparse)");
  }
  return true;
}

// Brings a per-joint variable to N x dof (transposing dof x N), checking its size.
void orient(Eigen::MatrixXd& m, Eigen::Index rows, int dof, const std::string& path, const std::string& name,
            std::vector<LogWarning>& warnings) {
  if (m.cols() != dof && m.rows() == dof && (rows < 0 || m.cols() == rows)) {
    m.transposeInPlace();
    warnings.push_back(diagnosticAt(Severity::Warning, path, 0, "", "variable '" + name + "' is dof x N: transposed to N x dof"));
  }
  if (m.cols() != dof)
    throw inputErrorAt(path, 1, name,
                       "has " + std::to_string(m.cols()) + " joint columns but the robot has " + std::to_string(dof) +
                           " joints",
                       "row");
  if (rows >= 0 && m.rows() != rows)
    throw inputErrorAt(path, static_cast<std::size_t>(std::min(m.rows(), rows) + 1), name,
                       "has " + std::to_string(m.rows()) + " rows, the time has " + std::to_string(rows), "row");
}

// Why row i of the variables is not a plausible sample (false when it is).
bool implausibleRow(const std::vector<std::pair<const Eigen::MatrixXd*, const std::string*>>& variables,
                    Eigen::Index i, double positionScale, const LogImportOptions& options, const std::string& path,
                    Diagnostic& why) {
  for (std::size_t k = 0; k < variables.size(); ++k) {
    const Eigen::MatrixXd& m = *variables[k].first;
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
      const double v = m(i, j);
      std::string what;
      if (!std::isfinite(v)) {
        what = std::string("value ") + (std::isnan(v) ? "NaN" : "inf") + " is not finite";
      } else if (std::abs(v) > kMaxJointSignal) {
        // Before unit conversion: degrees make positions larger, never smaller than the bound allows.
        char value[32];
        std::snprintf(value, sizeof value, "%.6g", v);
        what = std::string("value ") + value + " is beyond 1e+12 (not a plausible joint signal; a corrupted row?)";
      } else if (k == 0 && !options.positionBounds.empty() &&
                 !options.positionBounds[static_cast<std::size_t>(j)].contains(v * positionScale)) {
        const PositionBounds& b = options.positionBounds[static_cast<std::size_t>(j)];
        char text[160];
        std::snprintf(text, sizeof text, "position %.6g is far outside joint %d's range (plausible: %.6g to %.6g; "
                      "a corrupted row, or the wrong position unit?)", v * positionScale, static_cast<int>(j + 1),
                      b.lower, b.upper);
        what = text;
      }
      if (!what.empty()) {
        why = diagnosticAt(Severity::Error, path, static_cast<std::size_t>(i + 1),
                           *variables[k].second + "(:," + std::to_string(j + 1) + ")", what);
        why.place = "row";
        return true;
      }
    }
  }
  return false;
}

/// A MAT log's variables as read, then oriented to N x dof.
struct MatVariables {
  Eigen::MatrixXd t, q, qd, qdd, tau;
  bool hasTime = false, hasVelocity = false, hasAcceleration = false;
};

// Reads the named variables; InputError when the position or torque variable is missing.
MatVariables readVariables(mat_t* file, const std::string& path, const MatVariableNames& names) {
  MatVariables v;
  v.hasTime = !names.t.empty() && readMatrix(file, path, names.t, v.t);
  if (!readMatrix(file, path, names.q, v.q)) throw inputErrorAt(path, 1, names.q, "position variable not found", "row");
  if (!readMatrix(file, path, names.tau, v.tau))
    throw inputErrorAt(path, 1, names.tau, "torque variable not found", "row");
  v.hasVelocity = !names.qd.empty() && readMatrix(file, path, names.qd, v.qd);
  v.hasAcceleration = !names.qdd.empty() && readMatrix(file, path, names.qdd, v.qdd);
  return v;
}

// Orients every per-joint variable to N x dof and returns N; InputError for a time that is
// not a vector, no time and no sample rate, mismatched sizes or too few samples.
Eigen::Index orientVariables(MatVariables& v, const std::string& path, const LogImportOptions& options,
                             std::vector<LogWarning>& warnings) {
  const MatVariableNames& names = options.matVariables;
  const int dof = options.dof;
  // Time first: it fixes N and with it the orientation of the other variables.
  Eigen::Index n = -1;
  if (v.hasTime) {
    if (v.t.rows() != 1 && v.t.cols() != 1)
      throw inputErrorAt(
          path, 1, names.t,
          "time must be a vector, it is " + std::to_string(v.t.rows()) + " x " + std::to_string(v.t.cols()), "row");
    n = v.t.size();
  } else if (!(options.sampleRateHz > 0.0)) {
    throw inputErrorAt(path, 1, names.t, "time variable not found and no sample rate given", "row");
  }
  orient(v.q, n, dof, path, names.q, warnings);
  n = v.q.rows();
  orient(v.tau, n, dof, path, names.tau, warnings);
  if (v.hasVelocity) orient(v.qd, n, dof, path, names.qd, warnings);
  if (v.hasAcceleration) orient(v.qdd, n, dof, path, names.qdd, warnings);
  if (static_cast<std::size_t>(n) < options.minRows)
    throw inputErrorAt(path, static_cast<std::size_t>(n), names.q,
                       "only " + std::to_string(n) + " samples, at least " + std::to_string(options.minRows) + " needed",
                       "row");
  return n;
}

// Time in seconds from the first finite stamp (or i / sample rate without a time variable) for
// each of the n rows; sets log.timeOrigin.
Eigen::VectorXd timeAxis(const MatVariables& v, Eigen::Index n, double timeScale, const LogImportOptions& options,
                         ExperimentLog& log) {
  double origin = 0.0;  // the first finite stamp (a corrupt first row may be dropped)
  for (Eigen::Index i = 0; v.hasTime && i < n; ++i)
    if (std::isfinite(v.t.data()[i])) {
      origin = v.t.data()[i];
      break;
    }
  Eigen::VectorXd time(n);
  for (Eigen::Index i = 0; i < n; ++i)
    time(i) = v.hasTime ? (v.t.data()[i] - origin) * timeScale : static_cast<double>(i) / options.sampleRateHz;
  if (v.hasTime) log.timeOrigin = origin * timeScale;
  return time;
}

// Why time stamp `seconds` of row `row` is not plausible (empty message when it is).
Diagnostic timeProblem(double seconds, std::size_t row, const std::string& path, const std::string& timeName) {
  Diagnostic why;
  if (!std::isfinite(seconds)) {
    why = diagnosticAt(Severity::Error, path, row, timeName, "time is not finite");
    why.place = "row";
  } else if (!(std::abs(seconds) <= kMaxLogSeconds)) {
    char text[160];
    std::snprintf(text, sizeof text, "time %.6g s from the first sample is beyond %.6g s (not a plausible time "
                  "stamp; a corrupted row?)", seconds, kMaxLogSeconds);
    why = diagnosticAt(Severity::Error, path, row, timeName, text);
    why.place = "row";
  }
  return why;
}

// Keeps the usable rows in place, as for a CSV log (time_base.hpp): bad rows dropped (or
// InputError unless options.dropBadRows), repeated rows and stamps dropped, gaps bridged.
// Returns how many rows are kept (the first ones of v and time); sets log.timeBase.
Eigen::Index keepUsableRows(MatVariables& v, Eigen::VectorXd& time, double positionScale, const std::string& path,
                            const LogImportOptions& options, ExperimentLog& log) {
  const MatVariableNames& names = options.matVariables;
  const Eigen::Index n = time.size();
  const std::string timeName = v.hasTime ? names.t : "(sample rate)";
  const double nominal =
      v.hasTime ? nominalStepOf(time.data(), static_cast<std::size_t>(n)) : 1.0 / options.sampleRateHz;
  if (!(nominal > 0.0)) throw inputErrorAt(path, 1, timeName, "time does not increase", "row");
  TimeBaseTracker tracker(nominal, options.gapSteps, "row");
  std::vector<std::pair<const Eigen::MatrixXd*, const std::string*>> variables = {{&v.q, &names.q},
                                                                                  {&v.tau, &names.tau}};
  if (v.hasVelocity) variables.push_back({&v.qd, &names.qd});
  if (v.hasAcceleration) variables.push_back({&v.qdd, &names.qdd});
  Eigen::Index kept = 0;
  bool breakPending = false;
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto row = static_cast<std::size_t>(i + 1);
    Diagnostic why = timeProblem(time(i), row, path, timeName);
    if (!why.message.empty() || implausibleRow(variables, i, positionScale, options, path, why)) {
      if (!options.dropBadRows) throw InputError(why);
      tracker.dropBadRow(row, "column '" + why.field + "': " + why.message);
      breakPending = true;
      continue;
    }
    bool same = kept > 0;
    for (const auto& var : variables) same = same && var.first->row(i) == var.first->row(kept - 1);
    const TimeBaseTracker::Verdict verdict = tracker.next(time(i), row, same, breakPending);
    if (verdict == TimeBaseTracker::Verdict::DropRepeatedRow || verdict == TimeBaseTracker::Verdict::DropRepeatedStamp)
      continue;
    breakPending = false;
    time(kept) = time(i) + tracker.timeShift();
    if (kept > 0 && !(time(kept) > time(kept - 1)))
      throw inputErrorAt(path, row, timeName, "time stamps too far apart to keep increasing", "row");
    v.q.row(kept) = v.q.row(i);
    v.tau.row(kept) = v.tau.row(i);
    if (v.hasVelocity) v.qd.row(kept) = v.qd.row(i);
    if (v.hasAcceleration) v.qdd.row(kept) = v.qdd.row(i);
    ++kept;
  }
  tracker.finish();
  if (static_cast<std::size_t>(kept) < options.minRows)
    throw inputErrorAt(path, static_cast<std::size_t>(n), names.q,
                       "only " + std::to_string(kept) + " usable samples, at least " + std::to_string(options.minRows) +
                           " needed",
                       "row");
  log.timeBase = tracker.summary();
  log.timeBase.uniformSource = !v.hasTime;
  return kept;
}

// The log's signals from the first `kept` rows: positions in rad, torques times the torque
// constants if given (currents), and the joint names.
void fillSignals(ExperimentLog& log, const MatVariables& v, const Eigen::VectorXd& time, Eigen::Index kept,
                 double positionScale, const std::string& path, const LogImportOptions& options) {
  const int dof = options.dof;
  log.t = time.head(kept);
  log.q = v.q.topRows(kept) * positionScale;
  if (v.hasVelocity) log.qd = v.qd.topRows(kept) * positionScale;
  if (v.hasAcceleration) log.qdd = v.qdd.topRows(kept) * positionScale;
  log.tau = v.tau.topRows(kept);
  if (!options.torqueConstants.empty()) {
    if (static_cast<int>(options.torqueConstants.size()) != dof)
      throw inputErrorAt(path, 0, "", std::to_string(options.torqueConstants.size()) + " torque constants for " +
                       std::to_string(dof) + " joints");
    for (int j = 0; j < dof; ++j) log.tau.col(j) *= options.torqueConstants[static_cast<std::size_t>(j)];
    log.warnings.push_back(diagnosticAt(Severity::Note, path, 0, "",
                                        "variable '" + options.matVariables.tau + "' taken as motor currents times "
                                        "the given torque constants [N m/A]"));
  }
  for (int j = 0; j < dof; ++j) log.tau.col(j) *= torqueSignOf(options, j, path);
  for (int j = 0; j < dof; ++j)
    log.jointNames.push_back(options.jointNames.empty() ? "joint" + std::to_string(j + 1)
                                                        : options.jointNames[static_cast<std::size_t>(j)]);
}

}  // namespace

ExperimentLog importMatLog(const std::string& path, const LogImportOptions& options) {
  if (options.dof <= 0) throw inputErrorAt(path, 0, "", "the robot's joint count must be positive", "row");
  MatFile file = openMat(path);
  ExperimentLog log;
  log.source = path;
  MatVariables v = readVariables(file.get(), path, options.matVariables);
  const Eigen::Index n = orientVariables(v, path, options, log.warnings);
  if (!options.positionBounds.empty() && static_cast<int>(options.positionBounds.size()) != options.dof)
    throw std::invalid_argument("LogImportOptions: positionBounds must have one entry per joint");

  // Time in seconds from the first sample; rows checked and the time axis classified as for a
  // CSV log (time_base.hpp), keeping rows in place.
  const TimeUnit unit = options.timeUnit.value_or(TimeUnit::Seconds);
  const double positionScale = radiansPerPositionUnit(options.positionUnit.value_or(PositionUnit::Radian));
  Eigen::VectorXd time = timeAxis(v, n, secondsPerTimeUnit(unit), options, log);
  const Eigen::Index kept = keepUsableRows(v, time, positionScale, path, options, log);
  fillSignals(log, v, time, kept, positionScale, path, options);
  return log;
}

std::vector<std::string> listMatVariables(const std::string& path) {
  MatFile file = openMat(path);
  std::vector<std::string> names;
  while (matvar_t* v = Mat_VarReadNextInfo(file.get())) {
    MatVar holder(v);
    if (v->name) names.emplace_back(v->name);
  }
  return names;
}

}  // namespace eb
