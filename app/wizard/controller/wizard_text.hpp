#pragma once
// The widgets' text helpers (widgets/display_text.hpp: counts, numbers, method names, the log
// file filter), named here so the wizard's pages call them as their own. (Engine findings
// reach the pages as Diagnostics, never as text to parse back.)

#include "widgets/display_text.hpp"

namespace eb::wizard {

using widgets::countOf;
using widgets::formatNumber;
using widgets::logFileDialogFilter;
using widgets::methodLabel;
using widgets::toQStringList;

}  // namespace eb::wizard
