// `inspect-log PATH`: what the tool finds in a log before it is used: a ROS 2 bag's topics,
// message types, counts, time span and rate; a CSV's columns and their guessed meaning.
#include "cli_commands.hpp"

#include "logs/log_inspection.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace eb::cli {

void addInspectLogCommand(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("inspect-log", "Show what a log holds (ROS 2 bag topics and joints, CSV columns)");
  cmd->add_option("log", *path, "Log: CSV, MAT, a ROS 2 bag folder or one .mcap/.db3 file")->required();
  cmd->callback([path] {
    for (const std::string& line : inspectLog(*path)) std::cout << line << "\n";
  });
}

}  // namespace eb::cli
