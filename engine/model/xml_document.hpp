#pragma once
// The XML reader of the URDF pre-check and the URDF export: pugixml parses, and
// this turns its tree into Elements that carry what pugixml does not keep in a
// handy form: each element's 1-based line (for file:line diagnostics) and its
// byte range in the text (so the export can splice the original bytes and keep
// comments and formatting). pugixml stays out of this header so that only
// xml_document.cpp compiles against it.
//
// Stricter than pugixml where our messages promise it: unknown entities, bad
// character references, '<' in an attribute value, duplicate attributes, NUL
// bytes, text or a second element beside the root, more than 100 levels of
// nesting and 256 attributes per element are errors. Malformed XML is reported
// at the first problem in document order, in our own words (the tests assert
// them), not pugixml's. Text content is kept (trimmed) but mixed content order
// is not. Namespaced names ("drake:acceleration") are kept verbatim; attribute
// values are not white-space normalised.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace eb::xml {

struct Attribute {
  std::string name;
  std::string value;  ///< entities already replaced
  // Byte offsets into the parsed text (0 for attributes built in code): the name's first
  // byte, and the value's [begin, end) between its quotes.
  size_t nameBegin = 0;
  size_t valueBegin = 0;
  size_t valueEnd = 0;
};

struct Element {
  std::string name;
  int line = 0;  ///< 1-based line of the '<' that opens the element
  std::vector<Attribute> attributes;
  std::vector<Element> children;
  std::string text;  ///< text content with surrounding whitespace trimmed

  // Byte offsets into the parsed text (0 for elements built in code).
  size_t begin = 0;     ///< the '<' of the start tag
  size_t startEnd = 0;  ///< one past the '>' of the start tag
  size_t endBegin = 0;  ///< the '<' of the end tag; startEnd for <a/>
  size_t end = 0;       ///< one past the last '>'; startEnd for <a/>
  bool selfClosing = false;

  /// The attribute's value, or nullptr when the element does not have it.
  const std::string* attribute(std::string_view attributeName) const;
  /// First child element with this name, or nullptr.
  const Element* child(std::string_view childName) const;
  /// All child elements with this name, in document order.
  std::vector<const Element*> childrenNamed(std::string_view childName) const;
};

/// Parses `text` (UTF-8, an optional BOM) and returns the root element. Throws
/// InputError "<sourceName>:<line>: xml: <what>" on malformed XML.
Element parse(const std::string& text, const std::string& sourceName);

/// Writes an element tree back as XML text (attributes escaped, no text
/// content, no comments); used to hand a cleaned document to urdfdom.
std::string write(const Element& root);

}  // namespace eb::xml
