#include "util/text_format.hpp"

#include <cstdio>

namespace eb {

std::string formatSignificant(double value, int digits) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

}  // namespace eb
