#include "widgets/diagnostic_list.hpp"

#include "widgets/display_text.hpp"

#include <QFileInfo>
#include <QHeaderView>
#include <QStyle>

namespace eb::widgets {

QString problemLine(const Diagnostic& p) {
  return p.line ? QObject::tr("line %1: %2").arg(p.line).arg(diagnosticText(p)) : diagnosticText(p);
}

DiagnosticList::DiagnosticList(QWidget* parent) : QTreeWidget(parent) {
  setObjectName("problemList");
  setColumnCount(3);
  setHeaderLabels({tr("Log"), tr("Line"), tr("Problem")});
  setRootIsDecorated(false);
  setWordWrap(true);
  setUniformRowHeights(false);
  header()->setStretchLastSection(true);
  setColumnWidth(0, 160);
  setColumnWidth(1, 52);
  setIconSize(QSize(16, 16));
  const auto activate = [this](QTreeWidgetItem* item) {
    if (!item) return;
    emit placeActivated(item->data(0, Qt::UserRole).toString(), item->data(1, Qt::UserRole).toULongLong(),
                        item->data(2, Qt::UserRole).toString());
  };
  connect(this, &QTreeWidget::itemActivated, this, activate);
  connect(this, &QTreeWidget::itemClicked, this, activate);
}

void DiagnosticList::setProblems(const std::vector<Diagnostic>& problems) {
  clear();
  for (const Diagnostic& p : problems) {
    const QString path = QString::fromStdString(p.file);
    auto* item = new QTreeWidgetItem;
    item->setText(0, QFileInfo(path).fileName());
    item->setToolTip(0, path);
    item->setText(1, p.line ? QString::number(p.line) : QString());
    item->setText(2, diagnosticText(p));
    item->setToolTip(1, problemLine(p));
    item->setToolTip(2, problemLine(p));
    const QStyle::StandardPixmap icon = p.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                                        : p.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                      : QStyle::SP_MessageBoxInformation;
    item->setIcon(0, style()->standardIcon(icon));
    if (p.severity == Severity::Error) item->setForeground(2, QColor(176, 0, 32));
    if (p.severity == Severity::Note) item->setForeground(2, QColor(90, 90, 90));
    item->setData(0, Qt::UserRole, path);
    item->setData(1, Qt::UserRole, static_cast<qulonglong>(p.line));
    item->setData(2, Qt::UserRole, QString::fromStdString(p.field));
    addTopLevelItem(item);
  }
}

}  // namespace eb::widgets
