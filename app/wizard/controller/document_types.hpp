#pragma once
// The identification document as the wizard uses it: the document, its settings sections and
// result summaries live in app/project (Qt Core, beside the workbench's project file, so its
// JSON is read under the sanitizers and by tools without widgets); the wizard names them as
// its own.

#include "app/project/identification_document.hpp"

namespace eb::wizard {

using project::EstimationSettings;
using project::IdentificationDocument;
using project::ImportSettings;
using project::JointResidual;
using project::JointValidation;
using project::kPoorlyIdentifiedPercent;
using project::LogSource;
using project::ParameterResult;
using project::PreprocessingSettings;
using project::ResultsSummary;
using project::ValidationSummary;
using project::effectiveCsvFormat;

}  // namespace eb::wizard
