#pragma once
// Shared by the wizard tests: simulated experiment logs written in the CLI's
// layout, running excitebench-cli, and waiting for the wizard's workers.

#include "model/robot_model.hpp"

#include <QString>
#include <QStringList>

#include <string>

namespace eb::wizard::test {

/// How to simulate one experiment with the robot's default excitation.
struct SimulatedRun {
  double period = 5.0;       ///< [s] of the default Fourier excitation
  int harmonics = 5;
  int cycles = 1;            ///< periods simulated (duration = cycles * period)
  double rateHz = 1000.0;
  double noiseTorque = 0.05;       ///< [N m]
  double noisePosition = 1e-5;     ///< [rad]
  unsigned seed = 1;
};

/// Simulates `model` and writes the log as excitebench-cli simulate does: t, q1..qn, tau1..taun,
/// qd1..qdn, qdd1..qddn (atomically). Returns the number of samples.
long writeSimulatedLog(const RobotModel& model, const QString& path, const SimulatedRun& run = {});

/// Runs excitebench-cli with `args`; returns the exit status, stdout+stderr in `output`.
int runCli(const QStringList& args, QString* output = nullptr);

/// Lines of a text file, and a file written from lines.
QStringList readLines(const QString& path);
void writeLines(const QString& path, const QStringList& lines);
/// The lines of a CSV with a header without the column named `name` (unchanged when there is none).
QStringList withoutColumn(QStringList lines, const QString& name);
/// A copy of the CSV log `from` at `to` with field `field` (0-based) of file line `line` (1-based)
/// replaced by `value` (a bad value at a known place).
void writeLogWithField(const QString& from, const QString& to, int line, int field, const QString& value);

}  // namespace eb::wizard::test
