#pragma once
// Physical-consistency checks of one link's inertial data, shared by the URDF
// and DH importers so they can report the problem with a file line. The same
// tests (and tolerances) as ModelBuilder::build(), which stays the backstop.

#include <Eigen/Core>

#include <string>

namespace eb {

/// Empty if `mass` [kg] is finite and non-negative, else what is wrong ("negative (-1 kg)").
std::string massProblem(double mass);

/// Empty if the inertia about the COM [kg m^2] (any axes) is finite, symmetric,
/// positive semi-definite, satisfies the triangle inequality of its principal
/// moments and is zero when `mass` is zero; else what is wrong.
std::string inertiaProblem(double mass, const Eigen::Matrix3d& inertiaAboutCom);

}  // namespace eb
