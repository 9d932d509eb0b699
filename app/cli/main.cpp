// excitebench-cli: the headless entry point (DESIGN.md section 4).
#include "cli_commands.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>

int main(int argc, char** argv) {
  CLI::App app{"ExciteBench: robot dynamic parameter identification, headless"};
  app.require_subcommand(1);
  eb::cli::addInfoCommand(app);
  eb::cli::addTorquesCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "excitebench-cli: %s\n", e.what());
    return 1;
  }
  return 0;
}
