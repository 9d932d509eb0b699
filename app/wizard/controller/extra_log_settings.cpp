#include "app/wizard/controller/extra_log_settings.hpp"

#include "logs/csv_table.hpp"
#include "logs/log_file_kind.hpp"

#include <QCoreApplication>
#include <QFileInfo>

namespace eb::wizard {

ExtraLogSettings settingsForExtraLog(const IdentificationDocument& document, const QString& path, int dof) {
  ExtraLogSettings out;
  out.settings = document.commonSettings();
  out.mappingNote = QCoreApplication::translate("eb::wizard", "columns guessed from the header");
  if (logFileKindOf(path.toStdString()) != LogFileKind::DelimitedText) return out;  // read by name, no mapping
  for (const LogSource& log : document.logs()) {
    if (log.isNamed() || log.mapping.joints.empty()) continue;
    try {
      LogSource candidate = log;
      candidate.path = path;
      const std::optional<CsvFormat> format = effectiveCsvFormat(candidate);
      const CsvPreview preview = readCsvPreview(path.toStdString(), 2, format);
      checkLogColumnMapping(log.mapping, preview.layout.columns, dof, path.toStdString());
      out.settings.import.mapping = log.mapping;
      out.settings.import.sampleRateHz = log.mapping.sampleRateHz;
      out.settings.import.format = format;
      out.mappingNote =
          QCoreApplication::translate("eb::wizard", "columns mapped as %1").arg(QFileInfo(log.path).fileName());
      return out;
    } catch (const std::exception&) {
      // Not this logger's layout (or unreadable here): try the next training log, else guess.
    }
  }
  return out;
}

}  // namespace eb::wizard
