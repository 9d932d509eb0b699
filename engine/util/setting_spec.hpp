#pragma once
// A setting declared once (after QGroundControl's Fact): its key in project files,
// its command-line flag, its label in the GUI, unit, default and allowed range.
// The CLI builds its option from it, the project file validates against it and
// the GUI sizes its spin box by it, so the three cannot drift apart.

#include <string>

namespace eb {

template <typename T>
struct SettingSpec {
  const char* key;    ///< project-file key, e.g. "optimizer_starts"
  const char* flag;   ///< command-line flag, e.g. "--starts"
  const char* label;  ///< GUI label
  const char* unit;   ///< "s", "Hz" or "" (a count)
  T defaultValue;
  T minimum;
  T maximum;
  const char* help;   ///< one line: what it does (CLI help, GUI tooltip)

  constexpr bool contains(T value) const { return value >= minimum && value <= maximum; }
};

/// "a whole number from 1 to 256", for a message about a value out of range.
std::string describeRange(const SettingSpec<int>& spec);
/// "0 to 86400 s", for a message about a value out of range.
std::string describeRange(const SettingSpec<double>& spec);

}  // namespace eb
