#pragma once
// Small text helpers shared by the wizard pages: engine messages shown
// without their file prefix, line numbers read back from them, numbers.

#include <QString>

#include <cstddef>
#include <string>

namespace eb::wizard {

/// `message` without a leading "<path>: " (the pages show the file in a column of its own).
QString stripSource(const std::string& message, const QString& path);
inline QString stripSource(const char* message, const QString& path) { return stripSource(std::string(message), path); }
inline QString stripSource(const QString& message, const QString& path) {
  return stripSource(message.toStdString(), path);
}
/// The N of the first "line N" in an engine message, 0 when there is none.
std::size_t lineOfMessage(const QString& message);
/// "1 log", "3 logs": a count with the singular or plural noun.
QString countOf(long long n, const QString& singular, const QString& plural);
/// A number with `digits` significant digits ("1.234e-05", "0.5"); "inf" / "nan" as such.
QString formatNumber(double value, int digits = 6);

}  // namespace eb::wizard
