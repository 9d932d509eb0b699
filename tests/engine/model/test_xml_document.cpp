// XML reader: element lines and byte ranges survive multi-line comments and
// CDATA, and malformed XML is reported at its first problem with the line.
#include "util/input_error.hpp"
#include "model/xml_document.hpp"

#include <gtest/gtest.h>

#include <string>

namespace eb {
namespace {

const std::string kText = R"(<?xml version="1.0"?>
<!-- a comment over three lines,
     with <link name="not an element"/> inside
-->
<robot name="r">
  <link name="a"><![CDATA[two
lines </link> & ]]></link>
  <!--

  --><link name="b"
        type="x &amp; y &#x41;"/>
</robot>
)";
// Lines: 2-4 a comment, 5 <robot>, 6 <link name="a"> with CDATA to line 7,
// 8-10 a comment, 10 <link name="b">, 12 </robot>.

// The message of the InputError xml::parse throws for `text`, or "" if it parses.
std::string errorOf(const std::string& text) {
  try {
    xml::parse(text, "x.urdf");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const size_t at = s.find(from);
  if (at == std::string::npos) throw std::logic_error("test input: '" + from + "' not found");
  return s.replace(at, from.size(), to);
}

TEST(XmlDocument, LinesCountMultiLineCommentsAndCdata) {
  const xml::Element robot = xml::parse(kText, "x.urdf");
  EXPECT_EQ(robot.name, "robot");
  EXPECT_EQ(robot.line, 5);
  ASSERT_EQ(robot.children.size(), 2u);  // the <link> inside the comment is not one
  EXPECT_EQ(robot.children[0].line, 6);
  EXPECT_EQ(robot.children[1].line, 10);
  EXPECT_EQ(robot.children[0].text, "two\nlines </link> &");
  ASSERT_NE(robot.children[1].attribute("type"), nullptr);
  EXPECT_EQ(*robot.children[1].attribute("type"), "x & y A");
}

TEST(XmlDocument, ByteRangesCoverTheTags) {
  const xml::Element robot = xml::parse(kText, "x.urdf");
  const xml::Element& a = robot.children[0];
  EXPECT_EQ(a.begin, kText.find("<link name=\"a\">"));
  EXPECT_EQ(a.startEnd, a.begin + std::string("<link name=\"a\">").size());
  EXPECT_FALSE(a.selfClosing);
  EXPECT_EQ(kText.substr(a.endBegin, a.end - a.endBegin), "</link>");
  EXPECT_EQ(a.endBegin, kText.find("</link>\n"));  // not the "</link>" in the CDATA
  const xml::Element& b = robot.children[1];
  EXPECT_TRUE(b.selfClosing);
  EXPECT_EQ(b.begin, kText.find("<link name=\"b\""));
  EXPECT_EQ(b.end, b.startEnd);
  EXPECT_EQ(kText.substr(b.begin, b.end - b.begin), "<link name=\"b\"\n        type=\"x &amp; y &#x41;\"/>");
  EXPECT_EQ(kText.substr(robot.endBegin, robot.end - robot.endBegin), "</robot>");
}

TEST(XmlDocument, MalformedXmlAfterCommentAndCdataNamesTheLine) {
  EXPECT_EQ(errorOf(replaced(kText, "</robot>", "</robt>")),
            "x.urdf:12: xml: closing tag </robt> does not match <robot> opened on line 5");
  EXPECT_EQ(errorOf(replaced(kText, "</robot>\n", "")),
            "x.urdf:12: xml: element <robot> opened on line 5 is not closed");
  EXPECT_EQ(errorOf(replaced(kText, "type=\"x", "type=x")),
            "x.urdf:11: xml: attribute 'type' of <link> has an unquoted value");
  EXPECT_EQ(errorOf(replaced(kText, "]]></link>", "</link>")), "x.urdf:6: xml: unterminated CDATA section");
}

TEST(XmlDocument, ReportsTheFirstProblemInTheText) {
  // The unknown entity on line 1 comes before the mismatched end tag on line 2.
  EXPECT_EQ(errorOf("<r a=\"&nbsp;\">\n<b></r>"), "x.urdf:1: xml: unknown entity '&nbsp;'");
  EXPECT_EQ(errorOf("<r>\n<b></r>"), "x.urdf:2: xml: closing tag </r> does not match <b> opened on line 2");
  EXPECT_EQ(errorOf("\n\ntext <r/>"), "x.urdf:3: xml: no root element");
  EXPECT_EQ(errorOf("<r/>\n<s/>"), "x.urdf:2: xml: unexpected content after the root element <r>");
  EXPECT_EQ(errorOf("<r a=\"1\" a=\"2\"/>"), "x.urdf:1: xml: attribute 'a' appears twice in <r>");
  EXPECT_EQ(errorOf("<r a=\"<\"/>"), "x.urdf:1: xml: attribute 'a' of <r> contains '<'");
  EXPECT_EQ(errorOf(std::string("<r>\n\0</r>", 9)), "x.urdf:2: xml: NUL character (the file is not text)");
}

}  // namespace
}  // namespace eb
