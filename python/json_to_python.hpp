#pragma once
// JSON (what the CLI's --json prints) as Python values: objects -> dict, arrays of numbers ->
// numpy float64 arrays, arrays of equal-length number arrays -> 2-D arrays, other arrays -> lists.

#include <nlohmann/json_fwd.hpp>
#include <pybind11/pybind11.h>

namespace eb::python {

/// The Python value of `j` (numbers keep their JSON value; null -> None). Needs the GIL.
pybind11::object toPython(const nlohmann::json& j);

}  // namespace eb::python
