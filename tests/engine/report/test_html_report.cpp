// The HTML report: every section present by id, text from the robot description escaped,
// a one-hour log's report small (its series decimated, not dropped), written atomically,
// and the pass/fail checks with their thresholds.

#include "report/html_report.hpp"
#include "report/html_text.hpp"
#include "report/held_out_prediction.hpp"
#include "report/decimation.hpp"
#include "report/report_checks.hpp"
#include "report/svg_chart.hpp"

#include "io/io_test_support.hpp"
#include "util/input_error.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

namespace eb {
namespace html_report_test {

// A small report with every part filled, its second joint named like markup.
IdentificationReport sampleReport() {
  IdentificationReport r;
  r.title = "Identification of demo";
  r.robotName = "demo<arm>";
  r.robotSource = "robots/demo.urdf";
  r.jointNames = {"j0", "<j&1>"};
  r.method = "consistent";
  r.logs = {"a.csv"};
  r.logSummaries = {"1000 Hz, no gaps; 1 segment"};
  r.warnings = {"joint <j&1>: reversed?"};
  r.settings = {{"friction", "viscous + Coulomb"}};
  r.condition = 42.0;
  r.eigenvalues = {1e4, 3e2, 7.0, 0.5};
  r.samples = 5000;
  r.baseParameters = {{"ZZ1R", "ZZ1 + 0.1 M2", 0.5, 0.01, 2.0}, {"fv2", "fv2", 0.2, 0.04, 20.0}};
  ReportLink link;
  link.name = "link<1>";
  link.mass = 2.0;
  link.problems = {"COM outside"};
  link.plausible = false;
  r.links = {link};
  ReportFriction f;
  f.joint = "<j&1>";
  f.model = "viscous";
  f.coefficients = {{"fv2", 0.2}};
  f.velocity = {-1.0, 0.0, 1.0};
  f.torque = {-0.2, 0.0, 0.2};
  r.friction = {f};
  ReportValidation v;
  v.source = "held-out seconds";
  v.samples = 3;
  v.joints = {{"j0", 5.0, 9.0, {0.0, 1.0, 2.0}, {1.0, 2.0, 1.0}, {0.0, 1.0, 2.0}, {1.1, 1.9, 1.0}},
              {"<j&1>", 12.0, 10.0, {}, {}, {}, {}}};
  r.validation = v;
  r.drift = ReportDrift{"a.csv", 10.0, {{"j0", 0.01, 0.02, 0.3, false}}};
  r.closedLoop = ReportClosedLoop{"the description", "fine", 0.004, 0.02, 0.01};
  r.checks = standardChecks(r);
  return r;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace html_report_test

TEST(HtmlReport, HasEverySectionByIdOnce) {
  const std::string html = formatHtmlReport(html_report_test::sampleReport());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  for (const std::string& id : reportSectionIds())
    EXPECT_EQ(html_report_test::count(html, "<section id=\"" + id + "\">"), 1u) << id;
  EXPECT_EQ(reportSectionIds().size(), 11u);
}

TEST(HtmlReport, EscapesNamesFromTheDescriptionAndTheLogs) {
  const std::string html = formatHtmlReport(html_report_test::sampleReport());
  EXPECT_EQ(html.find("<j&1>"), std::string::npos);
  EXPECT_EQ(html.find("demo<arm>"), std::string::npos);
  EXPECT_EQ(html.find("link<1>"), std::string::npos);
  EXPECT_NE(html.find("&lt;j&amp;1&gt;"), std::string::npos);
  EXPECT_NE(html.find("demo&lt;arm&gt;"), std::string::npos);
}

TEST(HtmlReport, IsSelfContained) {
  const std::string html = formatHtmlReport(html_report_test::sampleReport());
  // No resource from elsewhere: the only URL is the SVG namespace, which is a name, not a fetch.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("href="), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_NE(html.find("@media print"), std::string::npos);
  EXPECT_GE(html_report_test::count(html, "<svg"), 4u);  // spectrum, friction, NRMSE, torque of j0
}

TEST(HtmlReport, ChecksStateTheirThresholdsAndVerdicts) {
  const IdentificationReport r = html_report_test::sampleReport();
  // cond 42 <= 1000, 1 of 2 well identified (>= 50 %), link implausible, NRMSE j0 5 <= 9, <j&1> 12 > 10,
  // no drift, closed loop 0.004 <= 0.01.
  ASSERT_EQ(r.checks.size(), 7u);
  int failed = 0;
  for (const ReportCheck& c : r.checks) {
    EXPECT_FALSE(c.threshold.empty()) << c.name;
    failed += c.pass ? 0 : 1;
  }
  EXPECT_EQ(failed, 2);
  const std::string html = formatHtmlReport(r);
  EXPECT_NE(html.find("2 of 7 checks fail"), std::string::npos);
  EXPECT_NE(html.find("&lt;= 1000"), std::string::npos);
}

TEST(HtmlReport, SectionsNotRunSaySo) {
  IdentificationReport r = html_report_test::sampleReport();
  r.drift.reset();
  r.closedLoop.reset();
  r.validation.reset();
  r.links.clear();
  const std::string html = formatHtmlReport(r);
  for (const std::string& id : reportSectionIds())
    EXPECT_EQ(html_report_test::count(html, "<section id=\"" + id + "\">"), 1u) << id;
  EXPECT_NE(html.find("Not run (excitebench-cli validate --drift-window S)"), std::string::npos);
  EXPECT_NE(html.find("Not run (excitebench-cli closed-loop)"), std::string::npos);
}

TEST(HtmlReport, OneHourAtOneKilohertzStaysUnderTwoMegabytes) {
  // Six joints, 3.6 million samples each: five streamed through the envelope as predictHeldOut
  // does, one handed over whole so that the chart's own decimation is exercised too.
  constexpr std::size_t kSamples = 3600000;
  IdentificationReport r = html_report_test::sampleReport();
  r.jointNames = {"j0", "j1", "j2", "j3", "j4", "j5"};
  r.validation->joints.clear();
  for (int j = 0; j < 6; ++j) {
    ReportJointValidation v;
    v.joint = r.jointNames[static_cast<std::size_t>(j)];
    v.nrmseIdentified = 5.0;
    v.nrmseDescription = 8.0;
    if (j == 0) {
      v.measuredTime.resize(kSamples);
      v.measured.resize(kSamples);
      for (std::size_t i = 0; i < kSamples; ++i) {
        v.measuredTime[i] = 0.001 * static_cast<double>(i);
        v.measured[i] = std::sin(0.001 * static_cast<double>(i)) + 0.01 * std::sin(1.3 * static_cast<double>(i));
      }
      v.predictedTime = v.measuredTime;
      v.predicted = v.measured;
    } else {
      EnvelopeBuffer measured, predicted;
      for (std::size_t i = 0; i < kSamples; ++i) {
        const double t = 0.001 * static_cast<double>(i);
        measured.add(t, std::sin(t * (j + 1)) + 0.01 * std::sin(1.3 * static_cast<double>(i)));
        predicted.add(t, std::sin(t * (j + 1)));
      }
      measured.points(v.measuredTime, v.measured);
      predicted.points(v.predictedTime, v.predicted);
    }
    r.validation->joints.push_back(std::move(v));
  }
  const std::string html = formatHtmlReport(r);
  EXPECT_LT(html.size(), 2u * 1024u * 1024u);
  EXPECT_EQ(html_report_test::count(html, ">measured<"), 6u);  // a legend per joint: all six drawn
}

TEST(HtmlReport, WrittenAtomicallyOrNotAtAll) {
  test::ScratchDir dir;
  const IdentificationReport r = html_report_test::sampleReport();
  const std::string path = dir.file("report.html");
  writeHtmlReport(path, r);
  EXPECT_EQ(test::readAll(path), formatHtmlReport(r));
  EXPECT_EQ(dir.listing(), "report.html;");
  // A write that fails leaves neither a partial file nor a temporary behind.
  const std::string missing = dir.file("missing/report.html");
  EXPECT_THROW(writeHtmlReport(missing, r), InputError);
  EXPECT_FALSE(std::filesystem::exists(missing));
  EXPECT_EQ(dir.listing(), "report.html;");
}

TEST(SvgChart, NiceTicksAreRoundAndInside) {
  const std::vector<double> ticks = niceTicks(-0.37, 2.1, 6);
  ASSERT_FALSE(ticks.empty());
  EXPECT_GE(ticks.front(), -0.37);
  EXPECT_LE(ticks.back(), 2.1);
  EXPECT_LE(ticks.size(), 8u);
  for (double t : ticks) EXPECT_NEAR(t * 2.0, std::round(t * 2.0), 1e-9);  // steps of 0.5
  EXPECT_EQ(niceTicks(3.0, 3.0, 5), (std::vector<double>{3.0}));
}

TEST(SvgChart, LogBarChartDrawsOnlyPositiveValues) {
  BarChart chart;
  chart.title = "spectrum";
  chart.logScale = true;
  chart.categories = {"1", "2", "3"};
  chart.groups = {{"eigenvalue", "#1f77b4", {1e6, 0.0, 1e-3}}};
  const std::string svg = barChartSvg(chart);
  EXPECT_EQ(html_report_test::count(svg, "<rect x="), 3u);  // the frame, and bars for 1e6 and 1e-3 (one group: no legend)
  EXPECT_NE(svg.find("1e6"), std::string::npos);
  EXPECT_NE(svg.find("1e-3"), std::string::npos);
}

}  // namespace eb

TEST(HtmlText, ExpressionCoefficientsAreShortenedAndNamesKept) {
  EXPECT_EQ(eb::shortenNumbers("my2 - 0.31600000000000006*m3 - mz3 + 1.0666225000000018e-05*m4"),
            "my2 - 0.316*m3 - mz3 + 1.06662e-05*m4");
  // Digits in names, integers and short numbers stay as written.
  EXPECT_EQ(eb::shortenNumbers("Ixx12 + 2*m3 + 0.25*mz7"), "Ixx12 + 2*m3 + 0.25*mz7");
  EXPECT_EQ(eb::shortenNumbers("fv1"), "fv1");
  EXPECT_EQ(eb::shortenNumbers("-0.12345678901*Iyy2", 3), "-0.123*Iyy2");
}

TEST(SvgChart, ALineStopsAcrossAGapInTime) {
  // Two one-second windows of 1 kHz samples, 4 s apart (as the held-out seconds are): two pieces.
  eb::ChartSeries series;
  series.name = "measured";
  series.color = "#444";
  for (double start : {0.0, 5.0})
    for (int i = 0; i < 1000; ++i) {
      series.x.push_back(start + i * 1e-3);
      series.y.push_back(std::sin(series.x.back()));
    }
  eb::LineChart chart;
  chart.series = {series};
  const std::string svg = eb::lineChartSvg(chart);
  const std::size_t path = svg.find("<path d=\"");
  ASSERT_NE(path, std::string::npos);
  const std::string d = svg.substr(path, svg.find('"', path + 9) - path);
  EXPECT_EQ(eb::html_report_test::count(d, "M"), 2u);
  // One window alone is one piece.
  series.x.resize(1000);
  series.y.resize(1000);
  chart.series = {series};
  const std::string one = eb::lineChartSvg(chart);
  const std::size_t p1 = one.find("<path d=\"");
  EXPECT_EQ(eb::html_report_test::count(one.substr(p1, one.find('"', p1 + 9) - p1), "M"), 1u);
}
