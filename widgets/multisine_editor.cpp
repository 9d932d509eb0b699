#include "widgets/multisine_editor.hpp"

#include "util/math_constants.hpp"
#include "widgets/value_slider.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace eb::widgets {
namespace {

QDoubleSpinBox* secondsBox(double lo, double hi, const QString& tip) {
  auto* box = new QDoubleSpinBox;
  box->setRange(lo, hi);
  box->setDecimals(2);
  box->setSuffix(" s");
  box->setKeyboardTracking(false);  // one edit per typed number, not one per digit
  box->setMinimumWidth(60);
  box->setToolTip(tip);
  return box;
}

QDoubleSpinBox* hertzBox(double lo, double hi, const QString& tip) {
  auto* box = new QDoubleSpinBox;
  box->setRange(lo, hi);
  box->setDecimals(3);
  box->setSingleStep(0.01);
  box->setSuffix(" Hz");
  box->setKeyboardTracking(false);
  box->setMinimumWidth(60);
  box->setToolTip(tip);
  return box;
}

// A component's number boxes: as wide as `sample` needs, without step buttons (arrow keys and
// the wheel still step), so that a row of three fits the dock of a 1024 px window.
void fitComponentBox(QDoubleSpinBox* box, const QString& sample) {
  box->setButtonSymbols(QAbstractSpinBox::NoButtons);
  QStyleOptionSpinBox option;
  option.initFrom(box);
  option.buttonSymbols = QAbstractSpinBox::NoButtons;
  option.subControls = QStyle::SC_SpinBoxFrame | QStyle::SC_SpinBoxEditField;
  option.frame = true;
  const QSize text(box->fontMetrics().horizontalAdvance(sample + ' ') + 2, box->sizeHint().height());
  box->setFixedWidth(box->style()->sizeFromContents(QStyle::CT_SpinBox, &option, text, box).width());
}

}  // namespace

MultisineEditor::MultisineEditor(QObject* parent)
    : QObject(parent),
      settings_(new QWidget),
      components_(new QWidget),
      duration_(secondsBox(0.5, 3600.0, tr("Duration of the run, ramps included"))),
      ramp_(secondsBox(0.0, 1800.0,
                       tr("Envelope ramp at each end: the motion rises from rest and returns to it (C2); 0: no "
                          "envelope"))),
      minFrequency_(hertzBox(0.0, 100.0, tr("Lowest frequency the sliders reach"))),
      maxFrequency_(hertzBox(0.001, 100.0, tr("Highest frequency the sliders reach"))),
      period_(secondsBox(0.1, 3600.0, tr("Period T of the grid k/T: on it the trajectory is periodic and can be "
                                         "averaged over periods, and converts to a Fourier series"))),
      snap_(new QCheckBox(tr("Snap to k/T"))),
      optimizeFrequencies_(new QCheckBox(tr("Optimize frequencies"))),
      schroeder_(new QPushButton(tr("Schroeder start"))),
      restNote_(new QLabel),
      rowGrid_(new QGridLayout),
      amplitudeHeader_(new QLabel),
      add_(new QToolButton) {
  snap_->setToolTip(tr("Frequency sliders and typed frequencies land on the grid k/T; off: anywhere in the band"));
  snap_->setObjectName("multisineSnap");
  optimizeFrequencies_->setObjectName("multisineOptimizeFrequencies");
  schroeder_->setObjectName("multisineSchroeder");
  schroeder_->setToolTip(tr("Replace the components by a Schroeder-phase multi-sine over the band: equal "
                            "amplitudes fitted to the limits, phases -pi k(k-1)/K for a low crest factor, "
                            "different frequencies per joint. A known good start for the optimizer; one undo step"));
  duration_->setObjectName("multisineDuration");
  ramp_->setObjectName("multisineRamp");
  restNote_->setWordWrap(true);
  restNote_->setStyleSheet("color: #a05a00;");

  auto* grid = new QGridLayout(settings_);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(new QLabel(tr("Duration")), 0, 0);
  grid->addWidget(duration_, 0, 1);
  grid->addWidget(new QLabel(tr("Ramp")), 0, 2);
  grid->addWidget(ramp_, 0, 3);
  grid->addWidget(new QLabel(tr("Band")), 1, 0);
  grid->addWidget(minFrequency_, 1, 1);
  grid->addWidget(new QLabel(tr("to")), 1, 2);
  grid->addWidget(maxFrequency_, 1, 3);
  grid->addWidget(new QLabel(tr("Grid T")), 2, 0);
  grid->addWidget(period_, 2, 1);
  grid->addWidget(snap_, 2, 2, 1, 2);
  grid->addWidget(optimizeFrequencies_, 3, 0, 1, 2);
  grid->addWidget(schroeder_, 3, 2, 1, 2);
  grid->addWidget(restNote_, 4, 0, 1, 4);
  grid->setColumnStretch(1, 1);
  grid->setColumnStretch(3, 1);

  // One line per component under one header: five components fit a 1024 x 700 window.
  auto* layout = new QVBoxLayout(components_);
  layout->setContentsMargins(0, 4, 0, 0);
  layout->addLayout(rowGrid_);
  rowGrid_->setContentsMargins(0, 0, 0, 0);
  rowGrid_->setHorizontalSpacing(4);
  rowGrid_->setVerticalSpacing(3);
  rowGrid_->setColumnStretch(1, 1);
  rowGrid_->setColumnStretch(2, 1);
  auto* frequencyHeader = new QLabel(tr("f [Hz]"));
  auto* phaseHeader = new QLabel(tr("phi [rad]"));
  amplitudeHeader_->setToolTip(
      tr("Amplitude A of A sin(2 pi f t + phi): slider over what the limits allow, or "
         "typed; a negative A is the component inverted (the same as phi + pi)"));
  frequencyHeader->setToolTip(tr("Frequency f: slider over the band, or typed"));
  phaseHeader->setToolTip(tr("Phase phi, typed"));
  for (QLabel* header : {amplitudeHeader_, frequencyHeader, phaseHeader}) header->setStyleSheet("font-weight: bold;");
  rowGrid_->addWidget(amplitudeHeader_, 0, 1);
  rowGrid_->addWidget(frequencyHeader, 0, 2);
  rowGrid_->addWidget(phaseHeader, 0, 3);
  add_->setText("+");
  add_->setObjectName("multisineAddComponent");
  add_->setToolTip(tr("Add a component to this joint"));
  add_->setFixedWidth(22);
  rowGrid_->addWidget(add_, 0, 4);

  connect(duration_, &QDoubleSpinBox::valueChanged, this, &MultisineEditor::durationEdited);
  connect(ramp_, &QDoubleSpinBox::valueChanged, this, &MultisineEditor::rampEdited);
  for (QDoubleSpinBox* box : {minFrequency_, maxFrequency_, period_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &MultisineEditor::emitGrid);
  connect(snap_, &QCheckBox::toggled, this, &MultisineEditor::emitGrid);
  connect(optimizeFrequencies_, &QCheckBox::toggled, this, &MultisineEditor::emitGrid);
  connect(schroeder_, &QPushButton::clicked, this, &MultisineEditor::schroederRequested);
  connect(add_, &QToolButton::clicked, this, [this] { emit termAdded(jointIndex_); });
}

// The panes are owned by whatever layout the editor put them in; unplaced ones are ours.
MultisineEditor::~MultisineEditor() {
  if (!settings_->parent()) delete settings_;
  if (!components_->parent()) delete components_;
}

ValueSlider* MultisineEditor::amplitudeControl(int index) const {
  return index >= 0 && index < componentCount() ? rows_[static_cast<size_t>(index)].controls[0] : nullptr;
}
ValueSlider* MultisineEditor::frequencyControl(int index) const {
  return index >= 0 && index < componentCount() ? rows_[static_cast<size_t>(index)].controls[1] : nullptr;
}
ValueSlider* MultisineEditor::phaseControl(int index) const {
  return index >= 0 && index < componentCount() ? rows_[static_cast<size_t>(index)].controls[2] : nullptr;
}

void MultisineEditor::setJoint(int index, const JointDescription& joint) {
  jointIndex_ = index;
  joint_ = joint;
  builtJoint_ = -1;  // units and ranges belong to the joint
  rebuildRows();
}

void MultisineEditor::setTrajectory(const MultisineTrajectory& trajectory) {
  trajectory_ = trajectory;
  {
    const QSignalBlocker b1(duration_), b2(ramp_);
    duration_->setValue(trajectory.duration());
    ramp_->setMaximum(trajectory.duration() / 2.0);
    ramp_->setValue(trajectory.rampTime());
  }
  restNote_->setText(trajectory.rampTime() > 0.0
                         ? QString()
                         : tr("No envelope: the motion starts and ends at rest only if its components cancel there "
                              "(as a converted Fourier series does); a ramp makes it rest-to-rest."));
  restNote_->setVisible(!(trajectory.rampTime() > 0.0));
  rebuildRows();
}

void MultisineEditor::setGrid(const FrequencyGrid& grid) {
  if (grid == grid_ && builtJoint_ >= 0) return;
  grid_ = grid;
  showGrid();
  builtJoint_ = -1;  // slider ranges and snapping changed
  rebuildRows();
}

void MultisineEditor::showGrid() {
  const FrequencyGrid& grid = grid_;
  {
    const QSignalBlocker b1(minFrequency_), b2(maxFrequency_), b3(period_), b4(snap_), b5(optimizeFrequencies_);
    minFrequency_->setValue(grid.minFrequency);
    maxFrequency_->setValue(grid.maxFrequency);
    period_->setValue(grid.period);
    snap_->setChecked(grid.snap);
    optimizeFrequencies_->setChecked(grid.optimizeFrequencies);
  }
  // On the grid, frequencies are the grid's: the optimizer moves amplitudes and phases only.
  optimizeFrequencies_->setEnabled(!grid.snap);
  optimizeFrequencies_->setToolTip(
      grid.snap ? tr("Frequencies snap to the grid k/T, so the optimizer keeps them; turn snapping off to let it "
                     "move them in the band")
                : tr("The optimizer moves each frequency inside the band too, besides amplitudes and phases"));
  // The band is what the frequency sliders span; said where the band is set.
  const QString note = tr("Frequency sliders span the band %1 - %2 Hz%3")
                           .arg(grid.minFrequency, 0, 'g', 4)
                           .arg(grid.maxFrequency, 0, 'g', 4)
                           .arg(grid.snap ? tr(", on the grid k/T (1/T = %1 Hz)").arg(1.0 / grid.period, 0, 'g', 4)
                                          : tr(", anywhere (grid off)"));
  minFrequency_->setToolTip(note);
  maxFrequency_->setToolTip(note);
}

void MultisineEditor::emitGrid() {
  FrequencyGrid g;
  g.minFrequency = minFrequency_->value();
  g.maxFrequency = maxFrequency_->value();
  g.period = period_->value();
  g.snap = snap_->isChecked();
  g.optimizeFrequencies = optimizeFrequencies_->isChecked();
  if (!(g.maxFrequency > g.minFrequency)) return showGrid();  // refused: show what is in force
  emit gridEdited(g);
}

// Slider span of an amplitude: what alone would reach the position half-range, the
// velocity limit (A 2 pi f) or the acceleration limit (A (2 pi f)^2) at this frequency.
double MultisineEditor::amplitudeRange(double frequency, double amplitude) const {
  const JointLimits& l = joint_.limits;
  double range = l.hasPositionLimits() ? 0.5 * (l.upper - l.lower) : (joint_.prismatic ? 1.0 : M_PI);
  const double w = kTwoPi * frequency;
  if (w > 0.0 && std::isfinite(l.velocity)) range = std::min(range, l.velocity / w);
  if (w > 0.0 && std::isfinite(l.acceleration)) range = std::min(range, l.acceleration / (w * w));
  return std::max({range, 1.1 * std::abs(amplitude), 1e-3});
}

QString MultisineEditor::rowTitle(int index, double frequency) const {
  const double k = frequency * grid_.period;
  const bool onGrid = std::abs(k - std::round(k)) < 1e-9;
  return onGrid ? tr("Component %1 (k = %2)").arg(index + 1).arg(std::lround(k))
                : tr("Component %1 (off the grid)").arg(index + 1);
}

void MultisineEditor::rebuildRows() {
  const bool usable = jointIndex_ >= 0 && jointIndex_ < trajectory_.dof();
  components_->setEnabled(usable);
  if (!usable) return;
  const std::vector<SineTerm>& terms = trajectory_.terms(jointIndex_);
  const int n = static_cast<int>(terms.size());
  if (builtJoint_ != jointIndex_ || builtCount_ != n) {
    // Later: a row's own button or slider may be the one emitting.
    for (const Row& r : rows_)
      for (QWidget* w :
           std::initializer_list<QWidget*>{r.title, r.controls[0], r.controls[1], r.controls[2], r.remove}) {
        rowGrid_->removeWidget(w);
        w->hide();
        w->deleteLater();
      }
    rows_.clear();
    const QString unit = joint_.prismatic ? "m" : "rad";
    amplitudeHeader_->setText(tr("A [%1]").arg(unit));
    const double fLo = grid_.minFrequency, fHi = grid_.maxFrequency;
    for (int j = 0; j < n; ++j) {
      Row row;
      row.title = new QLabel(QString::number(j + 1));
      row.title->setToolTip(rowTitle(j, terms[static_cast<size_t>(j)].frequency));
      row.remove = new QToolButton;
      row.remove->setText(QString::fromUtf8("\u00d7"));
      row.remove->setToolTip(tr("Remove component %1 of this joint").arg(j + 1));
      row.remove->setFixedWidth(22);
      // The column headers name the values: no label per control.
      row.controls = {new ValueSlider(QString()), new ValueSlider(QString()), new ValueSlider(QString())};
      const double range = amplitudeRange(terms[static_cast<size_t>(j)].frequency, terms[static_cast<size_t>(j)].amplitude);
      // Signed: an optimizer may leave a component inverted (A < 0, the same as phi + pi), and
      // the slider must show it where it is, not clamp it to 0 at the first touch.
      row.controls[0]->setRanges(-range, range, -1e3, 1e3);
      row.controls[0]->setDecimals(4);
      row.controls[0]->setLabelToolTip(
          tr("Amplitude A of component %1 [%2]; negative: the component inverted").arg(j + 1).arg(unit));
      row.controls[1]->setRanges(fLo, fHi, 0.0, 100.0);
      row.controls[1]->setDecimals(4);
      row.controls[1]->setSnapStep(grid_.snap ? 1.0 / grid_.period : 0.0);
      row.controls[1]->setLabelToolTip(
          grid_.snap ? tr("Frequency of component %1 [Hz], on the grid k/T of the band").arg(j + 1)
                     : tr("Frequency of component %1 [Hz], free within the band").arg(j + 1));
      row.controls[2]->setRanges(-M_PI, M_PI, -1e3, 1e3);
      row.controls[2]->setLabelToolTip(tr("Phase phi of component %1 [rad]").arg(j + 1));
      // Phases are typed or left to the Schroeder start and the optimizer: amplitude and
      // frequency, which are dragged, get the row's width.
      row.controls[2]->slider()->hide();
      for (int c = 0; c < 2; ++c) row.controls[static_cast<size_t>(c)]->slider()->setMinimumWidth(60);  // to aim at
      fitComponentBox(row.controls[0]->spinBox(), QString::number(-range, 'f', 4));
      fitComponentBox(row.controls[1]->spinBox(), QString::number(fHi, 'f', 4));
      fitComponentBox(row.controls[2]->spinBox(), "-0.000");
      const int line = j + 1;  // under the header
      rowGrid_->addWidget(row.title, line, 0);
      for (int c = 0; c < 3; ++c) {
        ValueSlider* s = row.controls[static_cast<size_t>(c)];
        connect(s, &ValueSlider::valueEdited, this, [this, j](double, bool dragging) { emitTerm(j, dragging); });
        connect(s, &ValueSlider::dragFinished, this, &MultisineEditor::dragFinished);
        rowGrid_->addWidget(s, line, c + 1);
      }
      rowGrid_->addWidget(row.remove, line, 4);
      connect(row.remove, &QToolButton::clicked, this, [this, j] { emit termRemoved(jointIndex_, j); });
      rows_.push_back(row);
    }
    builtJoint_ = jointIndex_;
    builtCount_ = n;
  }
  refreshValues();
}

void MultisineEditor::refreshValues() {
  const std::vector<SineTerm>& terms = trajectory_.terms(jointIndex_);
  for (size_t j = 0; j < rows_.size() && j < terms.size(); ++j) {
    rows_[j].controls[0]->setValue(terms[j].amplitude);
    rows_[j].controls[1]->setValue(terms[j].frequency);
    rows_[j].controls[2]->setValue(terms[j].phase);
    rows_[j].title->setToolTip(rowTitle(static_cast<int>(j), terms[j].frequency));
  }
}

void MultisineEditor::emitTerm(int index, bool dragging) {
  const Row& r = rows_[static_cast<size_t>(index)];
  emit termEdited(jointIndex_, index, r.controls[0]->value(), r.controls[1]->value(), r.controls[2]->value(),
                  dragging);
}

}  // namespace eb::widgets
