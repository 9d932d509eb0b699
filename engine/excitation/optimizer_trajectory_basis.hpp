#pragma once
// What the excitation optimizer needs to know about a trajectory family: a
// free vector x of its parameters, the motion x gives at any time, and the
// exact derivative of that motion with respect to x.
//
// The criterion (optimizer_objective.hpp) and the peak constraints
// (optimizer_peak_constraints.hpp) are written once against this interface;
// the Fourier series (optimizer_fourier_basis.hpp) and the multi-sine
// (optimizer_multisine_basis.hpp) implement it. Two views, because the two
// users need different things:
//  * TrajectoryBasis: the motion of the last applied x at any time t and the
//    gradient of q, qd, qdd of one joint at t (peak constraints);
//  * SampleTable: the motion at a fixed set of sample times for a whole x at
//    once, and the chain rule from per-sample sensitivities back to x
//    (criterion); a family may precompute tables for its fixed times there.
// Units: t [s], q [rad or m], qd [/s], qdd [/s^2]; x in the family's units.

#include <Eigen/Core>

#include <memory>

namespace eb {

/// The trajectory of a free vector at fixed sample times, with the chain rule back to x.
class SampleTable {
 public:
  virtual ~SampleTable() = default;

  /// Number of sample times.
  virtual int size() const = 0;
  /// The sample times [s].
  virtual const Eigen::VectorXd& times() const = 0;
  /// q, qd, qdd (size() x dof) at x; resizes the outputs if needed. Remembers x for chainToFree.
  virtual void evaluate(const Eigen::VectorXd& x, Eigen::MatrixXd& q, Eigen::MatrixXd& qd, Eigen::MatrixXd& qdd) = 0;
  /// grad (x.size()) = sum over samples s and joints i of gq(s,i) dq_i(t_s)/dx + gqd(s,i) dqd_i(t_s)/dx
  /// + gqdd(s,i) dqdd_i(t_s)/dx, at the x of the last evaluate; writes every entry of grad.
  virtual void chainToFree(const Eigen::MatrixXd& gq, const Eigen::MatrixXd& gqd, const Eigen::MatrixXd& gqdd,
                           double* grad) const = 0;
};

/// A trajectory family seen through its free vector x (see the file comment).
class TrajectoryBasis {
 public:
  virtual ~TrajectoryBasis() = default;
  /// An independent copy (each user keeps its own current x).
  virtual std::unique_ptr<TrajectoryBasis> clone() const = 0;

  /// Number of joints.
  virtual int dof() const = 0;
  /// Length of the free vector x.
  virtual int size() const = 0;
  /// Time span the limits are checked on [s]: one period (Fourier) or the whole run (multi-sine).
  virtual double horizon() const = 0;
  /// Whether the motion repeats with period horizon() (peak search then wraps around).
  virtual bool periodic() const = 0;
  /// Default number of peak-detection grid points over the horizon.
  virtual int detectionGridPoints() const = 0;

  /// Makes x the current parameters (no allocation once sized).
  virtual void apply(const Eigen::VectorXd& x) = 0;
  /// q, qd, qdd (dof) of the current x at t [s].
  virtual void evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) const = 0;
  /// q, qd, qdd of joint i (0-based) of the current x at t [s].
  virtual void evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const = 0;
  /// Adds wq dq_i/dx + wqd dqd_i/dx + wqdd dqdd_i/dx of joint i at t [s], at the current x, to grad (size()).
  virtual void addJointGradientAt(double t, int joint, double wq, double wqd, double wqdd, double* grad) const = 0;
  /// Tables for the criterion at fixed sample times [s].
  virtual std::unique_ptr<SampleTable> sampleTable(const Eigen::VectorXd& times) const = 0;
};

}  // namespace eb
