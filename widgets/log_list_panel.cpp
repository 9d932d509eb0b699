#include "widgets/log_list_panel.hpp"

#include "widgets/diagnostic_list.hpp"
#include "widgets/display_text.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace eb::widgets {

LogListPanel::LogListPanel(QWidget* parent) : QGroupBox(tr("Logs"), parent) {
  list_ = new QListWidget;
  list_->setObjectName("logList");
  list_->setMinimumWidth(200);
  list_->setIconSize(QSize(16, 16));
  auto* addButton = new QPushButton(tr("Add logs..."));
  addButton->setObjectName("addLogsButton");
  removeButton_ = new QPushButton(tr("Remove"));
  removeButton_->setObjectName("removeLogButton");
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(addButton);
  buttons->addWidget(removeButton_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(list_);
  layout->addLayout(buttons);
  connect(addButton, &QPushButton::clicked, this, &LogListPanel::addDialog);
  connect(removeButton_, &QPushButton::clicked, this, &LogListPanel::removeRequested);
  connect(list_, &QListWidget::currentRowChanged, this, &LogListPanel::currentChanged);
}

void LogListPanel::addDialog() {
  QSettings settings;
  const QString dir = settings.value("identificationWizard/logDirectory").toString();
  const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Add experiment logs"), dir, logFileDialogFilter());
  if (paths.isEmpty()) return;
  settings.setValue("identificationWizard/logDirectory", QFileInfo(paths.front()).absolutePath());
  emit addRequested(paths);
}

void LogListPanel::showLogs(const QStringList& paths, const std::vector<Diagnostic>& problems, bool checked) {
  const int current = list_->currentRow();
  const QSignalBlocker block(list_);
  list_->clear();
  for (const QString& path : paths) {
    auto* item = new QListWidgetItem(QFileInfo(path).fileName());
    bool error = false, warning = false;
    QStringList tip{path};  // the name is cut in a narrow list: the tooltip has all its problems in full
    for (const Diagnostic& p : problems)
      if (p.file == path.toStdString()) {
        error |= p.severity == Severity::Error;
        warning |= p.severity == Severity::Warning;
        if (p.severity != Severity::Note) tip << problemLine(p);
      }
    item->setToolTip(tip.join('\n'));
    const QStyle::StandardPixmap icon = error     ? QStyle::SP_MessageBoxCritical
                                        : warning ? QStyle::SP_MessageBoxWarning
                                        : checked ? QStyle::SP_DialogApplyButton
                                                  : QStyle::SP_BrowserReload;
    item->setIcon(style()->standardIcon(icon));
    list_->addItem(item);
  }
  list_->setCurrentRow(std::min(current < 0 ? 0 : current, static_cast<int>(paths.size()) - 1));
}

int LogListPanel::current() const { return list_->currentRow(); }

void LogListPanel::setCurrent(int row) { list_->setCurrentRow(row); }

void LogListPanel::setRemoveEnabled(bool on) { removeButton_->setEnabled(on); }

}  // namespace eb::widgets
