// The one text plumbing of the delimited-text readers (util/csv_text.hpp):
// numbered lines, fields, and the trajectory reader's errors as data with
// their place (file, line, column, field) through the engine's Diagnostic.

#include "io/trajectory_csv.hpp"
#include "util/input_error.hpp"
#include "util/csv_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace eb;

TEST(CsvText, LinesAreNumberedWithoutBomAndCarriageReturns) {
  csv_text::TextLines lines("\xEF\xBB\xBFt,q1\r\n\r\n0,1\n0.5,2");
  std::string_view line;
  std::vector<std::pair<std::size_t, std::string>> seen;
  while (lines.next(line)) seen.emplace_back(lines.number(), std::string(line));
  const std::vector<std::pair<std::size_t, std::string>> expected = {{1, "t,q1"}, {2, ""}, {3, "0,1"}, {4, "0.5,2"}};
  EXPECT_EQ(seen, expected);
}

TEST(CsvText, SplitTrimmedKeepsEveryField) {
  const std::vector<std::string_view> fields = csv_text::splitTrimmed(" a , b,,c ,");
  EXPECT_EQ(fields, (std::vector<std::string_view>{"a", "b", "", "c", ""}));
  EXPECT_EQ(csv_text::splitTrimmed(""), (std::vector<std::string_view>{""}));
  EXPECT_EQ(csv_text::splitTrimmed("1;2", ';'), (std::vector<std::string_view>{"1", "2"}));
}

TEST(CsvText, TrajectoryErrorsCarryTheirPlace) {
  try {
    parseTrajectoryCsv("t,q1,qd1,qdd1\n0,1,2,3\n0.1,1,nan,3\n", "traj.csv");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "traj.csv: line 3: column 'qd1': value is not finite: 'nan'");
    const Diagnostic& d = e.diagnostic();
    EXPECT_EQ(d.file, "traj.csv");
    EXPECT_EQ(d.line, 3u);
    EXPECT_EQ(d.column, 3u);
    EXPECT_EQ(d.field, "qd1");
    EXPECT_EQ(d.message, "value is not finite: 'nan'");
  }
  try {
    parseTrajectoryCsv("t,q1,qd1\n0,1,2\n", "traj.csv");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostic().line, 1u);
    EXPECT_EQ(e.diagnostic().column, 0u);
    EXPECT_EQ(e.diagnostic().message, "missing column qdd1 (joints 1..1 need q, qd and qdd)");
  }
}
