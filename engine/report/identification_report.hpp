#pragma once
// What an identification report shows, independent of where it comes from: a run of
// `identify` (report_builder.hpp builds it from the engine's results), or a params.json with
// its robot and, optionally, a log to validate on (`excitebench-cli report`). Plain data in SI
// units; html_report.hpp draws it. Every optional part is a section the report leaves out, or
// states as "not run", when it is empty.

#include <Eigen/Core>

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace eb {

/// One base parameter: a linear combination of standard parameters (its expression).
struct ReportBaseParameter {
  std::string name, expression;
  double value = 0.0;               ///< SI
  double stddev = 0.0;              ///< SI; NaN when unknown
  double relativeStdPercent = 0.0;  ///< percent of |value|; NaN or +inf when unknown / value 0
};

/// One link's inertial parameters (a physically consistent estimate only).
struct ReportLink {
  std::string name;
  double mass = 0.0;                                   ///< [kg]
  Eigen::Vector3d com = Eigen::Vector3d::Zero();       ///< [m] in the link frame
  std::array<double, 6> inertia{};                     ///< about the COM [kg m^2]: ixx, ixy, ixz, iyy, iyz, izz
  bool plausible = true;
  std::vector<std::string> problems, notes;            ///< plausibility.hpp
  std::string bounds;                                  ///< which bounds the check used
  /// How much of mass, COM and inertia the data determined (0 = the prior's, 1 = the data's).
  std::optional<std::array<double, 3>> dataShare;
};

/// One joint's identified friction: the coefficients and the curve tau_f(qd) they give.
struct ReportFriction {
  std::string joint;
  std::string model;                                          ///< "viscous + Coulomb (tanh, width 0.01 rad/s)", ...
  std::vector<std::pair<std::string, double>> coefficients;  ///< ("fv1", value) in regressor units
  std::vector<double> velocity, torque;                      ///< the curve [rad/s], [N m]
  std::string range;                                          ///< where the velocity range comes from
};

/// Torque prediction on data not used for fitting, per joint.
struct ReportJointValidation {
  std::string joint;
  double nrmseIdentified = 0.0;   ///< percent of RMS(measured)
  double nrmseDescription = 0.0;  ///< the description's own parameters, percent; NaN when not computed
  /// Measured and predicted (identified) torque against time [s], [N m]; empty when only the
  /// scores are known. Each series has its own times: an envelope keeps each one's extremes.
  std::vector<double> measuredTime, measured, predictedTime, predicted;
};

struct ReportValidation {
  std::string source;  ///< "held-out seconds of the identification logs", "validation log x.csv", ...
  long samples = 0;
  std::vector<ReportJointValidation> joints;
};

struct ReportDriftJoint {
  std::string joint;
  double change = 0.0;       ///< residual trend over the log [N m]
  double changeStd = 0.0;    ///< one standard deviation of it [N m]
  double residualRms = 0.0;  ///< [N m]
  bool drifted = false;
};

struct ReportDrift {
  std::string source;   ///< the log checked
  double window = 0.0;  ///< [s]
  std::vector<ReportDriftJoint> joints;
};

struct ReportClosedLoop {
  std::string plant;                                 ///< what the simulated robot was
  std::string verdict;                               ///< closedLoopVerdict's paragraph
  double identifiedMaxError = 0.0, descriptionMaxError = 0.0;  ///< [rad or m]; +inf when diverged
  double bar = 0.01;                                 ///< the tracking error bar [rad]
};

/// One pass/fail line: what was checked, the value found and the threshold it was held to.
struct ReportCheck {
  std::string name, value, threshold;
  bool pass = false;
};

struct IdentificationReport {
  std::string title;                      ///< e.g. "Identification of lwr4 from 2 logs"
  std::string robotName, robotSource;     ///< name in the description; ROBOT spec or file
  std::vector<std::string> jointNames;
  std::string method;                     ///< estimation method name
  std::string paramsFile;                 ///< params.json the report was made from, if any
  std::vector<std::string> logs;          ///< log files
  std::vector<std::string> logSummaries;  ///< one line per log: rate, gaps, segments, offsets, conventions
  std::vector<std::string> warnings;      ///< importer, preprocessing, convention and residual findings
  std::vector<std::pair<std::string, std::string>> settings;  ///< (what, value) as the user set them
  double condition = 0.0;                 ///< cond of the (weighted) base regressor; 0 when unknown
  std::vector<double> eigenvalues;        ///< of the information matrix Phi_b^T W Phi_b, descending
  long samples = 0;
  std::vector<ReportBaseParameter> baseParameters;
  std::vector<ReportLink> links;          ///< empty for an estimate without standard parameters
  std::vector<ReportFriction> friction;
  std::optional<ReportValidation> validation;
  std::optional<ReportDrift> drift;
  std::optional<ReportClosedLoop> closedLoop;
  std::vector<ReportCheck> checks;
};

}  // namespace eb
