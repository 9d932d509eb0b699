// One-line messages: whatever bytes a file puts into a message (names, parser
// complaints quoting binary input), what() is one line of valid UTF-8.

#include "util/input_error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace eb {
namespace {

// True if `s` is valid UTF-8 (independent of utf8SequenceLength: a decoder by hand).
bool validUtf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    int n = 0;
    unsigned cp = 0;
    if (c < 0x80) {
      n = 0;
      cp = c;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 1;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 2;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 3;
      cp = c & 0x07;
    } else
      return false;
    for (int k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return false;
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += static_cast<size_t>(n) + 1;
  }
  return true;
}

TEST(OneLineMessage, ControlCharactersAndInvalidBytesAreEscaped) {
  EXPECT_EQ(oneLineMessage("a\nb\rc\td\x01\x7F"), "a\\nb\\rc\td\\x01\\x7F");
  // A parser quoting binary input (yaml-cpp: "unknown escape character: \xA7").
  EXPECT_EQ(oneLineMessage("escape character: \xA7"), "escape character: \\xA7");
  // Overlong encodings, surrogates, beyond U+10FFFF, truncated sequences: escaped byte by byte.
  EXPECT_EQ(oneLineMessage("\xC0\x80"), "\\xC0\\x80");
  EXPECT_EQ(oneLineMessage("\xED\xA0\x80"), "\\xED\\xA0\\x80");
  EXPECT_EQ(oneLineMessage("\xF4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80");
  EXPECT_EQ(oneLineMessage("joint \xE2\x82"), "joint \\xE2\\x82");
  // Valid UTF-8 is kept as it is.
  EXPECT_EQ(oneLineMessage("Gelenk \xC3\xA4 \xE2\x86\x92 \xF0\x9F\xA4\x96"),
            "Gelenk \xC3\xA4 \xE2\x86\x92 \xF0\x9F\xA4\x96");
}

TEST(OneLineMessage, LongMessagesAreCutAtACharacterBoundary) {
  std::string longName;
  for (int i = 0; i < 1500; ++i) longName += "\xC3\xA4";  // 3000 bytes of two-byte characters
  const std::string m = oneLineMessage("x" + longName);
  EXPECT_LE(m.size(), kMaxMessageBytes + 40);
  EXPECT_TRUE(validUtf8(m));
  EXPECT_NE(m.find("more bytes)"), std::string::npos);
  const InputError e("file.urdf:3: link '" + std::string("\xFF\xFE") + "\n': name");
  EXPECT_STREQ(e.what(), "file.urdf:3: link '\\xFF\\xFE\\n': name");
  EXPECT_TRUE(validUtf8(InputError(std::string(4000, '\x80')).what()));
}

TEST(InputErrorPlace, LogStyleAndSourceStyleKeepTheirPartsAsData) {
  const InputError log = inputErrorAt("run.csv", 12, "q3", "not a number: 'x'");
  EXPECT_STREQ(log.what(), "run.csv: line 12: column 'q3': not a number: 'x'");
  const InputError urdf = sourceErrorAt("arm.urdf", 9, "joint 'j1': limit", "lower (2) is above upper (1)");
  EXPECT_STREQ(urdf.what(), "arm.urdf:9: joint 'j1': limit: lower (2) is above upper (1)");
  EXPECT_EQ(urdf.diagnostic().file, "arm.urdf");
  EXPECT_EQ(urdf.diagnostic().line, 9u);
  EXPECT_EQ(urdf.diagnostic().field, "joint 'j1': limit");
  EXPECT_EQ(urdf.diagnostic().message, "lower (2) is above upper (1)");
  // Without a line (a builder that knows no lines) the file and subject stay.
  EXPECT_STREQ(sourceErrorAt("arm.urdf", 0, "link 'l'", "duplicate link name").what(),
               "arm.urdf: link 'l': duplicate link name");
  EXPECT_STREQ(inputErrorIn("out.csv", "cannot write: disk full").what(), "out.csv: cannot write: disk full");
}

TEST(InputErrorPlace, InFileNamesTheFilesOnlyWhenTheFindingHadNone) {
  const InputError estimate("the regressor is rank deficient");
  const InputError named = inFile(estimate, "a.csv, b.csv");
  EXPECT_STREQ(named.what(), "a.csv, b.csv: the regressor is rank deficient");
  EXPECT_EQ(named.diagnostic().file, "a.csv, b.csv");
  EXPECT_EQ(named.diagnostic().message, "the regressor is rank deficient");
  const InputError located = inputErrorAt("a.csv", 4, "tau1", "not finite");
  EXPECT_STREQ(inFile(located, "b.csv").what(), located.what());
  EXPECT_EQ(inFile(located, "b.csv").diagnostic().line, 4u);
}

}  // namespace
}  // namespace eb
