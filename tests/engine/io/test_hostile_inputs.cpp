// Hostile inputs: one table of bad (and tricky but valid) files for every
// importer and writer, each row with the exact one-line message the user gets
// (file, place, field). Set EB_HOSTILE_TABLE=<file> to also write the table as
// Markdown (input, importer, message) for the documentation.
//
// The bounds are proved with small versions: a line just over the 1 MiB line
// limit stands for a 1 GB line (the reader stops after 1 MiB), 10001 links for
// 100000, 101 nested elements for any depth.

#include "logs/log_import.hpp"
#include "io/atomic_file.hpp"
#include "io/excitation_json.hpp"
#include "io/params_file.hpp"
#include "io/trajectory_csv.hpp"
#include "model/dh_import.hpp"
#include "util/input_error.hpp"
#include "model/urdf_import.hpp"
#include "util/bounded_read.hpp"

#include "io_test_support.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace eb {
namespace {

using test::ScratchDir;

// ---------------------------------------------------------------------------
// Inputs

const std::string kLink1 =
    "<link name=\"l1\"><inertial><mass value=\"1\"/>"
    "<inertia ixx=\"0.01\" ixy=\"0\" ixz=\"0\" iyy=\"0.01\" iyz=\"0\" izz=\"0.01\"/></inertial></link>";
const std::string kJoint1 =
    "<joint name=\"j1\" type=\"revolute\"><parent link=\"base\"/><child link=\"l1\"/>"
    "<axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"10\" velocity=\"1\"/></joint>";

// A valid one-joint URDF, one element per line: line 1 <robot>, 2 base, 3 l1, 4 j1.
std::string urdf(const std::string& link1 = kLink1, const std::string& joint1 = kJoint1,
                 const std::string& extra = "") {
  return "<robot name=\"r\">\n<link name=\"base\"/>\n" + link1 + "\n" + joint1 + "\n" + extra + "</robot>\n";
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const size_t at = s.find(from);
  if (at == std::string::npos) throw std::logic_error("test input: '" + from + "' not found");
  return s.replace(at, from.size(), to);
}

// A serial chain of `links` links (links - 1 revolute joints), one element per line.
std::string chainUrdf(int links) {
  std::string s = "<robot name=\"chain\">\n<link name=\"l0\"/>\n";
  for (int i = 1; i < links; ++i) {
    const std::string n = std::to_string(i), p = std::to_string(i - 1);
    s += "<link name=\"l" + n + "\"><inertial><origin xyz=\"0 0 0.05\"/><mass value=\"0.1\"/>"
         "<inertia ixx=\"1e-4\" ixy=\"0\" ixz=\"0\" iyy=\"1e-4\" iyz=\"0\" izz=\"1e-4\"/></inertial></link>\n";
    s += "<joint name=\"j" + n + "\" type=\"revolute\"><parent link=\"l" + p + "\"/><child link=\"l" + n +
         "\"/><origin xyz=\"0 0 0.1\"/><axis xyz=\"0 1 0\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" "
         "velocity=\"1\"/></joint>\n";
  }
  return s + "</robot>\n";
}

// A valid 2-joint log, t, q1, q2, tau1, tau2 at 100 Hz; line 1 is the header, sample i on line i + 2.
std::string logCsv(int rows = 20, const std::string& header = "t,q1,q2,tau1,tau2") {
  std::string s = header + "\n";
  for (int i = 0; i < rows; ++i)
    s += std::to_string(i) + "e-2," + std::to_string(i) + "e-3,0.5," + std::to_string(i) + ",-1\n";
  return s;
}

std::string trajectoryCsv() { return "t,q1,qd1,qdd1\n0,0.1,0,0\n0.01,0.2,1,0\n0.02,0.3,1,0\n"; }

std::string dhCsv(const std::string& rows = "0,0,0.3\n0.2,0,0\n") { return "convention,standard\na,alpha,d\n" + rows; }

// ---------------------------------------------------------------------------
// Importers: each reads `path` and throws on bad input.

struct Importer {
  const char* name;
  const char* suffix;
  std::function<void(const std::string& path)> read;
};

const Importer kUrdf{"URDF", ".urdf", [](const std::string& p) { importUrdfFile(p); }};
const Importer kDhYaml{"DH table (YAML)", ".yaml", [](const std::string& p) { importDhFile(p); }};
const Importer kDhCsv{"DH table (CSV)", ".csv", [](const std::string& p) { importDhFile(p); }};
const Importer kLog{"CSV log, 2 joints", ".csv", [](const std::string& p) {
                      LogImportOptions o;
                      o.dof = 2;
                      importCsvLog(p, o);
                    }};
const Importer kTrajectory{"trajectory CSV", ".csv", [](const std::string& p) { readTrajectoryCsv(p); }};
const Importer kParams{"params.json", ".json", [](const std::string& p) { readParamsJson(p); }};
const Importer kExcitation{"excitation.json", ".json", [](const std::string& p) { readExcitationJson(p); }};

struct Row {
  std::string input;     // what the row is about
  const Importer* importer;
  std::string content;   // file content
  std::string expected;  // exact what(), "{file}" standing for the path; "" = must be accepted
};

std::string binaryGarbage() {
  std::string s;
  for (int i = 0; i < 256; ++i) s += static_cast<char>((i * 167 + 13) & 0xff);
  return s;
}

std::string hugeLine(const std::string& before) { return before + std::string(kMiB + 16, '7'); }

std::vector<Row> rows() {
  const std::string bom = "\xEF\xBB\xBF";
  std::string crlfUrdf = urdf(), crlfLog = logCsv();
  for (std::string* s : {&crlfUrdf, &crlfLog})
    for (size_t at = s->find('\n'); at != std::string::npos; at = s->find('\n', at + 2)) s->insert(at, "\r");
  std::string nested = "<robot name=\"r\">";
  for (int i = 0; i < 120; ++i) nested += "<a>";
  return {
      // --- URDF -------------------------------------------------------------
      {"empty file", &kUrdf, "", "{file}:1: xml: no root element"},
      {"binary garbage", &kUrdf, binaryGarbage(), "{file}:1: xml: no root element"},
      {"UTF-8 BOM", &kUrdf, bom + urdf(), ""},
      {"CRLF line ends", &kUrdf, crlfUrdf, ""},
      {"CRLF line ends, error on line 4", &kUrdf, replaced(crlfUrdf, "xyz=\"0 0 1\"", "xyz=\"0 0 0\""),
       "{file}:4: joint 'j1': axis xyz: zero vector ('0 0 0')"},
      {"NaN", &kUrdf, replaced(urdf(), "<mass value=\"1\"/>", "<mass value=\"nan\"/>"),
       "{file}:3: link 'l1': inertial/mass value: 'nan' is not finite"},
      {"inf", &kUrdf, replaced(urdf(), "upper=\"1\"", "upper=\"inf\""),
       "{file}:4: joint 'j1': limit upper: 'inf' is not finite"},
      {"1e308 mass (finite: accepted)", &kUrdf, replaced(urdf(), "<mass value=\"1\"/>", "<mass value=\"1e308\"/>"), ""},
      {"1e309 (beyond a double)", &kUrdf, replaced(urdf(), "<mass value=\"1\"/>", "<mass value=\"1e309\"/>"),
       "{file}:3: link 'l1': inertial/mass value: '1e309' is not finite"},
      {"1e200 kg at 1e200 m (parameters overflow)", &kUrdf,
       replaced(replaced(urdf(), "<mass value=\"1\"/>", "<origin xyz=\"1e200 0 0\"/><mass value=\"1e200\"/>"),
                "ixx=\"0.01\" ixy=\"0\" ixz=\"0\" iyy=\"0.01\" iyz=\"0\" izz=\"0.01\"",
                "ixx=\"0\" ixy=\"0\" ixz=\"0\" iyy=\"0\" iyz=\"0\" izz=\"0\""),
       "{file}:3: link 'l1': inertial: the parameters about the body frame overflow (mass, centre of mass or link "
       "offset too large)"},
      {"decimal comma", &kUrdf, replaced(urdf(), "<mass value=\"1\"/>", "<mass value=\"1,5\"/>"),
       "{file}:3: link 'l1': inertial/mass value: '1,5' is not a number"},
      {"duplicate joint names", &kUrdf,
       urdf(kLink1, kJoint1,
            "<link name=\"l2\"/>\n" + replaced(replaced(kJoint1, "base", "l1"), "\"l1\"/><axis", "\"l2\"/><axis") +
                "\n"),
       "{file}:6: joint 'j1': name: duplicate (first defined on line 4)"},
      {"kinematic loop", &kUrdf,
       urdf(kLink1, replaced(kJoint1, "base", "l1"),
            "<link name=\"l2\"/>\n<joint name=\"j2\" type=\"fixed\"><parent link=\"l1\"/><child "
            "link=\"base\"/></joint>\n"),
       "{file}:4: joint 'j1': child link: 'l1' is also the parent link"},
      {"kinematic loop over three links", &kUrdf,
       "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"b\"/>\n<link name=\"c\"/>\n"
       "<joint name=\"ab\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/></joint>\n"
       "<joint name=\"bc\" type=\"continuous\"><parent link=\"b\"/><child link=\"c\"/></joint>\n"
       "<joint name=\"ca\" type=\"continuous\"><parent link=\"c\"/><child link=\"a\"/></joint>\n</robot>\n",
       "{file}:5: joint 'ab': child link: 'b' closes a kinematic loop (b -> a -> c -> b)"},
      {"joint refers to a missing link", &kUrdf, replaced(urdf(), "<child link=\"l1\"/>", "<child link=\"l9\"/>"),
       "{file}:4: joint 'j1': child link: 'l9' does not exist"},
      {"zero mass with inertia", &kUrdf, replaced(urdf(), "<mass value=\"1\"/>", "<mass value=\"0\"/>"),
       "{file}:3: link 'l1': inertial/inertia: non-zero while the mass is zero"},
      {"negative mass", &kUrdf, replaced(urdf(), "<mass value=\"1\"/>", "<mass value=\"-1\"/>"),
       "{file}:3: link 'l1': inertial/mass value: negative (-1 kg)"},
      {"non-positive-definite inertia", &kUrdf, replaced(urdf(), "ixx=\"0.01\"", "ixx=\"-0.01\""),
       "{file}:3: link 'l1': inertial/inertia: not positive semi-definite (principal moments -0.01, 0.01, 0.01 kg "
       "m^2)"},
      {"inertia violating the triangle inequality", &kUrdf, replaced(urdf(), "izz=\"0.01\"", "izz=\"0.03\""),
       "{file}:3: link 'l1': inertial/inertia: violates the triangle inequality (principal moments 0.01, 0.01, 0.03 "
       "kg m^2)"},
      {"zero axis", &kUrdf, replaced(urdf(), "xyz=\"0 0 1\"", "xyz=\"0 0 0\""),
       "{file}:4: joint 'j1': axis xyz: zero vector ('0 0 0')"},
      {"1000 links (a 999-joint chain)", &kUrdf, chainUrdf(1000), ""},
      {"10001 links (stands for 100000)", &kUrdf, chainUrdf(10001),
       "{file}:1: robot 'chain': link: 10001 links, at most 10000 are supported"},
      {"elements nested 120 deep", &kUrdf, nested, "{file}:1: xml: element <a> is nested more than 100 levels deep"},
      {"link name with two spaces (accepted as written)", &kUrdf,
       "<robot name=\"r\">\n<link name=\"base\"/>\n<link name=\"a  b\"/>\n<joint name=\"j\" "
       "type=\"continuous\"><parent "
       "link=\"base\"/><child link=\"a  b\"/></joint>\n</robot>\n",
       ""},
      {"character reference beyond Unicode", &kUrdf, "<robot name=\"&#99999999999999999999;\"/>",
       "{file}:1: xml: bad character reference '&#99999999999999999999;'"},
      // --- DH tables ------------------------------------------------------------
      {"empty file", &kDhYaml, "", "{file}:1: document: expected a mapping with 'convention' and 'joints'"},
      {"binary garbage", &kDhYaml, binaryGarbage(), "{file}:2: yaml: unknown escape character: \\xA7"},
      {"UTF-8 BOM and CRLF", &kDhYaml, bom + "convention: standard\r\njoints:\r\n  - {a: 0, alpha: 0, d: 0.3}\r\n", ""},
      {"NaN", &kDhYaml, "convention: standard\njoints:\n  - {a: 0, alpha: 0, d: .nan}\n",
       "{file}:3: joint 'joint1' (row 1): d: '.nan' is not a number"},
      {"negative mass", &kDhYaml, "convention: standard\njoints:\n  - {a: 0, alpha: 0, d: 0.1, mass: -2}\n",
       "{file}:3: joint 'joint1' (row 1): mass: negative (-2 kg)"},
      {"duplicate joint names", &kDhYaml,
       "convention: modified\njoints:\n  - {name: j, a: 0, alpha: 0, d: 0.1}\n  - {name: j, a: 0, alpha: 0, d: 0.1}\n",
       "{file}:4: joint 'j' (row 2): name: duplicate"},
      {"empty file", &kDhCsv, "",
       "{file}:1: convention: missing (add a line 'convention,standard' or "
       "'convention,modified' before the header)"},
      {"UTF-8 BOM and CRLF", &kDhCsv, bom + "convention,standard\r\na,alpha,d\r\n0,0,0.3\r\n", ""},
      {"decimal comma", &kDhCsv, dhCsv("0,0,0,3\n"),
       "{file}:3: joint 'joint1' (row 1): cells: expected 3 (one per header column), got 4 (write decimals with '.', "
       "not ',')"},
      {"inf", &kDhCsv, dhCsv("0,0,inf\n"), "{file}:3: joint 'joint1' (row 1): d: 'inf' is not finite"},
      {"missing column", &kDhCsv, "convention,standard\na,d\n0,0.3\n", "{file}:2: header: column 'alpha' is missing"},
      {"duplicate column", &kDhCsv, "convention,standard\na,alpha,d,a\n0,0,0.3,0\n",
       "{file}:2: header: column 'a' appears twice"},
      // --- CSV logs ---------------------------------------------------------------
      {"empty file", &kLog, "", "{file}: no data lines found (empty file or only comments)"},
      {"binary garbage", &kLog, binaryGarbage(),
       "{file}: line 1: column 'time': no time column and no sample rate given"},
      {"UTF-8 BOM", &kLog, bom + logCsv(), ""},
      {"CRLF line ends", &kLog, crlfLog, ""},
      {"a line of 1 MiB + 16 bytes (stands for 1 GB)", &kLog, hugeLine(logCsv(3)),
       "{file}: line 5: longer than 1 MiB (not a text log, or a line break is missing)"},
      {"NaN", &kLog, replaced(logCsv(), "\n2e-2,2e-3,", "\n2e-2,nan,"),
       "{file}: line 4: column 'q1': value 'nan' is not finite"},
      {"inf", &kLog, replaced(logCsv(), "\n2e-2,2e-3,0.5,2,", "\n2e-2,2e-3,0.5,-inf,"),
       "{file}: line 4: column 'tau1': value '-inf' is not finite"},
      {"1e308 (finite, absurd)", &kLog, replaced(logCsv(), "\n2e-2,2e-3,0.5,2,", "\n2e-2,2e-3,0.5,1e308,"),
       "{file}: line 4: column 'tau1': value 1e+308 is beyond 1e+12 (not a plausible joint signal; a corrupted row?)"},
      {"1e12 (largest plausible: accepted)", &kLog, replaced(logCsv(), "\n2e-2,2e-3,0.5,2,", "\n2e-2,2e-3,0.5,1e12,"),
       ""},
      {"1e309 (beyond a double)", &kLog, replaced(logCsv(), "\n2e-2,2e-3,0.5,2,", "\n2e-2,2e-3,0.5,1e309,"),
       "{file}: line 4: column 'tau1': '1e309' is out of the range of a double"},
      {"missing column", &kLog, logCsv(20, "t,q1,q2,tau1,x"),
       "{file}: line 1: column 'tau2' missing: found 1 joint torque columns (tau1) but the robot has 2 joints"},
      {"duplicate column", &kLog, logCsv(20, "t,q1,q1,tau1,tau2"),
       "{file}: line 1: column 'q1' appears twice in the header (columns 2 and 3)"},
      {"time goes backwards (a new segment)", &kLog, replaced(logCsv(), "\n3e-2,", "\n1e-2,"),
       ""},  // a new segment (time_base.hpp)
      {"repeated time stamp (dropped)", &kLog, replaced(logCsv(), "\n3e-2,", "\n2e-2,"), ""},  // dropped and counted
      {"a sample repeated 1e-12 s later (dropped)", &kLog, replaced(logCsv(), "\n3e-2,", "\n2.0000000001e-2,"),
       ""},  // dropped as a repeated stamp
      {"3 joints for a 2-joint robot", &kLog, logCsv(20, "t,q1,q2,q3,tau1"),
       "{file}: line 1: found 3 joint position columns (q1 .. q3) but the robot has 2 joints"},
      {"decimal commas with ';' (detected)", &kLog,
       "t;q1;q2;tau1;tau2\n" +
           [] {
             std::string s;
             for (int i = 0; i < 20; ++i) s += std::to_string(i) + ",5e-2;0,5;0,25;1,5;-1\n";
             return s;
           }(),
       ""},
      {"decimal commas with ',' as the delimiter", &kLog, "t,q1,q2,tau1,tau2\n0,0,0,5,0,25,1,5,-1\n",
       "{file}: line 2: column '(extra field)': expected 5 fields as in the header, found 9 (decimal commas in a "
       "comma-separated file? use ';' as the delimiter)"},
      // --- trajectory CSV -----------------------------------------------------------
      {"empty file", &kTrajectory, "", "{file}: line 1: empty file, expected a header t,q1,...,qd1,...,qdd1,..."},
      {"binary garbage", &kTrajectory, binaryGarbage(),
       "{file}: line 1: missing column q1 (expected a header t,q1,...,qd1,...,qdd1,...)"},
      {"UTF-8 BOM and CRLF", &kTrajectory, bom + "t,q1,qd1,qdd1\r\n0,1,2,3\r\n", ""},
      {"a line of 1 MiB + 16 bytes (stands for 1 GB)", &kTrajectory, hugeLine(trajectoryCsv()),
       "{file}: line 5: longer than 1 MiB (not a trajectory CSV, or a line break is missing)"},
      {"NaN", &kTrajectory, replaced(trajectoryCsv(), "0.2,", "nan,"),
       "{file}: line 3: column 'q1': value is not finite: 'nan'"},
      {"1e309", &kTrajectory, replaced(trajectoryCsv(), "0.2,", "1e309,"),
       "{file}: line 3: column 'q1': value is out of the double range: '1e309'"},
      {"decimal comma", &kTrajectory, replaced(trajectoryCsv(), "0.2,", "0,2,"),
       "{file}: line 3: expected 4 fields, found 5"},
      {"duplicate column", &kTrajectory, "t,q1,qd1,qdd1,q1\n0,1,2,3,4\n",
       "{file}: line 1: column 'q1': duplicate column"},
      {"missing column", &kTrajectory, "t,q1,q2,qd1,qd2,qdd1\n0,1,2,3,4,5\n",
       "{file}: line 1: missing column qdd2 (joints 1..2 need q, qd and qdd)"},
      {"joint index 2147483647", &kTrajectory, "t,q2147483647,qd1,qdd1\n0,1,2,3\n",
       "{file}: line 1: column 'q2147483647': joint index beyond 10000 (more joints than a robot may have)"},
      {"repeated time stamp", &kTrajectory, replaced(trajectoryCsv(), "0.02,", "0.01,"),
       "{file}: line 4: column 't': time 0.01 s does not increase (previous sample at 0.01 s)"},
      // --- params.json ----------------------------------------------------------------
      {"empty file", &kParams, "", "{file}: line 1, column 1: not valid JSON"},
      {"binary garbage", &kParams, binaryGarbage(), "{file}: line 1, column 2: not valid JSON"},
      {"missing comma on line 3", &kParams,
       "{\n  \"format\": \"excitebench-params\",\n  \"version\": 1\n  \"robot\": \"x\"\n}\n",
       "{file}: line 4, column 9: not valid JSON"},
      {"1e400", &kParams, "{\"format\": \"excitebench-params\", \"condition\": 1e400}",
       "{file}: not valid JSON (number overflow parsing '1e400')"},
      {"format is a number", &kParams, "{\"format\": 1}", "{file}: format: not an excitebench-params file"},
      {"samples beyond a long", &kParams,
       "{\"format\": \"excitebench-params\", \"robot\": \"planar2r\", \"joints\": [\"a\", \"b\"], \"method\": \"ols\", "
       "\"regressor\": {\"viscous\": false, \"coulomb\": false, \"offset\": false, \"armature\": false, "
       "\"coulomb_width\": 0}, \"base_parameters\": [{\"name\": \"m1\", \"column\": \"m1\", \"value\": 1}], "
       "\"samples\": 1e300}",
       "{file}: samples: not an integer"},
      // --- excitation.json ---------------------------------------------------------------
      {"empty file", &kExcitation, "",
       "{file}: parse error at line 1, column 1: syntax error while parsing value - unexpected end of input; expected "
       "'[', '{', or a literal"},
      {"NaN written as a string", &kExcitation,
       "{\"robot\": \"planar2r\", \"type\": \"fourier\", \"period\": 10, \"harmonics\": 1, "
       "\"joints\": [{\"offset\": \"nan\", \"a\": [0], \"b\": [0]}]}",
       "{file}: /joints/0/offset: expected a finite number, found string"},
      {"1e400", &kExcitation,
       "{\"robot\": \"planar2r\", \"type\": \"fourier\", \"period\": 1e400, \"harmonics\": 1, \"joints\": []}",
       "{file}: number overflow parsing '1e400'"},
      {"a million harmonics", &kExcitation,
       "{\"robot\": \"planar2r\", \"type\": \"fourier\", \"period\": 10, \"harmonics\": 1000000, "
       "\"joints\": [{\"offset\": 0, \"a\": [0], \"b\": [0]}]}",
       "{file}: /joints/0/a: expected 1000000 entries, found 1"},
  };
}

std::string withFile(std::string text, const std::string& file) {
  for (size_t at = text.find("{file}"); at != std::string::npos; at = text.find("{file}", at + file.size()))
    text.replace(at, 6, file);
  return text;
}

// What reading `path` with `importer` gives: the message, or "" when accepted.
std::string outcome(const Importer& importer, const std::string& path) {
  try {
    importer.read(path);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::string markdownCell(std::string s) {
  for (size_t at = s.find('|'); at != std::string::npos; at = s.find('|', at + 2)) s.replace(at, 1, "\\|");
  return s.empty() ? "accepted" : "`" + s + "`";
}

TEST(HostileInputs, EveryRowGetsItsExactOneLineMessage) {
  ScratchDir dir;
  std::string table = "| input | importer | message |\n|---|---|---|\n";
  int index = 0;
  for (const Row& row : rows()) {
    const std::string name = "in" + std::to_string(++index) + row.importer->suffix;
    const std::string path = dir.file(name);
    test::writeText(path, row.content);
    const auto start = std::chrono::steady_clock::now();
    const std::string got = outcome(*row.importer, path);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(got, withFile(row.expected, path)) << row.input << " (" << row.importer->name << ")";
    EXPECT_EQ(got.find('\n'), std::string::npos) << row.input;
    EXPECT_LT(seconds, 30.0) << row.input << ": the work per input must stay bounded";
    std::string shown = got;  // the table names the file as in{n}.ext, not its scratch path
    for (size_t at = shown.find(path); at != std::string::npos; at = shown.find(path, at + name.size()))
      shown.replace(at, path.size(), name);
    table += "| " + row.input + " | " + row.importer->name + " | " + markdownCell(shown) + " |\n";
  }
  if (const char* out = std::getenv("EB_HOSTILE_TABLE")) test::writeText(out, table);
}

TEST(HostileInputs, AThousandLinkUrdfImportsQuicklyAsA999JointChain) {
  ScratchDir dir;
  test::writeText(dir.file("chain.urdf"), chainUrdf(1000));
  const auto start = std::chrono::steady_clock::now();
  const RobotModel model = importUrdfFile(dir.file("chain.urdf"));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  EXPECT_EQ(model.dof(), 999);
  EXPECT_EQ(model.joint(998).name, "j999");
  EXPECT_NEAR(model.homePose(998).translation().z(), 99.9, 1e-9);
}

TEST(HostileInputs, DevicesAndPipesAreNotReadAsLogs) {
  // /dev/zero is an endless line: the log importer must refuse it, not read forever.
  LogImportOptions o;
  o.dof = 2;
  try {
    importCsvLog("/dev/zero", o);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "/dev/zero: not a regular file (a log is read more than once; copy a pipe or device to a file)");
  }
  // The whole-file readers stop after their bound.
  try {
    readTrajectoryCsv("/dev/zero");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/dev/zero: line 1: longer than 1 MiB (not a trajectory CSV, or a line break is missing)");
  }
  try {
    importUrdfFile("/dev/zero");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/dev/zero: file: larger than 64 MiB (not a robot description?)");
  }
  try {
    readParamsJson("/dev/zero");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/dev/zero: file: larger than 64 MiB (not a parameter file?)");
  }
}

// ---------------------------------------------------------------------------
// Output paths

std::string writeError(const std::string& path) {
  try {
    writeFileAtomically(path, "t,q1\n0,1\n");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(HostileInputs, ReadOnlyDirectoryIsRefusedWithOneLine) {
  ScratchDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  // root ignores directory permissions; sysfs refuses new files to everyone.
  const bool privileged = ::access(dir.path().c_str(), W_OK) == 0;
  const std::string path = privileged ? "/sys/eb_hostile_out.csv" : dir.file("out.csv");
  EXPECT_EQ(writeError(path), path + ": cannot write: Permission denied");
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_all);
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(HostileInputs, FullDiskIsReportedAndTheDeviceIsNotReplaced) {
  // /dev/full fails every write with ENOSPC. It is written in place: a temporary
  // renamed over it would replace the device node itself when run as root.
  ASSERT_TRUE(std::filesystem::is_character_file("/dev/full"));
  EXPECT_EQ(writeError("/dev/full"), "/dev/full: cannot write: No space left on device");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/full"));
  EXPECT_EQ(writeError("/dev/null"), "");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

TEST(HostileInputs, MissingDirectoryIsRefusedWithOneLine) {
  ScratchDir dir;
  EXPECT_EQ(writeError(dir.file("no/such/out.csv")),
            dir.file("no/such/out.csv") + ": cannot write: directory " + dir.file("no/such") + " does not exist");
}

TEST(HostileInputs, ASymlinkedOutputKeepsTheLinkAndReplacesItsTarget) {
  ScratchDir dir;
  test::writeText(dir.file("target.csv"), "old");
  std::filesystem::create_symlink(dir.file("target.csv"), dir.file("link.csv"));
  writeFileAtomically(dir.file("link.csv"), "new");
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("link.csv")));
  EXPECT_EQ(test::readAll(dir.file("target.csv")), "new");
  EXPECT_EQ(dir.listing(), "link.csv;target.csv;");
}

}  // namespace
}  // namespace eb
