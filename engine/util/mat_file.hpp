#pragma once
// matio handles with their release functions, and a variable read whose declared
// size is checked before matio allocates it (a damaged header could otherwise ask
// for tens of gigabytes).

#include <matio.h>

#include <memory>
#include <string>

namespace eb {

struct MatFileCloser {
  void operator()(mat_t* m) const { Mat_Close(m); }
};
struct MatVarFreer {
  void operator()(matvar_t* v) const { Mat_VarFree(v); }
};
using MatFile = std::unique_ptr<mat_t, MatFileCloser>;
using MatVar = std::unique_ptr<matvar_t, MatVarFreer>;

/// Values a MAT variable may declare (numbers, or the sum over a struct's fields):
/// 800 MB of doubles, ten times one variable of a 1 h, 1 kHz log of a 7-joint arm.
inline constexpr double kMaxMatElements = 1e8;

/// Values `v` declares: the product of its dimensions, for a struct summed over its fields.
double declaredMatElements(const matvar_t* v);

/// Reads top-level variable `name` with its data, or returns null when it does not exist.
/// Throws InputError (file `path`, place "row") when it declares more than kMaxMatElements
/// values or its data cannot be read.
MatVar readMatVariable(mat_t* file, const std::string& path, const std::string& name);

}  // namespace eb
