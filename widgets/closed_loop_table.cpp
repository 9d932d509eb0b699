#include "widgets/closed_loop_table.hpp"

#include "widgets/display_text.hpp"
#include "widgets/result_table.hpp"

namespace eb::widgets {

ClosedLoopTable::ClosedLoopTable(QWidget* parent) : QTableWidget(parent) {
  styleResultTable(this,
                   {tr("Joint"), tr("Identified\nRMS [rad]"), tr("Identified\nmax [rad]"),
                    tr("Description's\nRMS [rad]"), tr("Description's\nmax [rad]")},
                   "closedLoopTable");
}

void ClosedLoopTable::clearComparison() { setRowCount(0); }

void ClosedLoopTable::setComparison(const ClosedLoopComparison& comparison,
                                    const std::vector<std::string>& jointNames) {
  const int n = static_cast<int>(jointNames.size());
  setRowCount(n);
  for (int j = 0; j < n; ++j) {
    const TrackingReport* runs[4] = {&comparison.identified, &comparison.identified, &comparison.robotsOwn,
                                     &comparison.robotsOwn};
    const double values[4] = {comparison.identified.rms[j], comparison.identified.max[j], comparison.robotsOwn.rms[j],
                              comparison.robotsOwn.max[j]};
    auto* name = new QTableWidgetItem(
        QString("%1  %2").arg(j + 1).arg(QString::fromStdString(jointNames[static_cast<std::size_t>(j)])));
    setItem(j, 0, name);
    for (int c = 0; c < 4; ++c) {
      auto* item = new QTableWidgetItem(runs[c]->diverged ? tr("unstable") : formatNumber(values[c], 3));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if ((c == 1 || c == 3) && values[c] > kTrackingErrorBar) item->setForeground(QColor(176, 0, 32));
      setItem(j, c + 1, item);
    }
  }
  horizontalHeaderItem(3)->setText(comparison.robotsOwnGiven.empty() ? tr("Description's\nRMS [rad]")
                                                                     : tr("Description's +\nfriction RMS [rad]"));
  horizontalHeaderItem(4)->setText(comparison.robotsOwnGiven.empty() ? tr("Description's\nmax [rad]")
                                                                     : tr("Description's +\nfriction max [rad]"));
}

QString ClosedLoopTable::summaryText(const ClosedLoopComparison& comparison,
                                     const std::vector<std::string>& jointNames) {
  const auto line = [&jointNames](const TrackingReport& r) {
    if (r.diverged)
      return tr("unstable, the loop diverged at %1 s (a model with indefinite inertia does this: the physically "
                "consistent method keeps it positive)")
          .arg(formatNumber(r.divergedAt, 3));
    return tr("%1 rad (%2 at %3 s): %4 the %5 rad bar")
        .arg(formatNumber(r.maxError, 3), QString::fromStdString(jointNames[static_cast<std::size_t>(r.maxErrorJoint)]),
             formatNumber(r.maxErrorTime, 3), r.maxError <= kTrackingErrorBar ? tr("within") : tr("beyond"),
             formatNumber(kTrackingErrorBar, 2));
  };
  const auto given = [](const std::string& what) {
    return what.empty() ? QString() : tr(" (given %1)").arg(QString::fromStdString(what));
  };
  return tr("%1 s tracked at 1 kHz. Worst error with the estimate%2: %3.<br>With the description's own "
            "parameters%4: %5.<br>%6")
      .arg(formatNumber(comparison.identified.duration, 4), given(comparison.identifiedGiven),
           line(comparison.identified), given(comparison.robotsOwnGiven), line(comparison.robotsOwn),
           QString::fromStdString(closedLoopVerdict(comparison)).toHtmlEscaped());
}

}  // namespace eb::widgets
