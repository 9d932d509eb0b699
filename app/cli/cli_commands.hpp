#pragma once
// Each subcommand of excitebench-cli registers itself on the CLI11 app; its
// callback does the work through engine calls and throws on failure (main
// prints the one-line reason and exits non-zero).

namespace CLI {
class App;
}

namespace eb::cli {

void addInfoCommand(CLI::App& app);
void addTorquesCommand(CLI::App& app);

}  // namespace eb::cli
