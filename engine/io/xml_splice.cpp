#include "io/xml_splice.hpp"

#include <algorithm>
#include <stdexcept>

namespace eb::xml {

std::string applyEdits(const std::string& original, std::vector<Edit> edits) {
  // From the back so earlier offsets stay valid. At one offset a replacement goes first, then the
  // insertions from the last given to the first, so that they end up in the order given.
  std::vector<size_t> order(edits.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Edit& x = edits[a];
    const Edit& y = edits[b];
    if (x.begin != y.begin) return x.begin > y.begin;
    const bool xr = x.end > x.begin, yr = y.end > y.begin;
    if (xr != yr) return xr;
    return a > b;
  });
  std::string out = original;
  size_t limit = original.size();
  for (size_t k : order) {
    const Edit& e = edits[k];
    if (e.end < e.begin || e.end > limit) throw std::logic_error("xml splice: overlapping or out-of-range edits");
    out.replace(e.begin, e.end - e.begin, e.text);
    limit = e.begin;
  }
  return out;
}

std::string indentAt(const std::string& t, size_t pos) {
  size_t b = pos;
  while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t')) --b;
  if (b > 0 && t[b - 1] != '\n') return {};
  return t.substr(b, pos - b);
}

std::pair<size_t, size_t> wholeLines(const std::string& t, size_t b, size_t e) {
  size_t lb = b;
  while (lb > 0 && (t[lb - 1] == ' ' || t[lb - 1] == '\t')) --lb;
  size_t le = e;
  while (le < t.size() && (t[le] == ' ' || t[le] == '\t' || t[le] == '\r')) ++le;
  const bool startOfLine = lb == 0 || t[lb - 1] == '\n';
  const bool endOfLine = le >= t.size() || t[le] == '\n';
  if (!startOfLine || !endOfLine) return {b, e};
  return {lb, le < t.size() ? le + 1 : le};
}

namespace {

// The first element (depth first) whose first child sits deeper on its own line: the step between them.
bool findStep(const std::string& t, const Element& e, std::string& step) {
  if (!e.children.empty()) {
    const std::string outer = indentAt(t, e.begin);
    const std::string inner = indentAt(t, e.children.front().begin);
    if (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0) {
      step = inner.substr(outer.size());
      return true;
    }
  }
  for (const Element& c : e.children)
    if (findStep(t, c, step)) return true;
  return false;
}

}  // namespace

std::string indentStep(const std::string& text, const Element& root) {
  std::string step;
  for (const Element& c : root.children)
    if (findStep(text, c, step)) return step;
  return "  ";
}

std::string escapeAttribute(const std::string& value) {
  std::string out;
  for (char c : value) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

Edit setAttribute(const std::string& text, const Element& element, const std::string& name, const std::string& value) {
  for (const Attribute& a : element.attributes)
    if (a.name == name && a.valueBegin > 0)
      return {a.valueBegin, a.valueEnd, text[a.valueBegin - 1] == '\'' ? value : escapeAttribute(value)};
  // After the last attribute (or the element name): before any white space, '/' or '>'.
  size_t at = element.begin + 1 + element.name.size();
  for (const Attribute& a : element.attributes)
    if (a.valueEnd > 0) at = std::max(at, a.valueEnd + 1);
  return {at, at, " " + name + "=\"" + escapeAttribute(value) + "\""};
}

Edit removeAttribute(const std::string& text, const Element& element, const std::string& name) {
  for (const Attribute& a : element.attributes) {
    if (a.name != name || a.nameBegin == 0) continue;
    size_t b = a.nameBegin;
    while (b > element.begin &&
           (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\n' || text[b - 1] == '\r'))
      --b;
    return {b, a.valueEnd + 1, ""};
  }
  return {element.startEnd, element.startEnd, ""};
}

Edit commentBefore(const std::string& text, const Element& element, const std::string& comment) {
  std::string body = comment;
  for (size_t k; (k = body.find("--")) != std::string::npos;) body.replace(k, 2, "- -");
  if (!body.empty() && body.back() == '-') body += ' ';
  const std::string indent = indentAt(text, element.begin);
  const size_t lineStart = element.begin - indent.size();
  if (lineStart == 0 || text[lineStart - 1] == '\n') return {lineStart, lineStart, indent + "<!-- " + body + " -->\n"};
  return {element.begin, element.begin, "<!-- " + body + " -->"};
}

}  // namespace eb::xml
