#include "app/gui/frame_export_dialog.hpp"

#include "app/common/window_fit.hpp"
#include "app/gui/export_controller.hpp"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace eb::gui {

QString FrameExportDialog::summary() {
  return tr("Export the playback of the 3D view as numbered PNG images (frame_00000.png, ...) into a folder");
}

FrameExportDialog::FrameExportDialog(double duration, const QString& folder, QWidget* parent)
    : QDialog(parent),
      duration_(duration),
      description_(new QLabel),
      folder_(new QLineEdit(folder)),
      fps_(new QDoubleSpinBox),
      count_(new QLabel),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
  setWindowTitle(tr("Export playback as PNG frames"));
  description_->setWordWrap(true);
  description_->setText(tr("Steps the 3D view, as it looks now, through the whole excitation (%1 s) and saves "
                           "each frame as a numbered PNG image (frame_00000.png, frame_00001.png, ...) in the "
                           "folder below, e.g. to make a video. Files of the same name are overwritten.")
                            .arg(duration, 0, 'f', 2));
  folder_->setPlaceholderText(tr("folder for the PNG frames"));
  auto* browse = new QPushButton(tr("Choose..."));
  auto* folderRow = new QHBoxLayout;
  folderRow->addWidget(folder_, 1);
  folderRow->addWidget(browse);
  fps_->setRange(1.0, 240.0);
  fps_->setDecimals(1);
  fps_->setValue(30.0);
  fps_->setSuffix(tr(" frames/s"));
  buttons_->button(QDialogButtonBox::Ok)->setText(tr("Export frames"));

  auto* form = new QFormLayout;
  form->addRow(tr("Folder"), folderRow);
  form->addRow(tr("Frame rate"), fps_);
  form->addRow(QString(), count_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(description_);
  layout->addLayout(form);
  layout->addWidget(buttons_);
  setMinimumWidth(460);
  common::fitToScreen(this, sizeHint());  // 460 px and the text, within a small screen

  connect(browse, &QPushButton::clicked, this, &FrameExportDialog::chooseFolder);
  connect(folder_, &QLineEdit::textChanged, this, &FrameExportDialog::update);
  connect(fps_, &QDoubleSpinBox::valueChanged, this, &FrameExportDialog::update);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  update();
}

QString FrameExportDialog::folder() const { return folder_->text().trimmed(); }
double FrameExportDialog::framesPerSecond() const { return fps_->value(); }
void FrameExportDialog::setFolder(const QString& folder) { folder_->setText(folder); }
void FrameExportDialog::setFramesPerSecond(double fps) { fps_->setValue(fps); }
QString FrameExportDialog::description() const { return description_->text(); }

void FrameExportDialog::chooseFolder() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the PNG frames"), folder());
  if (!dir.isEmpty()) folder_->setText(dir);
}

void FrameExportDialog::update() {
  const int frames = ExportController::frameCount(duration_, framesPerSecond());
  count_->setText(frames == 1 ? tr("1 PNG image") : tr("%1 PNG images").arg(frames));
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(!folder().isEmpty());
}

}  // namespace eb::gui
