#include "app/wizard/wizard_session.hpp"

#include "model/robot_loader.hpp"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace eb::wizard {

WizardSession::WizardSession(const RobotModel& model, const QString& robotSpec, IdentificationDocument* document,
                             QObject* parent)
    : QObject(parent), model_(std::make_shared<const RobotModel>(model)), robotSpec_(robotSpec), document_(document) {
  // A settings edit makes the live results stale (the document drops its summaries itself).
  auto dropAll = [this]() {
    accumulated_.reset();
    setEstimate(nullptr);
    if (!estimates_.empty()) {
      estimates_.clear();
      emit estimatesChanged();
    }
  };
  connect(document_, &IdentificationDocument::logsChanged, this, dropAll);
  connect(document_, &IdentificationDocument::importChanged, this, dropAll);
  connect(document_, &IdentificationDocument::preprocessingChanged, this, dropAll);
  // Other estimation settings: the estimate made with them, if any, is live again.
  connect(document_, &IdentificationDocument::estimationChanged, this, [this]() {
    std::shared_ptr<const EstimateResult> made;
    for (const auto& e : estimates_)
      if (e->settings == document_->estimation() && e->logs && e->logs->key == accumulationKey()) made = e;
    setEstimate(made);
  });
  connect(document_, &IdentificationDocument::validationLogChanged, this, [this]() { setValidation(nullptr); });
}

std::vector<std::string> WizardSession::jointNames() const {
  std::vector<std::string> names;
  for (const Joint& j : model_->joints()) names.push_back(j.name);
  return names;
}

QString WizardSession::accumulationKey() const {
  QJsonObject json = document_->toJson();
  QJsonObject est = json["estimation"].toObject();
  est.remove("method");
  est.remove("ridge_lambda");
  QJsonObject key{
      {"logs", json["logs"]}, {"import", json["import"]}, {"preprocessing", json["preprocessing"]}, {"columns", est}};
  return QString::fromUtf8(QJsonDocument(key).toJson(QJsonDocument::Compact));
}

void WizardSession::setEstimate(std::shared_ptr<const EstimateResult> estimate) {
  if (estimate == estimate_) return;
  if (estimate) {
    auto same = std::find_if(estimates_.begin(), estimates_.end(),
                             [&](const auto& e) { return e->settings == estimate->settings; });
    if (same == estimates_.end()) {
      estimates_.push_back(estimate);
      emit estimatesChanged();
    } else if (*same != estimate) {
      *same = estimate;
      emit estimatesChanged();
    }
  }
  estimate_ = std::move(estimate);
  validation_.reset();
  emit estimateChanged();
  emit validationChanged();
}

void WizardSession::setValidation(std::shared_ptr<const ValidationData> validation) {
  if (!validation && !validation_) return;
  validation_ = std::move(validation);
  emit validationChanged();
}

std::string WizardSession::urdfText(QString* why) const {
  try {
    return robotUrdfText(robotSpec_.toStdString());
  } catch (const std::exception& e) {
    if (why) *why = QString::fromStdString(e.what());
    return {};
  }
}

}  // namespace eb::wizard
