#pragma once
// Small text helpers of the widgets that show engine data: numbers, string lists,
// a CSV delimiter's name, an estimation method's name, and a Diagnostic without its place (the widgets show the
// place themselves, never parse it back from text).

#include "identification/base_estimation.hpp"
#include "util/diagnostic.hpp"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace eb::widgets {

/// The strings as a QStringList (UTF-8).
QStringList toQStringList(const std::vector<std::string>& strings);
/// A number with `digits` significant digits ("1.234e-05", "0.5"); "inf" / "nan" as such.
QString formatNumber(double value, int digits = 6);
/// A CSV delimiter's name: "comma", "semicolon", "tab", "blanks", "bar", else the character.
QString delimiterLabel(char delimiter);
/// An estimation method's name as the user reads it: "Weighted least squares (WLS)".
QString methodLabel(EstimationMethod method);
/// The field and message of `d` as one line ("column 'q3': not a number"), without its file and line.
QString diagnosticText(const Diagnostic& d);
/// "1 log", "3 logs": a count with the singular or plural noun.
QString countOf(long long n, const QString& singular, const QString& plural);
/// The log files a dialog offers: CSV-like text, MATLAB, ROS 2 bags (a bag's metadata.yaml stands
/// for its folder), then all files.
QString logFileDialogFilter();

}  // namespace eb::widgets
