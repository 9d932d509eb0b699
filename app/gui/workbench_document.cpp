#include "app/gui/workbench_document.hpp"

#include "app/gui/document_command.hpp"
#include "app/gui/evaluation_service.hpp"
#include "app/project/joint_lock_state.hpp"
#include "excitation/default_excitation.hpp"
#include "excitation/trajectory_conversion.hpp"

#include <algorithm>
#include <cmath>

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

Trajectory WorkbenchDocument::defaultExcitationFor(const RobotModel& robot, project::EditMode mode) {
  const FourierTrajectory fourier = defaultExcitation(robot);
  if (project::editsMultisine(mode)) return multisineFromFourier(fourier);
  return fourier;
}

void WorkbenchDocument::setRobot(std::shared_ptr<const RobotModel> robot, const project::RobotSource& source,
                                 const Trajectory* excitation) {
  project::DocumentState s = state_;
  s.robot = robot;
  s.originalRobot = robot;
  s.fullRobot = robot;
  s.robotKey = nextRobotKey();
  s.source = source;
  s.excitation = excitation && trajectoryDof(*excitation) == robot->dof()
                     ? *excitation
                     : defaultExcitationFor(*robot, s.settings.editMode);
  if (project::editsMultisine(s.settings.editMode) != std::holds_alternative<MultisineTrajectory>(s.excitation))
    s.settings.editMode = std::holds_alternative<MultisineTrajectory>(s.excitation) ? project::EditMode::Multisine
                                                                                     : project::EditMode::FourierAB;
  push(std::move(s), tr("Load robot %1").arg(QString::fromStdString(robot->name())));
}

void WorkbenchDocument::setExcitation(const Trajectory& excitation, const QString& text) {
  project::DocumentState s = state_;
  s.excitation = excitation;
  const bool multisine = std::holds_alternative<MultisineTrajectory>(excitation);
  if (project::editsMultisine(s.settings.editMode) != multisine)
    s.settings.editMode = multisine ? project::EditMode::Multisine : project::EditMode::FourierAB;
  push(std::move(s), text);
}

void WorkbenchDocument::setOffset(int joint, double value, bool dragging) {
  if (!hasRobot() || joint < 0 || joint >= trajectoryDof(state_.excitation) || !std::isfinite(value)) return;
  project::DocumentState s = state_;
  if (auto* f = std::get_if<FourierTrajectory>(&s.excitation)) {
    f->mutableOffsets()[joint] = value;
  } else {
    const MultisineTrajectory& m = std::get<MultisineTrajectory>(s.excitation);
    Eigen::VectorXd offsets = m.offsets();
    offsets[joint] = value;
    s.excitation = MultisineTrajectory(m.duration(), m.rampTime(), offsets, m.terms());
  }
  push(std::move(s), tr("Offset of joint %1").arg(joint + 1), QString("offset/%1").arg(joint), dragging);
}

QString WorkbenchDocument::setEditMode(project::EditMode mode) {
  if (!hasRobot() || mode == state_.settings.editMode) return {};
  project::DocumentState s = state_;
  s.settings.editMode = mode;
  const bool toMultisine = project::editsMultisine(mode);
  if (const FourierTrajectory* f = fourier(); f && toMultisine) {
    // The grid and band follow the series, so every converted component sits on a slider.
    s.excitation = multisineFromFourier(*f);
    s.settings.multisine.periodGrid = f->period();
    s.settings.multisine.minFrequency = 1.0 / f->period();
    s.settings.multisine.maxFrequency = std::max(f->harmonics(), 2) / f->period();
  } else if (const MultisineTrajectory* m = multisine(); m && !toMultisine) {
    const FourierConversion c = fourierFromMultisine(*m, state_.settings.multisine.periodGrid);
    if (!c.trajectory) return QString::fromStdString(c.reason);
    s.excitation = *c.trajectory;
  }
  const QString names[] = {tr("Fourier a / b"), tr("Amplitude / phase"), tr("Multi-sine")};
  push(std::move(s), tr("Edit as %1").arg(names[static_cast<int>(mode)]));
  return {};
}

void WorkbenchDocument::setHarmonic(int joint, int k, double a, double b, bool dragging) {
  const FourierTrajectory* f = fourier();
  if (!hasRobot() || !f || joint < 0 || joint >= f->dof() || k < 1 || k > f->harmonics() || !std::isfinite(a) ||
      !std::isfinite(b))
    return;
  project::DocumentState s = state_;
  auto& next = std::get<FourierTrajectory>(s.excitation);
  next.mutableA()(joint, k - 1) = a;
  next.mutableB()(joint, k - 1) = b;
  if (s.settings.restToRest) enforceRestConditions(next);
  push(std::move(s), tr("Harmonic %1 of joint %2").arg(k).arg(joint + 1), QString("harmonic/%1/%2").arg(joint).arg(k),
       dragging);
}

void WorkbenchDocument::setPeriod(double seconds) {
  const FourierTrajectory* f = fourier();
  if (!hasRobot() || !f || !(seconds > 0.0) || seconds == f->period()) return;
  project::DocumentState s = state_;
  FourierTrajectory t(seconds, f->offsets(), f->a(), f->b());
  t.setCycles(f->cycles());
  s.excitation = t;
  push(std::move(s), tr("Period %1 s").arg(seconds));
}

void WorkbenchDocument::setHarmonicCount(int harmonics) {
  const FourierTrajectory* f = fourier();
  if (!hasRobot() || !f || harmonics < 1 || harmonics == f->harmonics()) return;
  project::DocumentState s = state_;
  const FourierTrajectory& old = *f;
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
  if (auto* f = std::get_if<FourierTrajectory>(&s.excitation); f && on) enforceRestConditions(*f);
  push(std::move(s), on ? tr("Start and end at rest") : tr("Free first harmonic"));
}


void WorkbenchDocument::pushMultisine(const MultisineTrajectory& next, const QString& text, const QString& mergeKey,
                                      bool dragging) {
  project::DocumentState s = state_;
  s.excitation = next;
  push(std::move(s), text, mergeKey, dragging);
}

void WorkbenchDocument::setMultisineTerm(int joint, int index, const SineTerm& term, bool dragging) {
  const MultisineTrajectory* m = multisine();
  if (!hasRobot() || !m || joint < 0 || joint >= m->dof() || index < 0 ||
      index >= static_cast<int>(m->terms(joint).size()) || !std::isfinite(term.amplitude) ||
      !std::isfinite(term.phase) || !std::isfinite(term.frequency) || term.frequency < 0.0)
    return;
  std::vector<std::vector<SineTerm>> terms = m->terms();
  terms[static_cast<size_t>(joint)][static_cast<size_t>(index)] = term;
  pushMultisine(MultisineTrajectory(m->duration(), m->rampTime(), m->offsets(), std::move(terms)),
                tr("Component %1 of joint %2").arg(index + 1).arg(joint + 1),
                QString("term/%1/%2").arg(joint).arg(index), dragging);
}

void WorkbenchDocument::addMultisineTerm(int joint) {
  const MultisineTrajectory* m = multisine();
  if (!hasRobot() || !m || joint < 0 || joint >= m->dof()) return;
  std::vector<std::vector<SineTerm>> terms = m->terms();
  std::vector<SineTerm>& mine = terms[static_cast<size_t>(joint)];
  // The lowest free grid line in the band; the band's middle when every line is taken.
  const project::MultisineSettings& ms = state_.settings.multisine;
  double frequency = 0.5 * (ms.minFrequency + ms.maxFrequency);
  for (int k = std::max(1, static_cast<int>(std::ceil(ms.minFrequency * ms.periodGrid - 1e-9)));
       k / ms.periodGrid <= ms.maxFrequency + 1e-12; ++k) {
    const double f = k / ms.periodGrid;
    if (std::none_of(mine.begin(), mine.end(), [&](const SineTerm& t) { return std::abs(t.frequency - f) < 1e-9; })) {
      frequency = f;
      break;
    }
  }
  mine.push_back({0.0, frequency, 0.0});
  pushMultisine(MultisineTrajectory(m->duration(), m->rampTime(), m->offsets(), std::move(terms)),
                tr("Add a component to joint %1").arg(joint + 1));
}

void WorkbenchDocument::removeMultisineTerm(int joint, int index) {
  const MultisineTrajectory* m = multisine();
  if (!hasRobot() || !m || joint < 0 || joint >= m->dof() || index < 0 ||
      index >= static_cast<int>(m->terms(joint).size()))
    return;
  std::vector<std::vector<SineTerm>> terms = m->terms();
  terms[static_cast<size_t>(joint)].erase(terms[static_cast<size_t>(joint)].begin() + index);
  pushMultisine(MultisineTrajectory(m->duration(), m->rampTime(), m->offsets(), std::move(terms)),
                tr("Remove component %1 of joint %2").arg(index + 1).arg(joint + 1));
}

void WorkbenchDocument::setMultisineDuration(double seconds) {
  const MultisineTrajectory* m = multisine();
  if (!hasRobot() || !m || !(seconds > 0.0) || !std::isfinite(seconds) || seconds == m->duration()) return;
  pushMultisine(MultisineTrajectory(seconds, std::min(m->rampTime(), seconds / 2.0), m->offsets(), m->terms()),
                tr("Duration %1 s").arg(seconds));
}

void WorkbenchDocument::setRampTime(double seconds) {
  const MultisineTrajectory* m = multisine();
  if (!hasRobot() || !m || !(seconds >= 0.0) || seconds == m->rampTime()) return;
  pushMultisine(MultisineTrajectory(m->duration(), std::min(seconds, m->duration() / 2.0), m->offsets(), m->terms()),
                tr("Ramp %1 s").arg(seconds));
}

void WorkbenchDocument::setMultisineSettings(const project::MultisineSettings& settings) {
  if (!hasRobot() || settings == state_.settings.multisine || !(settings.maxFrequency > settings.minFrequency) ||
      !(settings.periodGrid > 0.0))
    return;
  project::DocumentState s = state_;
  s.settings.multisine = settings;
  push(std::move(s), tr("Multi-sine band and grid"));
}

std::optional<MultisineDesign> WorkbenchDocument::multisineDesign() const {
  const MultisineTrajectory* m = multisine();
  if (!m) return std::nullopt;
  const project::MultisineSettings& band = state_.settings.multisine;
  MultisineDesign design;
  int components = 0;
  for (int i = 0; i < m->dof(); ++i) components = std::max(components, static_cast<int>(m->terms(i).size()));
  design.components = components > 0 ? components : kMultisineComponentsSpec.defaultValue;
  design.duration = m->duration();
  design.rampTime = m->rampTime();
  design.minFrequency = band.minFrequency;
  design.maxFrequency = band.maxFrequency;
  design.periodGrid = band.snapToGrid ? band.periodGrid : 0.0;
  design.optimizeFrequencies = band.optimizeFrequencies && !band.snapToGrid;
  return design;
}

QString WorkbenchDocument::applySchroederStart() {
  const std::optional<MultisineDesign> design = multisineDesign();
  if (!hasRobot() || !design) return tr("the excitation is not a multi-sine");
  std::vector<JointLimits> limits;
  for (const Joint& j : robot().joints()) limits.push_back(j.limits);
  try {
    pushMultisine(schroederMultisine(*design, multisine()->offsets(), limits, state_.settings.evaluation.limitScale),
                  tr("Schroeder-phase start"));
  } catch (const std::invalid_argument& e) {
    return QString::fromStdString(e.what());
  }
  return {};
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
  if (const FourierTrajectory* f = fourier())
    setExcitation(defaultExcitation(robot(), f->period(), f->harmonics()), tr("Default excitation"));
  else
    setExcitation(defaultExcitationFor(robot(), project::EditMode::Multisine), tr("Default excitation"));
}

void WorkbenchDocument::setOptimizerOptions(ExcitationCriterion criterion, double timeLimit, int starts) {
  state_.settings.criterion = criterion;
  state_.settings.optimizerTimeLimit = timeLimit;
  state_.settings.optimizerStarts = starts;
}

void WorkbenchDocument::setPositionRangeUsed(double fraction) {
  // The range the dock offers; anything else (a stale widget value) is ignored, not clamped.
  if (!(fraction >= 0.5 && fraction <= 1.0) || fraction == state_.settings.evaluation.limitScale.position) return;
  state_.settings.evaluation.limitScale.position = fraction;
  requestEvaluation();  // the limit check and the usage bars change with it
  emit settingsChanged();
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
  r.evaluation = state_.settings.evaluation;
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
