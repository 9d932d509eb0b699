#include "widgets/plausibility_table.hpp"

#include "identification/plausibility.hpp"
#include "widgets/display_text.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTextEdit>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace eb::widgets {
namespace {

QString percent(double share) { return std::isfinite(share) ? QString::number(100.0 * share, 'f', 0) : QString("-"); }

// The share of part `k` (0 mass, 1 COM, 2 inertia); NaN when not reported.
double shareOf(const ReportLink& link, int k) {
  return link.dataShare ? (*link.dataShare)[static_cast<std::size_t>(k)] : std::nan("");
}

// Problems, then notes in parentheses (as the CLI lists them under a link).
QStringList findings(const ReportLink& link) {
  QStringList out = toQStringList(link.problems);
  for (const std::string& n : link.notes) out << QString("(%1)").arg(QString::fromStdString(n));
  return out;
}

QString densityLimit() { return QString::number(PlausibilityLimits{}.maxDensity, 'f', 0); }

}  // namespace

QString plausibilityMark(bool plausible) {
  return plausible ? QObject::tr("✓ plausible") : QObject::tr("✗ NOT plausible");
}

QString plausibilitySummary(const std::vector<ReportLink>& links) {
  int plausible = 0;
  for (const ReportLink& l : links) plausible += l.plausible ? 1 : 0;
  return QObject::tr("%1 of %2 links plausible (bounds from geometry or joint origins, density ≤ %3 kg/m³)")
      .arg(plausible)
      .arg(links.size())
      .arg(densityLimit());
}

PlausibilityTable::PlausibilityTable(QWidget* parent) : QWidget(parent) {
  summaryLabel_ = new QLabel;
  summaryLabel_->setObjectName("plausibilitySummary");
  summaryLabel_->setWordWrap(true);
  table_ = new QTableWidget(0, CCount);
  table_->setObjectName("plausibilityTable");
  table_->setHorizontalHeaderLabels({tr("Link"), tr("Mass [kg]"), tr("Plausible"), tr("Mass\nfrom data"),
                                     tr("COM\nfrom data"), tr("Inertia\nfrom data"), tr("Problems (notes)")});
  const QString shareTip = tr("How much of it the data determined [%]: 0 = the prior's (the model's own value), "
                              "100 = the data's");
  for (int c : {CMassShare, CComShare, CInertiaShare}) table_->horizontalHeaderItem(c)->setToolTip(shareTip);
  table_->horizontalHeaderItem(CMark)->setToolTip(
      tr("COM and second moments inside the link geometry's bounds, density at most %1 kg/m³, "
         "pseudo-inertia positive definite")
          .arg(densityLimit()));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(22);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  table_->horizontalHeader()->setSectionResizeMode(CLink, QHeaderView::ResizeToContents);
  table_->setColumnWidth(CMass, 66);
  table_->setColumnWidth(CMark, 122);
  for (int c : {CMassShare, CComShare, CInertiaShare}) table_->setColumnWidth(c, 62);
  // The problems of every implausible link, 3 lines high (scrolls): the table keeps its rows.
  details_ = new QTextEdit;
  details_->setObjectName("plausibilityDetails");
  details_->setReadOnly(true);
  details_->setFrameShape(QFrame::NoFrame);
  details_->viewport()->setAutoFillBackground(false);
  details_->document()->setDocumentMargin(1);
  details_->setFixedHeight(3 * fontMetrics().lineSpacing() + 4);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(summaryLabel_);
  layout->addWidget(table_, 1);
  layout->addWidget(details_);
  setLinks({});
}

void PlausibilityTable::setLinks(const std::vector<ReportLink>& links, const QString& message) {
  table_->setRowCount(0);
  table_->setVisible(!links.empty());
  if (links.empty()) {
    summaryLabel_->setText(message);
    details_->clear();
    details_->hide();
    return;
  }
  const QColor good(0x1b, 0x7f, 0x3b), bad(0xb0, 0x00, 0x20);
  QStringList details;
  table_->setRowCount(static_cast<int>(links.size()));
  for (int row = 0; row < static_cast<int>(links.size()); ++row) {
    const ReportLink& l = links[static_cast<size_t>(row)];
    const QString name = QString::fromStdString(l.name);
    const QStringList found = findings(l);
    QTableWidgetItem* items[CCount] = {new QTableWidgetItem(name),
                                       new QTableWidgetItem(formatNumber(l.mass, 4)),
                                       new QTableWidgetItem(plausibilityMark(l.plausible)),
                                       new QTableWidgetItem(percent(shareOf(l, 0))),
                                       new QTableWidgetItem(percent(shareOf(l, 1))),
                                       new QTableWidgetItem(percent(shareOf(l, 2))),
                                       new QTableWidgetItem(found.join("; "))};
    for (int c : {CMass, CMassShare, CComShare, CInertiaShare})
      items[c]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    items[CMark]->setForeground(l.plausible ? good : bad);
    QFont bold = items[CMark]->font();
    bold.setBold(!l.plausible);
    items[CMark]->setFont(bold);
    const QString tip = found.isEmpty() ? tr("%1: every check passed").arg(name)
                                        : QString("%1: %2\n%3").arg(name, plausibilityMark(l.plausible), found.join('\n'));
    for (int c = 0; c < CCount; ++c) {
      items[c]->setToolTip(tip);
      table_->setItem(row, c, items[c]);
    }
    if (!l.plausible) details << QString("<b>%1</b>: %2").arg(name.toHtmlEscaped(), toQStringList(l.problems).join("; ").toHtmlEscaped());
  }
  summaryLabel_->setText(plausibilitySummary(links));
  details_->setHtml(details.join("<br>"));
  details_->setVisible(!details.isEmpty());
}

}  // namespace eb::widgets
