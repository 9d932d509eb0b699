// CSV layer: format detection, strict number parsing, block reading, line numbers, errors.

#include "logs/csv_table.hpp"
#include "util/input_error.hpp"
#include "test_log_support.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace eb;
using eb::test::messageOf;
using eb::test::TempFile;

TEST(LogCsvFormat, DetectsCommaWithHeader) {
  const CsvLayout l = inspectCsvText("t,q1,q2\n0,1,2\n0.1,1.5,2.5\n", "f.csv");
  EXPECT_EQ(l.format.delimiter, ',');
  EXPECT_EQ(l.format.decimal, '.');
  EXPECT_TRUE(l.format.hasHeader);
  EXPECT_EQ(l.columns, (std::vector<std::string>{"t", "q1", "q2"}));
  EXPECT_EQ(l.headerLine, 1u);
  EXPECT_EQ(l.firstDataLine, 2u);
}

TEST(LogCsvFormat, DetectsSemicolonTabAndBlanks) {
  EXPECT_EQ(inspectCsvText("t;q1\n0;1\n1;2\n", "f").format.delimiter, ';');
  EXPECT_EQ(inspectCsvText("t\tq1\n0\t1\n1\t2\n", "f").format.delimiter, '\t');
  // UR RTDE record.py: single spaces; hand-aligned files: runs of spaces.
  const CsvLayout rtde = inspectCsvText("timestamp actual_q_0 actual_q_1\n1.0 0.1 0.2\n1.008   0.1  0.2 \n", "f");
  EXPECT_EQ(rtde.format.delimiter, ' ');
  EXPECT_EQ(rtde.columns, (std::vector<std::string>{"timestamp", "actual_q_0", "actual_q_1"}));
}

TEST(LogCsvFormat, BomCrlfCommentsAndSpacedHeader) {
  // Older libfranka: ", " between header names; a BOM and CRLF from a Windows editor; comments.
  const std::string text = "\xEF\xBB\xBF# exported by hand\r\ntime, state.q[0], state.q[1]\r\n# note\r\n1, 2, 3\r\n2, 3, 4\r\n";
  const CsvLayout l = inspectCsvText(text, "f");
  EXPECT_EQ(l.format.delimiter, ',');
  EXPECT_EQ(l.columns, (std::vector<std::string>{"time", "state.q[0]", "state.q[1]"}));
  EXPECT_EQ(l.headerLine, 2u);

  TempFile file(text, ".csv");
  const CsvTable table = readCsvTable(file.path());
  ASSERT_EQ(table.values.rows(), 2);
  EXPECT_EQ(table.values(1, 2), 4.0);
  EXPECT_EQ(table.lines.line(0), 4u);  // line 3 is a comment
  EXPECT_EQ(table.lines.line(1), 5u);
}

TEST(LogCsvFormat, HeaderlessAndCommentHeader) {
  const CsvLayout bare = inspectCsvText("0 1 2\n1 2 3\n", "f");
  EXPECT_FALSE(bare.format.hasHeader);
  EXPECT_EQ(bare.columns, (std::vector<std::string>{"column1", "column2", "column3"}));
  EXPECT_EQ(bare.firstDataLine, 1u);
  const CsvLayout commented = inspectCsvText("# t q1 q2\n0 1 2\n1 2 3\n", "f");
  EXPECT_EQ(commented.columns, (std::vector<std::string>{"t", "q1", "q2"}));
  EXPECT_EQ(commented.headerLine, 1u);
  EXPECT_EQ(commented.firstDataLine, 2u);
}

TEST(LogCsvFormat, QuotedHeaderNames) {
  const CsvLayout l = inspectCsvText("\"time\",\"a,b\",\"q1\"\n0,1,2\n", "f");
  EXPECT_EQ(l.columns, (std::vector<std::string>{"time", "a,b", "q1"}));
}

TEST(LogCsvFormat, DecimalCommaWithSemicolonIsParsed) {
  // Decided behaviour: with ';' (or tab/blank) delimiters, commas inside numbers are decimal
  // separators and are parsed exactly; nothing is truncated.
  TempFile file("t;q1;tau1\n0;1,5;2,25\n0,001;-1,25e-1;3\n", ".csv");
  const CsvTable table = readCsvTable(file.path());
  EXPECT_EQ(table.layout.format.decimal, ',');
  ASSERT_EQ(table.values.rows(), 2);
  EXPECT_DOUBLE_EQ(table.values(0, 1), 1.5);
  EXPECT_DOUBLE_EQ(table.values(0, 2), 2.25);
  EXPECT_DOUBLE_EQ(table.values(1, 0), 0.001);
  EXPECT_DOUBLE_EQ(table.values(1, 1), -0.125);
}

TEST(LogCsvFormat, DecimalCommaNeverTruncates) {
  // Forced '.' decimal on a decimal-comma file: an error naming the field, not 1 instead of 1.5.
  TempFile file("t;q1\n0;1,5\n1;2,5\n", ".csv");
  CsvReadOptions options;
  options.format = CsvFormat{';', '.', true};
  const std::string msg = messageOf<InputError>([&] { readCsvTable(file.path(), options); });
  EXPECT_MESSAGE_HAS(msg, file.path(), "line 2", "column 'q1'", "'1,5' is not a number", "decimal comma");
  // A comma-separated file with decimal commas has more fields than the header: rejected.
  TempFile comma("t,q1\n0,1,5\n", ".csv");
  const std::string msg2 = messageOf<InputError>([&] { readCsvTable(comma.path()); });
  EXPECT_MESSAGE_HAS(msg2, comma.path(), "line 2", "expected 2 fields", "found 3");
}

TEST(LogCsvNumbers, StrictParsing) {
  double v = 0;
  using csv_text::ParseStatus;
  EXPECT_EQ(csv_text::parseDouble(" +1.5e3 ", '.', v), ParseStatus::Ok);
  EXPECT_EQ(v, 1500.0);
  EXPECT_EQ(csv_text::parseDouble("\"-2\"", '.', v), ParseStatus::Ok);
  EXPECT_EQ(v, -2.0);
  EXPECT_EQ(csv_text::parseDouble(".5", '.', v), ParseStatus::Ok);
  EXPECT_EQ(v, 0.5);
  EXPECT_EQ(csv_text::parseDouble("1.5abc", '.', v), ParseStatus::NotNumber);
  EXPECT_EQ(csv_text::parseDouble("1,5", '.', v), ParseStatus::NotNumber);
  EXPECT_EQ(csv_text::parseDouble("", '.', v), ParseStatus::Empty);
  EXPECT_EQ(csv_text::parseDouble("1e999", '.', v), ParseStatus::OutOfRange);
  EXPECT_EQ(csv_text::parseDouble("1.234,5", ',', v), ParseStatus::NotNumber);  // thousands separators
}

TEST(LogCsvReader, ErrorsNameFileLineAndColumn) {
  struct Case {
    std::string text, line, column, what;
  };
  const Case cases[] = {
      {"t,q1\n0,1\n1,abc\n", "line 3", "column 'q1'", "'abc' is not a number"},
      {"t,q1\n0,1\n1,nan\n", "line 3", "column 'q1'", "not finite"},
      {"t,q1\n0,1\n1,inf\n", "line 3", "column 'q1'", "not finite"},
      {"t,q1\n0,1\n1, \n", "line 3", "column 'q1'", "empty field"},
      {"t,q1,q2\n0,1,2\n1,2\n2,3,4\n", "line 3", "column 'q2'", "expected 3 fields"},
  };
  for (const Case& c : cases) {
    TempFile file(c.text, ".csv");
    const std::string msg = messageOf<InputError>([&] { readCsvTable(file.path()); });
    EXPECT_MESSAGE_HAS(msg, file.path(), c.line, c.column, c.what);
  }
}

TEST(LogCsvReader, UnselectedColumnsMayHoldText) {
  // rostopic echo -p exports: joint names and frame ids as text next to the numbers.
  TempFile file("%time,field.name0,field.position0\n1,joint_a,0.5\n2,joint_a,0.6\n", ".csv");
  CsvReadOptions options;
  options.columns = {"field.position0", "%time"};
  const CsvTable table = readCsvTable(file.path(), options);
  ASSERT_EQ(table.values.rows(), 2);
  EXPECT_EQ(table.values(1, 0), 0.6);
  EXPECT_EQ(table.values(1, 1), 2.0);
  const std::string msg = messageOf<InputError>([&] {
    CsvReadOptions o;
    o.columns = {"nope"};
    readCsvTable(file.path(), o);
  });
  EXPECT_MESSAGE_HAS(msg, file.path(), "line 1", "column 'nope'", "not found");
}

TEST(LogCsvReader, TruncatedLastLineIsSkippedWithWarning) {
  TempFile file("t,q1,q2\n0,1,2\n1,2,3\n2,3", ".csv");
  const CsvTable table = readCsvTable(file.path());
  EXPECT_EQ(table.values.rows(), 2);
  ASSERT_EQ(table.warnings.size(), 1u);
  EXPECT_EQ(table.warnings[0].line, 4u);
  EXPECT_MESSAGE_HAS(table.warnings[0].message, "incomplete last line");
  // A complete last line without a newline is a normal row.
  TempFile whole("t,q1\n0,1\n1,2", ".csv");
  EXPECT_EQ(readCsvTable(whole.path()).values.rows(), 2);
}

TEST(LogCsvReader, BlocksOfAnySizeGiveTheSameRows) {
  std::string text = "t q1 q2\n";
  for (int i = 0; i < 1000; ++i) {
    text += std::to_string(i * 0.001) + "  " + std::to_string(std::sin(i * 0.01)) + " " + std::to_string(i) + "\n";
    if (i % 97 == 0) text += "# marker\n\n";
  }
  TempFile file(text, ".txt");
  const CsvTable whole = readCsvTable(file.path());
  ASSERT_EQ(whole.values.rows(), 1000);
  EXPECT_EQ(countCsvDataRows(file.path(), whole.layout), 1000u);
  for (std::size_t block : {1u, 7u, 333u, 4096u}) {
    CsvBlockReader reader(file.path());
    Eigen::MatrixXd values(static_cast<Eigen::Index>(block), 3);
    std::vector<std::size_t> lines(block);
    std::size_t row = 0;
    while (std::size_t got = reader.read(values, lines.data())) {
      for (std::size_t i = 0; i < got; ++i) {
        EXPECT_EQ(values.row(static_cast<Eigen::Index>(i)), whole.values.row(static_cast<Eigen::Index>(row + i)));
        EXPECT_EQ(lines[i], whole.lines.line(row + i));
      }
      row += got;
    }
    EXPECT_EQ(row, 1000u);
    EXPECT_DOUBLE_EQ(reader.progress(), 1.0);
  }
}

TEST(LogCsvReader, WideRowsCrossTheBufferBoundary) {
  // 9000 columns (under the 10,000 limit) of 23-byte numbers: 200 KB rows, so the
  // 12 rows span the 1 MiB text buffer more than twice.
  std::string header = "t", row = "0";
  for (int k = 0; k < 9000; ++k) {
    header += ",c" + std::to_string(k);
    row += ",1.000000000000000000001";
  }
  std::string text = header + "\n";
  for (int r = 0; r < 12; ++r) text += row + "\n";
  TempFile file(text, ".csv");
  CsvReadOptions options;
  options.columns = {"c8999"};
  const CsvTable table = readCsvTable(file.path(), options);
  ASSERT_EQ(table.values.rows(), 12);
  EXPECT_EQ(table.values(11, 0), 1.0);
}

TEST(LogCsvReader, HeaderWiderThanTheColumnLimitIsRefusedWithItsLine) {
  // 120,001 columns (a 1 MB header): refused before any per-column table is made.
  std::string header = "# exported\nt", row = "0";
  for (int k = 0; k < 120000; ++k) {
    header += ",c" + std::to_string(k);
    row += ",1";
  }
  TempFile file(header + "\n" + row + "\n", ".csv");
  try {
    (void)readCsvPreview(file.path(), 200);
    FAIL() << "a header of 120,001 columns was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostic().line, 2u) << e.what();
    EXPECT_NE(std::string(e.what()).find("120001 columns; at most 10000"), std::string::npos) << e.what();
  }
}

TEST(LogCsvReader, FirstLineLongerThanTheHeadIsReportedAsSuch) {
  // A megabyte of commas with no line break in it: not a header with a million empty
  // names, a line too long for a log.
  TempFile file(std::string(std::size_t{1} << 20, ',') + "\n0,1\n", ".csv");
  try {
    (void)readCsvPreview(file.path(), 200);
    FAIL() << "a 1 MiB first line was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.diagnostic().line, 1u) << e.what();
    EXPECT_NE(std::string(e.what()).find("longer than 1 MiB"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)readCsvTable(file.path(), {}), InputError);
}

TEST(LogCsvReader, PreviewIsAsWideAsItsData) {
  // 8999 empty header names (and a last one) over rows of 3 fields: the preview holds 3 columns.
  TempFile file(std::string(8999, ',') + "z\n1,2,3\n4,5,6\n", ".csv");
  const CsvPreview p = readCsvPreview(file.path(), 200);
  EXPECT_EQ(p.layout.columns.size(), 9000u);
  EXPECT_EQ(p.values.cols(), 3);
  EXPECT_EQ(p.value(1, 2), 6.0);
  EXPECT_TRUE(std::isnan(p.value(1, 8999)));
}

TEST(LogCsvReader, PreviewIsLenient) {
  TempFile file("a,b\n1,x\n2,3\n", ".csv");
  const CsvPreview p = readCsvPreview(file.path(), 10);
  ASSERT_EQ(p.values.rows(), 2);
  EXPECT_TRUE(std::isnan(p.values(0, 1)));
  EXPECT_EQ(p.values(1, 1), 3.0);
  EXPECT_EQ(p.lines, (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(p.rawLines[0], "1,x");
}

TEST(LogCsvReader, EmptyFileAndMissingFile) {
  TempFile empty("# only a comment\n\n", ".csv");
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { readCsvTable(empty.path()); }), empty.path(), "no data lines");
  EXPECT_MESSAGE_HAS(messageOf<InputError>([&] { readCsvTable("/nonexistent/x.csv"); }), "/nonexistent/x.csv",
                     "cannot open");
}
