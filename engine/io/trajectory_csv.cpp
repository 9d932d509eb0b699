#include "io/trajectory_csv.hpp"

#include "io/atomic_file.hpp"
#include "model/model_builder.hpp"
#include "model/model_error.hpp"
#include "util/bounded_read.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace eb {

namespace {

void appendNumber(std::string& out, double x) {
  char buf[40];
  // to_chars, not printf: independent of the C locale the GUI may have set.
  const auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, 17);
  out.append(buf, r.ptr);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> splitFields(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t start = 0;
  while (true) {
    const size_t comma = line.find(',', start);
    fields.push_back(trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return fields;
}

std::string unquote(std::string_view s) {
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  return std::string(trim(s));
}

// Splits "qd12" into prefix "qd" and index 12; false for anything else.
bool jointColumn(const std::string& name, std::string& prefix, int& index) {
  size_t digits = name.find_first_of("0123456789");
  if (digits == std::string::npos || digits == 0) return false;
  prefix = name.substr(0, digits);
  if (prefix != "q" && prefix != "qd" && prefix != "qdd") return false;
  const char* first = name.data() + digits;
  const char* last = name.data() + name.size();
  if (*first == '0') return false;
  const auto r = std::from_chars(first, last, index);
  return r.ec == std::errc() && r.ptr == last;
}

class CsvParser {
 public:
  CsvParser(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  TrajectorySamples parse(double rateHz, TimeColumn time) {
    std::string_view line;
    if (!nextLine(line)) fail("line 1: empty file, expected a header t,q1,...,qd1,...,qdd1,...");
    headerLine_ = lineNo_;
    const bool numbered = time == TimeColumn::Optional && !(rateHz > 0.0);
    readHeader(line, numbered ? 1.0 : rateHz);
    if (numbered && timeColumn_ < 0) rateHz = 1.0;  // t_j = j: sample numbers, not times

    std::vector<double> values;
    std::vector<double> times;
    int rows = 0;
    while (nextLine(line)) {
      const std::vector<std::string_view> fields = splitFields(line);
      if (fields.size() != header_.size())
        fail(where() + ": expected " + std::to_string(header_.size()) + " fields, found " +
             std::to_string(fields.size()));
      for (size_t c = 0; c < columns_.size(); ++c) values.push_back(number(fields, columns_[c]));
      double t = rows / rateHz;
      if (timeColumn_ >= 0) {
        t = number(fields, timeColumn_);
        if (rows > 0 && !(t > times.back()))
          fail(where(timeColumn_) + ": time " + fieldText(fields, timeColumn_) +
               " s does not increase (previous sample at " + formatTime(times.back()) + " s)");
      }
      times.push_back(t);
      ++rows;
    }
    if (rows == 0) fail("line " + std::to_string(headerLine_) + ": no samples after the header");

    TrajectorySamples s;
    s.timed = timeColumn_ >= 0 || !numbered;
    s.t = Eigen::Map<const Eigen::VectorXd>(times.data(), rows);
    s.q.resize(rows, dof_);
    s.qd.resize(rows, dof_);
    s.qdd.resize(rows, dof_);
    const size_t width = columns_.size();
    for (int r = 0; r < rows; ++r)
      for (int i = 0; i < dof_; ++i) {
        s.q(r, i) = values[r * width + i];
        s.qd(r, i) = values[r * width + dof_ + i];
        s.qdd(r, i) = values[r * width + 2 * dof_ + i];
      }
    return s;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw InputError(source_ + ": " + what); }

  std::string where() const { return "line " + std::to_string(lineNo_); }
  std::string where(int column) const {
    return where() + ", column " + std::to_string(column + 1) + " (" + header_[static_cast<size_t>(column)] + ")";
  }

  static std::string formatTime(double t) {
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, t);
    return std::string(buf, r.ptr);
  }

  static std::string fieldText(const std::vector<std::string_view>& fields, int column) {
    return std::string(fields[static_cast<size_t>(column)]);
  }

  // Next non-blank line; false at the end of the text.
  bool nextLine(std::string_view& line) {
    while (pos_ < text_.size()) {
      const size_t nl = text_.find('\n', pos_);
      const size_t end = nl == std::string_view::npos ? text_.size() : nl;
      line = text_.substr(pos_, end - pos_);
      pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
      ++lineNo_;
      if (!trim(line).empty()) return true;
    }
    return false;
  }

  void readHeader(std::string_view line, double rateHz) {
    if (lineNo_ == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);  // UTF-8 BOM
    for (std::string_view f : splitFields(line)) header_.push_back(unquote(f));
    // q, qd, qdd: joint index -> column. Maps, not vectors indexed by the joint number:
    // a header naming q2147483647 must not allocate for two billion joints.
    std::vector<std::map<int, int>> byKind(3);
    std::set<std::string> seen;
    int maxIndex = 0;
    for (size_t c = 0; c < header_.size(); ++c) {
      const std::string& name = header_[c];
      std::string prefix;
      int index = 0;
      if (!name.empty() && !seen.insert(name).second)
        fail("line " + std::to_string(lineNo_) + ", column " + std::to_string(c + 1) + ": duplicate column " + name);
      if (name == "t") {
        timeColumn_ = static_cast<int>(c);
      } else if (jointColumn(name, prefix, index)) {
        if (index > kMaxModelLinks)
          fail("line " + std::to_string(lineNo_) + ", column " + std::to_string(c + 1) + ": " + name +
               ": joint index beyond " + std::to_string(kMaxModelLinks) + " (more joints than a robot may have)");
        byKind[prefix == "q" ? 0 : prefix == "qd" ? 1 : 2][index] = static_cast<int>(c);
        maxIndex = std::max(maxIndex, index);
      }
    }
    const std::string at = "line " + std::to_string(lineNo_) + ": ";
    if (maxIndex == 0) fail(at + "missing column q1 (expected a header t,q1,...,qd1,...,qdd1,...)");
    const char* kinds[3] = {"q", "qd", "qdd"};
    // Stops at the first gap, so at most one pass over the header's joints.
    for (int i = 1; i <= maxIndex; ++i)
      for (int k = 0; k < 3; ++k)
        if (!byKind[static_cast<size_t>(k)].count(i))
          fail(at + "missing column " + kinds[k] + std::to_string(i) + " (joints 1.." + std::to_string(maxIndex) +
               " need q, qd and qdd)");
    if (timeColumn_ < 0 && !(rateHz > 0.0)) fail(at + "missing column t (or give a sample rate)");
    dof_ = maxIndex;
    for (int k = 0; k < 3; ++k)
      for (int i = 1; i <= dof_; ++i) columns_.push_back(byKind[static_cast<size_t>(k)].at(i));
  }

  double number(const std::vector<std::string_view>& fields, int column) const {
    std::string_view f = fields[static_cast<size_t>(column)];
    if (!f.empty() && f.front() == '+') f.remove_prefix(1);
    double x = 0.0;
    const auto r = std::from_chars(f.data(), f.data() + f.size(), x);
    if (f.empty() || r.ec == std::errc::invalid_argument || r.ptr != f.data() + f.size())
      fail(where(column) + ": not a number: '" + fieldText(fields, column) + "'");
    if (r.ec == std::errc::result_out_of_range)
      fail(where(column) + ": value is out of the double range: '" + fieldText(fields, column) + "'");
    if (!std::isfinite(x)) fail(where(column) + ": value is not finite: '" + fieldText(fields, column) + "'");
    return x;
  }

  std::string_view text_;
  const std::string& source_;
  size_t pos_ = 0;
  int lineNo_ = 0;
  int headerLine_ = 0;
  std::vector<std::string> header_;
  int timeColumn_ = -1;
  int dof_ = 0;
  std::vector<int> columns_;  // q1..qn, qd1..qdn, qdd1..qddn
};

}  // namespace

std::string formatTrajectoryCsv(const TrajectorySamples& s) {
  const int n = s.size(), dof = s.dof();
  if (s.qd.rows() != n || s.qdd.rows() != n || s.q.rows() != n || s.qd.cols() != dof || s.qdd.cols() != dof)
    throw std::invalid_argument("trajectory CSV: t, q, qd, qdd must have the same number of rows and q, qd, qdd the same columns");
  const auto check = [&](const Eigen::MatrixXd& m, const std::string& name, bool perJoint) {
    for (int r = 0; r < m.rows(); ++r)
      for (int c = 0; c < m.cols(); ++c)
        if (!std::isfinite(m(r, c)))
          throw std::invalid_argument("trajectory CSV: sample " + std::to_string(r + 1) + ": " + name +
                                      (perJoint ? std::to_string(c + 1) : std::string()) + " is not finite");
  };
  check(s.t, "t", false);
  check(s.q, "q", true);
  check(s.qd, "qd", true);
  check(s.qdd, "qdd", true);

  std::string out = "t";
  for (const char* kind : {"q", "qd", "qdd"})
    for (int i = 1; i <= dof; ++i) out += std::string(",") + kind + std::to_string(i);
  out += '\n';
  out.reserve(out.size() + static_cast<size_t>(n) * static_cast<size_t>(1 + 3 * dof) * 24);
  for (int r = 0; r < n; ++r) {
    appendNumber(out, s.t[r]);
    for (const Eigen::MatrixXd* m : {&s.q, &s.qd, &s.qdd})
      for (int i = 0; i < dof; ++i) {
        out += ',';
        appendNumber(out, (*m)(r, i));
      }
    out += '\n';
  }
  return out;
}

void writeTrajectoryCsv(const std::string& path, const TrajectorySamples& samples) {
  writeFileAtomically(path, formatTrajectoryCsv(samples));
}

TrajectorySamples parseTrajectoryCsv(std::string_view text, const std::string& sourceName, double rateHz,
                                     TimeColumn time) {
  return CsvParser(text, sourceName).parse(rateHz, time);
}

TrajectorySamples readTrajectoryCsv(const std::string& path, double rateHz, TimeColumn time) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open: " + std::strerror(errno));
  // Long trajectories are fine; a line longer than any row of a robot's joints
  // (a binary file, a missing line break, /dev/zero) is refused after reading that much.
  constexpr size_t kMaxLineBytes = kMiB;
  const BoundedText text = readBoundedText(in, std::numeric_limits<size_t>::max(), kMaxLineBytes);
  if (text.longLine > 0)
    throw InputError(path + ": line " + std::to_string(text.longLine) + ": longer than " +
                     describeByteLimit(kMaxLineBytes) + " (not a trajectory CSV, or a line break is missing)");
  return parseTrajectoryCsv(text.text, path, rateHz, time);
}

}  // namespace eb
