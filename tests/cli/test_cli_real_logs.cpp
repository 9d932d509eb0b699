// The CLI on logs that look like hardware: simulate writes the artifacts,
// identify and validate say once what they found and did, headerless logs take
// a column layout or a mapping file, corrupt rows are refused or dropped, and
// validate puts the model's own parameters beside the identified ones.
#include "cli_fixtures.hpp"
#include "cli_runner.hpp"

#include "logs/log_mapping_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace eb;
using eb::test::runCli;
using eb::test::tempDir;

using eb::test::readText;
using eb::test::writeDefaultExcitation;

TEST(CliRealLogs, ArtifactsAreSummarisedOnceAndValidateComparesWithTheModel) {
  const auto dir = tempDir("cli_real");
  const std::string ex = writeDefaultExcitation(dir, "ur5");
  const std::string log = (dir / "log.csv").string(), held = (dir / "held.csv").string(),
                    params = (dir / "p.json").string();
  auto r = runCli({"simulate", "ur5", ex, "--out", log, "--noise-torque", "0.05", "--jitter", "0.3", "--drop", "0.01",
                   "--gaps", "2", "--repeat", "0.01", "--torque-offset", "0.4", "--quantization", "2e-5"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"simulate", "ur5", ex, "--out", held, "--noise-torque", "0.05", "--seed", "5", "--torque-offset", "0.4"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = runCli({"identify", "ur5", log, "--out", params, "--offset"});
  ASSERT_EQ(r.status, 0) << r.err;
  // One summary line for the log: rate, spread, gaps and segments, what was dropped, what was done.
  EXPECT_NE(r.out.find("Hz nominal (step 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("in 3 segments: 2 gaps over 5 steps"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("repeated rows (first at line"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("resampled onto a uniform"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 segments filtered on their own"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("gap of"), std::string::npos) << "no warning per gap: " << r.out;
  EXPECT_EQ(r.out.find("torque-sensor offset"), std::string::npos) << r.out;  // the offset column is there

  r = runCli({"validate", "ur5", params, held, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = nlohmann::json::parse(r.out);
  for (const auto& joint : v["joints"]) {
    // Identified: at the noise level; the model's own parameters know no friction nor offset.
    EXPECT_LT(joint["rmse"].get<double>(), 0.1) << joint.dump();
    EXPECT_GT(joint["model"]["rmse"].get<double>(), joint["rmse"].get<double>()) << joint.dump();
  }
  r = runCli({"validate", "ur5", params, held});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("model's own parameters"), std::string::npos) << r.out;

  // Without the offset column the tools say what the residuals show.
  r = runCli({"identify", "ur5", log, "--out", params});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("a torque-sensor offset the model is missing? Estimate with an offset column (--offset"),
            std::string::npos)
      << r.out;
}

TEST(CliRealLogs, HeaderlessCurrentsWithAColumnLayoutOrAMappingFile) {
  const auto dir = tempDir("cli_headerless");
  const std::string ex = writeDefaultExcitation(dir, "planar2r");
  const std::string rtde = (dir / "rtde.csv").string(), params = (dir / "p.json").string();
  // A Simulink logger's file: no header, t, q1..2, qd1..2, i1..2, then three columns to skip.
  auto r = runCli({"simulate", "planar2r", ex, "--out", rtde, "--torque-constants", "0.5,0.25", "--noise-torque",
                   "0.01"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text = readText(rtde);
  const std::string headerless = (dir / "simulink.csv").string();
  {
    std::ofstream out(headerless);
    std::size_t line = text.find('\n') + 1;  // drop the header
    while (line < text.size()) {
      const std::size_t end = text.find('\n', line);
      // t,q1,q2,i1,i2,qd1,qd2,qdd1,qdd2 -> t,q1,q2,qd1,qd2,i1,i2,_,_
      std::vector<std::string> f;
      std::size_t a = line;
      for (;;) {
        const std::size_t comma = text.find(',', a);
        if (comma == std::string::npos || comma > end) {
          f.push_back(text.substr(a, end - a));
          break;
        }
        f.push_back(text.substr(a, comma - a));
        a = comma + 1;
      }
      out << f[0] << ',' << f[1] << ',' << f[2] << ',' << f[5] << ',' << f[6] << ',' << f[3] << ',' << f[4] << ','
          << f[7] << ',' << f[8] << ",0\n";
      line = end + 1;
    }
  }
  r = runCli({"identify", "planar2r", headerless, "--out", params});
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(r.err.find("line 0"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--columns"), std::string::npos) << r.err;
  r = runCli({"identify", "planar2r", headerless, "--out", params, "--columns", "t,q1..q2,qd1..qd2,i1..i2,_*3"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("motor current columns need 2 torque constants"), std::string::npos) << r.err;
  r = runCli({"identify", "planar2r", headerless, "--out", params, "--columns", "t,q1..q2,qd1..qd2,i1..i2,_*3",
              "--torque-constants", "0.5,0.25"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string fromLayout = readText(params);

  // The same through a mapping file (as the wizard saves it).
  const std::string mapping = (dir / "mapping.json").string();
  LogMappingFile file;
  file.columns = "t,q1..q2,qd1..qd2,i1..i2,_*3";
  file.torqueConstants = {0.5, 0.25};
  writeLogMappingFile(mapping, file);
  const std::string params2 = (dir / "p2.json").string();
  r = runCli({"identify", "planar2r", headerless, "--out", params2, "--mapping", mapping});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readText(params2), fromLayout);
}

TEST(CliRealLogs, CorruptRowsAreRefusedOrDropped) {
  const auto dir = tempDir("cli_corrupt");
  const std::string ex = writeDefaultExcitation(dir, "planar2r");
  const std::string log = (dir / "log.csv").string(), params = (dir / "p.json").string();
  auto r = runCli({"simulate", "planar2r", ex, "--out", log, "--noise-torque", "0.01"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text = readText(log);
  // Line 1001: q1 = 253 rad, a corrupted value as UR Simulink loggers write them.
  std::size_t at = 0;
  for (int line = 1; line < 1001; ++line) at = text.find('\n', at) + 1;
  const std::size_t comma = text.find(',', at);
  text.replace(comma + 1, text.find(',', comma + 1) - comma - 1, "253");
  {
    std::ofstream(log) << text;
  }
  r = runCli({"identify", "planar2r", log, "--out", params});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("log.csv: line 1001: column 'q1': position 253 is far outside joint 1's range"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(params));
  r = runCli({"identify", "planar2r", log, "--out", params, "--drop-bad-rows"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("1 split at dropped rows; dropped 1 bad row (line 1001: column 'q1'"), std::string::npos)
      << r.out;
}
