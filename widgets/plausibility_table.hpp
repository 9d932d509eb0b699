#pragma once
// The per-link table of a physically consistent estimate: each link's identified
// mass, whether it is plausible (a mark readable without colour: "✓ plausible" /
// "✗ NOT plausible"), the share of its mass, COM and inertia the data determined,
// and the problems of an implausible link (in a column, the row's tooltip and a
// detail line under the table), with a summary "N of M links plausible". It shows
// the engine's ReportLink rows (reportLinks, as the HTML report does); the
// plausibility is checked elsewhere, off the GUI thread (it reads mesh files).

#include "report/identification_report.hpp"

#include <QWidget>

#include <vector>

class QLabel;
class QTextEdit;
class QTableWidget;

namespace eb::widgets {

/// The mark shown for a verdict: "✓ plausible" or "✗ NOT plausible".
QString plausibilityMark(bool plausible);

/// "6 of 7 links plausible (geometry bounds, density ≤ 10000 kg/m³)", as the CLI's last line.
QString plausibilitySummary(const std::vector<ReportLink>& links);

class PlausibilityTable : public QWidget {
  Q_OBJECT
 public:
  enum Column { CLink, CMass, CMark, CMassShare, CComShare, CInertiaShare, CProblems, CCount };

  explicit PlausibilityTable(QWidget* parent = nullptr);

  /// Shows `links` (one row each); with none, shows `message` instead of the table.
  void setLinks(const std::vector<ReportLink>& links, const QString& message = {});

 private:
  QLabel* summaryLabel_;
  QTableWidget* table_;
  QTextEdit* details_;
};

}  // namespace eb::widgets
