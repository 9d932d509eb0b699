#include "widgets/display_text.hpp"

#include <QObject>

#include <cmath>

namespace eb::widgets {

QStringList toQStringList(const std::vector<std::string>& strings) {
  QStringList out;
  for (const std::string& s : strings) out << QString::fromStdString(s);
  return out;
}

QString formatNumber(double value, int digits) {
  if (std::isnan(value)) return QStringLiteral("nan");
  if (std::isinf(value)) return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return QString::number(value, 'g', digits);
}

QString delimiterLabel(char delimiter) {
  switch (delimiter) {
    case ',': return QObject::tr("comma");
    case ';': return QObject::tr("semicolon");
    case '\t': return QObject::tr("tab");
    case ' ': return QObject::tr("blanks");
    case '|': return QObject::tr("bar");
    default: return QString(QChar(delimiter));
  }
}

QString methodLabel(EstimationMethod method) {
  switch (method) {
    case EstimationMethod::Ols: return QObject::tr("Ordinary least squares (OLS)");
    case EstimationMethod::Wls: return QObject::tr("Weighted least squares (WLS)");
    case EstimationMethod::Ridge: return QObject::tr("Ridge regression");
    case EstimationMethod::Consistent: return QObject::tr("Physically consistent");
    case EstimationMethod::Auto: return QObject::tr("Automatic (best on held-out data)");
  }
  return {};
}

QString diagnosticText(const Diagnostic& d) {
  // Diagnostic::text() leaves out the parts that are empty: without file and line it is the
  // field and the message, one line.
  Diagnostic placeless = d;
  placeless.file.clear();
  placeless.line = 0;
  return QString::fromStdString(placeless.text());
}

QString countOf(long long n, const QString& singular, const QString& plural) {
  return QString("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

QString logFileDialogFilter() {
  return QObject::tr("Logs (*.csv *.txt *.tsv *.dat *.log *.mat *.mcap *.db3 metadata.yaml);;All files (*)");
}

}  // namespace eb::widgets
