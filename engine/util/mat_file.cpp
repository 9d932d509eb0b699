#include "util/mat_file.hpp"

#include "util/input_error.hpp"
#include "util/text_format.hpp"

#include <algorithm>

namespace eb {
namespace {

double declaredElements(const matvar_t* v, int depth) {
  if (!v) return 0.0;
  double n = 1.0;
  for (int d = 0; d < v->rank; ++d) n *= static_cast<double>(v->dims[d]);
  if (v->class_type != MAT_C_STRUCT || depth > 4) return n;
  auto* s = const_cast<matvar_t*>(v);  // matio's getters are not const-qualified
  const unsigned fields = Mat_VarGetNumberOfFields(s);
  double total = n * fields;
  const auto members = static_cast<size_t>(std::min(n, kMaxMatElements));
  for (size_t i = 0; i < members && total <= kMaxMatElements; ++i)
    for (unsigned f = 0; f < fields; ++f) total += declaredElements(Mat_VarGetStructFieldByIndex(s, f, i), depth + 1);
  return total;
}

}  // namespace

double declaredMatElements(const matvar_t* v) { return declaredElements(v, 0); }

MatVar readMatVariable(mat_t* file, const std::string& path, const std::string& name) {
  MatVar info(Mat_VarReadInfo(file, name.c_str()));
  if (!info) return nullptr;
  const double declared = declaredMatElements(info.get());
  if (!(declared <= kMaxMatElements))
    throw inputErrorAt(path, 0, "", "variable '" + name + "' declares " + formatSignificant(declared) +
                                        " values; at most " + formatSignificant(kMaxMatElements) +
                                        " are read (a damaged file?)", "row");
  MatVar var(Mat_VarRead(file, name.c_str()));
  if (!var)
    throw inputErrorAt(path, 0, "", "variable '" + name +
                                        "' cannot be read: its data does not match its declared size (a damaged file?)",
                       "row");
  return var;
}

}  // namespace eb
