#include "cli_friction_choice.hpp"

#include "identification/friction_comparison.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <unistd.h>

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
  const bool tty = isatty(fileno(stderr));
  const std::vector<LogInput> inputs(logs.begin(), logs.end());  // each read with the settings' import options
  const FrictionComparison comparison =
      compareFrictionModels(model, inputs, settings, [tty](double f, const std::string& what) {
        if (tty) std::fprintf(stderr, "\r[%3d%%] friction: %-50.50s", static_cast<int>(100 * f), what.c_str());
        return true;
      });
  if (tty) std::fprintf(stderr, "\r%-70s\r", "");
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
