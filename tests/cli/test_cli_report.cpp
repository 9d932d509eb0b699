// `report` through the real binary: the HTML report of a params.json from the files alone (every
// section), a comparison of two parameter files that names the parameter moved beyond its
// combined uncertainty and not the one within it, NRMSE of both on a log, and refusals.
#include "cli_fixtures.hpp"
#include "cli_runner.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

using eb::test::runCli;
using eb::test::tempDir;
using eb::test::writeDefaultExcitation;

namespace cli_report_test {

// `params` with base parameter k moved by `sigmas` combined standard deviations of two runs of
// the same uncertainty (sqrt(2) s), written to `out`.
void writeMoved(const std::string& params, const std::string& out, const std::vector<std::pair<int, double>>& moves) {
  nlohmann::json j = nlohmann::json::parse(eb::test::readText(params));
  for (const auto& [k, sigmas] : moves) {
    nlohmann::json& p = j["base_parameters"][static_cast<std::size_t>(k)];
    p["value"] = p["value"].get<double>() + sigmas * std::sqrt(2.0) * p["std"].get<double>();
  }
  std::ofstream(out) << j.dump(2);
}

}  // namespace cli_report_test

TEST(CliReport, ReportOfAParameterFileAndAComparison) {
  const auto dir = tempDir("report");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "log.csv").string(), a = (dir / "a.json").string(), b = (dir / "b.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--rate", "200", "--noise-torque", "0.05", "--duration", "30"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "ur5", log, "--out", a, "--quiet", "--method", "ols"});
  ASSERT_EQ(r.status, 0) << r.err;

  // One run, from the file alone: the robot is the one params.json names.
  const std::string html = (dir / "report.html").string();
  r = runCli({"report", a, "--out", html, "--log", log, "--drift-window", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = eb::test::readText(html);
  for (const char* id : {"robot", "logs", "settings", "information", "base-parameters", "links", "friction",
                         "validation", "drift", "closed-loop", "checks"})
    EXPECT_NE(text.find("<section id=\"" + std::string(id) + "\">"), std::string::npos) << id;
  EXPECT_NE(text.find("validation log "), std::string::npos);
  EXPECT_LT(text.size(), 2u * 1024u * 1024u);

  // Base parameter 0 moved by 5 combined standard deviations, parameter 1 by 1.
  cli_report_test::writeMoved(a, b, {{0, 5.0}, {1, 1.0}});
  const nlohmann::json pa = nlohmann::json::parse(eb::test::readText(a));
  const std::string moved = pa["base_parameters"][0]["name"], within = pa["base_parameters"][1]["name"];
  const std::string cmp = (dir / "compare.html").string();
  r = runCli({"report", a, "--compare", b, "--robot", "ur5", "--log", log, "--out", cmp});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("1 of " + std::to_string(pa["base_parameters"].size()) +
                       " base parameters moved beyond 3 combined standard deviations"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  " + moved + " "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("  " + within + " "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("NRMSE "), std::string::npos) << r.out;
  const std::string page = eb::test::readText(cmp);
  for (const char* id : {"comparison", "compared-parameters", "compared-validation", "a-checks", "b-checks"})
    EXPECT_NE(page.find("<section id=\"" + std::string(id) + "\">"), std::string::npos) << id;
}

TEST(CliReport, RefusesADriftWindowWithoutALogAndAMissingFile) {
  const auto dir = tempDir("report_refusals");
  const std::string html = (dir / "r.html").string();
  auto r = runCli({"report", (dir / "none.json").string(), "--out", html});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("none.json"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(html));
  r = runCli({"report", (dir / "none.json").string(), "--out", html, "--drift-window", "5"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--drift-window needs --log"), std::string::npos) << r.err;
}
