#include "identification/log_validation.hpp"

#include "util/cancelled.hpp"

namespace eb {

LogValidation validateOnLog(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& values,
                            const std::string& path, const IdentificationSettings& settings,
                            const std::function<bool(double, const std::string&)>& progress) {
  IdentificationSettings s = settings;
  if (progress) s.import.progress = [&progress](double f) { return progress(0.6 * f, "reading"); };
  LogValidation v;
  v.log = loadAndPreprocess(model, path, s);
  if (progress && !progress(0.7, "predicting")) throw Cancelled("validation");
  v.identified = validatePrediction(model, base, values, v.log.q, v.log.qd, v.log.qdd, v.log.tau, true);
  v.robotsOwn =
      validatePrediction(model, base, modelBaseParameters(model, base), v.log.q, v.log.qd, v.log.qdd, v.log.tau);
  v.summary.path = path;
  v.summary.timeBase = v.log.timeBase;
  v.summary.preprocess = v.log.report;
  v.summary.loggedDerivatives = s.useLoggedDerivatives && v.log.report.rowsOut == 0;
  v.warnings = v.log.warnings;
  // Logged torques in another convention than the description's make every figure below
  // meaningless (a reversed sign reads as 200 % NRMSE): say so first.
  v.summary.conventions = checkTorqueConventions(model, path, v.log.t, v.log.q, v.log.qd, v.log.qdd, v.log.tau);
  const std::vector<Diagnostic> conventions = v.summary.conventions.findings();
  v.warnings.insert(v.warnings.end(), conventions.begin(), conventions.end());
  const std::vector<LogWarning> offsets =
      offsetFindings(v.identified.meanResidual, v.identified.rmse, model.jointNames(), path, base.options.offset);
  v.warnings.insert(v.warnings.end(), offsets.begin(), offsets.end());
  if (progress) progress(1.0, "done");
  return v;
}

}  // namespace eb
