// CSV reader of DH tables (format in dh_import.hpp).
#include "model/dh_fields.hpp"
#include "model/dh_import.hpp"
#include "util/input_error.hpp"
#include "model/text_numbers.hpp"

#include "util/csv_text.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace eb {
namespace {

const std::set<std::string>& knownColumns() {
  static const std::set<std::string> columns = {"name", "type", "a", "alpha", "d", "theta", "mass",
                                                "cx", "cy", "cz", "ixx", "ixy", "ixz", "iyy", "iyz",
                                                "izz", "lower", "upper", "velocity", "acceleration", "effort"};
  return columns;
}

// The cells of a line (split at every ',', trimmed), with the engine's CSV text plumbing.
std::vector<std::string> splitCells(std::string_view line) {
  std::vector<std::string> cells;
  for (std::string_view cell : csv_text::splitTrimmed(line)) cells.emplace_back(cell);
  return cells;
}

// Reads the CSV line by line: settings, then the header, then one row per joint.
class CsvReader {
 public:
  explicit CsvReader(const std::string& source) : source_(source) {}

  DhTable read(const std::string& text) {
    // A UTF-8 byte order mark (spreadsheet exports) is not part of the first cell.
    csv_text::TextLines lines(text);
    std::string_view line;
    while (lines.next(line)) {
      line_ = static_cast<int>(lines.number());
      const std::string_view content = csv_text::trim(line);
      if (!content.empty() && content[0] != '#') handle(splitCells(content));
    }
    if (!haveConvention_)
      fail(1, "convention", "missing (add a line 'convention,standard' or 'convention,modified' before the header)");
    if (header_.empty()) fail(line_, "header", "missing (a line naming the columns, e.g. 'a,alpha,d,theta')");
    return table_;
  }

 private:
  [[noreturn]] void fail(int line, const std::string& field, const std::string& what) const {
    throw sourceErrorAt(source_, static_cast<std::size_t>(line), field, what);
  }

  double number(const std::string& cell, const std::string& where, const std::string& field) const {
    double v = 0.0;
    if (!parseNumberOrPi(cell, v)) fail(line_, where + field, "'" + cell + "' is not a number");
    if (!std::isfinite(v)) fail(line_, where + field, "'" + cell + "' is not finite");
    return v;
  }

  void handle(const std::vector<std::string>& cells) {
    if (!header_.empty()) return row(cells);
    const std::string& key = cells[0];
    if (key == "convention") {
      if (cells.size() != 2 || !parseDhConvention(cells[1], table_.convention))
        fail(line_, "convention", "expected 'convention,standard' or 'convention,modified'");
      haveConvention_ = true;
    } else if (key == "robot") {
      if (cells.size() != 2 || cells[1].empty()) fail(line_, "robot", "expected 'robot,<robot name>'");
      table_.name = cells[1];
    } else if (key == "gravity") {
      if (cells.size() != 4) fail(line_, "gravity", "expected 'gravity,gx,gy,gz'");
      table_.gravity = Eigen::Vector3d(number(cells[1], "", "gravity"), number(cells[2], "", "gravity"),
                                       number(cells[3], "", "gravity"));
    } else {
      header(cells);
    }
  }

  void header(const std::vector<std::string>& cells) {
    std::set<std::string> seen;
    for (const std::string& c : cells) {
      if (!knownColumns().count(c))
        fail(line_, "header", "column '" + c + "' is unknown (name, type, a, alpha, d, theta, mass, cx, cy, cz, "
                                               "ixx, ixy, ixz, iyy, iyz, izz, lower, upper, velocity, "
                                               "acceleration, effort)");
      if (!seen.insert(c).second) fail(line_, "header", "column '" + c + "' appears twice");
    }
    for (const char* required : {"a", "alpha", "d"})
      if (!seen.count(required)) fail(line_, "header", std::string("column '") + required + "' is missing");
    header_ = cells;
  }

  void row(const std::vector<std::string>& cells) {
    DhRow r;
    r.line = line_;
    const size_t index = table_.rows.size() + 1;
    r.name = "joint" + std::to_string(index);
    for (size_t i = 0; i < header_.size() && i < cells.size(); ++i)
      if (header_[i] == "name" && !cells[i].empty()) r.name = cells[i];
    const std::string where = "joint '" + r.name + "' (row " + std::to_string(index) + "): ";
    if (cells.size() != header_.size())
      fail(line_, where + "cells",
           "expected " + std::to_string(header_.size()) + " (one per header column), got " +
               std::to_string(cells.size()) + " (write decimals with '.', not ',')");
    for (size_t i = 0; i < cells.size(); ++i) {
      const std::string& column = header_[i];
      if (cells[i].empty() && (column == "a" || column == "alpha" || column == "d"))
        fail(line_, where + column, "empty (required)");
      if (column == "name" || cells[i].empty()) continue;
      if (column == "type") {
        if (!parseDhJointType(cells[i], r.prismatic))
          fail(line_, where + "type", "'" + cells[i] + "' is not revolute or prismatic");
        continue;
      }
      setDhField(r, column, number(cells[i], where, column));
    }
    table_.rows.push_back(r);
  }

  const std::string& source_;
  DhTable table_;
  std::vector<std::string> header_;
  bool haveConvention_ = false;
  int line_ = 0;
};

}  // namespace

DhTable readDhCsv(const std::string& text, const std::string& source) { return CsvReader(source).read(text); }

}  // namespace eb
