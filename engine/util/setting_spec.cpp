#include "util/setting_spec.hpp"

#include "util/text_format.hpp"

namespace eb {

std::string describeRange(const SettingSpec<int>& spec) {
  return "a whole number from " + std::to_string(spec.minimum) + " to " + std::to_string(spec.maximum);
}

std::string describeRange(const SettingSpec<double>& spec) {
  const std::string unit = *spec.unit ? std::string(" ") + spec.unit : std::string();
  return formatSignificant(spec.minimum) + " to " + formatSignificant(spec.maximum) + unit;
}

}  // namespace eb
