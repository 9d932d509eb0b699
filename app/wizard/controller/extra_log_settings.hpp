#pragma once
// How the wizard reads a log that is not one of the training logs (a
// validation log, a payload experiment): with a training log's column mapping
// when the new log has the same columns (the same logger), else with the
// columns guessed from its header, as `excitebench-cli` does. Everything else
// (preprocessing, regressor columns, currents) is the document's.

#include "app/wizard/controller/document_types.hpp"

#include <QString>

namespace eb::wizard {

/// Reading settings for `path` and how its columns are mapped, in a sentence for the page.
struct ExtraLogSettings {
  IdentificationSettings settings;
  QString mappingNote;  ///< "columns mapped as <training log>" or "columns guessed from the header"
};

/// Settings for reading `path` (a CSV or MAT log) for a robot of `dof` joints.
ExtraLogSettings settingsForExtraLog(const IdentificationDocument& document, const QString& path, int dof);

}  // namespace eb::wizard
