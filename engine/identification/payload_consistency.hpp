#pragma once
// The payload estimate made physically consistent (docs/payload-identification.md).
//
// The payload regression is linear in all its unknowns x = [theta_b, phi, k, o] with a
// weighted least-squares cost. Minimising that cost over every unknown but the payload's
// 10 parameters phi leaves, exactly,
//     (phi - phi_hat)^T C^+ (phi - phi_hat) + const,
// phi_hat the unconstrained estimate and C the payload block of its covariance. So the
// constrained weighted least-squares payload is the consistent phi nearest to phi_hat in the
// metric C^+, and the other unknowns follow as their conditional mean given phi:
//     x_o = x_o_hat + C_o,phi C^+ (phi - phi_hat).
//
// Two models of the payload:
// * Consistent: all 10 parameters with a positive-definite pseudo-inertia J (Wensing, Kim &
//   Slotine, RA-L 2017), in log-Cholesky coordinates relative to a reference J0 (Rucker &
//   Wensing, RA-L 2022; as consistent_estimation.hpp): J = L0 W W^T L0^T + mu I, so every
//   value is consistent. A log-det prior toward J0 of weight 1e-6 (relative to the data)
//   fixes what the logs do not excite. J0 is J(phi_hat) when that is positive definite (and
//   inside the bounds): the answer is then phi_hat itself. Otherwise J0 is J(phi_hat) with its
//   eigenvalues clipped to 1e-3 of the largest, or a uniform box filling the bounds.
// * MassAndCom: mass and centre of mass only; the inertia about the centre of mass is that of
//   a uniform solid filling the bounds' box, or of a uniform sphere of radius 2 cm without
//   bounds. For payloads whose rotation the logs do not excite (the inertia then is noise).
// Bounds (both models): the payload's material inside a box of the mount link's frame: its
// centre of mass inside the box and its mass inside the box's circumscribed ellipsoid
// (plausibility_margins.hpp, g[0..6]), by barriers in the Consistent model and by the
// parametrization of the centre of mass in the MassAndCom model.

#include "model/robot_model.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace eb {

enum class PayloadModel { Consistent, MassAndCom, Unconstrained };

/// What the payload estimate must satisfy.
struct PayloadConstraints {
  PayloadModel model = PayloadModel::Consistent;
  bool bounded = false;  ///< the payload lies inside [lower, upper] (mount link frame) [m]
  Eigen::Vector3d lower = Eigen::Vector3d::Zero(), upper = Eigen::Vector3d::Zero();
};

/// The constrained payload and its first-order covariance (the model's tangent space).
struct ConstrainedPayload {
  Vector10d parameters = Vector10d::Zero();  ///< standard parameters, mount link frame, SI
  Eigen::Matrix<double, 10, 10> covariance = Eigen::Matrix<double, 10, 10>::Zero();
  double cost = 0.0;               ///< (phi - phi_hat)^T C^+ (phi - phi_hat): 0 when phi_hat was kept
  std::vector<std::string> notes;  ///< what was done, one line each
};

/// The payload nearest to `estimate` (covariance `covariance`; rows and columns of
/// `unidentified` indices are zero) under `constraints` (model not Unconstrained).
/// Throws InputError when the bounds are empty or the estimate carries no mass information.
ConstrainedPayload constrainPayload(const Vector10d& estimate, const Eigen::Matrix<double, 10, 10>& covariance,
                                    const PayloadConstraints& constraints);

/// Inertia about the centre of mass per kilogram [m^2] the MassAndCom model assumes.
Eigen::Matrix3d assumedGyration(const PayloadConstraints& constraints);

}  // namespace eb
