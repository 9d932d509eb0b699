#include "report/report_comparison.hpp"

#include "io/atomic_file.hpp"
#include "report/html_page.hpp"
#include "report/html_report.hpp"
#include "report/html_text.hpp"
#include "report/svg_chart.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace eb {
namespace report_comparison_detail {

double at(const Eigen::VectorXd& v, std::size_t k) {
  return static_cast<Eigen::Index>(k) < v.size() ? v[static_cast<Eigen::Index>(k)]
                                                 : std::numeric_limits<double>::quiet_NaN();
}

std::string summarySection(const IdentificationReport& a, const IdentificationReport& b, const ReportComparison& c) {
  std::size_t moved = 0, judged = 0;
  for (const ParameterShift& s : c.shifts) {
    moved += s.moved ? 1 : 0;
    judged += std::isfinite(s.sigmas) ? 1 : 0;
  }
  std::vector<std::vector<std::string>> rows{
      {"A", c.labelA, a.robotName, a.method, reportNumber(a.condition)},
      {"B", c.labelB, b.robotName, b.method, reportNumber(b.condition)}};
  std::string s = htmlTable({"run", "parameters", "robot", "method", "cond"}, rows);
  s += htmlParagraph(std::to_string(moved) + " of " + std::to_string(judged) +
                         " base parameters moved beyond " + reportNumber(c.factor, 3) +
                         " combined standard deviations (|b - a| > " + reportNumber(c.factor, 3) +
                         " sqrt(sA^2 + sB^2)).",
                     "summary");
  if (a.robotName != b.robotName)
    s += htmlParagraph("The two runs name different robots (" + a.robotName + ", " + b.robotName +
                           "): parameters are compared by name.", "note");
  return s;
}

std::string parametersSection(const ReportComparison& c) {
  std::vector<std::vector<std::string>> rows;
  BarChart chart;
  chart.title = "|b - a| in combined standard deviations (threshold " + reportNumber(c.factor, 3) + ")";
  chart.yLabel = "sigmas";
  BarGroup moved{"moved", "#c62828", {}}, steady{"within", "#1f77b4", {}};
  for (const ParameterShift& s : c.shifts) {
    rows.push_back({s.name, reportNumber(s.a, 6), reportNumber(s.stdA, 3), reportNumber(s.b, 6), reportNumber(s.stdB, 3),
                    reportNumber(s.difference, 4), reportNumber(s.combinedStd, 3), reportNumber(s.sigmas, 3),
                    std::isfinite(s.sigmas) ? passCell(!s.moved, s.moved ? "moved" : "within") : "no std"});
    chart.categories.push_back(s.name);
    moved.values.push_back(s.moved ? s.sigmas : std::numeric_limits<double>::quiet_NaN());
    steady.values.push_back(s.moved ? std::numeric_limits<double>::quiet_NaN() : s.sigmas);
  }
  chart.groups = {steady, moved};
  std::string out = barChartSvg(chart) +
                    htmlTable({"parameter", "A", "std A", "B", "std B", "B - A", "combined std", "sigmas", "verdict"}, rows);
  const auto list = [&](const std::vector<std::string>& names, const std::string& what) {
    if (names.empty()) return;
    std::string joined;
    for (const std::string& n : names) joined += (joined.empty() ? "" : ", ") + n;
    out += htmlParagraph(what + ": " + joined, "note");
  };
  list(c.onlyA, "Only in A");
  list(c.onlyB, "Only in B");
  list(c.differentCombination, "Same name, different combination (not compared)");
  return out;
}

std::string validationSection(const ReportComparison& c) {
  if (c.nrmse.empty())
    return htmlParagraph("Not compared on a log (excitebench-cli report A.json --compare B.json --log LOG).", "note");
  BarChart chart;
  chart.title = "NRMSE per joint on " + c.validationSource;
  chart.yLabel = "NRMSE [%]";
  BarGroup a{"A", "#1f77b4", {}}, b{"B", "#2ca02c", {}};
  std::vector<std::vector<std::string>> rows;
  for (const JointNrmseChange& j : c.nrmse) {
    chart.categories.push_back(j.joint);
    a.values.push_back(j.a);
    b.values.push_back(j.b);
    rows.push_back({j.joint, reportNumber(j.a, 3), reportNumber(j.b, 3), reportNumber(j.b - j.a, 3)});
  }
  chart.groups = {a, b};
  return barChartSvg(chart) + htmlTable({"joint", "NRMSE A [%]", "NRMSE B [%]", "change B - A [%]"}, rows);
}

}  // namespace report_comparison_detail

ReportComparison compareParameters(const IdentifiedParameters& a, const IdentifiedParameters& b,
                                   const std::string& labelA, const std::string& labelB, double factor) {
  using namespace report_comparison_detail;
  if (!(factor > 0.0)) throw std::invalid_argument("compareParameters: the factor must be positive");
  ReportComparison c;
  c.labelA = labelA;
  c.labelB = labelB;
  c.factor = factor;
  for (std::size_t i = 0; i < a.names.size(); ++i) {
    std::size_t k = 0;
    while (k < b.names.size() && b.names[k] != a.names[i]) ++k;
    if (k == b.names.size()) {
      c.onlyA.push_back(a.names[i]);
      continue;
    }
    const std::string exprA = i < a.expressions.size() ? a.expressions[i] : "";
    const std::string exprB = k < b.expressions.size() ? b.expressions[k] : "";
    if (!exprA.empty() && !exprB.empty() && exprA != exprB) {
      c.differentCombination.push_back(a.names[i]);
      continue;
    }
    ParameterShift s;
    s.name = a.names[i];
    s.expression = exprA;
    s.a = at(a.values, i);
    s.b = at(b.values, k);
    s.stdA = at(a.stddev, i);
    s.stdB = at(b.stddev, k);
    s.difference = s.b - s.a;
    s.combinedStd = std::isfinite(s.stdA) && std::isfinite(s.stdB) ? std::hypot(s.stdA, s.stdB)
                                                                     : std::numeric_limits<double>::quiet_NaN();
    if (std::isfinite(s.combinedStd))
      s.sigmas = s.combinedStd > 0.0 ? std::abs(s.difference) / s.combinedStd
                                     : (s.difference == 0.0 ? 0.0 : std::numeric_limits<double>::infinity());
    else
      s.sigmas = std::numeric_limits<double>::quiet_NaN();
    s.moved = s.sigmas > factor;  // false for NaN: an unknown uncertainty is not called a move
    c.shifts.push_back(s);
  }
  for (const std::string& name : b.names) {
    bool found = false;
    for (const std::string& other : a.names) found = found || other == name;
    if (!found) c.onlyB.push_back(name);
  }
  return c;
}

void addNrmseComparison(ReportComparison& c, const std::string& source, const std::vector<std::string>& joints,
                        const Eigen::VectorXd& nrmseA, const Eigen::VectorXd& nrmseB) {
  using namespace report_comparison_detail;
  c.validationSource = source;
  c.nrmse.clear();
  for (std::size_t j = 0; j < joints.size(); ++j) c.nrmse.push_back({joints[j], at(nrmseA, j), at(nrmseB, j)});
}

std::string formatComparisonHtml(const IdentificationReport& a, const IdentificationReport& b, const ReportComparison& c) {
  using namespace report_comparison_detail;
  const std::string title = "Comparison of two identifications: " + c.labelA + " and " + c.labelB;
  std::string body = "<h1>" + htmlEscape(title) + "</h1>\n";
  body += htmlSection("comparison", "Summary", summarySection(a, b, c));
  body += htmlSection("compared-parameters", "Base parameters, A against B", parametersSection(c));
  body += htmlSection("compared-validation", "Torque prediction, A against B", validationSection(c));
  body += "<h1>A: " + htmlEscape(c.labelA) + "</h1>\n" + reportSectionsHtml(a, "a-");
  body += "<h1>B: " + htmlEscape(c.labelB) + "</h1>\n" + reportSectionsHtml(b, "b-");
  body += htmlParagraph("Written by ExciteBench.", "note");
  return htmlDocument(title, body);
}

void writeComparisonHtml(const std::string& path, const IdentificationReport& a, const IdentificationReport& b,
                         const ReportComparison& comparison) {
  writeFileAtomically(path, formatComparisonHtml(a, b, comparison));
}

}  // namespace eb
