#pragma once
// Internal to the DH readers: the numeric fields of a DH row by name, shared
// by the YAML and CSV readers so both accept exactly the same names.

#include "model/dh_import.hpp"

#include <string>

namespace eb {

/// Sets numeric field `key` of `row`: a, alpha, d, theta, mass, cx, cy, cz,
/// ixx, ixy, ixz, iyy, iyz, izz, lower, upper, velocity, acceleration, effort.
/// False if `key` is none of these.
bool setDhField(DhRow& row, const std::string& key, double value);

/// Parses a joint type cell ("revolute" or "prismatic"); false otherwise.
bool parseDhJointType(const std::string& text, bool& prismatic);

/// Parses "standard" or "modified"; false otherwise.
bool parseDhConvention(const std::string& text, DhConvention& convention);

}  // namespace eb
