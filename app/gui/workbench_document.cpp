#include "app/gui/workbench_document.hpp"

#include "app/gui/document_command.hpp"
#include "app/gui/evaluation_service.hpp"
#include "app/project/joint_lock_state.hpp"
#include "excitation/default_excitation.hpp"

namespace eb::gui {

WorkbenchDocument::WorkbenchDocument(QObject* parent)
    : QObject(parent), service_(std::make_unique<EvaluationService>()) {
  connect(service_.get(), &EvaluationService::resultReady, this, &WorkbenchDocument::acceptResult);
  connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

WorkbenchDocument::~WorkbenchDocument() = default;

bool WorkbenchDocument::evaluationIsCurrent() const {
  return evaluation_ && evaluation_->serial == requestSerial_;
}

bool WorkbenchDocument::metricsAreCurrent() const { return metrics_ && metrics_->serial == requestSerial_; }

void WorkbenchDocument::setFilePath(const QString& path) {
  if (path == filePath_) return;
  filePath_ = path;
  emit filePathChanged(path);
}

void WorkbenchDocument::push(project::DocumentState after, const QString& text, const QString& mergeKey,
                             bool dragging) {
  undo_.push(new StateCommand(this, state_, std::move(after), text, mergeKey, dragging ? dragId_ : 0));
}

void WorkbenchDocument::setRobot(std::shared_ptr<const RobotModel> robot, const project::RobotSource& source,
                                 const FourierTrajectory* excitation) {
  project::DocumentState s = state_;
  s.robot = robot;
  s.originalRobot = robot;
  s.fullRobot = robot;
  s.robotKey = nextRobotKey();
  s.source = source;
  s.excitation = excitation && excitation->dof() == robot->dof() ? *excitation : defaultExcitation(*robot);
  push(std::move(s), tr("Load robot %1").arg(QString::fromStdString(robot->name())));
}

void WorkbenchDocument::setExcitation(const FourierTrajectory& excitation, const QString& text) {
  project::DocumentState s = state_;
  s.excitation = excitation;
  push(std::move(s), text);
}

void WorkbenchDocument::setOffset(int joint, double value, bool dragging) {
  if (!hasRobot() || joint < 0 || joint >= state_.excitation.dof()) return;
  project::DocumentState s = state_;
  Eigen::VectorXd offsets = s.excitation.offsets();
  offsets[joint] = value;
  s.excitation.setOffsets(offsets);
  push(std::move(s), tr("Offset of joint %1").arg(joint + 1), QString("offset/%1").arg(joint), dragging);
}

void WorkbenchDocument::setHarmonic(int joint, int k, double a, double b, bool dragging) {
  if (!hasRobot() || joint < 0 || joint >= state_.excitation.dof() || k < 1 || k > state_.excitation.harmonics())
    return;
  project::DocumentState s = state_;
  s.excitation.mutableA()(joint, k - 1) = a;
  s.excitation.mutableB()(joint, k - 1) = b;
  if (s.settings.restToRest) enforceRestConditions(s.excitation);
  push(std::move(s), tr("Harmonic %1 of joint %2").arg(k).arg(joint + 1), QString("harmonic/%1/%2").arg(joint).arg(k),
       dragging);
}

void WorkbenchDocument::setPeriod(double seconds) {
  if (!hasRobot() || !(seconds > 0.0) || seconds == state_.excitation.period()) return;
  project::DocumentState s = state_;
  FourierTrajectory t(seconds, s.excitation.offsets(), s.excitation.a(), s.excitation.b());
  t.setCycles(s.excitation.cycles());
  s.excitation = t;
  push(std::move(s), tr("Period %1 s").arg(seconds));
}

void WorkbenchDocument::setHarmonicCount(int harmonics) {
  if (!hasRobot() || harmonics < 1 || harmonics == state_.excitation.harmonics()) return;
  project::DocumentState s = state_;
  const FourierTrajectory& old = s.excitation;
  const int dof = old.dof(), keep = std::min(harmonics, old.harmonics());
  // Existing harmonics keep their coefficients; new ones start at zero.
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(dof, harmonics), b = Eigen::MatrixXd::Zero(dof, harmonics);
  a.leftCols(keep) = old.a().leftCols(keep);
  b.leftCols(keep) = old.b().leftCols(keep);
  FourierTrajectory t(old.period(), old.offsets(), a, b);
  t.setCycles(old.cycles());
  if (s.settings.restToRest) enforceRestConditions(t);
  s.excitation = t;
  push(std::move(s), tr("%1 harmonics").arg(harmonics));
}

void WorkbenchDocument::setRestToRest(bool on) {
  if (!hasRobot() || on == state_.settings.restToRest) return;
  project::DocumentState s = state_;
  s.settings.restToRest = on;
  if (on) enforceRestConditions(s.excitation);
  push(std::move(s), on ? tr("Start and end at rest") : tr("Free first harmonic"));
}

void WorkbenchDocument::setJointLimits(int joint, const JointLimits& limits) {
  if (!hasRobot() || joint < 0 || joint >= robot().dof()) return;
  std::vector<JointLimits> all;
  for (const Joint& j : robot().joints()) all.push_back(j.limits);
  all[static_cast<size_t>(joint)] = limits;
  project::DocumentState s = state_;
  s.robot = std::make_shared<const RobotModel>(robot().withJointLimits(all));
  push(std::move(s), tr("Limits of joint %1").arg(joint + 1));
}

void WorkbenchDocument::resetJointLimits() {
  if (!hasRobot() || state_.robot == state_.originalRobot) return;
  project::DocumentState s = state_;
  s.robot = s.originalRobot;
  push(std::move(s), tr("Reset joint limits"));
}

QString WorkbenchDocument::setJointLocks(std::vector<JointLock> locks) {
  if (!hasRobot() || locks == state_.source.locks) return {};
  try {
    project::DocumentState s = project::withJointLocks(state_, std::move(locks), nextRobotKey());
    const QString text = tr("Lock joints: %1 DOF").arg(s.robot->dof());
    push(std::move(s), text);
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void WorkbenchDocument::resetExcitation() {
  if (!hasRobot()) return;
  setExcitation(defaultExcitation(robot(), state_.excitation.period(), state_.excitation.harmonics()),
                tr("Default excitation"));
}

void WorkbenchDocument::setOptimizerOptions(ExcitationCriterion criterion, double timeLimit, int starts) {
  state_.settings.criterion = criterion;
  state_.settings.optimizerTimeLimit = timeLimit;
  state_.settings.optimizerStarts = starts;
}

void WorkbenchDocument::replaceState(project::DocumentState state, const QString& filePath) {
  undo_.clear();
  applyState(state);
  setFilePath(filePath);
  undo_.setClean();
}

void WorkbenchDocument::applyState(const project::DocumentState& next) {
  const bool robotSwap = next.robotKey != state_.robotKey;
  const bool limits = !robotSwap && next.robot != state_.robot && !project::sameLimits(*next.robot, *state_.robot);
  const bool excitation = robotSwap || !project::sameTrajectory(next.excitation, state_.excitation);
  const bool settings = !(next.settings == state_.settings);
  state_ = next;
  if (robotSwap) {  // metrics of another robot must not be shown for this one
    evaluation_.reset();
    metrics_.reset();
  }
  requestEvaluation();
  if (robotSwap) emit robotChanged();
  if (limits) emit jointLimitsChanged();
  if (excitation) emit excitationChanged();
  if (settings) emit settingsChanged();
}

void WorkbenchDocument::requestEvaluation() {
  if (!hasRobot()) return;
  EvaluationRequest r;
  r.serial = ++requestSerial_;
  r.robot = state_.robot;
  r.robotKey = state_.robotKey;
  r.trajectory = state_.excitation;
  r.sampleRate = state_.settings.sampleRate;
  r.scale = state_.settings.limitScale;
  service_->request(std::move(r));
}

void WorkbenchDocument::acceptResult(std::shared_ptr<const EvaluationResult> result) {
  if (result->robotKey != state_.robotKey) return;  // computed for a robot since replaced
  if (!result->error.empty()) {
    emit evaluationFailed(QString::fromStdString(result->error));
    return;
  }
  // Stages of one request arrive in order; a metrics stage never replaces newer metrics.
  if (!metrics_ || result->serial >= metrics_->serial) {
    metrics_ = result;
    emit metricsUpdated();
  }
  if (result->complete) {
    evaluation_ = std::move(result);
    emit evaluationUpdated();
  }
}

}  // namespace eb::gui
