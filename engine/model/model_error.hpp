#pragma once
// The one exception type for bad robot descriptions and bad input files.
// Messages are one line: "<file>: <element/place>: <what is wrong>".

#include <stdexcept>
#include <string>

namespace eb {

/// Thrown by importers and builders for invalid input; what() is a one-line message
/// naming the file, the element or place, and the field.
class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Thrown for bad input data (CSV logs, parameter files, trajectories).
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace eb
