// excitation.json: exact round trip of both trajectory families with metrics
// and limits, the documented layout, and one-line messages naming the JSON
// path of a bad field.

#include "io/excitation_json.hpp"

#include "io/atomic_file.hpp"
#include "io_test_support.hpp"
#include "util/input_error.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

namespace eb {
namespace {

using test::bitwiseEqual;
using test::ScratchDir;

constexpr double kInf = std::numeric_limits<double>::infinity();

ExcitationFile fourierFile() {
  std::mt19937_64 rng(7);
  const int dof = 3, H = 4;
  Eigen::VectorXd q0(dof);
  Eigen::MatrixXd a(dof, H), b(dof, H);
  for (int i = 0; i < dof; ++i) {
    q0[i] = test::nastyDouble(rng);
    for (int k = 0; k < H; ++k) {
      a(i, k) = test::nastyDouble(rng);
      b(i, k) = test::nastyDouble(rng);
    }
  }
  FourierTrajectory f(10.000000000000002, q0, a, b);
  f.setCycles(3);
  ExcitationFile e;
  e.robot = "panda";
  e.description = "round-trip test";
  e.jointNames = {"j1", "j2", "j3"};
  e.trajectory = f;
  ExcitationMetrics m;
  m.cond = 23.456789012345678;
  m.logdet = -kInf;
  m.aopt = std::nan("");
  m.eopt = 1e-300;
  m.feasible = true;
  m.extra["criterion"] = std::string("cond");
  m.extra["seed"] = 1.0;
  m.extra["converged"] = false;
  m.extra["eigenvalues"] = std::vector<double>{0.1, 2.0, kInf};
  e.metrics = m;
  ExcitationLimits l;
  l.scale.position = 0.95;
  l.joints.resize(3);
  l.joints[0] = JointLimits{-2.8973, 2.8973, 2.175, 15.0, 87.0};
  l.joints[1].velocity = 2.5;  // the rest infinite
  e.limits = l;
  return e;
}

ExcitationFile multisineFile() {
  ExcitationFile e;
  e.robot = "robots/arm.urdf";
  e.trajectory = MultisineTrajectory(20.0, 1.5, Eigen::Vector2d(0.1, -0.3),
                                     {{{0.2, 0.15, 0.3}, {0.05, 1.1000000000000001, -1.0}}, {}});
  return e;
}

std::string jsonErrorOf(const std::string& text) {
  try {
    parseExcitationJson(text, "exc.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// Edits a valid Fourier file's JSON and returns the parse error.
template <class Edit>
std::string errorAfter(Edit edit) {
  nlohmann::json j = nlohmann::json::parse(formatExcitationJson(fourierFile()));
  edit(j);
  return jsonErrorOf(j.dump());
}

TEST(ExcitationJson, FourierRoundTripsExactly) {
  ScratchDir dir;
  const ExcitationFile e = fourierFile();
  writeExcitationJson(dir.file("exc.json"), e);
  const ExcitationFile r = readExcitationJson(dir.file("exc.json"));
  EXPECT_EQ(r.robot, "panda");
  EXPECT_EQ(r.description, "round-trip test");
  EXPECT_EQ(r.jointNames, e.jointNames);
  const auto& f = std::get<FourierTrajectory>(e.trajectory);
  const auto* g = std::get_if<FourierTrajectory>(&r.trajectory);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(test::bits(g->period()), test::bits(f.period()));
  EXPECT_EQ(g->cycles(), 3);
  EXPECT_TRUE(bitwiseEqual(g->offsets(), f.offsets()));
  EXPECT_TRUE(bitwiseEqual(g->a(), f.a()));
  EXPECT_TRUE(bitwiseEqual(g->b(), f.b()));
  ASSERT_TRUE(r.metrics.has_value());
  EXPECT_EQ(test::bits(r.metrics->cond), test::bits(e.metrics->cond));
  EXPECT_EQ(r.metrics->logdet, -kInf);
  EXPECT_TRUE(std::isnan(r.metrics->aopt));
  EXPECT_EQ(r.metrics->eopt, 1e-300);
  EXPECT_TRUE(r.metrics->feasible);
  EXPECT_EQ(std::get<std::string>(r.metrics->extra.at("criterion")), "cond");
  EXPECT_EQ(std::get<double>(r.metrics->extra.at("seed")), 1.0);
  EXPECT_EQ(std::get<bool>(r.metrics->extra.at("converged")), false);
  EXPECT_EQ(std::get<std::vector<double>>(r.metrics->extra.at("eigenvalues")), (std::vector<double>{0.1, 2.0, kInf}));
  ASSERT_TRUE(r.limits.has_value());
  EXPECT_EQ(r.limits->scale.position, 0.95);
  EXPECT_EQ(r.limits->joints[0].effort, 87.0);
  EXPECT_EQ(r.limits->joints[0].lower, -2.8973);
  EXPECT_EQ(r.limits->joints[1].velocity, 2.5);
  EXPECT_EQ(r.limits->joints[1].upper, kInf);
  EXPECT_EQ(r.limits->joints[2].lower, -kInf);
  // Writing what was read gives the same text.
  EXPECT_EQ(formatExcitationJson(r), formatExcitationJson(e));
}

TEST(ExcitationJson, MultisineRoundTripsExactly) {
  const ExcitationFile e = multisineFile();
  const ExcitationFile r = parseExcitationJson(formatExcitationJson(e), "m.json");
  const auto& m = std::get<MultisineTrajectory>(e.trajectory);
  const auto* n = std::get_if<MultisineTrajectory>(&r.trajectory);
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->duration(), 20.0);
  EXPECT_EQ(n->rampTime(), 1.5);
  EXPECT_TRUE(bitwiseEqual(n->offsets(), m.offsets()));
  ASSERT_EQ(n->terms(0).size(), 2u);
  EXPECT_TRUE(n->terms(1).empty());
  EXPECT_EQ(test::bits(n->terms(0)[1].frequency), test::bits(1.1000000000000001));
  EXPECT_EQ(n->terms(0)[1].phase, -1.0);
  EXPECT_TRUE(r.jointNames.empty());
  EXPECT_FALSE(r.metrics.has_value());
  EXPECT_FALSE(r.limits.has_value());
}

TEST(ExcitationJson, LayoutIsTheDocumentedSchema) {
  const nlohmann::json j = nlohmann::json::parse(formatExcitationJson(fourierFile()));
  EXPECT_EQ(j["format"], "excitebench-excitation");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["type"], "fourier");
  EXPECT_EQ(j["harmonics"], 4);
  EXPECT_EQ(j["joints"][1]["name"], "j2");
  EXPECT_EQ(j["joints"][1]["a"].size(), 4u);
  EXPECT_EQ(j["metrics"]["logdet"], "-inf");
  EXPECT_EQ(j["metrics"]["feasible"], true);
  EXPECT_FALSE(j["limits"]["joints"][1].contains("upper"));
  const nlohmann::json m = nlohmann::json::parse(formatExcitationJson(multisineFile()));
  EXPECT_EQ(m["type"], "multisine");
  EXPECT_EQ(m["joints"][0]["terms"][0]["frequency"], 0.15);
  EXPECT_FALSE(m.contains("period"));
}

TEST(ExcitationJson, BadFilesNameTheJsonPath) {
  EXPECT_EQ(jsonErrorOf("{\"robot\": \"x\",\n \"type\": }"),
            "exc.json: parse error at line 2, column 10: syntax error while parsing value - unexpected '}'; "
            "expected '[', '{', or a literal");
  EXPECT_EQ(jsonErrorOf("[1, 2]"), "exc.json: /: expected an object, found array");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j.erase("robot"); }), "exc.json: /robot: missing");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["period"] = "ten"; }),
            "exc.json: /period: expected a finite number, found string");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["period"] = -1; }), "exc.json: /period: must be > 0, found -1");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["harmonics"] = 2.5; }),
            "exc.json: /harmonics: expected an integer, found 2.5");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["joints"][1]["a"][3] = "x"; }),
            "exc.json: /joints/1/a/3: expected a finite number, found string");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["joints"][2]["b"].erase(0); }),
            "exc.json: /joints/2/b: expected 4 entries, found 3");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["joints"][0].erase("offset"); }),
            "exc.json: /joints/0/offset: missing");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["joints"][0]["aa"] = 1; }),
            "exc.json: /joints/0/aa: unknown key (expected one of: name, offset, a, b)");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["type"] = "spline"; }),
            "exc.json: /type: unknown trajectory type \"spline\" (expected \"fourier\" or \"multisine\")");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["ramp_time"] = 1; }),
            "exc.json: /ramp_time: not a parameter of a fourier trajectory");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["version"] = 2; }),
            "exc.json: /version: unsupported version 2 (this build reads version 1)");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["metrics"].erase("eopt"); }), "exc.json: /metrics/eopt: missing");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["metrics"]["feasible"] = 1; }),
            "exc.json: /metrics/feasible: expected true or false, found number");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["metrics"]["cond"] = "big"; }),
            "exc.json: /metrics/cond: expected a number (or \"inf\", \"-inf\", \"nan\"), found \"big\"");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["metrics"]["extra"] = nlohmann::json::object(); }),
            "exc.json: /metrics/extra: unsupported value (use a boolean, number, string or array of numbers)");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["limits"]["joints"].erase(2); }),
            "exc.json: /limits/joints: expected 3 entries, found 2");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["limits"]["joints"][0]["upper"] = -3; }),
            "exc.json: /limits/joints/0/upper: upper limit is below the lower limit");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["limits"]["joints"][1]["velocity"] = 0; }),
            "exc.json: /limits/joints/1/velocity: must be > 0, found 0");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["limits"]["position_scale"] = 1.5; }),
            "exc.json: /limits/position_scale: must be in (0, 1], found 1.5");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) { j["limits"]["joints"][1]["name"] = "other"; }),
            "exc.json: /limits/joints/1/name: \"other\" differs from /joints/1/name \"j2\"");
  EXPECT_EQ(errorAfter([](nlohmann::json& j) {
              j["joints"][1].erase("name");
              j["limits"]["joints"][1].erase("name");
            }),
            "exc.json: /joints/1/name: missing (name every joint or none)");
  const std::string multisine = formatExcitationJson(multisineFile());
  nlohmann::json m = nlohmann::json::parse(multisine);
  m["ramp_time"] = 11;
  EXPECT_EQ(jsonErrorOf(m.dump()), "exc.json: /ramp_time: must be between 0 and half the duration, found 11");
  m = nlohmann::json::parse(multisine);
  m["joints"][0]["terms"][1]["frequency"] = -2;
  EXPECT_EQ(jsonErrorOf(m.dump()), "exc.json: /joints/0/terms/1/frequency: must be >= 0 Hz, found -2");
  m = nlohmann::json::parse(multisine);
  m["joints"][0]["terms"][0].erase("amplitude");
  EXPECT_EQ(jsonErrorOf(m.dump()), "exc.json: /joints/0/terms/0/amplitude: missing");
}

TEST(ExcitationJson, FilesystemErrorsAreOneLine) {
  ScratchDir dir;
  try {
    readExcitationJson(dir.file("none.json"));
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), dir.file("none.json") + ": cannot open: No such file or directory");
  }
  EXPECT_THROW(writeExcitationJson(dir.file("no/dir/e.json"), fourierFile()), InputError);
  EXPECT_EQ(dir.listing(), "");
  ExcitationFile bad = fourierFile();
  bad.jointNames.pop_back();
  EXPECT_THROW(formatExcitationJson(bad), std::invalid_argument);
}

}  // namespace
}  // namespace eb
