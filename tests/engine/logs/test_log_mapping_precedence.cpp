// The one rule by which a mapping file (log_mapping_file.hpp) meets import options already
// set, for the CLI's --mapping and the wizard's "Load mapping": the file supplies its format and
// its columns, and its torque constants and signs only where none were given explicitly.
#include "logs/log_mapping_file.hpp"

#include <gtest/gtest.h>

using namespace eb;

namespace log_mapping_precedence_test {

LogMappingFile layoutFile() {
  LogMappingFile file;
  file.format = CsvFormat{';', ',', false};
  file.columns = "t,q1..q2,i1..i2";
  file.torqueConstants = {0.5, 0.25};
  file.torqueSigns = {1, -1};
  return file;
}

}  // namespace log_mapping_precedence_test

TEST(LogMappingPrecedence, TheFileSuppliesWhatNothingExplicitStates) {
  LogImportOptions given;
  given.dof = 2;
  given.mapping.emplace();  // a mapping guessed before: the file's layout replaces it
  const LogImportOptions o = withLogMappingFile(given, log_mapping_precedence_test::layoutFile());
  ASSERT_TRUE(o.format.has_value());
  EXPECT_EQ(o.format->delimiter, ';');
  EXPECT_EQ(o.format->decimal, ',');
  EXPECT_FALSE(o.format->hasHeader);
  ASSERT_TRUE(o.columnLayout.has_value());
  EXPECT_EQ(*o.columnLayout, "t,q1..q2,i1..i2");
  EXPECT_FALSE(o.mapping.has_value());
  EXPECT_EQ(o.torqueConstants, (std::vector<double>{0.5, 0.25}));
  EXPECT_EQ(o.torqueSigns, (std::vector<double>{1, -1}));
  EXPECT_EQ(o.dof, 2);
}

TEST(LogMappingPrecedence, ExplicitConstantsAndSignsWinOverTheFile) {
  LogImportOptions given;
  given.torqueConstants = {2.0, 3.0};
  given.torqueSigns = {-1, 1};
  const LogImportOptions o = withLogMappingFile(given, log_mapping_precedence_test::layoutFile());
  EXPECT_EQ(o.torqueConstants, (std::vector<double>{2.0, 3.0}));
  EXPECT_EQ(o.torqueSigns, (std::vector<double>{-1, 1}));
  // The columns still come from the file: that is what it is given for.
  ASSERT_TRUE(o.columnLayout.has_value());
  EXPECT_EQ(*o.columnLayout, "t,q1..q2,i1..i2");
}

TEST(LogMappingPrecedence, AMappingByNameReplacesALayoutAndAFileWithoutSignsLeavesThemUnstated) {
  LogMappingFile file;
  LogColumnMapping mapping;
  mapping.timeColumn = "stamp";
  file.mapping = mapping;
  LogImportOptions given;
  given.columnLayout = "t,q1..q2,tau1..tau2";
  given.format = CsvFormat{',', '.', true};
  const LogImportOptions o = withLogMappingFile(given, file);
  ASSERT_TRUE(o.mapping.has_value());
  EXPECT_EQ(o.mapping->timeColumn, "stamp");
  EXPECT_FALSE(o.columnLayout.has_value());
  ASSERT_TRUE(o.format.has_value());  // the file forces none: the one given stays
  EXPECT_EQ(o.format->delimiter, ',');
  EXPECT_TRUE(o.torqueSigns.empty());
  EXPECT_TRUE(o.torqueConstants.empty());
}
