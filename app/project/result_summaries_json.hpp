#pragma once
// The identification document's "results" and "validation" sections: the estimate's and the
// validation's summaries as JSON (the same keys as params.json where it has them), and back.

#include "app/project/identification_document.hpp"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace eb::project {

/// The results summary: method, condition, base parameters, residuals per joint, and the
/// consistent estimate's prior weight and links.
QJsonObject resultsToJson(const ResultsSummary& summary);
/// The validation summary: its log (relative to `baseDir`) and the prediction error per joint.
QJsonObject validationToJson(const ValidationSummary& summary, const QString& baseDir);
/// The document's "results" section, if it has one. Throws InputError naming a bad method.
std::optional<ResultsSummary> resultsFromJson(const QJsonObject& document);
/// The document's "validation" section, if it has one, its log made absolute against `baseDir`.
std::optional<ValidationSummary> validationFromJson(const QJsonObject& document, const QString& baseDir);

}  // namespace eb::project
