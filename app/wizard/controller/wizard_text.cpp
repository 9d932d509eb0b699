#include "app/wizard/controller/wizard_text.hpp"

#include <QObject>

#include <cmath>

namespace eb::wizard {

QStringList toQStringList(const std::vector<std::string>& strings) {
  QStringList out;
  for (const std::string& s : strings) out << QString::fromStdString(s);
  return out;
}

QString countOf(long long n, const QString& singular, const QString& plural) {
  return QString("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

QString formatNumber(double value, int digits) {
  if (std::isnan(value)) return QStringLiteral("nan");
  if (std::isinf(value)) return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return QString::number(value, 'g', digits);
}

QString logFileDialogFilter() {
  return QObject::tr("Logs (*.csv *.txt *.tsv *.dat *.log *.mat *.mcap *.db3 metadata.yaml);;All files (*)");
}

}  // namespace eb::wizard
