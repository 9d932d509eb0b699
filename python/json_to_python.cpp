#include "json_to_python.hpp"

#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>

#include <cstddef>

namespace py = pybind11;

namespace eb::python {

namespace json_conversion {

bool isNumberArray(const nlohmann::json& j) {
  if (!j.is_array() || j.empty()) return false;
  for (const auto& e : j)
    if (!e.is_number()) return false;
  return true;
}

// Rows of a 2-D array: non-empty number arrays of one length.
bool isMatrix(const nlohmann::json& j) {
  if (!j.is_array() || j.empty() || !isNumberArray(j.front())) return false;
  const std::size_t n = j.front().size();
  for (const auto& row : j)
    if (!isNumberArray(row) || row.size() != n) return false;
  return true;
}

}  // namespace json_conversion

py::object toPython(const nlohmann::json& j) {
  using namespace json_conversion;
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<long long>());
    case nlohmann::json::value_t::number_float:
      return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::object: {
      py::dict d;
      for (auto it = j.begin(); it != j.end(); ++it) d[py::str(it.key())] = toPython(it.value());
      return std::move(d);
    }
    case nlohmann::json::value_t::array: {
      if (isNumberArray(j)) {
        py::array_t<double> a(static_cast<py::ssize_t>(j.size()));
        auto m = a.mutable_unchecked<1>();
        for (std::size_t i = 0; i < j.size(); ++i) m(static_cast<py::ssize_t>(i)) = j[i].get<double>();
        return std::move(a);
      }
      if (isMatrix(j)) {
        const auto rows = static_cast<py::ssize_t>(j.size()), cols = static_cast<py::ssize_t>(j.front().size());
        py::array_t<double> a({rows, cols});
        auto m = a.mutable_unchecked<2>();
        for (py::ssize_t r = 0; r < rows; ++r)
          for (py::ssize_t c = 0; c < cols; ++c) m(r, c) = j[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].get<double>();
        return std::move(a);
      }
      py::list l;
      for (const auto& e : j) l.append(toPython(e));
      return std::move(l);
    }
    default:
      return py::none();
  }
}

}  // namespace eb::python
