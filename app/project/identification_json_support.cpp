#include "app/project/identification_json_support.hpp"

#include "util/input_error.hpp"

#include <QDir>
#include <QFileInfo>

#include <cmath>

namespace eb::project::document_json {

// The field is shown as it is; readJson() adds the file.
[[noreturn]] void jsonFail(const std::string& path, const std::string& message) {
  Diagnostic d;
  d.field = path;
  d.fieldKind.clear();
  d.message = message;
  throw InputError(std::move(d));
}

QString relativePath(const QString& path, const QString& baseDir) {
  if (baseDir.isEmpty() || path.isEmpty()) return path;
  return QDir(baseDir).relativeFilePath(path);
}

QString absolutePath(const QString& path, const QString& baseDir) {
  if (path.isEmpty() || QFileInfo(path).isAbsolute() || baseDir.isEmpty()) return path;
  return QDir::cleanPath(QDir(baseDir).absoluteFilePath(path));
}

// Infinite relative deviations (zero values) are written as null.
QJsonValue jsonNumber(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); }
double jsonNumberOr(const QJsonValue& v, double fallback) { return v.isDouble() ? v.toDouble() : fallback; }

EstimationMethod methodFromJson(const QString& name, const char* where) {
  try {
    return parseEstimationMethod(name.toStdString());
  } catch (const InputError& x) {
    jsonFail(where, x.diagnostic().message);
  }
}

}  // namespace eb::project::document_json
