#include "identification/mat_log_import.hpp"

#include "model/model_error.hpp"

#include <matio.h>

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <memory>

namespace eb {

namespace {

struct MatFileCloser {
  void operator()(mat_t* m) const { Mat_Close(m); }
};
struct MatVarFree {
  void operator()(matvar_t* v) const { Mat_VarFree(v); }
};
using MatFile = std::unique_ptr<mat_t, MatFileCloser>;
using MatVar = std::unique_ptr<matvar_t, MatVarFree>;

MatFile openMat(const std::string& path) {
  MatFile file(Mat_Open(path.c_str(), MAT_ACC_RDONLY));
  if (!file) throw InputError(path + ": cannot open as a MATLAB file");
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
  MatVar holder(Mat_VarRead(file, top.c_str()));
  if (!holder) return false;
  const matvar_t* v = holder.get();
  if (dot != std::string::npos) {
    if (v->class_type != MAT_C_STRUCT) throw InputError(path + ": variable '" + top + "' is not a struct");
    v = Mat_VarGetStructFieldByName(holder.get(), name.substr(dot + 1).c_str(), 0);
    if (!v) return false;
  }
  const std::string where = path + ": variable '" + name + "': ";
  if (v->rank != 2) throw InputError(where + "has " + std::to_string(v->rank) + " dimensions, expected a matrix");
  if (v->isComplex) throw InputError(where + "is complex");
  if (v->isLogical) throw InputError(where + "is logical, expected numbers");
  out.resize(static_cast<Eigen::Index>(v->dims[0]), static_cast<Eigen::Index>(v->dims[1]));
  if (out.size() == 0) return true;
  if (!v->data) throw InputError(where + "has no data");
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
    default: throw InputError(where + "is not a numeric matrix (cell, struct, char or sparse)");
  }
  return true;
}

// Brings a per-joint variable to N x dof (transposing dof x N), checking its size.
void orient(Eigen::MatrixXd& m, Eigen::Index rows, int dof, const std::string& path, const std::string& name,
            std::vector<LogWarning>& warnings) {
  if (m.cols() != dof && m.rows() == dof && (rows < 0 || m.cols() == rows)) {
    m.transposeInPlace();
    warnings.push_back({0, path + ": variable '" + name + "' is dof x N: transposed to N x dof"});
  }
  if (m.cols() != dof)
    throw InputError(path + ": row 1: column '" + name + "': has " + std::to_string(m.cols()) +
                     " joint columns but the robot has " + std::to_string(dof) + " joints");
  if (rows >= 0 && m.rows() != rows)
    throw InputError(path + ": row " + std::to_string(std::min(m.rows(), rows) + 1) + ": column '" + name +
                     "': has " + std::to_string(m.rows()) + " rows, the time has " + std::to_string(rows));
}

void checkFinite(const Eigen::MatrixXd& m, const std::string& path, const std::string& name) {
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      const std::string where = path + ": row " + std::to_string(i + 1) + ": column '" + name + "(:," +
                                std::to_string(j + 1) + ")': value ";
      if (!std::isfinite(m(i, j))) throw InputError(where + (std::isnan(m(i, j)) ? "NaN" : "inf") + " is not finite");
      // Before unit conversion: degrees make positions larger, never smaller than the bound allows.
      if (std::abs(m(i, j)) > kMaxJointSignal) {
        char value[32];
        std::snprintf(value, sizeof value, "%.6g", m(i, j));
        throw InputError(where + value + " is beyond 1e+12 (not a plausible joint signal; a corrupted row?)");
      }
    }
}

}  // namespace

ExperimentLog importMatLog(const std::string& path, const LogImportOptions& options) {
  const MatVariableNames& names = options.matVariables;
  const int dof = options.dof;
  if (dof <= 0) throw InputError(path + ": the robot's joint count must be positive");
  MatFile file = openMat(path);
  ExperimentLog log;
  log.source = path;

  Eigen::MatrixXd t, q, qd, qdd, tau;
  const bool hasTime = !names.t.empty() && readMatrix(file.get(), path, names.t, t);
  if (!readMatrix(file.get(), path, names.q, q))
    throw InputError(path + ": row 1: column '" + names.q + "': position variable not found");
  if (!readMatrix(file.get(), path, names.tau, tau))
    throw InputError(path + ": row 1: column '" + names.tau + "': torque variable not found");
  const bool hasVelocity = !names.qd.empty() && readMatrix(file.get(), path, names.qd, qd);
  const bool hasAcceleration = !names.qdd.empty() && readMatrix(file.get(), path, names.qdd, qdd);

  // Time first: it fixes N and with it the orientation of the other variables.
  Eigen::Index n = -1;
  if (hasTime) {
    if (t.rows() != 1 && t.cols() != 1)
      throw InputError(path + ": row 1: column '" + names.t + "': time must be a vector, it is " +
                       std::to_string(t.rows()) + " x " + std::to_string(t.cols()));
    n = t.size();
  } else if (!(options.sampleRateHz > 0.0)) {
    throw InputError(path + ": row 1: column '" + names.t + "': time variable not found and no sample rate given");
  }
  orient(q, n, dof, path, names.q, log.warnings);
  n = q.rows();
  orient(tau, n, dof, path, names.tau, log.warnings);
  if (hasVelocity) orient(qd, n, dof, path, names.qd, log.warnings);
  if (hasAcceleration) orient(qdd, n, dof, path, names.qdd, log.warnings);
  checkFinite(q, path, names.q);
  checkFinite(tau, path, names.tau);
  if (hasVelocity) checkFinite(qd, path, names.qd);
  if (hasAcceleration) checkFinite(qdd, path, names.qdd);
  if (static_cast<std::size_t>(n) < options.minRows)
    throw InputError(path + ": row " + std::to_string(n) + ": column '" + names.q + "': only " + std::to_string(n) +
                     " samples, at least " + std::to_string(options.minRows) + " needed");

  // Time axis in seconds from the first sample, checked like a CSV time column.
  const TimeUnit unit = options.timeUnit.value_or(TimeUnit::Seconds);
  log.t.resize(n);
  if (hasTime) {
    const double origin = t(0);
    for (Eigen::Index i = 0; i < n; ++i) log.t(i) = (t.data()[i] - origin) * secondsPerTimeUnit(unit);
    log.timeOrigin = origin * secondsPerTimeUnit(unit);
  } else {
    for (Eigen::Index i = 0; i < n; ++i) log.t(i) = static_cast<double>(i) / options.sampleRateHz;
  }
  TimeAxisChecker checker(path, hasTime ? names.t : "(sample rate)", "row");
  checker.setNominalStep(medianTimeStep(log.t.data(), static_cast<std::size_t>(n)));
  for (Eigen::Index i = 0; i < n; ++i) checker.check(log.t(i), static_cast<std::size_t>(i + 1), log.warnings);
  checker.finish(log.warnings);

  const double scale = radiansPerPositionUnit(options.positionUnit.value_or(PositionUnit::Radian));
  log.q = q * scale;
  if (hasVelocity) log.qd = qd * scale;
  if (hasAcceleration) log.qdd = qdd * scale;
  log.tau = std::move(tau);
  if (!options.torqueConstants.empty()) {
    if (static_cast<int>(options.torqueConstants.size()) != dof)
      throw InputError(path + ": " + std::to_string(options.torqueConstants.size()) + " torque constants for " +
                       std::to_string(dof) + " joints");
    for (int j = 0; j < dof; ++j) log.tau.col(j) *= options.torqueConstants[static_cast<std::size_t>(j)];
    log.warnings.push_back({0, path + ": variable '" + names.tau + "' taken as motor currents times the given "
                                      "torque constants [N m/A]"});
  }
  for (int j = 0; j < dof; ++j)
    log.jointNames.push_back(options.jointNames.empty() ? "joint" + std::to_string(j + 1)
                                                        : options.jointNames[static_cast<std::size_t>(j)]);
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
