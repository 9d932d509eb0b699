// DH-table import: both conventions reproduce the DH matrix product, the
// example tables match the built-in panda and ur5, and bad tables give
// one-line errors naming file, line, row and field.
#include "model/builtin_robots.hpp"
#include "model/dh_import.hpp"
#include "model/inertial_parameters.hpp"
#include "model/robot_loader.hpp"
#include "model/text_numbers.hpp"
#include "model_test_util.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace eb {
namespace {

using test::expectInputError;
using test::poseError;

const std::string kPandaMdh = std::string(test_paths::kSourceDir) + "/robots/dh/panda_mdh.yaml";
const std::string kUr5Dh = std::string(test_paths::kSourceDir) + "/robots/dh/ur5_dh.csv";

Eigen::Isometry3d rotX(double t) { return Eigen::Isometry3d(Eigen::AngleAxisd(t, Eigen::Vector3d::UnitX())); }
Eigen::Isometry3d rotZ(double t) { return Eigen::Isometry3d(Eigen::AngleAxisd(t, Eigen::Vector3d::UnitZ())); }
Eigen::Isometry3d transX(double x) { return Eigen::Isometry3d(Eigen::Translation3d(x, 0, 0)); }
Eigen::Isometry3d transZ(double z) { return Eigen::Isometry3d(Eigen::Translation3d(0, 0, z)); }

// The textbook matrices, with the joint variable already added to theta or d.
Eigen::Isometry3d dhStandard(double a, double alpha, double d, double theta) {
  return rotZ(theta) * transZ(d) * transX(a) * rotX(alpha);
}
Eigen::Isometry3d dhModified(double a, double alpha, double d, double theta) {
  return rotX(alpha) * transX(a) * rotZ(theta) * transZ(d);
}

// Frame k of a table at q (k = 1..n), by the DH product.
Eigen::Isometry3d dhFrame(const DhTable& t, const Eigen::VectorXd& q, size_t k) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  for (size_t i = 0; i < k; ++i) {
    const DhRow& r = t.rows[i];
    const double theta = r.theta + (r.prismatic ? 0.0 : q[static_cast<int>(i)]);
    const double d = r.d + (r.prismatic ? q[static_cast<int>(i)] : 0.0);
    T = T * (t.convention == DhConvention::Standard ? dhStandard(r.a, r.alpha, d, theta)
                                                    : dhModified(r.a, r.alpha, d, theta));
  }
  return T;
}

Eigen::VectorXd randomQ(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> u(-M_PI, M_PI);
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = u(rng);
  return q;
}

TEST(DhImport, RandomTablesMatchTheDhProductInBothConventions) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (DhConvention c : {DhConvention::Standard, DhConvention::Modified}) {
    for (int trial = 0; trial < 5; ++trial) {
      DhTable t;
      t.name = "random";
      t.convention = c;
      for (int k = 0; k < 6; ++k) {
        DhRow r;
        r.name = "j" + std::to_string(k + 1);
        r.prismatic = (k + trial) % 3 == 2;
        r.a = u(rng);
        r.alpha = M_PI * u(rng);
        r.d = u(rng);
        r.theta = M_PI * u(rng);
        r.line = k + 1;
        t.rows.push_back(r);
      }
      const RobotModel m = buildDhModel(t, "random.yaml");
      ASSERT_EQ(m.dof(), 6);
      const std::string end = c == DhConvention::Standard ? "frame6" : "link6";
      for (int s = 0; s < 4; ++s) {
        const Eigen::VectorXd q = s == 0 ? Eigen::VectorXd::Zero(6) : randomQ(rng, 6);
        for (size_t k = 1; k <= 6; ++k) {
          const std::string frame = (c == DhConvention::Standard ? "frame" : "link") + std::to_string(k);
          EXPECT_LT(poseError(test::linkPose(m, frame, q), dhFrame(t, q, k)), 1e-12) << frame;
        }
        EXPECT_LT(poseError(test::linkPose(m, end, q), dhFrame(t, q, 6)), 1e-12);
      }
    }
  }
}

TEST(DhImport, PandaModifiedDhMatchesTheBuiltinPanda) {
  const RobotModel dh = importDhFile(kPandaMdh);
  const RobotModel panda = builtinRobot("panda");
  ASSERT_EQ(dh.dof(), 7);
  EXPECT_EQ(dh.name(), "panda_mdh");
  for (int i = 0; i < 7; ++i) {
    EXPECT_LT(poseError(dh.homePose(i), panda.homePose(i)), 1e-12) << "body " << i;
    EXPECT_LT((dh.homeTwist(i) - panda.homeTwist(i)).cwiseAbs().maxCoeff(), 1e-12) << "body " << i;
    EXPECT_EQ(dh.joint(i).name, panda.joint(i).name);
    EXPECT_DOUBLE_EQ(dh.joint(i).limits.lower, panda.joint(i).limits.lower);
    EXPECT_DOUBLE_EQ(dh.joint(i).limits.acceleration, panda.joint(i).limits.acceleration);
  }
  // Same body frames, so the same standard parameters.
  EXPECT_LT((dh.standardParameters() - panda.standardParameters()).cwiseAbs().maxCoeff(), 1e-12);

  const DhTable table = readDhYaml(R"(convention: modified
joints:
  - {a: 0, alpha: 0, d: 0.333}
  - {a: 0, alpha: -pi/2, d: 0}
  - {a: 0, alpha: pi/2, d: 0.316}
  - {a: 0.0825, alpha: pi/2, d: 0}
  - {a: -0.0825, alpha: -pi/2, d: 0.384}
  - {a: 0, alpha: pi/2, d: 0}
  - {a: 0.088, alpha: pi/2, d: 0}
)",
                                   "inline.yaml");
  std::mt19937 rng(3);
  for (int s = 0; s < 5; ++s) {
    const Eigen::VectorXd q = randomQ(rng, 7);
    for (int i = 0; i < 7; ++i) {
      const Eigen::Isometry3d expected = dhFrame(table, q, static_cast<size_t>(i + 1));
      EXPECT_LT(poseError(test::bodyPose(panda, i, q), expected), 1e-12);
      EXPECT_LT(poseError(test::bodyPose(dh, i, q), expected), 1e-12);
    }
  }
}

TEST(DhImport, Ur5StandardDhMatchesTheBuiltinUr5) {
  const RobotModel dh = importDhFile(kUr5Dh);
  const RobotModel ur5 = builtinRobot("ur5");
  ASSERT_EQ(dh.dof(), 6);
  EXPECT_EQ(dh.name(), "ur5_dh");
  DhTable table;
  table.convention = DhConvention::Standard;
  const double a[6] = {0, -0.425, -0.39225, 0, 0, 0};
  const double d[6] = {0.089159, 0, 0, 0.10915, 0.09465, 0.0823};
  const double alpha[6] = {M_PI / 2, 0, 0, M_PI / 2, -M_PI / 2, 0};
  for (int k = 0; k < 6; ++k) {
    DhRow r;
    r.a = a[k];
    r.d = d[k];
    r.alpha = alpha[k];
    table.rows.push_back(r);
  }
  std::mt19937 rng(11);
  for (int s = 0; s < 6; ++s) {
    const Eigen::VectorXd q = s == 0 ? Eigen::VectorXd::Zero(6) : randomQ(rng, 6);
    const Eigen::Isometry3d expected = dhFrame(table, q, 6);
    EXPECT_LT(poseError(test::linkPose(ur5, "tool0", q), expected), 1e-12);
    EXPECT_LT(poseError(test::linkPose(dh, "frame6", q), expected), 1e-12);
  }
  // Same axes (same joint angles), same masses, same COMs and inertias in the base frame.
  for (int i = 0; i < 6; ++i) {
    EXPECT_LT((dh.homeTwist(i) - ur5.homeTwist(i)).cwiseAbs().maxCoeff(), 1e-12) << "joint " << i;
    const Vector10d& pd = dh.body(i).inertia;
    const Vector10d& pu = ur5.body(i).inertia;
    EXPECT_NEAR(pd[0], pu[0], 1e-12);
    EXPECT_LT((dh.homePose(i) * centreOfMass(pd) - ur5.homePose(i) * centreOfMass(pu)).norm(), 1e-9) << "body " << i;
    const Eigen::Matrix3d Rd = dh.homePose(i).linear(), Ru = ur5.homePose(i).linear();
    EXPECT_LT((Rd * inertiaAboutCom(pd) * Rd.transpose() - Ru * inertiaAboutCom(pu) * Ru.transpose()).cwiseAbs().maxCoeff(),
              1e-9)
        << "body " << i;
    EXPECT_DOUBLE_EQ(dh.joint(i).limits.upper, 2 * M_PI);
    EXPECT_DOUBLE_EQ(dh.joint(i).limits.effort, ur5.joint(i).limits.effort);
  }
}

TEST(DhImport, GravityNameDefaultsAndLoader) {
  const auto dir = test::tempDir();
  const std::string file = test::writeFile(dir / "arm.yaml", R"(convention: standard
gravity: [0, -9.81, 0]
joints:
  - {a: 1, alpha: 0, d: 0, type: prismatic, mass: 2, com: [0.5, 0, 0]}
)");
  const RobotModel m = loadRobot(file);
  EXPECT_EQ(m.name(), "arm");
  EXPECT_EQ(m.gravity(), Eigen::Vector3d(0, -9.81, 0));
  EXPECT_EQ(m.joint(0).type, JointType::Prismatic);
  EXPECT_TRUE(std::isinf(m.joint(0).limits.upper));
  EXPECT_DOUBLE_EQ(m.movingMass(), 2.0);
  EXPECT_EQ(loadRobot(kUr5Dh).dof(), 6);
}

TEST(DhImport, NumbersAsMultiplesOfPi) {
  double v = 0.0;
  EXPECT_TRUE(parseNumberOrPi("pi/2", v));
  EXPECT_DOUBLE_EQ(v, M_PI / 2);
  EXPECT_TRUE(parseNumberOrPi(" -pi / 2 ", v));
  EXPECT_DOUBLE_EQ(v, -M_PI / 2);
  EXPECT_TRUE(parseNumberOrPi("2*pi", v));
  EXPECT_DOUBLE_EQ(v, 2 * M_PI);
  EXPECT_TRUE(parseNumberOrPi("-0.5*pi", v));
  EXPECT_DOUBLE_EQ(v, -M_PI / 2);
  EXPECT_TRUE(parseNumberOrPi("1/4", v));
  EXPECT_DOUBLE_EQ(v, 0.25);
  EXPECT_TRUE(parseNumberOrPi("1.5e-3", v));
  EXPECT_DOUBLE_EQ(v, 1.5e-3);
  for (const char* bad : {"pi*2", "2pi", "--1", "1,5", "", "pi/", "x"}) EXPECT_FALSE(parseNumberOrPi(bad, v)) << bad;
}

// ------------------------------------------------------------------- errors

void expectDhError(const std::string& name, const std::string& text, const std::vector<std::string>& pieces) {
  const std::string file = test::writeFile(test::tempDir() / name, text);
  std::vector<std::string> all = pieces;
  for (std::string& p : all)
    if (p.compare(0, name.size(), name) == 0) p = file + p.substr(name.size());
  expectInputError([&] { importDhFile(file); }, all);
}

const std::string kCsvHead = "# comment\nconvention,modified\n";

TEST(DhImportErrors, Csv) {
  expectDhError("a.csv", "a,alpha,d\n0,0,0\n", {"a.csv:1: convention: missing"});
  expectDhError("b.csv", kCsvHead + "a,alfa,d\n", {"b.csv:3: header: column 'alfa' is unknown"});
  expectDhError("c.csv", kCsvHead + "a,d\n", {"c.csv:3: header: column 'alpha' is missing"});
  expectDhError("d.csv", kCsvHead + "a,alpha,d\n0,0,0.1\n\n0,pi/x,0\n",
                {"d.csv:6: joint 'joint2' (row 2): alpha: 'pi/x' is not a number"});
  expectDhError("e.csv", kCsvHead + "name,a,alpha,d\nj1,0,0,0,5\n",
                {"e.csv:4: joint 'j1' (row 1): cells: expected 4 (one per header column), got 5"});
  expectDhError("f.csv", kCsvHead + "name,a,alpha,d,mass\nj1,0,0,0,-1\n",
                {"f.csv:4: joint 'j1' (row 1): mass: negative (-1 kg)"});
  expectDhError("g.csv", kCsvHead + "name,a,alpha,d,mass,ixx,iyy,izz\nj1,0,0,0,1,0.1,0.1,0.5\n",
                {"g.csv:4: joint 'j1' (row 1): inertia: violates the triangle inequality"});
  expectDhError("h.csv", kCsvHead + "name,a,alpha,d,lower,upper\nj1,0,0,0,1,-1\n",
                {"h.csv:4: joint 'j1' (row 1): lower: above upper (1 > -1)"});
  expectDhError("i.csv", kCsvHead + "name,type,a,alpha,d\nj1,spherical,0,0,0\n",
                {"i.csv:4: joint 'j1' (row 1): type: 'spherical' is not revolute or prismatic"});
  expectDhError("j.csv", kCsvHead + "name,a,alpha,d\nj1,0,0,0\nj1,0,0,0\n",
                {"j.csv:5: joint 'j1' (row 2): name: duplicate"});
  expectDhError("k.csv", "convention,sideways\n", {"k.csv:1: convention: expected 'convention,standard'"});
  expectDhError("l.csv", kCsvHead + "a,alpha,d,velocity\n0,0,0,0\n",
                {"l.csv:4: joint 'joint1' (row 1): velocity: must be positive (0)"});
  expectDhError("m.csv", kCsvHead, {"m.csv:2: header: missing"});
}

TEST(DhImportErrors, Yaml) {
  expectDhError("a.yaml", "convention: modified\njoints:\n  - {a: 0, alpha: 0, d: [1\n", {"a.yaml:", ": yaml: "});
  expectDhError("b.yaml", "joints:\n  - {a: 0, alpha: 0, d: 0}\n", {"b.yaml:1: convention: missing"});
  expectDhError("c.yaml", "convention: modified\njoints:\n  - a: 0\n    alfa: 0\n    d: 0\n",
                {"c.yaml:4: joint 'joint1' (row 1): alfa: unknown key"});
  expectDhError("d.yaml", "convention: modified\njoints:\n  - name: j1\n    a: 0\n    d: 0\n",
                {"d.yaml:3: joint 'j1' (row 1): alpha: missing"});
  expectDhError("e.yaml", "convention: modified\njoints:\n  - a: 0\n    alpha: 0\n    d: 0\n    mass: -3\n",
                {"e.yaml:6: joint 'joint1' (row 1): mass: negative (-3 kg)"});
  expectDhError("f.yaml", "convention: modified\njoints:\n  - a: 0\n    alpha: 0\n    d: 0\n    com: [1, 2]\n",
                {"f.yaml:6: joint 'joint1' (row 1): com: expected a list of 3 numbers"});
  expectDhError("g.yaml", "convention: upside-down\njoints: []\n",
                {"g.yaml:1: convention: 'upside-down' is not standard or modified"});
  expectDhError("h.yaml", "convention: modified\njoints: []\n", {"h.yaml:2: joints: expected a non-empty list"});
  expectDhError("i.yaml",
                "convention: modified\njoints:\n  - a: 0\n    alpha: 0\n    d: 0\n    limits: {lower: 1, upper: nan}\n",
                {"i.yaml:6: joint 'joint1' (row 1): limits upper: 'nan' is not finite"});
  expectDhError("j.yaml", "convention: modified\njoints:\n  - {a: 0, alpha: 0, d: 0, inertia: {ixx: 1, ixq: 0}}\n",
                {"j.yaml:3: joint 'joint1' (row 1): inertia: unknown key 'ixq'"});
  expectInputError([] { importDhFile("/nonexistent/robot.yaml"); }, {"/nonexistent/robot.yaml: cannot open the file"});
  expectDhError("robot.txt", "a", {"robot.txt: unknown DH table type '.txt'"});
}

}  // namespace
}  // namespace eb
