// The identification settings' JSON codec: every section written and read back equal, absent
// keys keeping the values already set, and each bad value refused with its JSON path.
#include "io/identification_settings_json.hpp"

#include "identification/identification_setting_specs.hpp"
#include "logs/time_base.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace eb {
namespace settings_json_test {

using json = nlohmann::json;

// The Diagnostic a reader throws for `in`, its field and message joined ("a.b: what").
template <typename Read>
std::string refusal(Read read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.diagnostic().field + ": " + e.diagnostic().message;
  }
  return "accepted";
}

TEST(IdentificationSettingsJson, EverySectionReadsBackAsWritten) {
  RegressorOptions r;
  r.viscous = false;
  r.offset = true;
  r.armature = true;
  r.coulombWidth = 0.0125;
  r.asymmetricCoulomb = true;
  r.coulombWidths = {0.01, 0.02, 0.03};
  r.stribeck = true;
  r.stribeckVelocities = {0.1, 0.2, 0.3};
  LogImportOptions imp;
  imp.torqueConstants = {0.5, 0.25, 0.125};
  imp.torqueSigns = {1, -1, 1};
  imp.dropBadRows = true;
  imp.gapSteps = 7.5;
  PreprocessOptions pre;
  pre.cutoffHz = 12.5;
  pre.filterOrder = 6;
  pre.differentiator = Differentiator::SavitzkyGolay;
  pre.savitzkyGolayWindow = 31;
  pre.savitzkyGolayOrder = 4;
  pre.filterTorque = false;
  pre.edgeTrimSeconds = -1.0;
  EstimationOptions est;
  est.method = EstimationMethod::Ridge;
  est.ridgeLambda = 3e-3;

  json section = json::object();
  writeRegressorOptions(r, section);
  writeEstimationOptions(est, section);
  json importSection = json::object(), preSection = json::object();
  writeImportOptions(imp, importSection);
  writePreprocessOptions(pre, true, preSection);
  // Through text, as a file holds them.
  section = json::parse(section.dump());
  importSection = json::parse(importSection.dump());
  preSection = json::parse(preSection.dump());

  RegressorOptions r2;
  readRegressorOptions(section, "estimation", r2, true);
  EXPECT_TRUE(r2 == r);
  EstimationOptions est2;
  readEstimationOptions(section, "estimation", est2);
  EXPECT_EQ(est2.method, EstimationMethod::Ridge);
  EXPECT_EQ(est2.ridgeLambda, 3e-3);
  LogImportOptions imp2;
  readImportOptions(importSection, "import", imp2);
  EXPECT_EQ(imp2.torqueConstants, imp.torqueConstants);
  EXPECT_EQ(imp2.torqueSigns, imp.torqueSigns);
  EXPECT_TRUE(imp2.dropBadRows);
  EXPECT_EQ(imp2.gapSteps, 7.5);
  PreprocessOptions pre2;
  bool logged = false;
  readPreprocessOptions(preSection, "preprocessing", pre2, logged);
  EXPECT_TRUE(pre2 == pre);
  EXPECT_TRUE(logged);
}

TEST(IdentificationSettingsJson, PlainFrictionWritesOnlyThePlainKeys) {
  json out = json::object();
  writeRegressorOptions(RegressorOptions{}, out);
  EXPECT_EQ(out.size(), 5u) << out.dump();  // older readers see the file they know
  EXPECT_FALSE(out.contains("stribeck"));
}

TEST(IdentificationSettingsJson, AbsentKeysKeepTheValuesSetUnlessRequired) {
  PreprocessOptions pre;
  pre.filterOrder = 7;
  bool logged = true;
  readPreprocessOptions(json::object(), "preprocessing", pre, logged);
  EXPECT_EQ(pre.filterOrder, 7);
  EXPECT_TRUE(logged);
  RegressorOptions r;
  EXPECT_EQ(refusal([&] { readRegressorOptions(json{{"viscous", true}}, "regressor", r, true); }),
            "regressor.coulomb: missing");
  EXPECT_NO_THROW(readRegressorOptions(json{{"viscous", false}}, "estimation", r));
  EXPECT_FALSE(r.viscous);
}

TEST(IdentificationSettingsJson, BadValuesAreRefusedWithTheirPath) {
  PreprocessOptions pre;
  bool logged = false;
  EXPECT_EQ(refusal([&] { readPreprocessOptions(json{{"filter_order", 40}}, "preprocessing", pre, logged); }),
            "preprocessing.filter_order: expected " + describeRange(kFilterOrderSpec));
  EXPECT_EQ(refusal([&] { readPreprocessOptions(json{{"filter_order", 2.5}}, "preprocessing", pre, logged); }),
            "preprocessing.filter_order: expected " + describeRange(kFilterOrderSpec));
  EXPECT_EQ(refusal([&] { readPreprocessOptions(json{{"savitzky_golay_window", 20}}, "preprocessing", pre, logged); }),
            "preprocessing.savitzky_golay_window: must be odd");
  EXPECT_EQ(refusal([&] { readPreprocessOptions(json{{"differentiator", "spline"}}, "preprocessing", pre, logged); }),
            "preprocessing.differentiator: 'spline' (central_difference, savitzky_golay)");
  EXPECT_EQ(refusal([&] { readPreprocessOptions(json{{"filter_torque", "yes"}}, "preprocessing", pre, logged); }),
            "preprocessing.filter_torque: not true or false");
  LogImportOptions imp;
  EXPECT_EQ(refusal([&] { readImportOptions(json{{"torque_signs", {1, 2}}}, "import", imp); }),
            "import.torque_signs[1]: not 1 or -1");
  EXPECT_EQ(refusal([&] { readImportOptions(json{{"torque_constants_nm_per_a", {0.1, 0}}}, "import", imp); }),
            "import.torque_constants_nm_per_a[1]: not a non-zero number");
  EXPECT_EQ(refusal([&] { readImportOptions(json{{"gap_steps", 1.0}}, "import", imp); }),
            "import.gap_steps: expected " + describeRange(kGapStepsSpec));
  RegressorOptions r;
  EXPECT_EQ(refusal([&] { readRegressorOptions(json{{"stribeck_velocities", {0.1, -1}}}, "estimation", r); }),
            "estimation.stribeck_velocities[1]: not a number >= 0");
  EXPECT_EQ(refusal([&] { readRegressorOptions(json{{"coulomb_width", "wide"}}, "regressor", r); }),
            "regressor.coulomb_width: not a number");
  EstimationOptions est;
  EXPECT_EQ(refusal([&] { readEstimationOptions(json{{"method", "magic"}}, "estimation", est); }).rfind(
                "estimation.method: unknown estimation method 'magic'", 0),
            0u);
  EXPECT_EQ(refusal([&] { readRegressorOptions(json::array(), "regressor", r); }), "regressor: not an object");
}

}  // namespace settings_json_test
}  // namespace eb
