#pragma once
// FrameExportDialog: what "Frames..." (File > Export > Frame sequence) does,
// said before it asks anything — the playback of the 3D view written as
// numbered PNG images into a folder — with the folder, the frame rate and
// the resulting number of frames on one page.

#include <QDialog>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace eb::gui {

class FrameExportDialog : public QDialog {
  Q_OBJECT
 public:
  /// `duration` [s]: the excitation's length, one playback; `folder`: the one proposed.
  FrameExportDialog(double duration, const QString& folder, QWidget* parent = nullptr);

  /// One sentence for the action's status tip and the playback bar's button.
  static QString summary();
  QString folder() const;
  double framesPerSecond() const;
  void setFolder(const QString& folder);
  void setFramesPerSecond(double fps);
  /// The text at the top of the dialog (tests).
  QString description() const;

 private:
  void chooseFolder();
  void update();

  double duration_;
  QLabel* description_;
  QLineEdit* folder_;
  QDoubleSpinBox* fps_;
  QLabel* count_;
  QDialogButtonBox* buttons_;
};

}  // namespace eb::gui
