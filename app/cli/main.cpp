// excitebench-cli: the headless entry point (docs/design.md, section 4).
#include "cli_commands.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <new>
#include <string>

int main(int argc, char** argv) {
  CLI::App app{"ExciteBench: robot dynamic parameter identification, headless"};
  app.require_subcommand(1);
  eb::cli::addInfoCommand(app);
  eb::cli::addTorquesCommand(app);
  eb::cli::addDesignCommand(app);
  eb::cli::addEvaluateCommand(app);
  eb::cli::addSampleCommand(app);
  eb::cli::addSimulateCommand(app);
  eb::cli::addIdentifyCommand(app);
  eb::cli::addPayloadCommands(app);
  eb::cli::addCompareFrictionCommand(app);
  eb::cli::addValidateCommand(app);
  eb::cli::addClosedLoopCommand(app);
  eb::cli::addExportCommand(app);
  eb::cli::addDemoCommand(app);
  eb::cli::addInspectLogCommand(app);
  eb::cli::addReportCommand(app);
  std::string known;
  bool isKnown = false;
  for (const CLI::App* sub : app.get_subcommands({})) {
    known += (known.empty() ? "" : ", ") + sub->get_name();
    if (argc > 1 && sub->get_name() == argv[1]) isKnown = true;
  }
  if (argc > 1 && argv[1][0] != '-' && !isKnown) {
    std::fprintf(stderr, "excitebench-cli: unknown command '%s' (commands: %s)\n", argv[1], known.c_str());
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::bad_alloc&) {
    // Every input-sized allocation is bounded with a named limit first; reaching this is
    // a missing bound, and still deserves one plain line rather than "std::bad_alloc".
    std::fprintf(stderr, "excitebench-cli: out of memory: the input needs more memory than this machine gives\n");
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "excitebench-cli: %s\n", e.what());
    return 1;
  }
  return 0;
}
