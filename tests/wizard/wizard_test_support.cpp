#include "wizard_test_support.hpp"

#include "excitation/default_excitation.hpp"
#include "simulation/simulated_log_csv.hpp"
#include "simulation/experiment_simulator.hpp"
#include "test_paths.hpp"

#include <QFile>
#include <QProcess>
#include <QTextStream>

namespace eb::wizard::test {

long writeSimulatedLog(const RobotModel& model, const QString& path, const SimulatedRun& run) {
  FourierTrajectory trajectory = defaultExcitation(model, run.period, run.harmonics);
  trajectory.setCycles(run.cycles);
  SimulationSettings settings;
  settings.rateHz = run.rateHz;
  settings.noiseTorque = run.noiseTorque;
  settings.noisePosition = run.noisePosition;
  settings.seed = run.seed;
  const SimulatedLog log = simulateExperiment(model, trajectory, settings);
  writeSimulatedLogCsv(path.toStdString(), log);
  return static_cast<long>(log.t.size());
}

int runCli(const QStringList& args, QString* output) {
  QProcess process;
  process.setProcessChannelMode(QProcess::MergedChannels);
  process.start(QString::fromUtf8(eb::test_paths::kCliPath), args);
  process.waitForFinished(300000);
  if (output) *output = QString::fromUtf8(process.readAll());
  return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

QStringList readLines(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
  if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast();
  return lines;
}

void writeLines(const QString& path, const QStringList& lines) {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return;
  file.write((lines.join('\n') + '\n').toUtf8());
}

void writeLogWithField(const QString& from, const QString& to, int line, int field, const QString& value) {
  QStringList lines = readLines(from);
  QStringList fields = lines[line - 1].split(',');
  fields[field] = value;
  lines[line - 1] = fields.join(',');
  writeLines(to, lines);
}

QStringList withoutColumn(QStringList lines, const QString& name) {
  const int k = lines.isEmpty() ? -1 : lines[0].split(',').indexOf(name);
  for (QString& line : lines) {
    QStringList f = line.split(',');
    if (k >= 0 && k < f.size()) f.removeAt(k);
    line = f.join(',');
  }
  return lines;
}

}  // namespace eb::wizard::test
