#include "io/trajectory_csv.hpp"

#include "io/atomic_file.hpp"
#include "util/csv_text.hpp"
#include "model/model_builder.hpp"
#include "util/input_error.hpp"
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

// Reads the trajectory with the engine's text plumbing (util/csv_text.hpp).
class CsvParser {
 public:
  CsvParser(std::string_view text, const std::string& source) : lines_(text), source_(source) {}

  TrajectorySamples parse(double rateHz, TimeColumn time) {
    std::string_view line;
    if (!nextLine(line)) fail(0, "line 1: empty file, expected a header t,q1,...,qd1,...,qdd1,...", 1);
    const std::size_t headerLine = lines_.number();
    const bool numbered = time == TimeColumn::Optional && !(rateHz > 0.0);
    readHeader(line, numbered ? 1.0 : rateHz);
    if (numbered && timeColumn_ < 0) rateHz = 1.0;  // t_j = j: sample numbers, not times

    std::vector<double> values;
    std::vector<double> times;
    int rows = 0;
    while (nextLine(line)) {
      const std::vector<std::string_view> fields = csv_text::splitTrimmed(line);
      if (fields.size() != header_.size())
        fail(0, where() + ": expected " + std::to_string(header_.size()) + " fields, found " +
                    std::to_string(fields.size()));
      for (size_t c = 0; c < columns_.size(); ++c) values.push_back(number(fields, columns_[c]));
      double t = rows / rateHz;
      if (timeColumn_ >= 0) {
        t = number(fields, timeColumn_);
        if (rows > 0 && !(t > times.back()))
          fail(timeColumn_ + 1, where(timeColumn_) + ": time " + std::string(fields[static_cast<size_t>(timeColumn_)]) +
                                    " s does not increase (previous sample at " + formatTime(times.back()) + " s)");
      }
      times.push_back(t);
      ++rows;
    }
    if (rows == 0) fail(0, "line " + std::to_string(headerLine) + ": no samples after the header", headerLine);

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
  // `what` starts with the place as this reader writes it; `column` is 1-based (0: none) and
  // `line` the line it concerns (default: the line read last).
  [[noreturn]] void fail(int column, const std::string& what, std::size_t line = 0) const {
    Diagnostic d;
    d.file = source_;
    d.line = line > 0 ? line : lines_.number();
    d.column = static_cast<std::size_t>(std::max(column, 0));
    if (column > 0 && static_cast<size_t>(column) <= header_.size()) d.field = header_[static_cast<size_t>(column - 1)];
    d.message = what.substr(what.find(": ") == std::string::npos ? 0 : what.find(": ") + 2);
    throw InputError(std::move(d));
  }

  std::string where() const { return "line " + std::to_string(lines_.number()); }
  std::string where(int column) const {
    return where() + ", column " + std::to_string(column + 1) + " (" + header_[static_cast<size_t>(column)] + ")";
  }

  static std::string formatTime(double t) {
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, t);
    return std::string(buf, r.ptr);
  }

  // Next non-blank line; false at the end of the text.
  bool nextLine(std::string_view& line) {
    while (lines_.next(line))
      if (!csv_text::trim(line).empty()) return true;
    return false;
  }

  void readHeader(std::string_view line, double rateHz) {
    for (std::string_view f : csv_text::splitTrimmed(line)) header_.push_back(csv_text::unquote(f));
    // q, qd, qdd: joint index -> column. Maps, not vectors indexed by the joint number:
    // a header naming q2147483647 must not allocate for two billion joints.
    std::vector<std::map<int, int>> byKind(3);
    std::set<std::string> seen;
    int maxIndex = 0;
    const std::string at = where() + ": ";
    for (size_t c = 0; c < header_.size(); ++c) {
      const std::string& name = header_[c];
      const int column = static_cast<int>(c) + 1;
      std::string prefix;
      int index = 0;
      if (!name.empty() && !seen.insert(name).second) fail(column, where() + ": duplicate column");
      if (name == "t") {
        timeColumn_ = static_cast<int>(c);
      } else if (jointColumn(name, prefix, index)) {
        if (index > kMaxModelLinks)
          fail(column, where() + ": joint index beyond " + std::to_string(kMaxModelLinks) +
                           " (more joints than a robot may have)");
        byKind[prefix == "q" ? 0 : prefix == "qd" ? 1 : 2][index] = static_cast<int>(c);
        maxIndex = std::max(maxIndex, index);
      }
    }
    if (maxIndex == 0) fail(0, at + "missing column q1 (expected a header t,q1,...,qd1,...,qdd1,...)");
    const char* kinds[3] = {"q", "qd", "qdd"};
    // Stops at the first gap, so at most one pass over the header's joints.
    for (int i = 1; i <= maxIndex; ++i)
      for (int k = 0; k < 3; ++k)
        if (!byKind[static_cast<size_t>(k)].count(i))
          fail(0, at + "missing column " + kinds[k] + std::to_string(i) + " (joints 1.." + std::to_string(maxIndex) +
                      " need q, qd and qdd)");
    if (timeColumn_ < 0 && !(rateHz > 0.0)) fail(0, at + "missing column t (or give a sample rate)");
    dof_ = maxIndex;
    for (int k = 0; k < 3; ++k)
      for (int i = 1; i <= dof_; ++i) columns_.push_back(byKind[static_cast<size_t>(k)].at(i));
  }

  double number(const std::vector<std::string_view>& fields, int column) const {
    const std::string_view f = fields[static_cast<size_t>(column)];
    double x = 0.0;
    switch (csv_text::parseDouble(f, '.', x)) {
      case csv_text::ParseStatus::Ok:
        break;
      case csv_text::ParseStatus::OutOfRange:
        fail(column + 1, where(column) + ": value is out of the double range: '" + std::string(f) + "'");
      case csv_text::ParseStatus::Empty:
      case csv_text::ParseStatus::NotNumber:
        fail(column + 1, where(column) + ": not a number: '" + std::string(f) + "'");
    }
    if (!std::isfinite(x)) fail(column + 1, where(column) + ": value is not finite: '" + std::string(f) + "'");
    return x;
  }

  csv_text::TextLines lines_;
  const std::string& source_;
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
  if (!in) throw inputErrorIn(path, std::string("cannot open: ") + std::strerror(errno));
  // Long trajectories are fine; a line longer than any row of a robot's joints
  // (a binary file, a missing line break, /dev/zero) is refused after reading that much.
  constexpr size_t kMaxLineBytes = kMiB;
  const BoundedText text = readBoundedText(in, std::numeric_limits<size_t>::max(), kMaxLineBytes);
  if (text.longLine > 0)
    throw inputErrorIn(path, "line " + std::to_string(text.longLine) + ": longer than " +
                                 describeByteLimit(kMaxLineBytes) +
                                 " (not a trajectory CSV, or a line break is missing)");
  return parseTrajectoryCsv(text.text, path, rateHz, time);
}

}  // namespace eb
