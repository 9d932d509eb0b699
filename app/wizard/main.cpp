// excitebench-identify: the identification wizard on its own, for one robot.
//   excitebench-identify [ROBOT] [LOG...] [--validation-log LOG] [--document FILE]
// ROBOT is a built-in name (default panda) or a URDF / DH table path; the logs
// are added to the Import page. --document loads an identification document
// (JSON) at start and writes it back when the wizard closes.
#include "app/wizard/identification_wizard.hpp"
#include "app/wizard/pages/validate_page.hpp"

#include "util/input_error.hpp"
#include "model/robot_loader.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMessageBox>
#include <QSaveFile>

#include <cstdio>
#include <cstring>

namespace {

const char* kUsage =
    "Usage: excitebench-identify [ROBOT] [LOG...] [--validation-log LOG] [--document FILE]\n"
    "Opens the identification wizard for ROBOT (built-in name: planar2r, panda, ur5, snake:N;\n"
    "or a URDF / DH table path; default panda) with the logs on its Import page.\n"
    "  --validation-log LOG  independent log for the Validate page\n"
    "  --document FILE       identification document (JSON) to load, written back on close\n";

}  // namespace

int main(int argc, char** argv) {
  // Help without a display.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--help") == 0) {
      std::fputs(kUsage, stdout);
      return 0;
    }
  QApplication app(argc, argv);
  QApplication::setOrganizationName("ExciteBench");
  QApplication::setApplicationName("excitebench-identify");
  QCommandLineParser parser;
  parser.setApplicationDescription("ExciteBench identification wizard");
  parser.addPositionalArgument("robot", "Built-in robot (planar2r, panda, ur5, snake:N) or URDF / DH path", "[ROBOT]");
  parser.addPositionalArgument("logs", "Experiment logs to import", "[LOG...]");
  const QCommandLineOption validation("validation-log", "Independent log for the Validate page", "LOG");
  const QCommandLineOption documentOption("document", "Identification document (JSON) to load and save", "FILE");
  parser.addOption(validation);
  parser.addOption(documentOption);
  parser.process(app);
  QStringList args = parser.positionalArguments();
  const QString spec = args.isEmpty() ? QStringLiteral("panda") : args.takeFirst();

  eb::RobotModel model;
  try {
    model = eb::loadRobot(spec.toStdString());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "excitebench-identify: %s\n", e.what());
    QMessageBox::critical(nullptr, "excitebench-identify", QString::fromUtf8(e.what()));
    return 1;
  }
  eb::wizard::IdentificationWizard wizard(model, spec);
  const QString documentPath = parser.value(documentOption);
  if (!documentPath.isEmpty() && QFile::exists(documentPath)) {
    QFile file(documentPath);
    try {
      if (!file.open(QIODevice::ReadOnly)) throw eb::inputErrorAt(documentPath.toStdString(), 0, "", "cannot open");
      wizard.document()->readJson(QJsonDocument::fromJson(file.readAll()).object(),
                                  QFileInfo(documentPath).absolutePath(), documentPath);
    } catch (const eb::InputError& e) {
      std::fprintf(stderr, "excitebench-identify: %s\n", e.what());  // "<file>: <JSON path>: <what>"
    }
  }
  if (!args.isEmpty()) wizard.addLogs(args);
  if (parser.isSet(validation)) wizard.document()->setValidationLog(QFileInfo(parser.value(validation)).absoluteFilePath());
  wizard.show();
  const int status = app.exec();
  if (!documentPath.isEmpty()) {
    QSaveFile file(documentPath);  // atomic: the old file stays until the new one is complete
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(wizard.document()->toJson(QFileInfo(documentPath).absolutePath())).toJson()) < 0 ||
        !file.commit())
      std::fprintf(stderr, "excitebench-identify: %s: cannot write\n", qPrintable(documentPath));
  }
  return status;
}
