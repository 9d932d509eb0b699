#include "wizard_test_support.hpp"

#include "excitation/default_excitation.hpp"
#include "io/atomic_file.hpp"
#include "io/matrix_csv.hpp"
#include "simulation/experiment_simulator.hpp"

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
  const int n = static_cast<int>(log.q.cols());
  const Eigen::Index N = log.t.size();
  Eigen::MatrixXd table(N, 1 + 4 * n);
  table.col(0) = log.t;
  table.middleCols(1, n) = log.q;
  table.middleCols(1 + n, n) = log.tau;
  table.middleCols(1 + 2 * n, n) = log.qdTrue;
  table.middleCols(1 + 3 * n, n) = log.qddTrue;
  std::vector<std::string> header{"t"};
  for (const char* prefix : {"q", "tau", "qd", "qdd"})
    for (int j = 0; j < n; ++j) header.push_back(prefix + std::to_string(j + 1));
  writeFileAtomically(path.toStdString(), formatMatrixCsv(header, table));
  return static_cast<long>(N);
}

int runCli(const QStringList& args, QString* output) {
  QProcess process;
  process.setProcessChannelMode(QProcess::MergedChannels);
  process.start(QStringLiteral(EB_CLI_PATH), args);
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

}  // namespace eb::wizard::test
