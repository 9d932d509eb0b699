#pragma once
// A finding about an input, as data: the file, the place in it (line or row,
// column), the field and what is wrong, with a severity. Readers fill these;
// the CLI prints text() once, at the edge; the GUI shows the parts (jumps to
// the line, names the column) without parsing text back. Modelled on Drake's
// DiagnosticDetail {filename, line, message}.
//
// Cancellation is not a finding: it is eb::Cancelled (util/cancelled.hpp).

#include <cstddef>
#include <string>

namespace eb {

enum class Severity { Note, Warning, Error };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;         ///< path as given; empty when the finding concerns no file
  std::size_t line = 0;     ///< 1-based line of a text file, or sample row of a MAT file; 0 = whole file
  /// What `line` counts: "line" (text files) or "row" (MAT files); empty: the compiler-style
  /// "<file>:<line>:" of files written by hand (URDF, DH tables).
  std::string place = "line";
  std::size_t column = 0;   ///< 1-based field index in the line; 0 = not known or not relevant
  std::string field;        ///< column name, variable or JSON path; empty when none
  /// How text() names the field: "column" gives "column 'q3'"; empty gives the field as it is
  /// (a JSON path such as "/mapping/joints/0/q").
  std::string fieldKind = "column";
  std::string message;      ///< what is wrong, one line, without the place

  /// "<file>: line <n>: column '<field>': <message>" (or "<file>:<n>: ..." with an empty place),
  /// leaving out the parts that are empty, as one line of valid UTF-8 (input_error.hpp, oneLineMessage).
  std::string text() const;
};

/// A Diagnostic of the given severity at a place (helpers for readers).
Diagnostic diagnosticAt(Severity severity, const std::string& file, std::size_t line, const std::string& field,
                        const std::string& message);

/// A Diagnostic in a file people write by hand (URDF, DH table, XML): the compiler-style
/// "<file>:<line>: <subject>: <message>" (empty place; `subject` names the element and field as it
/// is, e.g. "joint 'j1': limit"). For the errors (sourceErrorAt) and the warnings of those files.
Diagnostic sourceDiagnosticAt(Severity severity, const std::string& file, std::size_t line, const std::string& subject,
                              const std::string& message);

}  // namespace eb
