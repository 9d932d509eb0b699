#pragma once
// ValueSlider: one edited number as a label, a slider and a spin box that stay
// in step. The slider has a soft range (what a drag covers), the spin box a
// hard range (what can be typed), and can snap values to a grid. It reports every change with `dragging` set
// while the slider is held, so the document can merge a drag into one undo step. A drag that comes
// back to where it started gives back the value it started from, exactly.

#include <QWidget>

class QLabel;
class QSlider;
class QDoubleSpinBox;

namespace eb::widgets {

class ValueSlider : public QWidget {
  Q_OBJECT
 public:
  /// An empty `label` is not shown (a table names its columns once).
  explicit ValueSlider(const QString& label, QWidget* parent = nullptr);

  /// Slider range [lo, hi]; the spin box accepts [hardLo, hardHi].
  void setRanges(double lo, double hi, double hardLo, double hardHi);
  void setDecimals(int decimals);
  void setSuffix(const QString& suffix);
  void setLabelToolTip(const QString& tip);
  /// Label text (a name, with the unit where the spin box has none); empty: no label.
  void setLabel(const QString& text);
  /// Values land on multiples of `step` inside the soft range (slider and typed); 0: free.
  void setSnapStep(double step);
  double snapStep() const { return snap_; }
  double value() const { return value_; }
  /// Shows `value` without emitting; leaves the slider alone while the user drags it.
  void setValue(double value);

  QSlider* slider() const { return slider_; }
  QDoubleSpinBox* spinBox() const { return spin_; }

 signals:
  /// The user changed the value; `dragging` is true while the slider is held down.
  void valueEdited(double value, bool dragging);
  /// The slider was released after a drag (closes the merged undo step).
  void dragFinished();

 private:
  int toSlider(double v) const;
  double fromSlider(int position) const;
  /// `v` on the snap grid (the nearest multiple of the step inside the soft range), or `v` itself.
  double snapped(double v) const;

  QLabel* label_;
  QSlider* slider_;
  QDoubleSpinBox* spin_;
  double lo_ = -1.0, hi_ = 1.0;
  double value_ = 0.0;
  double anchor_ = 0.0;  // the value last given by setValue outside a drag: its slider position gives it back
  double snap_ = 0.0;
};

}  // namespace eb::widgets
