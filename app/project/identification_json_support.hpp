#pragma once
// What the identification document's JSON sections share: the one way a bad value is refused
// (an InputError naming its JSON path), paths relative to the document's folder, and numbers
// that may be infinite (written as null).

#include "identification/identification_pipeline.hpp"

#include <QJsonValue>
#include <QString>

#include <string>

namespace eb::project::document_json {

/// Throws InputError whose field is `path`, the value's JSON path ("logs[1].mapping.time_unit").
[[noreturn]] void jsonFail(const std::string& path, const std::string& message);
/// `path` relative to `baseDir` (unchanged when either is empty).
QString relativePath(const QString& path, const QString& baseDir);
/// A path read from the document, made absolute against `baseDir` when it is relative.
QString absolutePath(const QString& path, const QString& baseDir);
/// `v` as JSON, null when it is not finite.
QJsonValue jsonNumber(double v);
/// The number in `v`, or `fallback` when it holds none (null).
double jsonNumberOr(const QJsonValue& v, double fallback);
/// The estimation method named `name`; jsonFail at `where` when there is none of that name.
EstimationMethod methodFromJson(const QString& name, const char* where);

}  // namespace eb::project::document_json
