#pragma once
// A CLI command called from Python: positional arguments and keyword options become the
// command's own tokens (option `filter_cutoff=5.0` is `--filter-cutoff=5`, a flag is True, a list
// repeats the option), parsed by the very CLI11 declaration the CLI uses, so every option,
// default and check is the CLI's. Nothing is run in a subprocess and no output is parsed.

#include <pybind11/pybind11.h>

#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace eb::python {

/// Registers the subcommand (its arguments, options and maybe a callback) on the root app.
using Declare = std::function<void(CLI::App& app)>;

/// Parses `positionals` and `options` on a fresh subcommand `name` registered by `declare`
/// (its callback, if it has one, runs without the GIL). Options named in
/// `optional` are no longer required. Throws CLI::ParseError (ValueError in Python).
void parseCommand(const std::string& name, const Declare& declare, const std::vector<std::string>& positionals,
                  const pybind11::kwargs& options, const std::vector<std::string>& optional = {});

/// The positional arguments of a Python value: a path-like or a list of them.
std::vector<std::string> pathArguments(const pybind11::handle& value);

/// The command's help text as the CLI prints it (`excitebench-cli NAME --help`), for docstrings.
std::string commandHelp(const std::string& name, const Declare& declare);

/// `text` kept for as long as the module lives, as a docstring pointer pybind11 stores as it is.
const char* keep(std::string text);

}  // namespace eb::python
