#pragma once
// Small text helpers shared by the wizard pages: counts, numbers, method names and the log
// file filter. Numbers, string lists and method names are the widgets'
// (widgets/display_text.hpp), named here so the pages call them as their own. (Engine findings reach the pages as
// Diagnostics, never as text to parse back.)

#include "widgets/display_text.hpp"

#include <QString>

namespace eb::wizard {

using widgets::formatNumber;
using widgets::methodLabel;
using widgets::toQStringList;

/// "1 log", "3 logs": a count with the singular or plural noun.
QString countOf(long long n, const QString& singular, const QString& plural);
/// The log files a dialog offers: CSV-like text, MATLAB, ROS 2 bags (a bag's metadata.yaml stands
/// for its folder), then all files.
QString logFileDialogFilter();

}  // namespace eb::wizard
