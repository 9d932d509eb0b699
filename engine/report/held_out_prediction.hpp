#pragma once
// The report's "measured against predicted torque on held-out data": the identification
// logs read again as identification reads them (preprocessLogInto, streamed in bounded
// memory), and on their held-out seconds (isHeldOutSample: every fifth second, the samples
// the consistent estimate's prior weight was chosen on, never the only data of the fit),
// the torques the identified and the description's parameters predict. Series are kept as
// their envelope (EnvelopeBuffer), so an hour-long log costs a few hundred kB. The same pass
// records each joint's velocity range, over which the report draws the friction curves.

#include "identification/identification_pipeline.hpp"
#include "report/identification_report.hpp"

#include <Eigen/Core>

#include <string>
#include <utility>
#include <vector>

namespace eb {

struct HeldOutPrediction {
  ReportValidation validation;                             ///< source "held-out seconds of <logs>"
  std::vector<std::pair<double, double>> velocityRanges;  ///< per joint over every sample [rad/s or m/s]
};

/// Predicts the held-out samples of `logs` (read with `settings`, each with its own import options)
/// with base parameters `values` of `base` and with the description's own (modelBaseParameters).
/// Time in the series runs on across logs (each log starts where the previous ended) [s].
/// `columns` bounds the points kept per series (EnvelopeBuffer capacity). Throws InputError
/// naming the file of a log that cannot be read.
HeldOutPrediction predictHeldOut(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& values,
                                 const std::vector<LogInput>& logs, const IdentificationSettings& settings,
                                 std::size_t columns = 4096);

/// A validation on a whole log as the report shows it: `log`'s predicted (identified) and measured
/// torques kept as their envelope, the NRMSE of both parameter sets. `identified` must hold the
/// prediction (validateOnLog keeps it).
ReportValidation reportValidation(const std::vector<std::string>& jointNames, const std::string& source,
                                  const Eigen::VectorXd& t, const Eigen::MatrixXd& measured,
                                  const Eigen::MatrixXd& predicted, const Eigen::VectorXd& nrmseIdentified,
                                  const Eigen::VectorXd& nrmseDescription, std::size_t columns = 4096);

}  // namespace eb
