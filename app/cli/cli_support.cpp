#include "cli_support.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace eb::cli {

ExcitationFile excitationFileOf(const std::string& robotSpec, const RobotModel& model, const Trajectory& trajectory,
                                const InformationMetrics& metrics, bool feasible) {
  ExcitationFile file;
  file.robot = robotSpec;
  for (const Joint& j : model.joints()) file.jointNames.push_back(j.name);
  file.trajectory = trajectory;
  ExcitationMetrics m;
  m.cond = metrics.cond;
  m.logdet = metrics.logdet;
  m.aopt = metrics.aopt;
  m.eopt = metrics.eopt;
  m.feasible = feasible;
  file.metrics = m;
  return file;
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

void printValidation(const ValidationResult& r, const ValidationResult& own, const RobotModel& model) {
  std::printf("\n  %-24s %29s   %29s\n", "", "identified parameters", "model's own parameters");
  std::printf("  %-24s %10s %9s %9s   %10s %9s %9s   %10s %10s\n", "joint", "RMSE", "NRMSE", "max err", "RMSE",
              "NRMSE", "max err", "RMS(tau)", "mean res.");
  std::printf("  %-24s %10s %9s %9s   %10s %9s %9s   %10s %10s\n", "", "[N m]", "[%]", "[N m]", "[N m]", "[%]",
              "[N m]", "[N m]", "[N m]");
  for (int j = 0; j < model.dof(); ++j)
    std::printf("  %-24.24s %10.4g %9.3g %9.4g   %10.4g %9.3g %9.4g   %10.4g %10.3g\n", model.joint(j).name.c_str(),
                r.rmse[j], r.nrmse[j], r.maxError[j], own.rmse[j], own.nrmse[j], own.maxError[j], r.measuredRms[j],
                r.meanResidual[j]);
  std::printf("  %ld samples\n", r.samples);
}

void printPlausibility(const IdentifiedParameters& p, const RobotModel& model) {
  if (!p.fullParameters || p.plausibility.empty()) return;
  std::printf("\n  %-24s %10s  %-10s  %-23s  %s\n", "link", "mass [kg]", "plausible", "from the data: m/c/I",
              "bounds");
  int implausible = 0;
  for (int b = 0; b < model.bodyCount(); ++b) {
    const BodyPlausibility& v = p.plausibility[static_cast<std::size_t>(b)];
    std::string share = "-";
    if (p.dataShare && p.dataShare->size() >= 10 * (b + 1)) {
      const Eigen::VectorXd s = p.dataShare->segment(10 * b, 10);
      char text[64];
      std::snprintf(text, sizeof text, "%3.0f%% / %3.0f%% / %3.0f%%", 100.0 * s[0], 100.0 * s.segment(1, 3).mean(),
                    100.0 * s.tail(6).mean());
      share = text;
    }
    std::printf("  %-24.24s %10.4g  %-10s  %-23s  %s\n", v.link.c_str(), (*p.fullParameters)[10 * b],
                v.plausible() ? "yes" : "NO", share.c_str(), v.bounds.c_str());
    for (const std::string& problem : v.problems) std::printf("      %s\n", problem.c_str());
    for (const std::string& note : v.notes) std::printf("      (%s)\n", note.c_str());
    implausible += v.plausible() ? 0 : 1;
  }
  std::printf("  %d of %d links plausible (bounds as listed, density <= 10000 kg/m^3)\n",
              model.bodyCount() - implausible, model.bodyCount());
}

}  // namespace eb::cli
