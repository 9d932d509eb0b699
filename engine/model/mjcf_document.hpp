#pragma once
// An MJCF file as MuJoCo's parser sees it before compiling: the <mujoco> tree
// with every <include file="..."/> replaced by the children of the included
// file's <mujoco> (paths relative to the main file's folder, as MuJoCo reads
// them), each element remembering the file and line it was written at; and the
// <default> classes (the unnamed top <default> is "main"; a nested class starts
// from its parent's values), so that an element's attributes can be read with
// its class (its own `class`, else the nearest enclosing body's `childclass`,
// else "main") filled in. Actuator shortcuts (<motor>, <position>, ...) share
// one set of defaults, as in MuJoCo.
//
// Errors are InputError, one line naming file, line, element and attribute:
//   <file>:<line>: <element>: <attribute>: <what>

#include <Eigen/Core>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/xml_document.hpp"

namespace eb::mjcf {

/// One element of the resolved document.
struct Node {
  const xml::Element* element = nullptr;
  const std::string* file = nullptr;  ///< the file it was written in
  std::vector<Node> children;

  const std::string& name() const { return element->name; }
  int line() const { return element->line; }
  std::vector<const Node*> childrenNamed(const std::string& n) const;
};

/// An attribute value and where it was written (the element's own line, or the default's).
struct AttributeValue {
  std::string value;
  const std::string* file = nullptr;
  int line = 0;
  std::string element;  ///< element that holds it, e.g. "joint 'j1'" or "default class 'arm' joint"
};

/// An element's attributes with its default class filled in, and typed readers
/// that throw InputError at the place the value was written.
class Attributes {
 public:
  Attributes(std::string subject, const std::string* file, int line)
      : subject_(std::move(subject)), file_(file), line_(line) {}

  void set(const std::string& name, AttributeValue value) { values_[name] = std::move(value); }
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  const AttributeValue* find(const std::string& name) const;
  /// The text, or `fallback` when absent.
  std::string text(const std::string& name, const std::string& fallback = "") const;
  /// One number, or `fallback` when absent; throws on text that is not a finite number.
  double number(const std::string& name, double fallback) const;
  /// Exactly `count` numbers, or nullopt when absent; throws on another count or a bad number.
  std::optional<std::vector<double>> numbers(const std::string& name, size_t count) const;
  /// Between `minCount` and `maxCount` numbers, or nullopt when absent.
  std::optional<std::vector<double>> numbersBetween(const std::string& name, size_t minCount, size_t maxCount) const;
  /// "true"/"false" (or "auto" as nullopt); `fallback` when absent; throws on anything else.
  std::optional<bool> flag(const std::string& name, std::optional<bool> fallback) const;
  /// An InputError at the attribute's place (or the element's, if it has no such attribute).
  [[noreturn]] void fail(const std::string& name, const std::string& message) const;
  /// An InputError at the element.
  [[noreturn]] void failElement(const std::string& message) const;

  const std::string& subject() const { return subject_; }
  const std::string& file() const { return *file_; }
  int line() const { return line_; }

 private:
  std::string subject_;  // "joint 'j1'", "geom #3 of body 'b'"
  const std::string* file_;
  int line_;
  std::map<std::string, AttributeValue> values_;
};

/// The parsed file and its includes.
class Document {
 public:
  /// Reads `path` (at most 64 MiB per file, 100 includes); throws InputError.
  static Document readFile(const std::string& path);
  /// Reads MJCF text; `sourceName` names it in errors, `baseDir` resolves includes and meshes.
  static Document readString(const std::string& text, const std::string& sourceName, const std::string& baseDir);

  const Node& root() const { return root_; }  ///< the <mujoco> element
  const std::string& mainFile() const { return *files_.front(); }
  const std::string& baseDir() const { return baseDir_; }

  /// Attributes of `node` (kind "joint", "geom", "mesh", "actuator", ... with its
  /// defaults) as seen inside a body whose active child class is `childClass`.
  Attributes attributes(const Node& node, const std::string& kind, const std::string& childClass,
                        const std::string& subject) const;
  /// Whether a default class of this name exists.
  bool hasClass(const std::string& name) const { return classes_.count(name) != 0; }

 private:
  struct DefaultClass {
    std::string parent;
    std::map<std::string, std::map<std::string, AttributeValue>> kinds;  // kind -> attribute -> value
  };
  void readDefaults(const Node& defaultNode, const std::string& parent);
  void include(const xml::Element& element, const std::string& file, Node& into, int depth);

  std::vector<std::unique_ptr<std::string>> files_;
  std::vector<std::unique_ptr<xml::Element>> trees_;
  std::string baseDir_;
  Node root_;
  std::map<std::string, DefaultClass> classes_;
};

/// The defaults kind of an element name: actuator shortcuts map to "actuator",
/// "freejoint" to "joint"; others are their own name.
std::string defaultsKind(const std::string& elementName);

}  // namespace eb::mjcf
