#include "io/trajectory_mat.hpp"

#include "io/atomic_file.hpp"
#include "util/input_error.hpp"

#include "util/mat_file.hpp"

#include <cmath>
#include <memory>
#include <stdexcept>

namespace eb {

namespace {

void writeMatrix(mat_t* mat, const char* name, const Eigen::MatrixXd& m, const std::string& path) {
  // Eigen's default storage is column-major, MATLAB's layout: the buffer goes out as is.
  size_t dims[2] = {static_cast<size_t>(m.rows()), static_cast<size_t>(m.cols())};
  MatVar var(Mat_VarCreate(name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, const_cast<double*>(m.data()),
                           MAT_F_DONT_COPY_DATA));
  if (!var || Mat_VarWrite(mat, var.get(), MAT_COMPRESSION_NONE) != 0)
    throw inputErrorIn(path, std::string("cannot write: matio failed to write variable ") + name);
}

Eigen::MatrixXd readMatrix(mat_t* mat, const char* name, const std::string& path) {
  const std::string where = path + ": variable " + name + ": ";
  MatVar var = readMatVariable(mat, path, name);
  if (!var) throw InputError(where + "missing");
  if (var->class_type != MAT_C_DOUBLE || var->isComplex || var->isLogical || var->rank != 2 || !var->data)
    throw InputError(where + "expected a real double matrix");
  const Eigen::Index rows = static_cast<Eigen::Index>(var->dims[0]);
  const Eigen::Index cols = static_cast<Eigen::Index>(var->dims[1]);
  Eigen::MatrixXd m = Eigen::Map<const Eigen::MatrixXd>(static_cast<const double*>(var->data), rows, cols);
  for (Eigen::Index c = 0; c < cols; ++c)
    for (Eigen::Index r = 0; r < rows; ++r)
      if (!std::isfinite(m(r, c)))
        throw InputError(where + "element (" + std::to_string(r + 1) + ", " + std::to_string(c + 1) + ") is not finite");
  return m;
}

}  // namespace

void writeTrajectoryMat(const std::string& path, const TrajectorySamples& s) {
  const Eigen::Index n = s.t.size();
  if (s.q.rows() != n || s.qd.rows() != n || s.qdd.rows() != n || s.qd.cols() != s.q.cols() ||
      s.qdd.cols() != s.q.cols())
    throw std::invalid_argument("trajectory MAT: t, q, qd, qdd must have the same number of rows and q, qd, qdd the same columns");
  writeFileAtomically(path, [&](const std::string& temporary) {
    MatFile mat(Mat_CreateVer(temporary.c_str(), nullptr, MAT_FT_MAT5));
    if (!mat) throw inputErrorIn(path, "cannot write: matio could not create the file");
    writeMatrix(mat.get(), "t", s.t, path);
    writeMatrix(mat.get(), "q", s.q, path);
    writeMatrix(mat.get(), "qd", s.qd, path);
    writeMatrix(mat.get(), "qdd", s.qdd, path);
    if (Mat_Close(mat.release()) != 0) throw inputErrorIn(path, "cannot write: matio failed to close the file");
  });
}

TrajectorySamples readTrajectoryMat(const std::string& path) {
  MatFile mat(Mat_Open(path.c_str(), MAT_ACC_RDONLY));
  if (!mat) throw inputErrorIn(path, "cannot open as a MAT file");
  TrajectorySamples s;
  const Eigen::MatrixXd t = readMatrix(mat.get(), "t", path);
  if (t.cols() != 1 && t.rows() != 1)
    throw inputErrorIn(
        path, "variable t: expected N x 1, found " + std::to_string(t.rows()) + " x " + std::to_string(t.cols()));
  s.t = t.reshaped();
  for (Eigen::Index j = 1; j < s.t.size(); ++j)
    if (!(s.t[j] > s.t[j - 1]))
      throw inputErrorIn(path, "variable t: element " + std::to_string(j + 1) + " does not increase");
  s.q = readMatrix(mat.get(), "q", path);
  s.qd = readMatrix(mat.get(), "qd", path);
  s.qdd = readMatrix(mat.get(), "qdd", path);
  for (const auto& [name, m] : {std::pair<const char*, const Eigen::MatrixXd*>{"q", &s.q}, {"qd", &s.qd}, {"qdd", &s.qdd}})
    if (m->rows() != s.t.size() || m->cols() != s.q.cols())
      throw inputErrorIn(path, std::string("variable ") + name + ": expected " + std::to_string(s.t.size()) + " x " +
                                   std::to_string(s.q.cols()) + ", found " + std::to_string(m->rows()) + " x " +
                                   std::to_string(m->cols()));
  return s;
}

}  // namespace eb
