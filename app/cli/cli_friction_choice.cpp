#include "cli_friction_choice.hpp"
#include "cli_progress.hpp"

#include "identification/friction_comparison.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace eb::cli {

CLI::Option* addFrictionOption(CLI::App* cmd, std::string& name) {
  return cmd
      ->add_option("--friction", name,
                   "Friction model: coulomb (viscous + Coulomb, default), viscous, asymmetric (a Coulomb level per "
                   "direction), smooth (tanh, widths chosen per joint), stribeck (velocities chosen per joint), best "
                   "(the model that predicts the held-out seconds best)")
      ->check(CLI::IsMember({"coulomb", "viscous", "asymmetric", "smooth", "stribeck", "best"}));
}

bool frictionNeedsLogs(const std::string& name) { return name == "smooth" || name == "stribeck" || name == "best"; }

std::string applyFrictionChoice(const std::string& name, const RobotModel& model, const std::vector<std::string>& logs,
                                IdentificationSettings& settings) {
  RegressorOptions& o = settings.regressor;
  o = o.withPlainFriction();
  o.viscous = o.coulomb = true;
  if (name == "viscous") o.coulomb = false;
  if (name == "asymmetric") o.asymmetricCoulomb = true;
  if (!frictionNeedsLogs(name)) return {};
  const std::vector<LogInput> inputs(logs.begin(), logs.end());  // each read with the settings' import options
  const FrictionComparison comparison = compareFrictionModels(model, inputs, settings, terminalProgress("friction: "));
  clearTerminalProgress();
  std::size_t chosen = static_cast<std::size_t>(comparison.best);
  if (name != "best")
    for (std::size_t m = 0; m < comparison.models.size(); ++m) {
      const RegressorOptions& candidate = comparison.models[m].options;
      if (name == "smooth" ? !candidate.coulombWidths.empty() : candidate.stribeck) chosen = m;
    }
  const FrictionModelScore& picked = comparison.models[chosen];
  o = picked.options;
  std::string note =
      "friction: " + picked.name +
      (name == "best" ? ", the best of " + std::to_string(comparison.models.size()) + " models" : std::string()) +
      " on the held-out seconds (every fifth)";
  if (!picked.parameterName.empty()) {
    note += "; " + picked.parameterName + " per joint:";
    for (double v : picked.parameter) {
      char text[32];
      std::snprintf(text, sizeof text, " %.3g", v);
      note += text;
    }
  }
  return note;
}

}  // namespace eb::cli
