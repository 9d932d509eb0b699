#pragma once
// The wizard's results as one line each, for the workbench's log dock and
// status bar (the wizard's pages show the details): what was estimated, how
// well, and how well it predicts the validation log.

#include "app/wizard/controller/document_types.hpp"

#include "identification/base_estimation.hpp"

#include <QString>

namespace eb::wizard {

/// "Identified <robot> (<method>) from <n> logs, <N> samples: <r> base parameters, condition <c>,
/// largest residual RMS <x> N m (joint <j>)".
QString estimateResultLine(const QString& robot, const ResultsSummary& results, int logs);

/// "Validated on <file>: NRMSE <a> <b> ... % per joint (worst <w> % on joint <j>; the model's
/// own parameters <m> %)"; `m` is the model's worst NRMSE.
QString validationResultLine(const ValidationSummary& validation);

}  // namespace eb::wizard
