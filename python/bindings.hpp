#pragma once
// The parts of the module, each registering its functions (module.cpp calls them in turn).

#include <pybind11/pybind11.h>

namespace eb::python {

/// load_robot and the Robot class (dynamics, regressor, base parameters).
void bindRobot(pybind11::module_& m);
/// identify, validate, closed_loop, export: the CLI's commands with its options.
void bindIdentification(pybind11::module_& m);
/// design, simulate, load_excitation, sample, evaluate, read_log.
void bindExcitationAndLogs(pybind11::module_& m);

}  // namespace eb::python
