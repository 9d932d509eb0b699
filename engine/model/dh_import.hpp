#pragma once
// DH-table import: a serial robot from a Denavit-Hartenberg table in YAML or CSV.
//
// ============================ DH table format ================================
// One row per joint, base to tip. SI units: m, kg, kg m^2, rad, rad/s, rad/s^2,
// N m (prismatic joints: m, m/s, m/s^2, N). Any number may also be written as a
// multiple of pi: "pi", "-pi/2", "2*pi", "0.5*pi".
//
// Per row:
//   name          joint name (default joint<k>)
//   type          revolute (default) or prismatic
//   a, alpha, d   DH parameters (required)
//   theta         constant angle offset (default 0)
//   mass          link mass (default 0: massless)
//   com           centre of mass cx, cy, cz in the link's DH frame (default 0)
//   inertia       ixx, ixy, ixz, iyy, iyz, izz about the COM, axes of the
//                 link's DH frame (default 0)
//   lower, upper, velocity, acceleration, effort   limits (default: none)
//
// Conventions (the joint variable q_k adds to theta_k, or to d_k if prismatic):
//   standard (distal, Spong/UR):
//     T_{k-1,k} = Rz(theta_k + q_k) Tz(d_k) Tx(a_k) Rx(alpha_k)
//     joint k turns about z_{k-1}; link k's DH frame is frame k, at its far end.
//   modified (proximal, Craig; the Franka datasheet):
//     T_{k-1,k} = Rx(alpha_{k-1}) Tx(a_{k-1}) Rz(theta_k + q_k) Tz(d_k)
//     row k holds a_{k-1}, alpha_{k-1}, d_k, theta_k, as in Craig's table;
//     link k's DH frame is frame k, on joint k's axis.
// Frame 0 is the base frame. Gravity defaults to 9.81 m/s^2 along -z of it.
//
// Resulting model (links and frames, for the regressor and the GUI):
//   modified: base link "base"; link<k> is moved by joint<k> and its frame is
//     DH frame k (the joint axis is its z axis).
//   standard: a body frame must turn about its own z axis, and DH frame k does
//     not lie on joint k's axis. So link<k> (moved by joint k) has the frame
//     T_{0,k-1} Rz(theta_k + q_k) Tz(d_k) (on the joint axis, x along x_k), and
//     a fixed child link frame<k> = link<k> * Tx(a_k) Rx(alpha_k) is DH frame k.
//     The link's inertial is given in frame<k> and moved into link<k>.
//     frame<n> is the end (flange) frame.
//
// YAML (.yaml, .yml):
//   name: ur5_dh                   # optional, default: the file name stem
//   convention: standard           # required: standard (or distal) | modified (or proximal, craig)
//   gravity: [0, 0, -9.81]         # optional, base frame
//   joints:
//     - name: shoulder_pan         # every key as listed above
//       a: 0
//       alpha: pi/2
//       d: 0.089159
//       mass: 3.7
//       com: [0, -0.02561, 0.00193]
//       inertia: [0.0103, 0, 0, 0.0103, 0, 0.0067]   # or {ixx: .., ixy: .., ...}
//       limits: {lower: -2*pi, upper: 2*pi, velocity: 3.15, acceleration: 15, effort: 150}
//
// CSV (.csv): comma-separated; '#' starts a comment line; blank lines skipped.
// Before the header, optional setting lines whose first cell is a key:
//   convention,standard            (required)
//   robot,ur5_dh                   (the robot's name)
//   gravity,0,0,-9.81
// Then a header naming the columns, in any order, from: name, type, a, alpha,
// d, theta, mass, cx, cy, cz, ixx, ixy, ixz, iyy, iyz, izz, lower, upper,
// velocity, acceleration, effort (a, alpha and d required). Then one line per
// joint; an empty cell takes the default.
//
// Errors (InputError), one line:
//   <file>:<line>: joint '<name>' (row <k>): <field>: <what>
//   <file>:<line>: <setting or column>: <what>
// where line is the CSV line or the YAML line of the offending node.
// ============================================================================

#include "model/robot_model.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace eb {

enum class DhConvention { Standard, Modified };

/// One row of a DH table (see the format above); `line` is its line in the file.
struct DhRow {
  std::string name;
  bool prismatic = false;
  double a = 0.0, alpha = 0.0, d = 0.0, theta = 0.0;
  double mass = 0.0;
  Eigen::Vector3d com = Eigen::Vector3d::Zero();
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();  ///< about the COM, DH-frame axes
  JointLimits limits;
  int line = 0;                          ///< line of the row
  std::map<std::string, int> fieldLines;  ///< line of a field where it differs (YAML)
};

/// A whole DH table as read from a file.
struct DhTable {
  std::string name;
  DhConvention convention = DhConvention::Standard;
  std::optional<Eigen::Vector3d> gravity;  ///< base frame [m/s^2]
  std::vector<DhRow> rows;
};

/// Reads a DH table file (.yaml, .yml or .csv; format above) into a model.
/// Throws InputError naming the file, line and field.
RobotModel importDhFile(const std::string& path);

/// Builds the model of a DH table (frames as documented above); `source`
/// names the file in errors. Throws InputError for non-physical rows.
RobotModel buildDhModel(const DhTable& table, const std::string& source);

/// Readers of the two file formats (dh_read_yaml.cpp, dh_read_csv.cpp).
DhTable readDhYaml(const std::string& text, const std::string& source);
DhTable readDhCsv(const std::string& text, const std::string& source);

}  // namespace eb
