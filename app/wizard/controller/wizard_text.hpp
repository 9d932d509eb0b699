#pragma once
// Small text helpers shared by the wizard pages: counts and numbers. (Engine
// findings reach the pages as Diagnostics, never as text to parse back.)

#include <QString>
#include <QStringList>

#include <cstddef>
#include <string>
#include <vector>

namespace eb::wizard {

/// The strings as a QStringList (UTF-8).
QStringList toQStringList(const std::vector<std::string>& strings);
/// "1 log", "3 logs": a count with the singular or plural noun.
QString countOf(long long n, const QString& singular, const QString& plural);
/// A number with `digits` significant digits ("1.234e-05", "0.5"); "inf" / "nan" as such.
QString formatNumber(double value, int digits = 6);
/// The log files a dialog offers: CSV-like text, MATLAB, ROS 2 bags (a bag's metadata.yaml stands
/// for its folder), then all files.
QString logFileDialogFilter();

}  // namespace eb::wizard
