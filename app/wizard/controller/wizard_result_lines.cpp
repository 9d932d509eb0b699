#include "app/wizard/controller/wizard_result_lines.hpp"

#include "app/wizard/controller/wizard_text.hpp"

#include <QFileInfo>
#include <QObject>
#include <QStringList>

#include <algorithm>

namespace eb::wizard {

QString estimateResultLine(const QString& robot, const ResultsSummary& results, int logs) {
  QString line = QObject::tr("Identified %1 (%2) from %3, %4 samples: %5 base parameters, condition %6")
                     .arg(robot, QString::fromUtf8(estimationMethodName(results.method)),
                          countOf(logs, QObject::tr("log"), QObject::tr("logs")))
                     .arg(results.samples)
                     .arg(results.parameters.size())
                     .arg(formatNumber(results.condition, 4));
  int worst = -1;
  for (int j = 0; j < static_cast<int>(results.joints.size()); ++j)
    if (worst < 0 || results.joints[size_t(j)].residualRms > results.joints[size_t(worst)].residualRms) worst = j;
  if (worst >= 0)
    line += QObject::tr(", largest residual RMS %1 N m (joint %2)")
                .arg(formatNumber(results.joints[size_t(worst)].residualRms, 4))
                .arg(worst + 1);
  return line;
}

QString validationResultLine(const ValidationSummary& validation) {
  QStringList nrmse;
  int worst = -1;
  double modelWorst = 0.0;
  for (int j = 0; j < static_cast<int>(validation.joints.size()); ++j) {
    const JointValidation& v = validation.joints[size_t(j)];
    nrmse << QString::number(v.nrmse, 'f', 1);
    if (worst < 0 || v.nrmse > validation.joints[size_t(worst)].nrmse) worst = j;
    modelWorst = std::max(modelWorst, v.modelNrmse);
  }
  QString line = QObject::tr("Validated on %1 (%2 samples)").arg(QFileInfo(validation.logPath).fileName()).arg(validation.samples);
  if (worst < 0) return line;
  return line + QObject::tr(": NRMSE %1 % per joint (worst %2 % on joint %3; the model's own parameters %4 %)")
                    .arg(nrmse.join(' '))
                    .arg(validation.joints[size_t(worst)].nrmse, 0, 'f', 1)
                    .arg(worst + 1)
                    .arg(modelWorst, 0, 'f', 1);
}

}  // namespace eb::wizard
