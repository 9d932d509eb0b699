#pragma once
// Two identifications side by side (issue 45): the same robot on two days, or before and after
// a payload or a repair. Per base parameter, the difference against the combined uncertainty
// sqrt(sA^2 + sB^2): a parameter moved when |d| exceeds `factor` times it (3 by default, so
// that with twenty-odd parameters noise alone seldom flags one). With a log both can be
// validated on, the NRMSE per joint of each and its change.

#include "io/params_file.hpp"
#include "report/identification_report.hpp"

#include <Eigen/Core>

#include <optional>
#include <string>
#include <vector>

namespace eb {

/// One base parameter in both runs.
struct ParameterShift {
  std::string name, expression;
  double a = 0.0, stdA = 0.0, b = 0.0, stdB = 0.0;  ///< values and standard deviations, SI
  double difference = 0.0;                          ///< b - a
  double combinedStd = 0.0;                         ///< sqrt(stdA^2 + stdB^2); NaN when a std is unknown
  double sigmas = 0.0;                              ///< |difference| / combinedStd; NaN when unknown
  bool moved = false;                               ///< sigmas > factor
};

struct JointNrmseChange {
  std::string joint;
  double a = 0.0, b = 0.0;  ///< NRMSE [%] of each run on the same log; change = b - a
};

struct ReportComparison {
  std::string labelA, labelB;     ///< e.g. the two params.json files
  double factor = 3.0;            ///< a parameter moved beyond factor x combined std
  std::vector<ParameterShift> shifts;
  /// Base parameters of one run only, or whose combination differs (other regressor columns,
  /// another robot): compared by name, so these are listed, not compared.
  std::vector<std::string> onlyA, onlyB, differentCombination;
  std::string validationSource;   ///< the log both were validated on; empty: none
  std::vector<JointNrmseChange> nrmse;
};

/// Compares the base parameters of `a` and `b` (matched by name, compared when their expressions
/// agree). `factor` > 0 is the number of combined standard deviations beyond which one moved.
ReportComparison compareParameters(const IdentifiedParameters& a, const IdentifiedParameters& b,
                                   const std::string& labelA, const std::string& labelB, double factor = 3.0);

/// Adds both runs' NRMSE per joint [%] on the log `source` (same joint order as `joints`).
void addNrmseComparison(ReportComparison& comparison, const std::string& source, const std::vector<std::string>& joints,
                        const Eigen::VectorXd& nrmseA, const Eigen::VectorXd& nrmseB);

/// The comparison page: summary, moved parameters, NRMSE per joint, then both reports in full
/// (section ids prefixed "a-" and "b-"). Section ids of its own: comparison, compared-parameters,
/// compared-validation.
std::string formatComparisonHtml(const IdentificationReport& a, const IdentificationReport& b,
                                 const ReportComparison& comparison);

/// Writes formatComparisonHtml atomically; throws InputError naming the path.
void writeComparisonHtml(const std::string& path, const IdentificationReport& a, const IdentificationReport& b,
                         const ReportComparison& comparison);

}  // namespace eb
