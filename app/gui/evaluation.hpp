#pragma once
// What the metrics worker is asked and what it answers. Everything in a
// result is computed off the GUI thread by engine calls; the widgets only
// draw it.

#include "excitation/excitation_evaluation.hpp"
#include "excitation/trajectory.hpp"
#include "excitation/information_matrix.hpp"
#include "excitation/kinematic_constraints.hpp"
#include "dynamics/base_parameters.hpp"
#include "model/robot_model.hpp"
#include "widgets/excitation_editor.hpp"
#include "widgets/joint_signal_charts.hpp"

#include <QtGlobal>

#include <chrono>

#include <memory>
#include <string>
#include <vector>

namespace eb::gui {

struct EvaluationRequest {
  quint64 serial = 0;  ///< increasing per document
  std::shared_ptr<const RobotModel> robot;
  quint64 robotKey = 0;  ///< base parameters are cached per key
  Trajectory trajectory;  ///< either family
  /// The document's settings: criterion rate (0 = automatic), limit check, regressor columns.
  ExcitationEvaluationSettings evaluation;
};

/// Published in two stages for the same request: first the metrics (complete
/// false: constraints, charts and usage still empty), then everything.
struct EvaluationResult {
  quint64 serial = 0;
  quint64 robotKey = 0;
  bool complete = false;  ///< torques, constraint report, chart data and usage are filled
  std::shared_ptr<const BaseParameters> base;
  InformationMetrics metrics;
  double sampleRate = 0.0;  ///< criterion sample rate used [Hz] (the settings' or the automatic one)
  ConstraintReport constraints;  ///< the dense-grid limit check (checkExcitationLimits)
  std::shared_ptr<const widgets::SignalChartData> charts;  ///< decimated q, qd, qdd, tau with bands and marks
  std::vector<widgets::JointUsage> usage;                 ///< per joint share of each limit used
  double metricsMs = 0.0;  ///< sampling + information matrix + criteria [ms]
  double totalMs = 0.0;    ///< everything, including torques and constraint checks [ms]
  double samplingMs = 0.0;  ///< of metricsMs: base parameters when the robot or columns changed [ms]
  std::chrono::steady_clock::time_point startedAt;  ///< when the worker took the request
  std::chrono::steady_clock::time_point metricsAt;  ///< when the metrics were handed to the GUI thread
  std::string error;       ///< non-empty when the evaluation failed (other fields empty)

  /// No limit violated on the grid (false until the complete stage).
  bool feasible() const { return error.empty() && complete && constraints.feasible(); }
};

}  // namespace eb::gui
