#include "widgets/value_slider.hpp"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace eb::widgets {
namespace {
constexpr int kSteps = 1000;  // slider resolution: 0.1 % of the soft range
}

ValueSlider::ValueSlider(const QString& label, QWidget* parent)
    : QWidget(parent), label_(new QLabel(label)), slider_(new QSlider(Qt::Horizontal)), spin_(new QDoubleSpinBox) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(4);
  label_->setMinimumWidth(34);
  label_->setVisible(!label.isEmpty());  // in a table the column header names the value
  slider_->setRange(0, kSteps);
  slider_->setMinimumWidth(50);
  spin_->setDecimals(3);
  spin_->setSingleStep(0.01);
  spin_->setKeyboardTracking(false);  // typing "0.25" must not apply 0, then 0.2, then 0.25
  spin_->setMinimumWidth(70);
  layout->addWidget(label_);
  layout->addWidget(slider_, 1);
  layout->addWidget(spin_);
  setRanges(-1.0, 1.0, -1e6, 1e6);

  connect(slider_, &QSlider::valueChanged, this, [this](int position) {
    // Back at the position of the value it was given, the slider gives that value back exactly
    // (not its 0.1 % quantisation): touching a slider and putting it back changes nothing.
    const double v = position == toSlider(anchor_) ? anchor_ : snapped(fromSlider(position));
    // A snapped drag crosses many positions per grid line: report each new value once.
    if (snap_ > 0.0 && v == value_) return;
    value_ = v;
    const QSignalBlocker block(spin_);
    spin_->setValue(value_);
    emit valueEdited(value_, slider_->isSliderDown());
  });
  connect(slider_, &QSlider::sliderReleased, this, &ValueSlider::dragFinished);
  connect(spin_, &QDoubleSpinBox::valueChanged, this, [this](double typed) {
    const double v = snapped(typed);
    if (v != typed) {
      const QSignalBlocker block(spin_);
      spin_->setValue(v);
    }
    if (v == value_) return;
    value_ = v;
    const QSignalBlocker block(slider_);
    slider_->setValue(toSlider(v));
    emit valueEdited(value_, false);
  });
}

void ValueSlider::setRanges(double lo, double hi, double hardLo, double hardHi) {
  lo_ = lo;
  hi_ = hi > lo ? hi : lo + 1.0;
  const QSignalBlocker blockSpin(spin_);
  const QSignalBlocker blockSlider(slider_);
  spin_->setRange(std::min(hardLo, lo_), std::max(hardHi, hi_));
  spin_->setValue(value_);
  slider_->setValue(toSlider(value_));
}

void ValueSlider::setDecimals(int decimals) {
  const QSignalBlocker block(spin_);
  spin_->setDecimals(decimals);
  spin_->setSingleStep(std::pow(10.0, -std::min(decimals, 3) + 1) / 10.0);
  spin_->setValue(value_);
}

void ValueSlider::setSuffix(const QString& suffix) { spin_->setSuffix(suffix); }

void ValueSlider::setLabel(const QString& text) {
  label_->setText(text);
  label_->setVisible(!text.isEmpty());
}

void ValueSlider::setSnapStep(double step) {
  snap_ = step > 0.0 && std::isfinite(step) ? step : 0.0;
  const QSignalBlocker block(spin_);
  if (snap_ > 0.0) spin_->setSingleStep(snap_);
}

double ValueSlider::snapped(double v) const {
  if (!(snap_ > 0.0)) return v;
  // Grid lines inside the soft range; the nearest one outside it when the range holds none.
  const double kLo = std::ceil(lo_ / snap_ - 1e-9), kHi = std::floor(hi_ / snap_ + 1e-9);
  double k = std::round(v / snap_);
  if (kLo <= kHi) k = std::clamp(k, kLo, kHi);
  return k * snap_;
}

void ValueSlider::setLabelToolTip(const QString& tip) {
  label_->setToolTip(tip);
  slider_->setToolTip(tip);
  spin_->setToolTip(tip);
}

void ValueSlider::setValue(double value) {
  value_ = value;
  {
    const QSignalBlocker block(spin_);
    spin_->setValue(value);
  }
  // Moving the handle under the user's mouse would fight the drag (and quantize the value).
  if (!slider_->isSliderDown()) {
    anchor_ = value;
    const QSignalBlocker block(slider_);
    slider_->setValue(toSlider(value));
  }
}

int ValueSlider::toSlider(double v) const {
  const double u = (v - lo_) / (hi_ - lo_);
  return static_cast<int>(std::lround(std::clamp(u, 0.0, 1.0) * kSteps));
}

double ValueSlider::fromSlider(int position) const { return lo_ + (hi_ - lo_) * position / kSteps; }

}  // namespace eb::widgets
