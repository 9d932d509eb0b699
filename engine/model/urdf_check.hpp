#pragma once
// The URDF pre-check: validates a parsed URDF document with line numbers before
// urdfdom sees it (urdfdom reports errors without lines and accepts NaN, zero
// axes, negative masses and inertias that no body can have), and produces the
// cleaned document urdfdom parses: URDF 1.0 elements only (vendor extensions
// such as <gazebo>, <transmission>, <frame>, drake:*, <capsule> removed), every
// number rewritten in a plain form.
//
// Error and warning format, one line each:
//   <file>:<line>: <kind> '<name>': <field>: <what>
// kind is robot, link, joint or material; field is the element path inside it
// and the attribute, e.g. "inertial/mass value", "origin xyz", "limit lower",
// "parent link", "type". The line is that of the element holding the field.

#include "model/robot_model.hpp"
#include "model/xml_document.hpp"

#include <map>
#include <string>
#include <vector>

namespace eb {

/// What the pre-check learnt beyond what urdfdom reports.
struct UrdfCheck {
  xml::Element cleaned;                        ///< the <robot> handed to urdfdom
  std::vector<std::string> links;              ///< link names, document order
  std::vector<std::string> joints;             ///< joint names, document order
  std::map<std::string, JointLimits> limits;   ///< per joint as written; a missing field is infinite
  std::map<std::string, int> lines;            ///< "link 'a'" / "joint 'b'" -> line of the element
  std::vector<std::string> warnings;           ///< tolerated problems, same one-line format as errors
};

/// Checks the <robot> element `robot` read from `file`; throws InputError in the
/// format above on unknown or unsupported joint types (floating, planar),
/// missing, unparsable or non-finite numbers, a zero axis, a negative mass, a
/// non-physical inertia, lower > upper, negative limits, duplicate names, a
/// joint naming a missing link, kinematic loops, several roots and a mimic of a
/// missing joint. A moving link without <inertial> is massless (a warning).
UrdfCheck checkUrdf(const xml::Element& robot, const std::string& file);

}  // namespace eb
