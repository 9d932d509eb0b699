#pragma once
// Trajectory: one excitation trajectory of either family, as a value.
//
// A closed std::variant rather than a virtual interface because the set of
// families is small and fixed by the file formats (excitation.json names the
// type), a value copies cheaply into documents and undo stacks, and the
// writers must know the concrete parameters anyway. Callers that only need
// motion use the free functions below and never look inside.

#include "excitation/fourier_trajectory.hpp"
#include "excitation/multisine_trajectory.hpp"

#include <Eigen/Core>

#include <variant>

namespace eb {

using Trajectory = std::variant<FourierTrajectory, MultisineTrajectory>;

/// Number of joints the trajectory drives.
inline int trajectoryDof(const Trajectory& trajectory) {
  return std::visit([](const auto& tr) { return tr.dof(); }, trajectory);
}

/// Duration of the run [s] (Fourier: cycles * period).
inline double trajectoryDuration(const Trajectory& trajectory) {
  return std::visit([](const auto& tr) { return tr.duration(); }, trajectory);
}

/// Offsets (dof) [rad]: the centre of a Fourier series, the rest position of a multi-sine.
inline const Eigen::VectorXd& trajectoryOffsets(const Trajectory& trajectory) {
  return std::visit([](const auto& tr) -> const Eigen::VectorXd& { return tr.offsets(); }, trajectory);
}

/// Family name as written in excitation.json: "fourier" or "multisine".
inline const char* trajectoryTypeName(const Trajectory& trajectory) {
  return std::holds_alternative<FourierTrajectory>(trajectory) ? "fourier" : "multisine";
}

/// q [rad], qd [rad/s], qdd [rad/s^2] of all joints at t [s] into preallocated vectors (resized only if needed).
inline void evaluateTrajectory(const Trajectory& trajectory, double t, Eigen::VectorXd& q, Eigen::VectorXd& qd,
                               Eigen::VectorXd& qdd) {
  std::visit([&](const auto& tr) { tr.evaluate(t, q, qd, qdd); }, trajectory);
}

}  // namespace eb
