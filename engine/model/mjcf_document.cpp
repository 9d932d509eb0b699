#include "model/mjcf_document.hpp"

#include <cmath>
#include <filesystem>
#include <set>

#include "model/text_numbers.hpp"
#include "model/urdf_import.hpp"
#include "util/input_error.hpp"

namespace eb::mjcf {
namespace {

// More includes than this is a loop or not a robot.
constexpr int kMaxIncludes = 100;
constexpr int kMaxIncludeDepth = 10;

const std::set<std::string>& actuatorElements() {
  static const std::set<std::string> names{"general", "motor",    "position", "velocity", "intvelocity",
                                           "damper",  "cylinder", "muscle",   "adhesion", "plugin"};
  return names;
}

}  // namespace

std::string defaultsKind(const std::string& elementName) {
  if (actuatorElements().count(elementName)) return "actuator";
  if (elementName == "freejoint") return "joint";
  return elementName;
}

std::vector<const Node*> Node::childrenNamed(const std::string& n) const {
  std::vector<const Node*> out;
  for (const Node& c : children)
    if (c.name() == n) out.push_back(&c);
  return out;
}

const AttributeValue* Attributes::find(const std::string& name) const {
  const auto it = values_.find(name);
  return it == values_.end() ? nullptr : &it->second;
}

std::string Attributes::text(const std::string& name, const std::string& fallback) const {
  const AttributeValue* v = find(name);
  return v ? v->value : fallback;
}

void Attributes::fail(const std::string& name, const std::string& message) const {
  const AttributeValue* v = find(name);
  if (v) throw sourceErrorAt(*v->file, static_cast<size_t>(v->line), v->element + ": " + name, message);
  throw sourceErrorAt(*file_, static_cast<size_t>(line_), subject_ + ": " + name, message);
}

void Attributes::failElement(const std::string& message) const {
  throw sourceErrorAt(*file_, static_cast<size_t>(line_), subject_, message);
}

std::optional<std::vector<double>> Attributes::numbersBetween(const std::string& name, size_t minCount,
                                                              size_t maxCount) const {
  const AttributeValue* v = find(name);
  if (!v) return std::nullopt;
  std::vector<double> out;
  for (std::string_view piece : splitWhitespace(v->value)) {
    double x = 0.0;
    if (!parseNumber(piece, x)) fail(name, "'" + std::string(piece) + "' is not a number");
    if (!std::isfinite(x)) fail(name, "'" + std::string(piece) + "' is not a finite number");
    out.push_back(x);
    if (out.size() > maxCount) break;
  }
  if (out.size() < minCount || out.size() > maxCount) {
    const std::string want =
        minCount == maxCount ? std::to_string(minCount) : std::to_string(minCount) + " to " + std::to_string(maxCount);
    fail(name, "expected " + want + " number(s), got '" + v->value + "'");
  }
  return out;
}

std::optional<std::vector<double>> Attributes::numbers(const std::string& name, size_t count) const {
  return numbersBetween(name, count, count);
}

double Attributes::number(const std::string& name, double fallback) const {
  const auto v = numbers(name, 1);
  return v ? (*v)[0] : fallback;
}

std::optional<bool> Attributes::flag(const std::string& name, std::optional<bool> fallback) const {
  const AttributeValue* v = find(name);
  if (!v) return fallback;
  if (v->value == "true") return true;
  if (v->value == "false") return false;
  if (v->value == "auto") return std::nullopt;
  fail(name, "expected true, false or auto, got '" + v->value + "'");
}

Document Document::readFile(const std::string& path) {
  const std::string baseDir = std::filesystem::path(path).parent_path().string();
  return readString(readUrdfText(path), path, baseDir);
}

Document Document::readString(const std::string& text, const std::string& sourceName, const std::string& baseDir) {
  Document doc;
  doc.baseDir_ = baseDir;
  doc.files_.push_back(std::make_unique<std::string>(sourceName));
  doc.trees_.push_back(std::make_unique<xml::Element>(xml::parse(text, sourceName)));
  const xml::Element& root = *doc.trees_.back();
  if (root.name != "mujoco")
    throw sourceErrorAt(sourceName, static_cast<size_t>(root.line), "<" + root.name + ">",
                        "an MJCF file has a <mujoco> root element");
  doc.root_.element = &root;
  doc.root_.file = doc.files_.front().get();
  for (const xml::Element& c : root.children) doc.include(c, sourceName, doc.root_, 0);
  // The top <default> is class "main"; there may be several, read in order.
  for (const Node* d : doc.root_.childrenNamed("default")) doc.readDefaults(*d, "");
  if (!doc.classes_.count("main")) doc.classes_["main"] = DefaultClass{};
  return doc;
}

void Document::include(const xml::Element& element, const std::string& file, Node& into, int depth) {
  const std::string* filePtr = nullptr;
  for (const auto& f : files_)
    if (*f == file) filePtr = f.get();
  if (element.name != "include") {
    Node node;
    node.element = &element;
    node.file = filePtr;
    for (const xml::Element& c : element.children) include(c, file, node, depth);
    into.children.push_back(std::move(node));
    return;
  }
  const std::string* name = element.attribute("file");
  if (!name || name->empty()) throw sourceErrorAt(file, static_cast<size_t>(element.line), "include: file", "missing");
  if (depth >= kMaxIncludeDepth || static_cast<int>(files_.size()) > kMaxIncludes)
    throw sourceErrorAt(file, static_cast<size_t>(element.line), "include: file",
                        "more than " + std::to_string(kMaxIncludes) + " includes or nested " +
                            std::to_string(kMaxIncludeDepth) + " deep (an include loop?)");
  const std::filesystem::path p(*name);
  const std::string path =
      p.is_absolute() || baseDir_.empty() ? p.string() : (std::filesystem::path(baseDir_) / p).string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw sourceErrorAt(file, static_cast<size_t>(element.line), "include: file", "'" + path + "' does not exist");
  files_.push_back(std::make_unique<std::string>(path));
  trees_.push_back(std::make_unique<xml::Element>(xml::parse(readUrdfText(path), path)));
  const xml::Element& root = *trees_.back();
  if (root.name != "mujoco")
    throw sourceErrorAt(path, static_cast<size_t>(root.line), "<" + root.name + ">",
                        "an included MJCF file has a <mujoco> root element");
  for (const xml::Element& c : root.children) include(c, path, into, depth + 1);
}

void Document::readDefaults(const Node& node, const std::string& parent) {
  const std::string* cls = node.element->attribute("class");
  const std::string name = cls ? *cls : parent.empty() ? "main" : "";
  if (name.empty())
    throw sourceErrorAt(*node.file, static_cast<size_t>(node.line()), "default: class",
                        "a nested default needs a class");
  if (parent.empty() && name != "main" && !classes_.count("main")) classes_["main"] = DefaultClass{};
  const std::string parentName = parent.empty() && name != "main" ? "main" : parent;
  if (classes_.count(name) && !(parent.empty() && name == "main"))
    throw sourceErrorAt(*node.file, static_cast<size_t>(node.line()), "default: class",
                        "duplicate class '" + name + "'");
  DefaultClass& dc = classes_[name];
  dc.parent = name == "main" ? "" : parentName;
  for (const Node& c : node.children) {
    if (c.name() == "default") {
      readDefaults(c, name);
      continue;
    }
    auto& attrs = dc.kinds[defaultsKind(c.name())];
    for (const xml::Attribute& a : c.element->attributes)
      attrs[a.name] = AttributeValue{a.value, c.file, c.line(), "default class '" + name + "' " + c.name()};
  }
}

Attributes Document::attributes(const Node& node, const std::string& kind, const std::string& childClass,
                                const std::string& subject) const {
  Attributes out(subject, node.file, node.line());
  const std::string* own = node.element->attribute("class");
  const std::string cls = own ? *own : childClass.empty() ? "main" : childClass;
  if (!classes_.count(cls)) {
    if (own)
      throw sourceErrorAt(*node.file, static_cast<size_t>(node.line()), subject + ": class",
                          "no default class '" + cls + "'");
    throw sourceErrorAt(*node.file, static_cast<size_t>(node.line()), subject,
                        "no default class '" + cls + "' (childclass)");
  }
  // main -> ... -> cls, each overriding its parent.
  std::vector<const DefaultClass*> chain;
  for (std::string c = cls; !c.empty() && chain.size() <= classes_.size(); c = classes_.at(c).parent)
    chain.push_back(&classes_.at(c));
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const auto k = (*it)->kinds.find(kind);
    if (k == (*it)->kinds.end()) continue;
    for (const auto& [name, value] : k->second) out.set(name, value);
  }
  for (const xml::Attribute& a : node.element->attributes)
    if (a.name != "class") out.set(a.name, AttributeValue{a.value, node.file, node.line(), subject});
  return out;
}

}  // namespace eb::mjcf
