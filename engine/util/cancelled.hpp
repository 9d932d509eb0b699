#pragma once
// The one way long work says "the caller asked me to stop": a type of its own,
// so no one mistakes a cancellation for bad input (an InputError) or a bug.
// Thrown when a progress callback returns false; callers that offer cancel
// catch it first.

#include <exception>
#include <string>

namespace eb {

class Cancelled : public std::exception {
 public:
  /// `what`: the work that was stopped ("identify", "reading log.csv").
  explicit Cancelled(std::string what = "work") : text_(std::move(what) + ": cancelled") {}
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  std::string text_;
};

}  // namespace eb
