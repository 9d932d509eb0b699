#pragma once
// Numeric CSV reading for experiment logs: format detection (delimiter, header,
// decimal comma, BOM, CRLF, '#' comments) and a block reader that streams rows
// into preallocated matrices, so a log is never held in memory as text.
//
// Numbers are parsed with std::from_chars and must use the whole field: "1,5"
// read with a '.' decimal is an error, never a silent 1. Error messages are one
// line: "<file>: line <n>: column '<name>': <what is wrong>" (eb::InputError).

#include "util/csv_text.hpp"
#include "logs/decimal_ticks.hpp"
#include "logs/experiment_log.hpp"
#include "logs/log_row_source.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace eb {


/// How a delimited text file is laid out.
struct CsvFormat {
  char delimiter = ',';    ///< ',', ';', '\t', or ' ' meaning runs of blanks (UR RTDE record.py)
  char decimal = '.';      ///< '.' or ',' (a decimal comma needs a delimiter other than ',')
  bool hasHeader = true;   ///< a line of column names precedes the data
  bool operator==(const CsvFormat& o) const {
    return delimiter == o.delimiter && decimal == o.decimal && hasHeader == o.hasHeader;
  }
};

/// Most columns a log may have: a wider header is refused with its line named (a line
/// of a million commas would otherwise cost gigabytes in every per-column table).
inline constexpr std::size_t kMaxCsvColumns = 10000;

/// What inspecting the head of a file found: format, column names and where the data starts.
struct CsvLayout {
  CsvFormat format;
  std::vector<std::string> columns;  ///< header names (trimmed, unquoted) or "column1".. without header
  std::size_t headerLine = 0;        ///< 1-based line of the header, 0 without header
  std::size_t firstDataLine = 0;     ///< 1-based line of the first data row
  std::vector<std::string> notes;    ///< what was detected and why, for the user
  /// The line a message about the columns names: the header, or the first data row of a
  /// headerless file (never 0).
  std::size_t columnsLine() const { return headerLine > 0 ? headerLine : firstDataLine; }
};

/// Options shared by the CSV readers.
struct CsvReadOptions {
  std::optional<CsvFormat> format;  ///< forced format; detected from the file head when empty
  std::vector<std::string> columns; ///< columns to parse, in output order; empty = all columns
  /// Called for each malformed row (a field that is not a number, a wrong field count) instead
  /// of throwing; the row is skipped. Empty: a malformed row throws InputError.
  std::function<void(const Diagnostic&)> onBadRow;
  /// A selected column given as ticks (1e-9 of its unit) since the first row, formed from the
  /// text exactly (decimal_ticks.hpp): the time column of a log. Empty: none.
  std::string ticksColumn;
};

/// Maps 0-based data rows to 1-based file lines, storing only the jumps (comments, blank lines).
class CsvLineIndex {
 public:
  /// Records that data row `row` (rows added in increasing order) sits on file line `line`.
  void add(std::size_t row, std::size_t line);
  /// 1-based file line of data row `row`.
  std::size_t line(std::size_t row) const;

 private:
  std::vector<std::pair<std::size_t, std::size_t>> jumps_;  // (row, line) where line != previous + 1
  std::size_t lastRow_ = 0, lastLine_ = 0;
  bool empty_ = true;
};

/// Detects the layout from the first bytes of a file (a few dozen lines are enough).
/// `forced` overrides the detected format. Throws InputError (naming `source`) when no data line is found.
CsvLayout inspectCsvText(std::string_view head, std::string_view source,
                         const std::optional<CsvFormat>& forced = std::nullopt);

/// Reads a CSV file block by block into preallocated matrices. Holds one text buffer (~1 MB), never the file.
class CsvBlockReader : public LogRowSource {
 public:
  /// Opens `path`, detects the layout and resolves the selected columns. Throws InputError.
  CsvBlockReader(const std::string& path, const CsvReadOptions& options = {});
  ~CsvBlockReader() override;
  CsvBlockReader(const CsvBlockReader&) = delete;
  CsvBlockReader& operator=(const CsvBlockReader&) = delete;

  /// Layout of the file (format, all column names, header line).
  const CsvLayout& layout() const { return layout_; }
  /// Names of the parsed columns, in the order of the output matrix columns.
  const std::vector<std::string>& selectedColumns() const override { return selected_; }
  /// Fills up to out.rows() rows of `out` (out.cols() == selectedColumns().size()) and, when
  /// `lines` is not null, the 1-based file line of each row; when `skippedBefore` is not null, the
  /// number of bad rows skipped right before each row. Returns the rows filled; 0 at the end.
  /// Throws InputError for malformed rows, non-numeric or non-finite values (unless onBadRow).
  std::size_t read(Eigen::Ref<Eigen::MatrixXd> out, std::size_t* lines = nullptr,
                   std::size_t* skippedBefore = nullptr) override;
  /// Fraction of the file consumed so far, in [0, 1].
  double progress() const override;
  /// Warnings collected while reading (e.g. a truncated last line that was skipped).
  const std::vector<LogWarning>& warnings() const override { return warnings_; }
  double timeTicksPerUnit() const override { return ticksSlot_ >= 0 ? kTimeTicksPerUnit : 0.0; }
  double firstRawTime() const override { return originValue_; }
  /// Path as given.
  const std::string& path() const { return path_; }

 private:
  bool nextLine(std::string_view& line);  // next raw line without '\n'/'\r'; false at end
  bool fill();                            // moves the unread tail to the front and reads more
  bool parseRow(std::string_view line, double* const* out, std::size_t row);  // false: skipped
  [[noreturn]] void fail(std::size_t column, std::string_view what) const;
  double parseValue(std::string_view field, std::size_t column) const;  // throws InputError
  double parseTicks(std::string_view field, std::size_t column);          // since the first row

  std::string path_;
  std::FILE* file_ = nullptr;
  long long fileSize_ = 0, consumed_ = 0;
  std::vector<char> buffer_;
  std::size_t begin_ = 0, end_ = 0;  // unread bytes are buffer_[begin_, end_)
  bool eof_ = false;
  bool lastLineUnterminated_ = false;
  std::size_t lineNumber_ = 0;       // 1-based number of the last line returned by nextLine
  CsvLayout layout_;
  std::vector<std::string> selected_;
  std::vector<int> slotOfField_;     // field index -> output column, -1 when not parsed
  struct ParsedField {
    std::size_t field, slot;
  };
  std::vector<ParsedField> parsedFields_;  // parsed fields in field order
  std::vector<double*> columnPointers_;    // output column starts for the current read()
  std::size_t fieldsPerRow_ = 0;
  std::vector<LogWarning> warnings_;
  std::function<void(const Diagnostic&)> onBadRow_;
  int ticksSlot_ = -1;                     // output column given as ticks, -1 when none
  bool haveOrigin_ = false;                // the first row's time is known (set once a row is whole)
  bool originIsText_ = false;              // originText_ holds the first row's digits
  DecimalText originText_;
  double originValue_ = 0.0;               // the first row's time as parsed [unit of the column]
};

/// A whole CSV file (selected columns) in memory.
struct CsvTable {
  std::string source;
  CsvLayout layout;
  std::vector<std::string> columns;  ///< names of the columns of `values`
  Eigen::MatrixXd values;            ///< rows x columns.size()
  CsvLineIndex lines;                ///< data row -> file line
  std::vector<LogWarning> warnings;
};

/// Reads a whole CSV file. `progress(fraction)` may return false to cancel (throws InputError).
CsvTable readCsvTable(const std::string& path, const CsvReadOptions& options = {},
                      const std::function<bool(double)>& progress = {});

/// Counts the data rows after the header (non-blank, non-comment lines) without parsing numbers.
/// An upper bound when the file ends in a truncated line. Fast: one memchr pass.
std::size_t countCsvDataRows(const std::string& path, const CsvLayout& layout);

/// The first rows of a file for previews and column guessing: non-numeric fields become NaN.
struct CsvPreview {
  CsvLayout layout;
  /// Up to maxRows x (fields of the widest row read, at most layout.columns.size()):
  /// columns beyond hold no data in these rows (value() gives NaN there).
  Eigen::MatrixXd values;
  std::vector<std::size_t> lines;        ///< 1-based file line of each row
  std::vector<std::string> rawLines;     ///< the text of those lines, for a raw view
  /// Value at (row, column of layout.columns), NaN where the row has no number.
  double value(Eigen::Index row, Eigen::Index column) const {
    return column < values.cols() ? values(row, column) : std::numeric_limits<double>::quiet_NaN();
  }
};

/// Reads the layout and up to `maxRows` data rows leniently (never throws for bad fields).
CsvPreview readCsvPreview(const std::string& path, std::size_t maxRows = 200,
                          const std::optional<CsvFormat>& format = std::nullopt);

}  // namespace eb
