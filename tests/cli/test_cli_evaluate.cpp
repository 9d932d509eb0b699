// `evaluate ROBOT excitation.json`: the cond of a designed excitation is the one `design`
// printed (one evaluation, excitation_evaluation.hpp), --json holds the spectrum and the usage
// per joint, a bad excitation path is one line naming it.

#include "cli_runner.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

using eb::test::readText;
using eb::test::runCli;
using eb::test::tempDir;

namespace cli_evaluate_test {

// The text after `label` up to the end of its line, trimmed: a printed figure as printed.
std::string figureAfter(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  if (at == std::string::npos) return {};
  const std::size_t start = at + label.size();
  std::string value = text.substr(start, text.find('\n', start) - start);
  value.erase(0, value.find_first_not_of(' '));
  value.erase(value.find_last_not_of(' ') + 1);
  return value;
}

}  // namespace cli_evaluate_test

using cli_evaluate_test::figureAfter;

TEST(CliEvaluate, PrintsTheCondDesignPrintedForItsExcitation) {
  const auto dir = tempDir("evaluate_design");
  const std::string out = (dir / "excitation.json").string();
  const auto design = runCli({"design", "planar2r", "--out", out, "--starts", "1", "--max-evaluations", "60",
                              "--time-limit", "2"});
  ASSERT_EQ(design.status, 0) << design.err;
  const std::string designCond = figureAfter(design.out, "  cond                         ");
  ASSERT_FALSE(designCond.empty()) << design.out;

  const auto r = runCli({"evaluate", "planar2r", out});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(figureAfter(r.out, "  cond                         "), designCond) << r.out;
  EXPECT_EQ(figureAfter(r.out, "  cond, column-scaled          "),
            figureAfter(design.out, "  cond, column-scaled          "))
      << r.out;
  // The same samples at the same automatic rate, and the same limit table.
  EXPECT_EQ(figureAfter(r.out, "criteria of the base regressor "),
            figureAfter(design.out, "criteria of the base regressor "))
      << r.out;
  const std::string table = "worst usage per joint";
  ASSERT_NE(r.out.find(table), std::string::npos) << r.out;
  EXPECT_EQ(r.out.substr(r.out.find(table)), design.out.substr(design.out.find(table), r.out.size() - r.out.find(table)))
      << r.out;
  EXPECT_NE(r.out.find("eigenvalues of F (ascending, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lambda_max F"), std::string::npos) << r.out;

  const auto j = runCli({"evaluate", "planar2r", out, "--json"});
  ASSERT_EQ(j.status, 0) << j.err;
  const nlohmann::json e = nlohmann::json::parse(j.out);
  const nlohmann::json file = nlohmann::json::parse(readText(out));
  EXPECT_DOUBLE_EQ(e.at("cond").get<double>(), file.at("metrics").at("cond").get<double>());
  const auto eigenvalues = e.at("eigenvalues").get<std::vector<double>>();
  EXPECT_EQ(static_cast<int>(eigenvalues.size()), e.at("columns").get<int>());
  EXPECT_TRUE(std::is_sorted(eigenvalues.begin(), eigenvalues.end()));
  EXPECT_GT(eigenvalues.front(), 0.0);
  ASSERT_EQ(e.at("joints").size(), 2u);
  for (const auto& joint : e.at("joints")) {
    EXPECT_TRUE(joint.contains("name"));
    for (const char* q : {"position", "velocity", "acceleration", "torque"}) {
      ASSERT_TRUE(joint.contains(q)) << joint.dump();
      if (!joint.at(q).is_null()) {
        EXPECT_GE(joint.at(q).get<double>(), 0.0);
        EXPECT_LE(joint.at(q).get<double>(), 1.0) << joint.dump();  // design's result is feasible
      }
    }
  }
  EXPECT_TRUE(e.at("feasible").get<bool>());
  EXPECT_DOUBLE_EQ(e.at("limit_scale").at("position").get<double>(), 0.95);

  // A stated rate is used as given.
  const auto rated = runCli({"evaluate", "planar2r", out, "--json", "--rate", "200"});
  ASSERT_EQ(rated.status, 0) << rated.err;
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(rated.out).at("sample_rate").get<double>(), 200.0);
}

TEST(CliEvaluate, ABadExcitationPathIsOneLineNamingIt) {
  const auto dir = tempDir("evaluate_bad");
  const std::string missing = (dir / "nothing_here.json").string();
  const auto r = runCli({"evaluate", "planar2r", missing});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("excitebench-cli: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("nothing_here.json"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}
