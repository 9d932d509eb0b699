#pragma once
// Checks a log's torque columns against the robot description before they are trusted: per
// joint, the logged torque is regressed on the description's own rigid-body prediction
// (RNEA with the CAD / URDF inertials) with the joint's friction and a constant offset as
// nuisance terms,
//     tau_log,j = s_j tau_model,j + fv_j qd_j + fc_j sign(qd_j) + o_j,
// and the slope s_j, its partial correlation and the signs of the friction terms are read:
//  * s_j < 0 with a strong partial correlation: the joint's torque is reversed (KUKA FRI and
//    several other drivers report measured torque with the opposite sign; so does a current
//    log read with negative constants);
//  * a joint the rigid-body model barely predicts (a light wrist) is judged by its friction:
//    friction dissipates, so a fitted friction that would feed power into the motion is
//    reversed (a strong rigid-body fit decides over the friction, the friction over a weak one);
//  * s_j far from 1 with a strong correlation: a scale error (currents without constants,
//    mN m logged as N m);
//  * two joints whose torques each correlate better with the other's prediction: swapped
//    columns (joint order).
// The description need not be right, only roughly right: CAD inertials typically give slopes
// of 0.6-1.5 on a real robot (docs/conventions.md has the figures of the real logs).
//
// One pass over the (preprocessed) samples, strided to about 500 samples per second: the
// accumulation costs a small fraction of the identification's.

#include "model/robot_model.hpp"
#include "util/diagnostic.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace eb {

struct DynamicsWorkspace;

enum class TorqueConventionVerdict {
  Consistent,  ///< the logged torque follows the description's prediction with slope near 1
  Reversed,    ///< opposite sign (rigid-body or friction evidence)
  Scaled,      ///< right sign, slope far from 1
  Unclear,     ///< too little evidence either way (the joint barely moved, or the evidence conflicts)
};

/// What one joint's logged torque says about its convention.
struct JointTorqueConvention {
  std::string joint;             ///< model joint name
  double slope = 0.0;            ///< s_j: logged torque per unit of the description's prediction
  double correlation = 0.0;      ///< partial correlation of logged and predicted torque (friction, offset removed)
  double viscous = 0.0;          ///< fv_j [N m s/rad] of the same fit
  double coulomb = 0.0;          ///< fc_j [N m]
  double coulombT = 0.0;         ///< fc_j / its standard error
  /// Mean power the fitted friction takes from the motion, fv <qd^2> + fc <|qd|> [W]: positive
  /// (dissipative) when the torque is logged as the description's, negative when reversed.
  double dissipation = 0.0;
  double dissipationT = 0.0;     ///< dissipation / its standard error
  double predictedRms = 0.0;     ///< RMS of the prediction's variation [N m]
  double gravityRms = 0.0;       ///< RMS of the description's gravity torque [N m]
  double loggedRms = 0.0;        ///< RMS of the logged torque's variation [N m]
  bool gravityLoaded = false;    ///< gravity is a large part of this joint's load (refusal if reversed)
  bool frictionEvidence = false; ///< the verdict rests on the friction's power (the rigid-body fit is weak)
  TorqueConventionVerdict verdict = TorqueConventionVerdict::Unclear;
  /// Strongly reversed: correlation <= -kStrongCorrelation (or very clear friction evidence).
  bool strong = false;
};

/// The check of one log.
struct TorqueConventionReport {
  std::string file;                            ///< the log
  std::size_t samples = 0;                     ///< samples used
  std::vector<JointTorqueConvention> joints;   ///< model order
  std::vector<std::pair<int, int>> swaps;      ///< joint pairs (0-based, i < j) that fit better swapped

  /// 0-based joints with the given verdict.
  std::vector<int> jointsWith(TorqueConventionVerdict verdict) const;
  /// Reversed joints that carry gravity and are strongly reversed: identification refuses these
  /// unless the user states the signs.
  std::vector<int> refusedJoints() const;
  /// The sign vector that makes the log follow the description (+1, or -1 for reversed joints).
  std::vector<double> suggestedSigns() const;
  /// The findings as warnings, one line each (reversed joints, scaled joints, swapped pairs), with
  /// the evidence and the fix; empty when every joint is consistent or unclear.
  std::vector<Diagnostic> findings() const;
  /// The error that refuses the log when refusedJoints() is not empty (and the user stated no
  /// signs): names the joints, the evidence and both ways on.
  Diagnostic refusal() const;
  /// One line per joint for `inspect`-style output: "lwr_1_joint: slope 0.93, r 0.99, ... -> consistent".
  std::vector<std::string> table() const;
};

/// A verdict's name ("consistent", "reversed", "scaled", "unclear").
const char* torqueConventionVerdictName(TorqueConventionVerdict verdict);

/// "--torque-sign 1,-1,1": the flag's value for these signs.
std::string torqueSignFlag(const std::vector<double>& signs);

/// Accumulates the check over blocks of samples (SI units, model order, rows x dof).
class TorqueConventionCheck {
 public:
  explicit TorqueConventionCheck(const RobotModel& model);
  ~TorqueConventionCheck();
  TorqueConventionCheck(TorqueConventionCheck&&) noexcept;
  TorqueConventionCheck& operator=(TorqueConventionCheck&&) noexcept;

  /// Adds a block: t (rows) [s], q, qd, qdd, tau (rows x dof) [rad, rad/s, rad/s^2, N m].
  void add(const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
           const Eigen::MatrixXd& tau);
  /// The verdicts from what was added so far; `file` names the log in the findings.
  TorqueConventionReport report(const std::string& file) const;

 private:
  const RobotModel* model_;
  std::unique_ptr<DynamicsWorkspace> ws_;
  // Per joint, sum of x x^T with x = [prediction, qd, sign(qd), 1, logged torque].
  std::vector<Eigen::Matrix<double, 5, 5>> moments_;
  Eigen::MatrixXd crossLoggedPredicted_;  // sum tau_i p_j
  Eigen::VectorXd sumLogged_, sumPredicted_, sumLogged2_, sumPredicted2_, sumGravity2_;
  std::size_t samples_ = 0;
  double nextTime_ = -1e300;  // stride by time: the next sample taken is the first at or after it
  bool started_ = false;
};

/// The check of a whole log in memory (samples as TorqueConventionCheck::add takes them).
TorqueConventionReport checkTorqueConventions(const RobotModel& model, const std::string& file,
                                              const Eigen::VectorXd& t, const Eigen::MatrixXd& q,
                                              const Eigen::MatrixXd& qd, const Eigen::MatrixXd& qdd,
                                              const Eigen::MatrixXd& tau);

/// Correlation a joint needs to be called strongly reversed (and, if it carries gravity, refused).
inline constexpr double kStrongConventionCorrelation = 0.8;

}  // namespace eb
