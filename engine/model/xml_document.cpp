#include "model/xml_document.hpp"

#include "util/input_error.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>

namespace eb::xml {

const std::string* Element::attribute(std::string_view attributeName) const {
  for (const Attribute& a : attributes)
    if (a.name == attributeName) return &a.value;
  return nullptr;
}

const Element* Element::child(std::string_view childName) const {
  for (const Element& c : children)
    if (c.name == childName) return &c;
  return nullptr;
}

std::vector<const Element*> Element::childrenNamed(std::string_view childName) const {
  std::vector<const Element*> out;
  for (const Element& c : children)
    if (c.name == childName) out.push_back(&c);
  return out;
}

namespace {

constexpr size_t npos = std::string::npos;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// pugixml's name characters: the diagnostics read names the way it does.
bool isNameStart(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || u >= 0x80;
}
bool isNameChar(char c) { return isNameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && isSpace(s[b])) ++b;
  while (e > b && isSpace(s[e - 1])) --e;
  return s.substr(b, e - b);
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Bounds that keep the recursion shallow and the work per element small: robot
// descriptions nest a handful of levels and carry a few attributes.
constexpr int kMaxDepth = 100;
constexpr size_t kMaxAttributes = 256;

// Comments, CDATA and processing instructions are kept as nodes so that every
// byte inside an element belongs to a node or is white space between them: the
// element ends are found from the tree that way. No entity, end-of-line or
// attribute white-space conversion: values are read from the original text and
// decoded (strictly) here. Fragment mode keeps text beside the root element,
// which is then reported as an error.
constexpr unsigned kParseOptions = pugi::parse_cdata | pugi::parse_comments | pugi::parse_pi |
                                   pugi::parse_declaration | pugi::parse_doctype | pugi::parse_fragment;

// A problem at a byte offset of the text.
struct Issue {
  size_t offset;
  std::string what;
};

// pugixml's tree of the text turned into Elements, and its errors into ours.
// pugixml stops at the first syntax error and keeps the tree read so far; a
// problem this reader finds in that tree before pugixml's stop is reported
// instead, so the message is always about the first problem in the text.
class Reader {
 public:
  Reader(const std::string& text, const std::string& source) : t_(text), source_(source) {
    for (size_t i = t_.find('\n'); i != npos; i = t_.find('\n', i + 1)) newlines_.push_back(i);
  }

  Element document() {
    pugi::xml_document doc;
    const pugi::xml_parse_result result = doc.load_buffer(t_.data(), t_.size(), kParseOptions, pugi::encoding_utf8);
    std::optional<Issue> stop;
    const size_t nul = t_.find('\0');  // pugixml reads a NUL as the end of the text
    if (!result) stop = diagnosed(doc, result);
    if (nul != npos && (result || nul <= static_cast<size_t>(result.offset)))
      stop = Issue{nul, "NUL character (the file is not text)"};
    if (stop) limit_ = std::min({stop->offset, result ? nul : static_cast<size_t>(result.offset), t_.size()});
    try {
      Element root = topLevel(doc);
      if (stop) throw *stop;
      return root;
    } catch (const Issue& issue) {
      throw sourceErrorAt(source_, static_cast<std::size_t>(line(issue.offset)), "xml", issue.what);
    }
  }

 private:
  int line(size_t offset) const {
    return 1 + static_cast<int>(std::lower_bound(newlines_.begin(), newlines_.end(), offset) - newlines_.begin());
  }
  // Reports a problem the tree shows, unless pugixml stopped before it.
  void problem(size_t offset, const std::string& what) const {
    if (offset < limit_) throw Issue{offset, what};
  }

  // Where node `n` starts: its '<', or the first non-space byte of text.
  size_t start(const pugi::xml_node& n) const {
    const auto off = static_cast<size_t>(n.offset_debug());
    if (n.type() == pugi::node_element) return off - 1;
    if (n.type() == pugi::node_pcdata) {
      size_t i = off;
      while (i < t_.size() && isSpace(t_[i])) ++i;
      return i;
    }
    return t_.rfind('<', off);
  }
  // Offset of a string of element `e` (an attribute name or value) in the text:
  // pugixml's strings point into its copy of the text, at the same offsets.
  size_t offsetIn(const pugi::xml_node& e, const char* p) const {
    const auto base = reinterpret_cast<std::uintptr_t>(e.name()) - static_cast<std::uintptr_t>(e.offset_debug());
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    return at >= base && at - base <= t_.size() ? static_cast<size_t>(at - base) : npos;
  }
  // [value begin, closing quote) of an attribute; nullopt if pugixml did not read it whole.
  std::optional<std::pair<size_t, size_t>> valueRange(const pugi::xml_node& e, const pugi::xml_attribute& a) const {
    const size_t b = offsetIn(e, a.value());
    if (b == npos || b == 0 || (t_[b - 1] != '"' && t_[b - 1] != '\'')) return std::nullopt;
    const size_t q = t_.find(t_[b - 1], b);
    if (q == npos || q >= limit_) return std::nullopt;
    return std::make_pair(b, q);
  }
  // One past the '>' of the start tag of `e` (a '>' in a value is passed over), or npos.
  size_t startTagEnd(const pugi::xml_node& e, bool& selfClosing) const {
    size_t i = static_cast<size_t>(e.offset_debug()) + std::char_traits<char>::length(e.name());
    for (pugi::xml_attribute a = e.first_attribute(); a; a = a.next_attribute()) {
      const auto range = valueRange(e, a);
      if (!range) return npos;
      i = range->second + 1;
    }
    const size_t gt = t_.find('>', i);
    if (gt == npos) return npos;
    selfClosing = t_[gt - 1] == '/';
    return gt + 1;
  }
  // One past the end tag "</name>" found after white space from `from`, or npos.
  size_t endTagEnd(const std::string& name, size_t from, size_t& endBegin) const {
    if (from >= t_.size()) return npos;
    size_t i = from;
    while (i < t_.size() && isSpace(t_[i])) ++i;
    if (t_.compare(i, 2, "</") != 0 || t_.compare(i + 2, name.size(), name) != 0) return npos;
    size_t j = i + 2 + name.size();
    if (j < t_.size() && isNameChar(t_[j])) return npos;
    while (j < t_.size() && isSpace(t_[j])) ++j;
    if (j >= t_.size() || t_[j] != '>') return npos;
    endBegin = i;
    return j + 1;
  }
  // One past the last byte of node `n`, or npos when it does not end in the text.
  size_t end(const pugi::xml_node& n, int depth = 0) const {
    const auto off = static_cast<size_t>(n.offset_debug());
    const auto past = [&](const char* marker) {
      const size_t at = t_.find(marker, off);
      return at == npos ? npos : at + std::char_traits<char>::length(marker);
    };
    switch (n.type()) {
      case pugi::node_pcdata: return t_.find('<', off);
      case pugi::node_cdata: return past("]]>");
      case pugi::node_comment: return past("-->");
      case pugi::node_pi:
      case pugi::node_declaration: return past("?>");
      case pugi::node_element: {
        bool selfClosing = false;
        const size_t tagEnd = startTagEnd(n, selfClosing);
        if (tagEnd == npos || selfClosing) return tagEnd;
        if (depth > kMaxDepth) return npos;
        const size_t contentEnd = n.last_child() ? end(n.last_child(), depth + 1) : tagEnd;
        size_t endBegin = 0;
        return contentEnd == npos ? npos : endTagEnd(n.name(), contentEnd, endBegin);
      }
      default: return npos;
    }
  }

  std::string decode(const std::string& raw, size_t at) const {
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const size_t semi = raw.find(';', i);
      if (semi == npos) problem(at, "'&' without a terminating ';' (write &amp;)");
      if (semi == npos) return out;
      const std::string ent = raw.substr(i + 1, semi - i - 1);
      if (ent == "lt") out += '<';
      else if (ent == "gt") out += '>';
      else if (ent == "amp") out += '&';
      else if (ent == "quot") out += '"';
      else if (ent == "apos") out += '\'';
      else if (ent.size() > 1 && ent[0] == '#') {
        const bool hex = ent[1] == 'x' || ent[1] == 'X';
        const std::string digits = ent.substr(hex ? 2 : 1);
        const bool valid = !digits.empty() && digits.size() <= 8 &&
                           digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") == npos;
        const unsigned long cp = valid ? std::stoul(digits, nullptr, hex ? 16 : 10) : 0;
        if (cp == 0 || cp > 0x10FFFF) problem(at, "bad character reference '&" + ent + ";'");
        else appendUtf8(out, static_cast<uint32_t>(cp));
      } else {
        problem(at, "unknown entity '&" + ent + ";'");
      }
      i = semi;
    }
    return out;
  }

  Element topLevel(const pugi::xml_document& doc) const {
    Element root;
    bool haveRoot = false;
    for (pugi::xml_node n = doc.first_child(); n; n = n.next_sibling()) {
      const size_t at = start(n);
      if (at >= limit_) break;
      const bool content = n.type() == pugi::node_element || n.type() == pugi::node_pcdata ||
                           n.type() == pugi::node_cdata || n.type() == pugi::node_doctype;
      if (content && haveRoot) problem(at, "unexpected content after the root element <" + root.name + ">");
      if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata) problem(at, "no root element");
      if (n.type() == pugi::node_element && !haveRoot) {
        root = element(n, 1);
        haveRoot = true;
      }
    }
    if (!haveRoot) problem(t_.size(), "no root element");
    return root;
  }

  Element element(const pugi::xml_node& n, int depth) const {
    if (n.offset_debug() < 1) throw std::logic_error("xml: pugixml gave no offset for <" + std::string(n.name()) + ">");
    Element e;
    e.name = n.name();
    e.begin = start(n);
    e.line = line(e.begin);
    if (depth > kMaxDepth) {
      problem(e.begin, "element <" + e.name + "> is nested more than " + std::to_string(kMaxDepth) + " levels deep");
      return e;
    }
    for (pugi::xml_attribute a = n.first_attribute(); a; a = a.next_attribute()) {
      const size_t attributeAt = offsetIn(n, a.name());
      if (e.attributes.size() == kMaxAttributes)
        problem(attributeAt == npos ? e.begin : attributeAt,
                "element <" + e.name + "> has more than " + std::to_string(kMaxAttributes) + " attributes");
      const auto range = valueRange(n, a);
      if (!range || e.attributes.size() == kMaxAttributes) break;
      Attribute attribute{a.name(), {}};
      attribute.nameBegin = attributeAt;
      attribute.valueBegin = range->first;
      attribute.valueEnd = range->second;
      const std::string raw = t_.substr(range->first, range->second - range->first);
      const std::string about = "attribute '" + attribute.name + "' of <" + e.name + ">";
      if (raw.find('<') != npos) problem(range->first, about + " contains '<'");
      attribute.value = decode(raw, range->first);
      if (e.attribute(attribute.name))
        problem(range->second, "attribute '" + attribute.name + "' appears twice in <" + e.name + ">");
      e.attributes.push_back(std::move(attribute));
    }
    const bool whole = limit_ == npos;  // pugixml read the whole text: every node ends
    if (whole) {
      e.startEnd = startTagEnd(n, e.selfClosing);
      if (e.startEnd == npos) internalError(e);
    }
    size_t contentEnd = e.startEnd;
    std::string text;
    for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling()) {
      if (start(c) >= limit_) break;
      if (c.type() == pugi::node_element) {
        e.children.push_back(element(c, depth + 1));
        contentEnd = e.children.back().end;
        continue;
      }
      contentEnd = end(c);
      const auto off = static_cast<size_t>(c.offset_debug());
      if (contentEnd == npos || contentEnd > limit_) break;  // pugixml stopped inside it
      if (c.type() == pugi::node_pcdata) text += decode(t_.substr(off, contentEnd - off), off);
      if (c.type() == pugi::node_cdata) text += t_.substr(off, contentEnd - 3 - off);
    }
    e.text = trim(text);
    if (whole && e.selfClosing) {
      e.endBegin = e.end = e.startEnd;
    } else if (whole) {
      e.end = endTagEnd(e.name, contentEnd, e.endBegin);
      if (e.end == npos) internalError(e);
    }
    return e;
  }
  [[noreturn]] void internalError(const Element& e) const {
    throw std::logic_error(source_ + ":" + std::to_string(e.line) + ": xml: cannot locate the tags of <" + e.name +
                           "> in the text pugixml parsed");
  }

  // --- pugixml's errors in our words -----------------------------------------

  std::string nameAt(size_t i) const {
    size_t j = i;
    while (j < t_.size() && isNameChar(t_[j])) ++j;
    return t_.substr(i, j - i);
  }
  std::string openedOn(const pugi::xml_node& e) const {
    return "<" + std::string(e.name()) + "> opened on line " + std::to_string(line(start(e)));
  }
  // The deepest element whose end tag has not been read (null at the top level).
  // Deeper than kMaxDepth it is not looked for: that nesting is the error reported.
  pugi::xml_node innermostOpen(const pugi::xml_document& doc) const {
    pugi::xml_node open;
    int depth = 1;
    for (pugi::xml_node n = doc.last_child(); n.type() == pugi::node_element && depth <= kMaxDepth + 1;
         n = n.last_child(), ++depth) {
      if (end(n) != npos) break;
      open = n;
    }
    return open;
  }

  Issue diagnosed(const pugi::xml_document& doc, const pugi::xml_parse_result& r) const {
    const size_t at = std::min(static_cast<size_t>(r.offset), t_.size());
    pugi::xml_node last = doc;  // the node pugixml read last, possibly half
    while (last.last_child()) last = last.last_child();
    switch (r.status) {
      case pugi::status_bad_start_element:
      case pugi::status_bad_attribute:
        if (last.type() == pugi::node_element)
          if (std::optional<Issue> issue = startTagProblem(last)) return *issue;
        break;
      case pugi::status_end_element_mismatch: return endTagProblem(doc);
      case pugi::status_bad_end_element: {
        const size_t k = t_.rfind("</", at);
        if (k == npos) break;
        const std::string closing = nameAt(k + 2);
        size_t i = k + 2 + closing.size();
        while (i < t_.size() && isSpace(t_[i])) ++i;
        return {i, "closing tag </" + closing + "> is not terminated by '>'"};
      }
      case pugi::status_bad_comment:
        return {last.type() == pugi::node_comment ? start(last) : at, "unterminated comment"};
      case pugi::status_bad_cdata:
        return {last.type() == pugi::node_cdata ? start(last) : at, "unterminated CDATA section"};
      case pugi::status_bad_pi: {
        const size_t k = t_.rfind("<?", at);
        if (k != npos && t_.find("?>", k) == npos) return {k, "unterminated processing instruction"};
        if (k != npos && t_.compare(k, 5, "<?xml") == 0 && !isNameChar(t_[k + 5]))
          return {k, "XML declaration <?xml ...?> not at the start of the file"};
        break;
      }
      case pugi::status_bad_doctype:
        return {std::min(t_.rfind('<', at), at),
                innermostOpen(doc) ? "DOCTYPE inside an element" : "unterminated DOCTYPE"};
      case pugi::status_unrecognized_tag: return {at, "expected an element name after '<'"};
      default: break;
    }
    std::string what = r.description();
    if (!what.empty() && what[0] >= 'A' && what[0] <= 'Z') what[0] = static_cast<char>(what[0] - 'A' + 'a');
    return {at, what};
  }

  // Reads the start tag of `e` as pugixml does, up to the problem that stopped it.
  std::optional<Issue> startTagProblem(const pugi::xml_node& e) const {
    const std::string name = e.name();
    const size_t n = t_.size();
    size_t i = static_cast<size_t>(e.offset_debug()) + name.size();
    for (;;) {
      while (i < n && isSpace(t_[i])) ++i;
      if (i >= n) return Issue{n, "element " + openedOn(e) + " is not closed"};
      if (t_[i] == '>' || t_.compare(i, 2, "/>") == 0) return std::nullopt;
      if (!isNameStart(t_[i]))
        return Issue{i, "unexpected character '" + std::string(1, t_[i]) + "' in <" + name + ">"};
      const std::string attr = nameAt(i);
      const std::string about = "attribute '" + attr + "' of <" + name + ">";
      i += attr.size();
      while (i < n && isSpace(t_[i])) ++i;
      if (i >= n || t_[i] != '=') return Issue{i, about + " has no '=' and value"};
      ++i;
      while (i < n && isSpace(t_[i])) ++i;
      if (i >= n || (t_[i] != '"' && t_[i] != '\'')) return Issue{i, about + " has an unquoted value"};
      const size_t close = t_.find(t_[i], i + 1);
      if (close == npos) return Issue{i + 1, about + " has an unterminated value"};
      i = close + 1;
      if (i < n && !isSpace(t_[i]) && t_[i] != '>' && t_[i] != '/')
        return Issue{i, about + " is not followed by white space, '>' or '/>'"};
    }
  }

  // An end tag that does not match, or the end of the text with elements open.
  Issue endTagProblem(const pugi::xml_document& doc) const {
    const pugi::xml_node open = innermostOpen(doc);
    const pugi::xml_node last = open ? open.last_child() : doc.last_child();
    bool selfClosing = false;
    size_t k = last ? end(last) : open ? startTagEnd(open, selfClosing) : 0;
    while (k < t_.size() && isSpace(t_[k])) ++k;
    if (k >= t_.size() && open) return {t_.size(), "element " + openedOn(open) + " is not closed"};
    if (k < t_.size() && t_.compare(k, 2, "</") == 0) {
      const std::string closing = "</" + nameAt(k + 2) + ">";
      if (open) return {k, "closing tag " + closing + " does not match " + openedOn(open)};
      pugi::xml_node root = doc.first_child();
      while (root && root.type() != pugi::node_element) root = root.next_sibling();
      if (root) return {k, "unexpected content after the root element <" + std::string(root.name()) + ">"};
      return {k, "unexpected end tag " + closing};
    }
    return {std::min(k, t_.size()), "start-end tags mismatch"};
  }

  const std::string& t_;
  const std::string& source_;
  std::vector<size_t> newlines_;  // offsets of '\n', for line()
  size_t limit_ = npos;           // where pugixml stopped; npos when it read the whole text
};

std::string escape(const std::string& v) {
  std::string out;
  for (char c : v) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

void writeElement(const Element& e, int depth, std::string& out) {
  out.append(static_cast<size_t>(2 * depth), ' ');
  out += '<' + e.name;
  for (const Attribute& a : e.attributes) out += ' ' + a.name + "=\"" + escape(a.value) + '"';
  if (e.children.empty()) {
    out += "/>\n";
    return;
  }
  out += ">\n";
  for (const Element& c : e.children) writeElement(c, depth + 1, out);
  out.append(static_cast<size_t>(2 * depth), ' ');
  out += "</" + e.name + ">\n";
}

}  // namespace

Element parse(const std::string& text, const std::string& sourceName) { return Reader(text, sourceName).document(); }

std::string write(const Element& root) {
  std::string out = "<?xml version=\"1.0\"?>\n";
  writeElement(root, 0, out);
  return out;
}

}  // namespace eb::xml
