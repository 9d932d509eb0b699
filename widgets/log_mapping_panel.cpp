#include "widgets/log_mapping_panel.hpp"

#include "widgets/column_layout_field.hpp"
#include "widgets/column_mapping_editor.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace eb::widgets {

LogMappingPanel::LogMappingPanel(const std::vector<std::string>& jointNames, QWidget* parent)
    : QGroupBox(tr("Column mapping"), parent) {
  layoutField_ = new ColumnLayoutField;
  layoutField_->setJointCount(static_cast<int>(jointNames.size()));
  editor_ = new ColumnMappingEditor(jointNames);
  saveButton_ = new QPushButton(tr("Save mapping..."));
  saveButton_->setObjectName("saveMappingButton");
  saveButton_->setToolTip(tr("A mapping file for logs of this logger; the CLI reads it with --mapping"));
  loadButton_ = new QPushButton(tr("Load mapping..."));
  loadButton_->setObjectName("loadMappingButton");
  connect(saveButton_, &QPushButton::clicked, this, [this]() { pickFile(true); });
  connect(loadButton_, &QPushButton::clicked, this, [this]() { pickFile(false); });
  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(loadButton_);
  buttons->addWidget(saveButton_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(layoutField_);
  layout->addWidget(editor_, 1);
  layout->addLayout(buttons);
}

void LogMappingPanel::pickFile(bool save) {
  QSettings settings;
  const QString dir = settings.value("identificationWizard/mappingDirectory").toString();
  const QString filter = tr("Log mappings (*.json);;All files (*)");
  const QString path = save ? QFileDialog::getSaveFileName(this, tr("Save the column mapping"), dir, filter)
                            : QFileDialog::getOpenFileName(this, tr("Load a column mapping"), dir, filter);
  if (path.isEmpty()) return;
  settings.setValue("identificationWizard/mappingDirectory", QFileInfo(path).absolutePath());
  emit mappingFileChosen(path, save);
}

void LogMappingPanel::showLog(const LogScan& scan, const LogReadChoice& choice, bool severalLogs) {
  const bool named = scan.kind != LogFileKind::DelimitedText;  // read by variable or joint name
  const bool table = scan.preview.has_value();
  if (scan.kind == LogFileKind::Mat) {
    editor_->setUnavailable(tr("MATLAB files are mapped by variable name."));
  } else if (scan.kind == LogFileKind::RosBag) {
    editor_->setUnavailable(
        tr("ROS 2 bags are mapped by joint name: each JointState name[] entry that is one of the robot's joints "
           "(others, e.g. a gripper's, are listed and left out). The bag's topics and the joints found, with the "
           "robot joint each one is, are above."));
  } else if (!table) {
    editor_->setUnavailable(QString());
  } else {
    QStringList columns;
    for (const std::string& c : scan.preview->layout.columns) columns << QString::fromStdString(c);
    editor_->setMapping(choice.mapping, columns, choice.mappingEdited);
  }
  editor_->setApplyToAllEnabled(!named && table && severalLogs);
  layoutField_->setEnabled(!named && table);
  layoutField_->clearMessage();
  saveButton_->setEnabled(!named && !choice.mapping.joints.empty());
  loadButton_->setEnabled(!named);
}

void LogMappingPanel::clear() {
  editor_->setUnavailable(QString());
  layoutField_->setEnabled(false);
  layoutField_->clearMessage();
  saveButton_->setEnabled(false);
  loadButton_->setEnabled(false);
}

}  // namespace eb::widgets
