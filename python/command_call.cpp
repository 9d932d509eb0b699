#include "command_call.hpp"
#include "cancellation.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <deque>

namespace py = pybind11;

namespace eb::python {

namespace command_tokens {

// One value as the command line would spell it: floats exactly (repr round-trips), paths as paths.
std::string token(const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::float_>(v)) return py::repr(v).cast<std::string>();
  if (py::isinstance<py::int_>(v)) return py::str(v).cast<std::string>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::hasattr(v, "__fspath__")) return py::module_::import("os").attr("fspath")(v).cast<std::string>();
  // numpy scalars and the like.
  return py::repr(py::float_(py::reinterpret_borrow<py::object>(v))).cast<std::string>();
}

bool isSequence(const py::handle& v) {
  return py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v) ||
         (py::hasattr(v, "tolist") && py::hasattr(v, "ndim") && v.attr("ndim").cast<int>() > 0);
}

// The elements of a sequence as plain Python values (a numpy array's as floats).
py::list elements(const py::handle& v) {
  if (py::hasattr(v, "tolist")) return py::list(v.attr("tolist")());
  return py::list(py::reinterpret_borrow<py::object>(v));
}

}  // namespace command_tokens

std::vector<std::string> pathArguments(const py::handle& value) {
  std::vector<std::string> out;
  if (command_tokens::isSequence(value))
    for (const py::handle& e : command_tokens::elements(value)) out.push_back(command_tokens::token(e));
  else
    out.push_back(command_tokens::token(value));
  return out;
}

void parseCommand(const std::string& name, const Declare& declare, const std::vector<std::string>& positionals,
                  const py::kwargs& options, const std::vector<std::string>& optional) {
  using namespace command_tokens;
  std::vector<std::string> tokens{"excitebench", name};
  for (const auto& [key, value] : options) {
    std::string flag = "--" + key.cast<std::string>();
    std::replace(flag.begin(), flag.end(), '_', '-');
    if (value.is_none()) continue;
    if (py::isinstance<py::bool_>(value)) {
      if (value.cast<bool>()) tokens.push_back(flag);
      continue;
    }
    if (isSequence(value)) {
      for (const py::handle& e : elements(value)) tokens.push_back(flag + "=" + token(e));
      continue;
    }
    tokens.push_back(flag + "=" + token(value));
  }
  // After "--" every token is positional, whatever it starts with.
  tokens.push_back("--");
  tokens.insert(tokens.end(), positionals.begin(), positionals.end());
  CLI::App app{"excitebench"};
  app.require_subcommand(1);
  declare(app);
  CLI::App* cmd = app.get_subcommand(name);
  for (const std::string& o : optional)
    if (CLI::Option* opt = cmd->get_option_no_throw(o)) opt->required(false);
  // A misspelt keyword is Python's TypeError, as for any function, not CLI11's "not expected".
  for (const auto& item : options) {
    std::string flag = "--" + item.first.cast<std::string>();
    std::replace(flag.begin(), flag.end(), '_', '-');
    if (cmd->get_option_no_throw(flag) == nullptr || flag == "--help")
      throw py::type_error(cmd->get_name() + "() got an unexpected keyword argument '" + item.first.cast<std::string>() +
                           "' (not an option of excitebench-cli " + cmd->get_name() + ")");
  }
  std::vector<const char*> argv;
  for (const std::string& t : tokens) argv.push_back(t.c_str());
  // A command registered with its callback does its work here, without Python.
  InterruptWatch watch;
  {
    py::gil_scoped_release nogil;
    app.parse(static_cast<int>(argv.size()), argv.data());
  }
  watch.raiseIfInterrupted();
}

const char* keep(std::string text) {
  static std::deque<std::string> texts;  // a deque: earlier strings stay where they are
  texts.push_back(std::move(text));
  return texts.back().c_str();
}

std::string commandHelp(const std::string& name, const Declare& declare) {
  CLI::App app{"excitebench"};
  declare(app);
  return app.get_subcommand(name)->help();
}

}  // namespace eb::python
