#pragma once
// Shared by the workbench and wizard tests (issue 43): the texts a person sees cut on the charts.
// Qt Charts elides an axis label, axis title, chart title or legend entry that does not fit by
// ending it with "..."; every such text is a label a person cannot read.

#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QStringList>
#include <QWidget>

namespace eb::test_charts {

/// The cut texts of the visible charts under `root`, each as "chart title: text".
inline QStringList cutChartTexts(const QWidget* root) {
  QStringList cut;
  for (const QChartView* view : root->findChildren<QChartView*>()) {
    if (!view->isVisible() || !view->scene()) continue;
    const QString chart = view->chart()->title().isEmpty() ? view->objectName() : view->chart()->title();
    for (const QGraphicsItem* item : view->scene()->items()) {
      const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
      if (!text || !text->isVisible()) continue;
      const QString plain = text->toPlainText();
      if (plain.contains(QStringLiteral("...")) || plain.contains(QChar(0x2026)))
        cut << QString("%1: \"%2\"").arg(chart, plain);
    }
  }
  return cut;
}

}  // namespace eb::test_charts
