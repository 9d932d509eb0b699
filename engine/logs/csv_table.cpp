#include "logs/csv_table.hpp"

#include "util/input_error.hpp"
#include "util/bounded_read.hpp"
#include "util/cancelled.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <sys/stat.h>

namespace eb {

namespace {

constexpr std::size_t kBufferBytes = std::size_t{1} << 20;  // text buffer of the block reader
constexpr std::size_t kInspectLines = 60;                   // content lines sampled for detection

bool isNumber(std::string_view field, char decimal) {
  double v = 0.0;
  return csv_text::parseDouble(field, decimal, v) == csv_text::ParseStatus::Ok;
}

// Field counts of one line for a candidate delimiter (quote-aware: only a few lines are inspected).
std::size_t countFields(std::string_view line, char delimiter) {
  return csv_text::splitQuoted(line, delimiter).size();
}

struct ContentLine {
  std::string_view text;
  std::size_t number;  // 1-based
};

// Opens a log for reading. The importers read a file more than once (format
// detection, row count, data), so it must be a regular file: a pipe would be
// consumed by the first pass and a device such as /dev/zero never ends.
std::FILE* openLogFile(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw inputErrorAt(path, 0, "", std::string("cannot open file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fclose(f);
    throw inputErrorAt(path, 0, "", "not a regular file (a log is read more than once; copy a pipe or device to a file)");
  }
  return f;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
void CsvLineIndex::add(std::size_t row, std::size_t line) {
  if (empty_ || line != lastLine_ + (row - lastRow_)) jumps_.emplace_back(row, line);
  empty_ = false;
  lastRow_ = row;
  lastLine_ = line;
}

std::size_t CsvLineIndex::line(std::size_t row) const {
  // Last jump at or before `row`; rows after it follow line by line.
  auto it = std::upper_bound(jumps_.begin(), jumps_.end(), row,
                             [](std::size_t r, const std::pair<std::size_t, std::size_t>& j) { return r < j.first; });
  if (it == jumps_.begin()) return row + 1;
  --it;
  return it->second + (row - it->first);
}

namespace {

/// The first lines of a log's head that hold data (or a header), and the comments before them.
struct HeadLines {
  std::vector<ContentLine> content;
  std::vector<ContentLine> commentsBeforeData;
  std::size_t cutLine = 0;  // a needed line the head cuts short (refused once the first is checked), else 0
};

// Splits the head (BOM removed) into lines, at most kInspectLines with content, skipping blank
// lines and remembering comment lines (a header may hide in the last one). InputError for a
// first line longer than the head or no data line.
HeadLines splitHead(std::string_view head, std::string_view source) {
  HeadLines lines;
  std::vector<ContentLine>& content = lines.content;
  std::size_t number = 0, pos = 0;
  while (pos < head.size() && content.size() < kInspectLines) {
    std::size_t nl = head.find('\n', pos);
    const bool terminated = nl != std::string_view::npos;
    if (!terminated) nl = head.size();
    std::string_view line = head.substr(pos, nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++number;
    pos = nl + 1;
    // An unterminated last line of a truncated head may be cut short: sample it only if needed.
    if (!terminated && content.size() >= 2) break;
    // Cut short and needed: the first line does not fit in the head (refused now), or
    // the second does not (refused once the first has been checked as a header).
    if (!terminated && head.size() >= kBufferBytes) {
      if (content.empty())
        throw inputErrorAt(std::string(source), number, "",
                           "longer than " + describeByteLimit(kBufferBytes) +
                               " (not a text log, or a line break is missing)");
      lines.cutLine = number;
      break;
    }
    const std::string_view trimmed = csv_text::trim(line);
    if (trimmed.empty()) continue;
    if (trimmed.front() == '#') {
      if (content.empty()) lines.commentsBeforeData.push_back({trimmed, number});
      continue;
    }
    content.push_back({line, number});
  }
  if (content.empty()) throw inputErrorAt(std::string(source), 0, "", "no data lines found (empty file or only comments)");
  return lines;
}

// Delimiter, decimal mark and header detected from the content lines (at least one); a note in
// `notes` when no delimiter fits.
CsvFormat detectFormat(const std::vector<ContentLine>& content, std::vector<std::string>& notes) {
  CsvFormat format;
  // Delimiter: the candidate giving the same field count (>= 2) on every data line, preferring one
  // on which the first line (maybe the header) agrees; ties go to '\t', ';', ',' then blanks.
  const char candidates[] = {'\t', ';', ',', ' '};
  const std::size_t firstData = content.size() > 1 ? 1 : 0;
  char best = 0;
  bool bestAgrees = false;
  for (char c : candidates) {
    const std::size_t n = countFields(content[firstData].text, c);
    bool consistent = n >= 2;
    for (std::size_t i = firstData + 1; consistent && i < content.size(); ++i)
      consistent = countFields(content[i].text, c) == n;
    if (!consistent) continue;
    const bool agrees = countFields(content[0].text, c) == n;
    if (best == 0 || (agrees && !bestAgrees)) {
      best = c;
      bestAgrees = agrees;
    }
  }
  format.delimiter = best != 0 ? best : ',';
  if (best == 0) notes.push_back("one column per line (no delimiter found)");
  // Decimal comma: only possible when ',' is not the delimiter; decided from the data lines.
  format.decimal = '.';
  if (format.delimiter != ',') {
    for (std::size_t i = firstData; i < content.size() && format.decimal == '.'; ++i)
      for (std::string_view f : csv_text::splitQuoted(content[i].text, format.delimiter))
        if (f.find(',') != std::string_view::npos && isNumber(f, ',')) {
          format.decimal = ',';
          break;
        }
  }
  // Header: the first line holds a field that is not a number.
  format.hasHeader = false;
  for (std::string_view f : csv_text::splitQuoted(content[0].text, format.delimiter))
    if (!isNumber(f, format.decimal)) format.hasHeader = true;
  return format;
}

// Column names, header line and first data line of the layout: from the header line, else from
// a comment right before the data (not with a forced format), else column1..columnN.
void nameColumns(const HeadLines& lines, std::size_t fields, bool forced, CsvLayout& layout) {
  const CsvFormat& format = layout.format;
  const std::vector<ContentLine>& content = lines.content;
  if (format.hasHeader) {
    for (std::string_view f : csv_text::splitQuoted(content[0].text, format.delimiter))
      layout.columns.emplace_back(csv_text::unquote(f));
    layout.headerLine = content[0].number;
    layout.firstDataLine = content[0].number + 1;
  } else {
    // A header written as a comment ("# t q1 q2") right before the data.
    if (!forced && !lines.commentsBeforeData.empty()) {
      std::string_view c = lines.commentsBeforeData.back().text;
      c.remove_prefix(1);
      const auto names = csv_text::splitQuoted(csv_text::trim(c), format.delimiter);
      const bool textual = std::any_of(names.begin(), names.end(),
                                       [&](std::string_view f) { return !isNumber(f, format.decimal); });
      if (names.size() == fields && textual) {
        for (std::string_view f : names) layout.columns.emplace_back(csv_text::unquote(f));
        layout.headerLine = lines.commentsBeforeData.back().number;
        layout.notes.push_back("header taken from the comment on line " + std::to_string(layout.headerLine));
      }
    }
    if (layout.columns.empty()) {
      for (std::size_t k = 0; k < fields; ++k) layout.columns.push_back("column" + std::to_string(k + 1));
      layout.notes.push_back("no header line: columns are named column1..column" + std::to_string(fields));
    }
    layout.firstDataLine = content[0].number;
  }
  for (std::size_t k = 0; k < layout.columns.size(); ++k)
    if (layout.columns[k].empty()) layout.columns[k] = "column" + std::to_string(k + 1);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
CsvLayout inspectCsvText(std::string_view head, std::string_view source, const std::optional<CsvFormat>& forced) {
  CsvLayout layout;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  const HeadLines lines = splitHead(head, source);
  const std::vector<ContentLine>& content = lines.content;
  const CsvFormat format = forced ? *forced : detectFormat(content, layout.notes);
  layout.format = format;
  const std::size_t fields = countFields(content[0].text, format.delimiter);
  if (fields > kMaxCsvColumns)
    throw inputErrorAt(std::string(source), content[0].number, "",
                       std::to_string(fields) + " columns; at most " + std::to_string(kMaxCsvColumns) +
                           " are read (a header of empty names, or the wrong delimiter?)");
  if (lines.cutLine > 0)
    throw inputErrorAt(std::string(source), lines.cutLine, "",
                       "does not end within the first " + describeByteLimit(kBufferBytes) +
                           " of the file (lines too long for a log)");

  const char* delimiterName = format.delimiter == '\t' ? "tab" : format.delimiter == ';' ? "';'"
                              : format.delimiter == ',' ? "','" : "blanks";
  layout.notes.push_back(std::string("delimiter: ") + delimiterName);
  if (format.decimal == ',') layout.notes.push_back("decimal comma detected: '1,5' is read as 1.5");
  nameColumns(lines, fields, forced.has_value(), layout);
  return layout;
}

// ---------------------------------------------------------------------------------------------
CsvBlockReader::CsvBlockReader(const std::string& path, const CsvReadOptions& options)
    : path_(path), onBadRow_(options.onBadRow) {
  file_ = openLogFile(path);
  if (std::fseek(file_, 0, SEEK_END) == 0) fileSize_ = std::ftell(file_);
  std::rewind(file_);
  buffer_.resize(kBufferBytes);
  fill();
  layout_ = inspectCsvText(std::string_view(buffer_.data(), end_), path, options.format);
  if (end_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) {
    begin_ = 3;
    consumed_ = 3;
  }
  std::string_view line;
  while (lineNumber_ + 1 < layout_.firstDataLine && nextLine(line)) {
  }

  fieldsPerRow_ = layout_.columns.size();
  slotOfField_.assign(fieldsPerRow_, -1);
  if (options.columns.empty()) {
    selected_ = layout_.columns;
    for (std::size_t k = 0; k < fieldsPerRow_; ++k) slotOfField_[k] = static_cast<int>(k);
  } else {
    selected_ = options.columns;
    for (std::size_t j = 0; j < selected_.size(); ++j) {
      std::vector<std::size_t> found;
      for (std::size_t k = 0; k < fieldsPerRow_; ++k)
        if (layout_.columns[k] == selected_[j]) found.push_back(k);
      const auto fail = [&](const std::string& what) {
        return inputErrorAt(path_, layout_.columnsLine(), selected_[j], what);
      };
      if (found.empty())
        throw fail(layout_.headerLine > 0 ? "not found in the header"
                                          : "not in the file (no header: its columns are column1..column" +
                                                std::to_string(fieldsPerRow_) + ")");
      if (found.size() > 1) throw fail("appears " + std::to_string(found.size()) + " times in the header");
      if (slotOfField_[found[0]] >= 0) throw fail("selected twice");
      slotOfField_[found[0]] = static_cast<int>(j);
    }
  }
  for (std::size_t k = 0; k < fieldsPerRow_; ++k)
    if (slotOfField_[k] >= 0) parsedFields_.push_back({k, static_cast<std::size_t>(slotOfField_[k])});
  if (!options.ticksColumn.empty()) {
    const auto it = std::find(selected_.begin(), selected_.end(), options.ticksColumn);
    if (it == selected_.end()) throw std::invalid_argument("CsvBlockReader: the ticks column is not selected");
    ticksSlot_ = static_cast<int>(it - selected_.begin());
  }
}

CsvBlockReader::~CsvBlockReader() {
  if (file_) std::fclose(file_);
}

bool CsvBlockReader::fill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  // A line longer than the whole buffer: no log row is that long (a binary file or a
  // missing line break). Refused, so a 1 GB line cannot grow the buffer to 1 GB.
  if (end_ == buffer_.size())
    throw inputErrorAt(path_, lineNumber_ + 1, "",
                       "longer than " + describeByteLimit(kBufferBytes) +
                           " (not a text log, or a line break is missing)");
  const std::size_t got = std::fread(buffer_.data() + end_, 1, buffer_.size() - end_, file_);
  if (got == 0) {
    if (std::ferror(file_)) throw inputErrorAt(path_, 0, "", "read error");
    eof_ = true;
    return false;
  }
  end_ += got;
  return true;
}

bool CsvBlockReader::nextLine(std::string_view& line) {
  for (;;) {
    const char* start = buffer_.data() + begin_;
    const void* nl = std::memchr(start, '\n', end_ - begin_);
    if (nl) {
      const std::size_t length = static_cast<const char*>(nl) - start;
      line = std::string_view(start, length);
      begin_ += length + 1;
      consumed_ += static_cast<long long>(length + 1);
      break;
    }
    if (!eof_ && fill()) continue;
    if (begin_ == end_) return false;
    line = std::string_view(start, end_ - begin_);
    consumed_ += static_cast<long long>(end_ - begin_);
    begin_ = end_;
    lastLineUnterminated_ = true;
    break;
  }
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  ++lineNumber_;
  return true;
}

void CsvBlockReader::fail(std::size_t field, std::string_view what) const {
  Diagnostic d = diagnosticAt(Severity::Error, path_, lineNumber_,
                              field < layout_.columns.size() ? layout_.columns[field] : "(extra field)", std::string(what));
  d.column = field + 1;
  throw InputError(std::move(d));
}

bool CsvBlockReader::parseRow(std::string_view line, double* const* out, std::size_t row) {
  const char delimiter = layout_.format.delimiter;
  std::size_t count = 0;
  // A truncated last line (logger stopped mid-write) is skipped with a warning, not an error.
  if (lastLineUnterminated_ && begin_ == end_) {
    csv_text::forEachField(line, delimiter, [&](std::string_view) { ++count; });
    if (count != fieldsPerRow_) {
      warnings_.push_back(diagnosticAt(Severity::Warning, path_, lineNumber_, "",
                                       "incomplete last line (" + std::to_string(count) + " of " +
                                           std::to_string(fieldsPerRow_) + " fields) skipped"));
      return false;
    }
    count = 0;
  }
  std::size_t next = 0;  // index into parsedFields_
  csv_text::forEachField(line, delimiter, [&](std::string_view field) {
    if (next < parsedFields_.size() && parsedFields_[next].field == count) {
      const std::size_t slot = parsedFields_[next].slot;
      out[slot][row] = static_cast<int>(slot) == ticksSlot_ ? parseTicks(field, count) : parseValue(field, count);
      ++next;
    }
    ++count;
  });
  if (count != fieldsPerRow_) {
    std::string what = "expected " + std::to_string(fieldsPerRow_) + " fields as in the header, found " +
                       std::to_string(count);
    if (delimiter == ',' && count > fieldsPerRow_)
      what += " (decimal commas in a comma-separated file? use ';' as the delimiter)";
    fail(std::min(count, fieldsPerRow_), what);
  }
  haveOrigin_ = haveOrigin_ || ticksSlot_ >= 0;  // a whole row: its time is the origin
  return true;
}

double CsvBlockReader::parseValue(std::string_view field, std::size_t column) const {
  double v = 0.0;
  switch (csv_text::parseDouble(field, layout_.format.decimal, v)) {
    case csv_text::ParseStatus::Ok:
      break;
    case csv_text::ParseStatus::Empty:
      fail(column, "empty field");
    case csv_text::ParseStatus::OutOfRange:
      fail(column, "'" + std::string(csv_text::trim(field)) + "' is out of the range of a double");
    case csv_text::ParseStatus::NotNumber: {
      std::string what = "'" + std::string(csv_text::trim(field)) + "' is not a number";
      if (layout_.format.decimal == '.' && field.find(',') != std::string_view::npos)
        what += " (decimal comma? set the decimal separator to ',')";
      fail(column, what);
    }
  }
  if (!std::isfinite(v)) fail(column, "value '" + std::string(csv_text::trim(field)) + "' is not finite");
  return v;
}

double CsvBlockReader::parseTicks(std::string_view field, std::size_t column) {
  DecimalText text;
  std::string_view trimmed = csv_text::trim(field);
  if (trimmed.size() >= 2 && trimmed.front() == '"' && trimmed.back() == '"')
    trimmed = csv_text::trim(trimmed.substr(1, trimmed.size() - 2));
  const bool isText = parseDecimalText(trimmed, layout_.format.decimal, text);
  // The value as a double too: the errors of a field that is no number, and the fallback.
  const double value = isText && haveOrigin_ && originIsText_ ? 0.0 : parseValue(field, column);
  if (!haveOrigin_) {  // this row's time becomes the origin once the row is whole
    originIsText_ = isText;
    originText_ = text;
    originValue_ = value;
    return 0.0;
  }
  double ticks = 0.0;
  if (isText && originIsText_ && ticksBetween(originText_, text, ticks)) return ticks;
  // Digits beyond an int64, or exponents far apart: the difference of the doubles.
  return ((isText && originIsText_ ? parseValue(field, column) : value) - originValue_) * kTimeTicksPerUnit;
}

std::size_t CsvBlockReader::read(Eigen::Ref<Eigen::MatrixXd> out, std::size_t* lines, std::size_t* skippedBefore) {
  if (static_cast<std::size_t>(out.cols()) != selected_.size())
    throw std::invalid_argument("CsvBlockReader::read: output has " + std::to_string(out.cols()) +
                                " columns, " + std::to_string(selected_.size()) + " selected");
  columnPointers_.resize(selected_.size());
  for (std::size_t j = 0; j < selected_.size(); ++j) columnPointers_[j] = out.col(static_cast<Eigen::Index>(j)).data();
  const std::size_t capacity = static_cast<std::size_t>(out.rows());
  std::size_t row = 0;
  std::string_view line;
  std::size_t skipped = 0;  // bad rows skipped since the last row filled
  while (row < capacity && nextLine(line)) {
    const std::string_view trimmed = csv_text::trim(line);
    if (trimmed.empty() || trimmed.front() == '#') continue;
    if (onBadRow_) {
      // Rows are rarely bad: the exception path costs nothing on good rows.
      try {
        if (!parseRow(line, columnPointers_.data(), row)) continue;
      } catch (const InputError& e) {
        onBadRow_(e.diagnostic());
        ++skipped;
        continue;
      }
    } else if (!parseRow(line, columnPointers_.data(), row)) {
      continue;
    }
    if (lines) lines[row] = lineNumber_;
    if (skippedBefore) skippedBefore[row] = skipped;
    skipped = 0;
    ++row;
  }
  return row;
}

double CsvBlockReader::progress() const {
  return fileSize_ > 0 ? std::min(1.0, static_cast<double>(consumed_) / static_cast<double>(fileSize_)) : 1.0;
}

// ---------------------------------------------------------------------------------------------
std::size_t countCsvDataRows(const std::string& path, const CsvLayout& layout) {
  std::FILE* f = openLogFile(path);
  std::vector<char> buffer(std::size_t{4} << 20);
  std::size_t line = 1, rows = 0;
  bool atStart = true;     // no non-blank character seen yet on this line
  bool skipToEnd = false;  // line classified; looking for its '\n'
  for (;;) {
    const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), f);
    if (got == 0) break;
    const char* p = buffer.data();
    const char* end = p + got;
    while (p < end) {
      if (skipToEnd) {
        const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
        if (!nl) {
          p = end;
          break;
        }
        p = static_cast<const char*>(nl) + 1;
        ++line;
        skipToEnd = false;
        atStart = true;
        continue;
      }
      const char c = *p;
      if (c == '\n') {
        ++line;
        ++p;
        atStart = true;
      } else if (atStart && (c == ' ' || c == '\t' || c == '\r')) {
        ++p;
      } else {
        if (c != '#' && line >= layout.firstDataLine) ++rows;
        atStart = false;
        skipToEnd = true;
      }
    }
  }
  std::fclose(f);
  return rows;
}

CsvTable readCsvTable(const std::string& path, const CsvReadOptions& options,
                      const std::function<bool(double)>& progress) {
  CsvBlockReader reader(path, options);
  CsvTable table;
  table.source = path;
  table.layout = reader.layout();
  table.columns = reader.selectedColumns();
  const std::size_t capacity = countCsvDataRows(path, table.layout);
  table.values.resize(static_cast<Eigen::Index>(capacity), static_cast<Eigen::Index>(table.columns.size()));
  constexpr std::size_t kChunk = 65536;
  std::vector<std::size_t> lines(kChunk);
  std::size_t rows = 0;
  while (rows < capacity) {
    const std::size_t want = std::min(kChunk, capacity - rows);
    const std::size_t got = reader.read(table.values.middleRows(static_cast<Eigen::Index>(rows),
                                                                static_cast<Eigen::Index>(want)),
                                        lines.data());
    for (std::size_t i = 0; i < got; ++i) table.lines.add(rows + i, lines[i]);
    rows += got;
    if (got < want) break;
    if (progress && !progress(reader.progress())) throw Cancelled("reading " + path);
  }
  if (rows < capacity) table.values.conservativeResize(static_cast<Eigen::Index>(rows), Eigen::NoChange);
  table.warnings = reader.warnings();
  return table;
}

// ---------------------------------------------------------------------------------------------
CsvPreview readCsvPreview(const std::string& path, std::size_t maxRows, const std::optional<CsvFormat>& format) {
  std::FILE* f = openLogFile(path);
  std::string head(kBufferBytes, '\0');
  head.resize(std::fread(head.data(), 1, head.size(), f));
  std::fclose(f);

  CsvPreview preview;
  preview.layout = inspectCsvText(head, path, format);
  const CsvLayout& layout = preview.layout;
  const std::size_t columns = layout.columns.size();
  // The rows first, then a matrix as wide as the widest of them: a header of many
  // empty names over a few data columns costs the data columns only.
  std::string_view text(head);
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::size_t number = 0, pos = 0, width = 0;
  std::vector<std::string_view> rows;
  while (pos < text.size() && rows.size() < maxRows) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) {
      if (head.size() == kBufferBytes) break;  // cut by the head size: not a complete line
      nl = text.size();
    }
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string_view trimmed = csv_text::trim(line);
    if (number < layout.firstDataLine || trimmed.empty() || trimmed.front() == '#') continue;
    width = std::max(width, std::min(columns, countFields(line, layout.format.delimiter)));
    preview.lines.push_back(number);
    preview.rawLines.emplace_back(line);
    rows.push_back(line);
  }
  preview.values.setConstant(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(width),
                             std::numeric_limits<double>::quiet_NaN());
  for (std::size_t row = 0; row < rows.size(); ++row) {
    std::size_t k = 0;
    csv_text::forEachField(rows[row], layout.format.delimiter, [&](std::string_view field) {
      double v = 0.0;
      if (k < width && csv_text::parseDouble(field, layout.format.decimal, v) == csv_text::ParseStatus::Ok)
        preview.values(static_cast<Eigen::Index>(row), static_cast<Eigen::Index>(k)) = v;
      ++k;
    });
  }
  return preview;
}

}  // namespace eb
