#include "model/xml_document.hpp"

#include "model/model_error.hpp"

#include <cstdint>

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

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool isNameChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == ':' ||
         c == '-' || c == '.' || u >= 0x80;
}

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

// Bounds that keep the work per document linear and the recursion shallow:
// robot descriptions nest a handful of levels and carry a few attributes.
constexpr int kMaxDepth = 100;
constexpr size_t kMaxAttributes = 256;

// Cursor over the text that counts lines as it moves, so every error and
// element can name its line.
class Reader {
 public:
  Reader(const std::string& text, const std::string& source) : s_(text), source_(source) {}

  Element document() {
    if (s_.compare(0, 3, "\xEF\xBB\xBF") == 0) pos_ = 3;
    skipMisc(true);
    if (atEnd() || s_[pos_] != '<') fail("no root element");
    Element root = element(1);
    skipMisc(false);
    if (!atEnd()) fail("unexpected content after the root element <" + root.name + ">");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw ModelError(source_ + ":" + std::to_string(line_) + ": xml: " + what);
  }
  bool atEnd() const { return pos_ >= s_.size(); }
  bool startsWith(const char* p) const { return s_.compare(pos_, std::char_traits<char>::length(p), p) == 0; }
  void advance(size_t n) {
    for (size_t i = 0; i < n && pos_ < s_.size(); ++i, ++pos_)
      if (s_[pos_] == '\n') ++line_;
  }
  void skipSpace() {
    while (!atEnd() && isSpace(s_[pos_])) advance(1);
  }
  // Moves past the next `end`; `what` names the construct in the error.
  void skipPast(const char* end, const char* what) {
    const size_t at = s_.find(end, pos_);
    if (at == std::string::npos) fail(std::string("unterminated ") + what);
    advance(at + std::char_traits<char>::length(end) - pos_);
  }
  // Comments, processing instructions and (in the prolog) a DOCTYPE.
  void skipMisc(bool prolog) {
    for (;;) {
      skipSpace();
      if (startsWith("<!--")) {
        skipPast("-->", "comment");
      } else if (startsWith("<?")) {
        skipPast("?>", "processing instruction");
      } else if (prolog && startsWith("<!DOCTYPE")) {
        skipDoctype();
      } else {
        return;
      }
    }
  }
  void skipDoctype() {
    int depth = 0;
    while (!atEnd()) {
      const char c = s_[pos_];
      advance(1);
      if (c == '[') ++depth;
      if (c == ']') --depth;
      if (c == '>' && depth <= 0) return;
    }
    fail("unterminated DOCTYPE");
  }
  std::string name() {
    const size_t b = pos_;
    while (!atEnd() && isNameChar(s_[pos_])) advance(1);
    return s_.substr(b, pos_ - b);
  }
  // Replaces entity references in raw text or attribute values.
  std::string decode(const std::string& raw) const {
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const size_t semi = raw.find(';', i);
      if (semi == std::string::npos) fail("'&' without a terminating ';' (write &amp;)");
      const std::string ent = raw.substr(i + 1, semi - i - 1);
      if (ent == "lt") out += '<';
      else if (ent == "gt") out += '>';
      else if (ent == "amp") out += '&';
      else if (ent == "quot") out += '"';
      else if (ent == "apos") out += '\'';
      else if (ent.size() > 1 && ent[0] == '#') {
        const bool hex = ent[1] == 'x' || ent[1] == 'X';
        const std::string digits = ent.substr(hex ? 2 : 1);
        if (digits.empty() || digits.size() > 8 ||
            digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string::npos)
          fail("bad character reference '&" + ent + ";'");
        const unsigned long cp = std::stoul(digits, nullptr, hex ? 16 : 10);
        if (cp == 0 || cp > 0x10FFFF) fail("bad character reference '&" + ent + ";'");
        appendUtf8(out, static_cast<uint32_t>(cp));
      } else {
        fail("unknown entity '&" + ent + ";'");
      }
      i = semi;
    }
    return out;
  }
  Element element(int depth) {
    Element e;
    e.line = line_;
    advance(1);  // '<'
    e.name = name();
    if (e.name.empty()) fail("expected an element name after '<'");
    if (depth > kMaxDepth)
      fail("element <" + e.name + "> is nested more than " + std::to_string(kMaxDepth) + " levels deep");
    for (;;) {
      skipSpace();
      if (atEnd()) fail("element <" + e.name + "> opened on line " + std::to_string(e.line) + " is not closed");
      if (startsWith("/>")) {
        advance(2);
        return e;
      }
      if (s_[pos_] == '>') {
        advance(1);
        break;
      }
      if (e.attributes.size() == kMaxAttributes)
        fail("element <" + e.name + "> has more than " + std::to_string(kMaxAttributes) + " attributes");
      attribute(e);
    }
    content(e, depth);
    return e;
  }
  void attribute(Element& e) {
    Attribute a;
    a.name = name();
    if (a.name.empty()) fail("unexpected character '" + std::string(1, s_[pos_]) + "' in <" + e.name + ">");
    skipSpace();
    if (atEnd() || s_[pos_] != '=') fail("attribute '" + a.name + "' of <" + e.name + "> has no '=' and value");
    advance(1);
    skipSpace();
    if (atEnd() || (s_[pos_] != '"' && s_[pos_] != '\''))
      fail("attribute '" + a.name + "' of <" + e.name + "> has an unquoted value");
    const char quote = s_[pos_];
    advance(1);
    const size_t end = s_.find(quote, pos_);
    if (end == std::string::npos) fail("attribute '" + a.name + "' of <" + e.name + "> has an unterminated value");
    const std::string raw = s_.substr(pos_, end - pos_);
    if (raw.find('<') != std::string::npos) fail("attribute '" + a.name + "' of <" + e.name + "> contains '<'");
    a.value = decode(raw);
    advance(end + 1 - pos_);
    if (e.attribute(a.name)) fail("attribute '" + a.name + "' appears twice in <" + e.name + ">");
    e.attributes.push_back(std::move(a));
  }
  void content(Element& e, int depth) {
    std::string text;
    for (;;) {
      if (atEnd()) fail("element <" + e.name + "> opened on line " + std::to_string(e.line) + " is not closed");
      if (startsWith("</")) {
        advance(2);
        const std::string closing = name();
        if (closing != e.name)
          fail("closing tag </" + closing + "> does not match <" + e.name + "> opened on line " +
               std::to_string(e.line));
        skipSpace();
        if (atEnd() || s_[pos_] != '>') fail("closing tag </" + closing + "> is not terminated by '>'");
        advance(1);
        e.text = trim(text);
        return;
      }
      if (startsWith("<!--")) {
        skipPast("-->", "comment");
      } else if (startsWith("<![CDATA[")) {
        advance(9);
        const size_t end = s_.find("]]>", pos_);
        if (end == std::string::npos) fail("unterminated CDATA section");
        text += s_.substr(pos_, end - pos_);
        advance(end + 3 - pos_);
      } else if (startsWith("<?")) {
        skipPast("?>", "processing instruction");
      } else if (s_[pos_] == '<') {
        e.children.push_back(element(depth + 1));
      } else {
        const size_t end = s_.find('<', pos_);
        const size_t stop = end == std::string::npos ? s_.size() : end;
        text += decode(s_.substr(pos_, stop - pos_));
        advance(stop - pos_);
      }
    }
  }

  const std::string& s_;
  const std::string& source_;
  size_t pos_ = 0;
  int line_ = 1;
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
