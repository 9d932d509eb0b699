#include "app/wizard/controller/wizard_text.hpp"

#include <QObject>

namespace eb::wizard {

QString countOf(long long n, const QString& singular, const QString& plural) {
  return QString("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

QString logFileDialogFilter() {
  return QObject::tr("Logs (*.csv *.txt *.tsv *.dat *.log *.mat *.mcap *.db3 metadata.yaml);;All files (*)");
}

}  // namespace eb::wizard
