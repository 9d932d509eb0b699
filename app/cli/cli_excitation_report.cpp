// The text and JSON of one excitation evaluation (cli_excitation_report.hpp).
#include "cli_excitation_report.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace eb::cli {

std::string usagePercent(double usage) {
  if (!std::isfinite(usage)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %%", 100.0 * usage);
  return buf;
}

void printCriteria(const ExcitationEvaluation& e) {
  const InformationMetrics& m = e.metrics;
  std::printf("\ncriteria of the base regressor (%d samples at %g Hz, unscaled SI unless stated):\n", m.samples,
              e.sampleRate);
  std::printf("  cond                         %12.4f\n", m.cond);
  std::printf("  cond, column-scaled          %12.4f\n", m.condScaled);
  std::printf("  log det F                    %12.4f\n", m.logdet);
  std::printf("  trace F^-1 (A)               %12.6g\n", m.aopt);
  std::printf("  lambda_min F (E)             %12.6g\n", m.eopt);
}

void printLimitUsage(const RobotModel& model, const ExcitationEvaluationSettings& s, const ConstraintReport& report) {
  const LimitScale& ls = s.limitScale;
  std::printf("\nlimits used: %g %% of each position range, %g %% of velocity, %g %% of acceleration, ",
              100 * ls.position, 100 * ls.velocity, 100 * ls.acceleration);
  if (s.torqueLimits)
    std::printf("%g %% of effort", 100 * ls.torque);
  else
    std::printf("effort not limited");
  if (s.keepOutHeight) std::printf("; link origins above z = %g m", *s.keepOutHeight);
  std::printf("\n\nworst usage per joint (100 %% = the limit above):\n");
  std::printf("  %3s  %-24s %10s %10s %12s %10s\n", "#", "joint", "position", "velocity", "acceleration", "torque");
  for (int i = 0; i < model.dof(); ++i) {
    auto usage = [&](LimitQuantity q) {
      const ConstraintMargin* mg = report.margin(i, q);
      return mg ? usagePercent(std::isfinite(mg->limit) ? mg->usage : std::nan("")) : std::string("-");
    };
    std::printf("  %3d  %-24s %10s %10s %12s %10s\n", i + 1, model.joint(i).name.c_str(),
                usage(LimitQuantity::Position).c_str(), usage(LimitQuantity::Velocity).c_str(),
                usage(LimitQuantity::Acceleration).c_str(), usage(LimitQuantity::Torque).c_str());
  }
  if (const ConstraintMargin* k = report.margin(-1, LimitQuantity::KeepOut))
    std::printf("  keep-out: lowest link origin %.4f m at t = %.3f s (margin %.4f m)\n", k->value, k->time, k->margin);
}

nlohmann::json limitUsageJson(const RobotModel& model, const ConstraintReport& report) {
  nlohmann::json joints = nlohmann::json::array();
  for (int i = 0; i < model.dof(); ++i) {
    nlohmann::json j;
    j["name"] = model.joint(i).name;
    const std::pair<const char*, LimitQuantity> quantities[] = {{"position", LimitQuantity::Position},
                                                                {"velocity", LimitQuantity::Velocity},
                                                                {"acceleration", LimitQuantity::Acceleration},
                                                                {"torque", LimitQuantity::Torque}};
    for (const auto& [key, q] : quantities) {
      const ConstraintMargin* mg = report.margin(i, q);
      if (mg && std::isfinite(mg->limit) && std::isfinite(mg->usage))
        j[key] = mg->usage;
      else
        j[key] = nullptr;
    }
    joints.push_back(j);
  }
  return joints;
}

}  // namespace eb::cli
