#include "app/wizard/controller/log_mapping_io.hpp"

#include "logs/log_column_layout.hpp"
#include "logs/log_mapping_file.hpp"
#include "util/input_error.hpp"

#include <algorithm>

namespace eb::wizard {

void saveLogMapping(const LogSource& log, const std::vector<double>& torqueSigns, const QString& path) {
  LogMappingFile file;
  file.torqueSigns = torqueSigns;
  file.mapping = log.mapping;
  file.format = effectiveCsvFormat(log);
  writeLogMappingFile(path.toStdString(), file);
}

void applyMappingOptions(const LogImportOptions& options, const std::string& mappingPath, LogSource& log,
                         LogPreviewState& state, int dof, const std::vector<std::string>& jointNames,
                         std::size_t previewRows) {
  if (options.format) {
    log.delimiter = options.format->delimiter;
    log.decimal = options.format->decimal;
    log.header = options.format->hasHeader;
    state.scan = scanLog(log.path.toStdString(), previewRows, options.format, false);
    state.scanned = true;
    if (!state.scan.ok()) throw InputError(state.scan.error);
  }
  if (!state.previewOk()) throw inputErrorIn(log.path.toStdString(), "the log's columns could not be read");
  if (options.mapping) {
    log.mapping = *options.mapping;
  } else if (options.columnLayout) {
    log.mapping = mappingFromLayout(parseLogColumnLayout(*options.columnLayout), state.preview().layout.columns, dof,
                                    jointNames, options.torqueConstants, log.path.toStdString(),
                                    state.preview().layout.columnsLine());
  }
  checkLogColumnMapping(log.mapping, state.preview().layout.columns, dof, mappingPath);
  log.mappingEdited = true;
}

LogColumnMapping mappingFromLayoutText(const QString& text, const LogSource& log, const LogPreviewState& state,
                                       const std::vector<std::string>& jointNames,
                                       const std::vector<double>& torqueConstants, bool* currentsUnscaled) {
  if (!state.previewOk()) throw inputErrorIn(log.path.toStdString(), "the log's columns could not be read");
  const LogColumnLayout layout = parseLogColumnLayout(text.toStdString());
  const std::size_t dof = jointNames.size();
  const bool currents = std::any_of(layout.columns.begin(), layout.columns.end(),
                                    [](const LayoutColumn& c) { return c.role == LayoutColumn::Role::Current; });
  // The wizard's constants are typed in their own field, before or after the layout: scale 1
  // until then is what applyTorqueConstants replaces (as for columns mapped by hand).
  const bool unscaled = currents && torqueConstants.size() != dof;
  if (currentsUnscaled) *currentsUnscaled = unscaled;
  const CsvLayout& columns = state.preview().layout;
  LogColumnMapping mapping = mappingFromLayout(layout, columns.columns, static_cast<int>(dof), jointNames,
                                               unscaled ? std::vector<double>(dof, 1.0) : torqueConstants,
                                               log.path.toStdString(), columns.columnsLine());
  if (mapping.timeColumn.empty()) mapping.sampleRateHz = log.mapping.sampleRateHz;
  return mapping;
}

}  // namespace eb::wizard
