#pragma once
// Editing an XML file by splicing its text: the exports (identified URDF, identified MJCF) change
// a few elements and attributes and keep every other byte as written (comments, formatting,
// attribute order, vendor extensions). An Edit replaces a byte range of the original text; the
// edits of one export are applied together, from the back, so their offsets stay valid.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "model/xml_document.hpp"

namespace eb::xml {

/// Replace text[begin, end) by `text` (an insertion when begin == end).
struct Edit {
  size_t begin = 0, end = 0;
  std::string text;
};

/// `original` with the edits applied (they must not overlap; insertions at one offset come out in
/// the order given, before a replacement that starts there).
std::string applyEdits(const std::string& original, std::vector<Edit> edits);

/// Whitespace between the start of the line holding `pos` and `pos` ("" if other text precedes).
std::string indentAt(const std::string& text, size_t pos);

/// [b, e) grown to whole lines when nothing but whitespace shares them.
std::pair<size_t, size_t> wholeLines(const std::string& text, size_t b, size_t e);

/// The indentation step of a file: an element's first child against the element, else two spaces.
std::string indentStep(const std::string& text, const Element& root);

/// The edit that gives `element`'s start tag attribute `name` the value `value` (escaped here):
/// its value replaced in place where the tag has it, else ` name="value"` appended after the
/// last attribute.
Edit setAttribute(const std::string& text, const Element& element, const std::string& name, const std::string& value);

/// The edit that removes attribute `name` (with the space before it) from `element`'s start
/// tag; an empty edit at the tag's end when it has no such attribute.
Edit removeAttribute(const std::string& text, const Element& element, const std::string& name);

/// An XML comment line `<!-- text -->` ("--" inside split), placed before `element` on its own
/// line with the element's indentation.
Edit commentBefore(const std::string& text, const Element& element, const std::string& comment);

/// Attribute value text escaped for a double-quoted attribute.
std::string escapeAttribute(const std::string& value);

}  // namespace eb::xml
