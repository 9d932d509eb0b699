#pragma once
// A small XML reader that keeps line numbers, for the URDF pre-check.
// TinyXML2 (which would give line numbers) has no headers on Debian 12 and the
// TinyXML 1 that urdfdom uses is not linked into the engine, so this reads the
// subset of XML that robot descriptions use: elements, attributes, comments,
// CDATA, processing instructions, a DOCTYPE and the predefined and numeric
// character entities. Text content is kept (trimmed) but mixed content order is
// not. Namespaced names ("drake:acceleration") are kept verbatim.

#include <string>
#include <string_view>
#include <vector>

namespace eb::xml {

struct Attribute {
  std::string name;
  std::string value;  ///< entities already replaced
};

struct Element {
  std::string name;
  int line = 0;  ///< 1-based line of the '<' that opens the element
  std::vector<Attribute> attributes;
  std::vector<Element> children;
  std::string text;  ///< text content with surrounding whitespace trimmed

  /// The attribute's value, or nullptr when the element does not have it.
  const std::string* attribute(std::string_view attributeName) const;
  /// First child element with this name, or nullptr.
  const Element* child(std::string_view childName) const;
  /// All child elements with this name, in document order.
  std::vector<const Element*> childrenNamed(std::string_view childName) const;
};

/// Parses `text` and returns the root element. Throws ModelError
/// "<sourceName>:<line>: xml: <what>" on malformed XML.
Element parse(const std::string& text, const std::string& sourceName);

/// Writes an element tree back as XML text (attributes escaped, no text
/// content, no comments); used to hand a cleaned document to urdfdom.
std::string write(const Element& root);

}  // namespace eb::xml
