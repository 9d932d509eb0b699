#include "util/diagnostic.hpp"

#include "util/input_error.hpp"

namespace eb {

std::string Diagnostic::text() const {
  std::string out;
  if (place.empty()) {
    out += file;
    if (line > 0) out += ":" + std::to_string(line);
    if (!out.empty()) out += ": ";
  } else {
    if (!file.empty()) out += file + ": ";
    // A column without a field name (a JSON parser's offset) is given by number.
    if (line > 0)
      out += place + " " + std::to_string(line) +
             (column > 0 && field.empty() ? ", column " + std::to_string(column) : "") + ": ";
  }
  if (!field.empty()) out += fieldKind.empty() ? field + ": " : fieldKind + " '" + field + "': ";
  out += message;
  return oneLineMessage(out);
}

Diagnostic diagnosticAt(Severity severity, const std::string& file, std::size_t line, const std::string& field,
                        const std::string& message) {
  Diagnostic d;
  d.severity = severity;
  d.file = file;
  d.line = line;
  d.field = field;
  d.message = message;
  return d;
}

Diagnostic sourceDiagnosticAt(Severity severity, const std::string& file, std::size_t line, const std::string& subject,
                              const std::string& message) {
  Diagnostic d = diagnosticAt(severity, file, line, subject, message);
  d.place.clear();
  d.fieldKind.clear();
  return d;
}

}  // namespace eb
