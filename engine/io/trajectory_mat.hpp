#pragma once
// Trajectory as a MATLAB .mat (level 5) file, for controllers and analysis
// scripts written in MATLAB/Octave/SciPy. Variables, all double, real:
//   t    N x 1     [s]
//   q    N x dof   [rad]
//   qd   N x dof   [rad/s]
//   qdd  N x dof   [rad/s^2]
// Row j is sample j, joints in model order, as in the CSV.

#include "excitation/trajectory_sampling.hpp"

#include <string>

namespace eb {

/// Writes t, q, qd, qdd as an uncompressed MAT v5 file, atomically; throws std::invalid_argument or InputError.
void writeTrajectoryMat(const std::string& path, const TrajectorySamples& samples);

/// Reads t (N x 1 or 1 x N), q, qd, qdd (N x dof) from a MAT file; throws InputError
/// ("<path>: variable q: <what>") for missing, non-double, complex, mis-sized or
/// non-finite variables and time that does not strictly increase.
TrajectorySamples readTrajectoryMat(const std::string& path);

}  // namespace eb
