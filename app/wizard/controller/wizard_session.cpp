#include "app/wizard/controller/wizard_session.hpp"

#include "model/robot_loader.hpp"

namespace eb::wizard {

WizardSession::WizardSession(const RobotModel& model, const QString& robotSpec, IdentificationDocument* document,
                             QObject* parent)
    : QObject(parent),
      model_(std::make_shared<const RobotModel>(model)),
      robotSpec_(robotSpec),
      document_(document),
      controller_(new IdentificationController(model_, document, this)) {
  // The pages' signals, from the controller's.
  connect(controller_, &IdentificationController::resultChanged, this, [this](Job job) {
    if (job == Job::Estimate) emit estimateChanged();
    if (job == Job::Validation) emit validationChanged();
  });
  connect(controller_, &IdentificationController::estimatesChanged, this, &WizardSession::estimatesChanged);
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
