#include "widgets/excitation_editor.hpp"

#include "widgets/multisine_editor.hpp"
#include "widgets/value_slider.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace eb::widgets {
namespace {

// Dark text on a light fill: the label reads the same over the filled and the empty part (the
// style's white-on-blue text over the chunk was hard to read, and cut where the fill ended).
QString usageBarStyle(bool over) {
  return QString(
             "QProgressBar { color: #1a1a1a; text-align: center; border: 1px solid #a0a4ab; border-radius: 2px; "
             "background: #f4f5f7; } QProgressBar::chunk { background: %1; }")
      .arg(over ? "#f3a19e" : "#a9cdf2");
}

// Scrolls up and down only, and is never narrower than its content's minimum: a control
// wider than the dock would be cut at the right edge, with no way to scroll to it.
class VerticalScrollArea : public QScrollArea {
 public:
  QSize minimumSizeHint() const override {
    const int content = widget() ? widget()->minimumSizeHint().width() : 0;
    return {content + verticalScrollBar()->sizeHint().width() + 2 * frameWidth(),
            QScrollArea::minimumSizeHint().height()};
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == widget() && event->type() == QEvent::LayoutRequest) updateGeometry();  // rows came or went
    return QScrollArea::eventFilter(watched, event);
  }
};

QString limitText(double v, int decimals = 2) {
  return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("none");
}

}  // namespace

ExcitationEditor::ExcitationEditor(QWidget* parent)
    : QWidget(parent),
      period_(new QDoubleSpinBox),
      harmonics_(new QSpinBox),
      rest_(new QCheckBox(tr("Start and end at rest"))),
      parametrizationBox_(new QComboBox),
      conversionProblem_(new QLabel),
      fourierControls_(new QWidget),
      jointBox_(new QComboBox),
      limits_(new QLabel),
      offset_(new ValueSlider(tr("offset"))),
      harmonicLayout_(new QVBoxLayout),
      optimize_(new OptimizePanel),
      multisine_(new MultisineEditor(this)) {
  period_->setRange(0.5, 600.0);
  period_->setDecimals(2);
  period_->setSuffix(" s");
  period_->setKeyboardTracking(false);
  period_->setToolTip(tr("Base period T of the Fourier series (w_f = 2 pi / T)"));
  harmonics_->setRange(1, 30);
  period_->setMinimumWidth(60);
  harmonics_->setMinimumWidth(40);
  parametrizationBox_->setMinimumWidth(60);
  jointBox_->setMinimumWidth(60);
  harmonics_->setKeyboardTracking(false);
  rest_->setToolTip(tr("Harmonic 1 is derived from the others so velocity and acceleration are zero at t = 0 and T"));
  parametrizationBox_->addItem(tr("Fourier a / b"));
  parametrizationBox_->addItem(tr("Amplitude / phase"));
  parametrizationBox_->addItem(tr("Multi-sine"));
  parametrizationBox_->setObjectName("editAs");
  parametrizationBox_->setToolTip(
      tr("Fourier a / b: qd_i(t) = sum_k a_ik cos(k w_f t) + b_ik sin(k w_f t) [rad/s]\n"
         "Amplitude / phase: q_i(t) = q_i0 + sum_k A_ik sin(k w_f t + phi_ik) [rad]\n"
         "Multi-sine: components at free frequencies with a rest-to-rest envelope; a Fourier series converts "
         "exactly, a multi-sine back when its frequencies lie on the grid k/T and it has no ramp"));
  conversionProblem_->setWordWrap(true);
  conversionProblem_->setStyleSheet("color: #c0392b;");
  conversionProblem_->setObjectName("conversionProblem");
  conversionProblem_->hide();
  limits_->setWordWrap(true);
  limits_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  jointBox_->setObjectName("jointSelector");

  // Compact: the sliders below need the height.
  auto* editAs = new QGridLayout;
  editAs->addWidget(new QLabel(tr("Edit as")), 0, 0);
  editAs->addWidget(parametrizationBox_, 0, 1);
  editAs->addWidget(conversionProblem_, 1, 0, 1, 2);
  editAs->setColumnStretch(1, 1);
  auto* global = new QGridLayout(fourierControls_);
  global->setContentsMargins(0, 0, 0, 0);
  global->addWidget(new QLabel(tr("Period")), 0, 0);
  global->addWidget(period_, 0, 1);
  global->addWidget(new QLabel(tr("Harmonics")), 0, 2);
  global->addWidget(harmonics_, 0, 3);
  global->addWidget(rest_, 1, 0, 1, 4);
  global->setColumnStretch(1, 1);
  global->setColumnStretch(3, 1);

  auto* usage = new QGridLayout;
  const char* names[4] = {"q", "qd", "qdd", "tau"};
  for (int i = 0; i < 4; ++i) {
    usageBars_[i] = new QProgressBar;
    usageBars_[i]->setRange(0, 150);
    usageBars_[i]->setFormat(names[i]);
    usageBars_[i]->setMaximumHeight(16);
    usageBars_[i]->setMinimumWidth(30);
    usageBars_[i]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);  // share the row whatever the text
    usageBars_[i]->setToolTip(tr("Largest share of the %1 limit the trajectory uses").arg(names[i]));
    usageBars_[i]->setStyleSheet(usageBarStyle(false));
    usage->addWidget(usageBars_[i], 0, i);
  }

  // The selector names the box: no title line above it (the sliders below need the height).
  auto* jointBox = new QGroupBox;
  auto* jointLayout = new QVBoxLayout(jointBox);
  auto* jointRow = new QHBoxLayout;
  jointRow->addWidget(new QLabel(tr("Joint")));
  jointRow->addWidget(jointBox_, 1);
  jointLayout->addLayout(jointRow);
  jointLayout->addWidget(limits_);
  jointLayout->addLayout(usage);
  jointLayout->addWidget(offset_);
  jointLayout->addLayout(harmonicLayout_);
  jointLayout->addWidget(multisine_->componentsPane());

  // A multi-sine's run settings go under the joint: its components, edited all the time, are
  // then in view without scrolling in a small window; these are set once per design.
  multisineRun_ = new QGroupBox(tr("Run (all joints)"));
  auto* runLayout = new QVBoxLayout(multisineRun_);
  runLayout->addWidget(multisine_->settingsPane());

  auto* inner = new QWidget;
  auto* innerLayout = new QVBoxLayout(inner);
  innerLayout->setContentsMargins(0, 0, 0, 0);
  innerLayout->addLayout(editAs);
  innerLayout->addWidget(fourierControls_);
  innerLayout->addWidget(jointBox);
  innerLayout->addWidget(multisineRun_);
  innerLayout->addStretch(1);  // spare height under the boxes, not inside one
  auto* scroll = new VerticalScrollArea;
  scroll->setWidget(inner);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

  auto* optimizeBox = new QGroupBox(tr("Optimize"));
  auto* optimizeLayout = new QVBoxLayout(optimizeBox);
  optimizeLayout->addWidget(optimize_);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(scroll, 1);
  layout->addWidget(optimizeBox);

  connect(period_, &QDoubleSpinBox::valueChanged, this, &ExcitationEditor::periodEdited);
  connect(harmonics_, &QSpinBox::valueChanged, this, &ExcitationEditor::harmonicsEdited);
  connect(rest_, &QCheckBox::toggled, this, &ExcitationEditor::restToRestToggled);
  connect(parametrizationBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
    emit parametrizationRequested(static_cast<Parametrization>(i));
  });
  // Switching the family converts the trajectory: a deliberate act. The box takes focus only by
  // click or Tab (no wheel), ignores the wheel without focus, and gives the focus back once the
  // user has chosen, so a later arrow key or scroll meant for the panel does not switch it.
  parametrizationBox_->setFocusPolicy(Qt::StrongFocus);
  parametrizationBox_->installEventFilter(this);
  connect(parametrizationBox_, &QComboBox::activated, this, [this]() { parametrizationBox_->clearFocus(); });
  connect(jointBox_, &QComboBox::currentIndexChanged, this, &ExcitationEditor::setCurrentJoint);
  connect(offset_, &ValueSlider::valueEdited, this,
          [this](double v, bool dragging) { emit offsetEdited(joint_, v, dragging); });
  connect(offset_, &ValueSlider::dragFinished, this, &ExcitationEditor::dragFinished);
  connect(multisine_, &MultisineEditor::dragFinished, this, &ExcitationEditor::dragFinished);
  showFamily();
}

bool ExcitationEditor::eventFilter(QObject* watched, QEvent* event) {
  if (watched == parametrizationBox_ && event->type() == QEvent::Wheel && !parametrizationBox_->hasFocus()) {
    event->ignore();  // the scroll area around it scrolls instead
    return true;
  }
  return QWidget::eventFilter(watched, event);
}

void ExcitationEditor::setJoints(const std::vector<JointDescription>& joints) {
  joints_ = joints;
  {
    const QSignalBlocker block(jointBox_);
    jointBox_->clear();
    for (size_t i = 0; i < joints_.size(); ++i) jointBox_->addItem(QString("%1  %2").arg(i + 1).arg(joints_[i].name));
    joint_ = std::clamp(joint_, 0, std::max(0, static_cast<int>(joints_.size()) - 1));
    jointBox_->setCurrentIndex(joint_);
  }
  usage_.clear();
  builtJoint_ = -1;
  rebuildControls();
}

void ExcitationEditor::setTrajectory(const Trajectory& excitation) {
  const bool familyChanged = excitation.index() != excitation_.index();
  excitation_ = excitation;
  const FourierTrajectory trajectory =
      isMultisine() ? FourierTrajectory() : std::get<FourierTrajectory>(excitation);
  const bool reshaped = familyChanged || trajectory.harmonics() != trajectory_.harmonics() ||
                        trajectory.period() != trajectory_.period() || trajectory.dof() != trajectory_.dof();
  trajectory_ = trajectory;
  if (reshaped) builtJoint_ = -1;  // slider ranges depend on the period and harmonic count
  if (isMultisine()) multisine_->setTrajectory(std::get<MultisineTrajectory>(excitation));
  if (familyChanged) showFamily();
  rebuildControls();
}

void ExcitationEditor::showFamily() {
  const bool ms = isMultisine();
  fourierControls_->setVisible(!ms);
  multisineRun_->setVisible(ms);
  multisine_->componentsPane()->setVisible(ms);
  const QSignalBlocker block(parametrizationBox_);
  parametrizationBox_->setCurrentIndex(static_cast<int>(parametrization()));
}

ExcitationEditor::Parametrization ExcitationEditor::parametrization() const {
  return isMultisine() ? Parametrization::Multisine : parametrization_;
}

void ExcitationEditor::showConversionProblem(const QString& reason) {
  conversionProblem_->setText(reason.isEmpty() ? QString() : tr("Cannot edit as Fourier: %1").arg(reason));
  conversionProblem_->setVisible(!reason.isEmpty());
  conversionProblem_->setToolTip(reason);
  const QSignalBlocker block(parametrizationBox_);
  parametrizationBox_->setCurrentIndex(static_cast<int>(parametrization()));
}

void ExcitationEditor::setRestToRest(bool on) {
  restToRest_ = on;
  const QSignalBlocker block(rest_);
  rest_->setChecked(on);
  builtJoint_ = -1;
  rebuildControls();
}

void ExcitationEditor::setParametrization(Parametrization p) {
  if (p == Parametrization::Multisine || p == parametrization_) return showFamily();
  parametrization_ = p;
  showFamily();
  builtJoint_ = -1;
  rebuildControls();
}

void ExcitationEditor::setCurrentJoint(int joint) {
  if (joint < 0 || joint >= static_cast<int>(joints_.size())) return;
  joint_ = joint;
  {
    const QSignalBlocker block(jointBox_);
    jointBox_->setCurrentIndex(joint);
  }
  rebuildControls();
  refreshLimits();
}

ValueSlider* ExcitationEditor::firstCoefficientControl(int k) const {
  if (k < 1 || k > static_cast<int>(harmonicControls_.size())) return nullptr;
  return harmonicControls_[static_cast<size_t>(k - 1)][0];
}

void ExcitationEditor::setUsage(const std::vector<JointUsage>& usage) {
  usage_ = usage;
  refreshLimits();
}

// Slider span of a_k, b_k (or A_k): the velocity amplitude that alone would
// reach the velocity or acceleration limit (|qdd| = a w_f k), so the whole
// slider is usable; the spin box still accepts more.
double ExcitationEditor::coefficientRange(int k) const {
  const JointLimits& l = joints_[static_cast<size_t>(joint_)].limits;
  double range = std::isfinite(l.velocity) ? l.velocity : 3.0;
  if (std::isfinite(l.acceleration) && trajectory_.harmonics() > 0)
    range = std::min(range, l.acceleration / (trajectory_.baseFrequency() * k));
  // Never narrower than the current value, or the handle would sit pinned at an end.
  range = std::max(range, 1.1 * std::hypot(trajectory_.a()(joint_, k - 1), trajectory_.b()(joint_, k - 1)));
  return std::max(range, 1e-3);
}

void ExcitationEditor::rebuildControls() {
  const bool usable = !joints_.empty() && trajectoryDof(excitation_) == static_cast<int>(joints_.size());
  setEnabled(usable);
  {
    const QSignalBlocker b1(period_), b2(harmonics_);
    period_->setValue(trajectory_.period());
    harmonics_->setValue(std::max(1, trajectory_.harmonics()));
  }
  if (!usable) return;
  const int H = isMultisine() ? 0 : trajectory_.harmonics();
  if (builtJoint_ != joint_ || builtHarmonics_ != H) {
    for (auto& pair : harmonicControls_)
      for (ValueSlider* s : pair) s->deleteLater();
    harmonicControls_.clear();
    while (QLayoutItem* item = harmonicLayout_->takeAt(0)) delete item;

    const JointDescription& jd = joints_[static_cast<size_t>(joint_)];
    const JointLimits& l = jd.limits;
    const QString unit = jd.prismatic ? " m" : " rad";
    const double lo = l.hasPositionLimits() ? l.lower : (jd.prismatic ? -1.0 : -M_PI);
    const double hi = l.hasPositionLimits() ? l.upper : (jd.prismatic ? 1.0 : M_PI);
    offset_->setRanges(lo, hi, -1e3, 1e3);
    offset_->setSuffix(unit);
    offset_->setLabelToolTip(isMultisine() ? tr("Rest position q_i0: the motion starts and ends here")
                                           : tr("Centre q_i0 of the motion"));
    if (isMultisine()) multisine_->setJoint(joint_, jd);

    // a/b are velocity amplitudes (their unit on the label); A is a position amplitude, phi in rad.
    const bool ab = parametrization_ == Parametrization::FourierAB;
    const QString vunit = jd.prismatic ? "m/s" : "rad/s";
    for (int k = 1; k <= H; ++k) {
      const double range = coefficientRange(k) / (ab ? 1.0 : trajectory_.baseFrequency() * k);
      std::array<ValueSlider*, 2> pair{
          new ValueSlider(ab ? QString("a%1 [%2]").arg(k).arg(vunit) : QString("A%1").arg(k)),
          new ValueSlider(ab ? QString("b%1 [%2]").arg(k).arg(vunit) : QString("phi%1").arg(k))};
      pair[0]->setRanges(ab ? -range : 0.0, range, -1e3, 1e3);
      if (ab) {
        pair[1]->setRanges(-range, range, -1e3, 1e3);
      } else {
        pair[0]->setDecimals(4);
        pair[0]->setSuffix(unit);
        pair[1]->setRanges(-M_PI, M_PI, -M_PI, M_PI);
        pair[1]->setSuffix(" rad");
      }
      const bool derived = restToRest_ && k == 1 && H > 1;
      for (int c = 0; c < 2; ++c) {
        ValueSlider* s = pair[static_cast<size_t>(c)];
        s->setEnabled(!derived);
        s->setLabelToolTip(derived ? tr("Derived from harmonics 2..H so the motion starts and ends at rest")
                                   : tr("Harmonic %1 (frequency %2 Hz)").arg(k).arg(k / trajectory_.period(), 0, 'g', 3));
        connect(s, &ValueSlider::valueEdited, this, [this, k](double, bool dragging) { emitHarmonic(k, dragging); });
        connect(s, &ValueSlider::dragFinished, this, &ExcitationEditor::dragFinished);
        harmonicLayout_->addWidget(s);
      }
      harmonicControls_.push_back(pair);
    }
    builtJoint_ = joint_;
    builtHarmonics_ = H;
    refreshLimits();
  }
  refreshValues();
}

void ExcitationEditor::refreshValues() {
  offset_->setValue(trajectoryOffsets(excitation_)[joint_]);
  const bool ab = parametrization_ == Parametrization::FourierAB;
  for (size_t k = 0; k < harmonicControls_.size(); ++k) {
    const double a = trajectory_.a()(joint_, static_cast<Eigen::Index>(k));
    const double b = trajectory_.b()(joint_, static_cast<Eigen::Index>(k));
    const double w = trajectory_.baseFrequency() * static_cast<double>(k + 1);
    // a/(w) sin - b/(w) cos = A sin(. + phi): A = hypot(a, b) / w, phi = atan2(-b, a).
    harmonicControls_[k][0]->setValue(ab ? a : std::hypot(a, b) / w);
    harmonicControls_[k][1]->setValue(ab ? b : std::atan2(-b, a));
  }
}

void ExcitationEditor::refreshLimits() {
  if (joints_.empty()) return;
  const JointDescription& jd = joints_[static_cast<size_t>(joint_)];
  const JointLimits& l = jd.limits;
  const QString p = jd.prismatic ? "m" : "rad";
  limits_->setText(tr("Limits: q [%1, %2] %3, qd %4 %3/s, qdd %5 %3/s\u00b2, tau %6 %7")
                       .arg(limitText(l.lower), limitText(l.upper), p, limitText(l.velocity),
                            limitText(l.acceleration), limitText(l.effort, 1), jd.prismatic ? "N" : "N m"));
  for (int q = 0; q < 4; ++q) {
    QProgressBar* bar = usageBars_[static_cast<size_t>(q)];
    const double f = joint_ < static_cast<int>(usage_.size()) ? usage_[static_cast<size_t>(joint_)].fraction[q] : NAN;
    bar->setEnabled(std::isfinite(f));
    bar->setValue(std::isfinite(f) ? static_cast<int>(std::lround(std::min(f, 1.5) * 100)) : 0);
    // The text gives the real share, also beyond the bar's 150 % end.
    static const char* names[4] = {"q", "qd", "qdd", "tau"};
    bar->setFormat(std::isfinite(f) ? QString("%1 %2%").arg(names[q]).arg(std::lround(f * 100)) : QString(names[q]));
    // Style sheets re-polish the widget: only touch one when the state flips.
    const bool over = std::isfinite(f) && f > 1.0;
    if (bar->property("over").toBool() != over) {
      bar->setProperty("over", over);
      bar->setStyleSheet(usageBarStyle(over));
    }
  }
}

void ExcitationEditor::emitHarmonic(int k, bool dragging) {
  const auto& pair = harmonicControls_[static_cast<size_t>(k - 1)];
  double a = pair[0]->value(), b = pair[1]->value();
  if (parametrization_ == Parametrization::AmplitudePhase) {
    const double amplitude = a * trajectory_.baseFrequency() * k, phase = b;  // velocity amplitude [rad/s]
    a = amplitude * std::cos(phase);
    b = -amplitude * std::sin(phase);
  }
  emit harmonicEdited(joint_, k, a, b, dragging);
}

}  // namespace eb::widgets
