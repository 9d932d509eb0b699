#include "app/wizard/wizard_text.hpp"

#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace eb::wizard {

QString stripSource(const std::string& message, const QString& path) {
  QString text = QString::fromUtf8(message.c_str());
  for (const QString& prefix : {path, QFileInfo(path).fileName()})
    if (!prefix.isEmpty() && text.startsWith(prefix + ": ")) return text.mid(prefix.size() + 2);
  return text;
}

std::size_t lineOfMessage(const QString& message) {
  static const QRegularExpression re(QStringLiteral("\\bline (\\d+)"));
  const QRegularExpressionMatch m = re.match(message);
  return m.hasMatch() ? m.captured(1).toULongLong() : 0;
}

QString countOf(long long n, const QString& singular, const QString& plural) {
  return QString("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

QString formatNumber(double value, int digits) {
  if (std::isnan(value)) return QStringLiteral("nan");
  if (std::isinf(value)) return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return QString::number(value, 'g', digits);
}

}  // namespace eb::wizard
