#include "cli_support.hpp"

#include "io/atomic_file.hpp"
#include "io/matrix_csv.hpp"
#include "model/builtin_robots.hpp"
#include "model/model_error.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace eb::cli {

void writeSimulatedLog(const std::string& path, const SimulatedLog& log) {
  const int n = static_cast<int>(log.q.cols());
  const Eigen::Index N = log.t.size();
  Eigen::MatrixXd table(N, 1 + 4 * n);
  table.col(0) = log.t;
  table.middleCols(1, n) = log.q;
  table.middleCols(1 + n, n) = log.tau;
  table.middleCols(1 + 2 * n, n) = log.qdTrue;
  table.middleCols(1 + 3 * n, n) = log.qddTrue;
  std::vector<std::string> header{"t"};
  for (const char* prefix : {"q", "tau", "qd", "qdd"})
    for (int j = 0; j < n; ++j) header.push_back(prefix + std::to_string(j + 1));
  writeFileAtomically(path, formatMatrixCsv(header, table));
}

void printEstimate(const BaseParameters& base, const BaseEstimate& e, const RobotModel& model) {
  std::printf("\n  #  %-10s %14s %12s %9s  expression\n", "name", "value", "std", "rel.std%");
  for (int k = 0; k < base.rank; ++k) {
    const double rel = e.relativeStddev[k];
    std::printf("%3d  %-10s %14.6g %12.3g %9s  %s%s\n", k + 1, base.name(k).c_str(), e.values[k], e.stddev[k],
                std::isfinite(rel) ? std::to_string(static_cast<int>(std::round(rel))).c_str() : "inf",
                base.expression(k, 4).c_str(), rel > 10.0 ? "   (poorly identified)" : "");
  }
  std::printf("\n  joint                          residual RMS [N m]   noise std [N m]\n");
  for (int j = 0; j < model.dof(); ++j)
    std::printf("  %-30s %18.4g %17.4g\n", model.joint(j).name.c_str(), e.residualRms[j], e.noiseStd[j]);
  std::printf("\ncond(Phi_b) = %.4g over %ld samples\n", e.condition, e.samples);
  for (const std::string& note : e.notes) std::printf("note: %s\n", note.c_str());
}

void printValidation(const ValidationResult& r, const RobotModel& model) {
  std::printf("\n  joint                          RMSE [N m]   NRMSE [%%]   max err [N m]   RMS(tau) [N m]\n");
  for (int j = 0; j < model.dof(); ++j)
    std::printf("  %-30s %10.4g %11.3g %15.4g %16.4g\n", model.joint(j).name.c_str(), r.rmse[j], r.nrmse[j],
                r.maxError[j], r.measuredRms[j]);
  std::printf("  %ld samples\n", r.samples);
}

std::string urdfTextOf(const std::string& spec) {
  if (isBuiltinRobot(spec)) {
    const std::string_view text = builtin_files::embeddedFile(spec + ".urdf");
    if (text.empty()) throw InputError("robot '" + spec + "' is generated, it has no URDF to export into");
    return std::string(text);
  }
  if (spec.size() < 5 || spec.substr(spec.size() - 5) != ".urdf")
    throw InputError(spec + ": URDF export needs a URDF robot (built-in or .urdf file)");
  std::ifstream in(spec, std::ios::binary);
  if (!in) throw InputError(spec + ": cannot open");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace eb::cli
