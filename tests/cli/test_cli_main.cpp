// Shared pieces of the CLI tests live in cli_runner.hpp; this file checks the
// top-level behaviour: no subcommand and an unknown one are usage errors.
#include "cli_runner.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

using eb::test::runCli;

TEST(Cli, UnknownSubcommandFails) {
  const auto r = runCli({"frobnicate"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("frobnicate"), std::string::npos) << r.err;
}

TEST(Cli, NoSubcommandFails) { EXPECT_NE(runCli({}).status, 0); }
