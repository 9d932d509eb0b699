#include "app/wizard/log_mapping_io.hpp"

#include "logs/log_column_layout.hpp"
#include "logs/log_mapping_file.hpp"
#include "model/model_error.hpp"

namespace eb::wizard {

void saveLogMapping(const LogSource& log, const QString& path) {
  LogMappingFile file;
  file.mapping = log.mapping;
  file.format = effectiveCsvFormat(log);
  writeLogMappingFile(path.toStdString(), file);
}

void applyLogMappingFile(const QString& path, LogSource& log, LogPreviewState& state, int dof,
                         const std::vector<std::string>& jointNames, const std::vector<double>& torqueConstants,
                         std::size_t previewRows) {
  const LogMappingFile file = readLogMappingFile(path.toStdString());
  if (file.format) {
    log.delimiter = file.format->delimiter;
    log.decimal = file.format->decimal;
    log.header = file.format->hasHeader;
    state.preview = readCsvPreview(log.path.toStdString(), previewRows, file.format);
    state.previewOk = true;
    state.previewError = {};
  }
  if (!state.previewOk) throw InputError(log.path.toStdString() + ": the log's columns could not be read");
  if (file.mapping) {
    log.mapping = *file.mapping;
  } else {
    log.mapping = mappingFromLayout(parseLogColumnLayout(*file.columns), state.preview.layout.columns, dof, jointNames,
                                    file.torqueConstants.empty() ? torqueConstants : file.torqueConstants,
                                    log.path.toStdString(), state.preview.layout.columnsLine());
  }
  checkLogColumnMapping(log.mapping, state.preview.layout.columns, dof, path.toStdString());
  log.mappingEdited = true;
}

}  // namespace eb::wizard
