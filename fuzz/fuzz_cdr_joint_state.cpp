// Fuzz target: a sensor_msgs/msg/JointState payload, decoded as ROS 2 CDR and as ROS 1
// serialization. Every count is checked against the bytes left: a decoded message's names and
// arrays lie inside the input, arrays are empty or as long as name[], and a refusal is one line.
#include "fuzz_support.hpp"
#include "logs/cdr_joint_state.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  eb::JointStateView view;
  for (const auto encoding : {eb::JointStateEncoding::Cdr, eb::JointStateEncoding::Ros1}) {
    const std::string error = eb::decodeJointState(data, size, encoding, view);
    if (!error.empty()) {
      if (error.find_first_of("\r\n") != std::string::npos) eb::fuzz::bug("refusal is not one line: " + error);
      continue;
    }
    const auto* end = data + size;
    for (const std::string_view name : view.names)
      if (reinterpret_cast<const uint8_t*>(name.data()) < data || reinterpret_cast<const uint8_t*>(name.data()) + name.size() > end)
        eb::fuzz::bug("a name lies outside the payload");
    if (view.position.count != view.names.size()) eb::fuzz::bug("position[] and name[] differ in length");
    for (const eb::JointStateView::Array* a : {&view.position, &view.velocity, &view.effort}) {
      if (a->count != 0 && a->count != view.names.size()) eb::fuzz::bug("an array differs from name[] in length");
      if (a->count > 0 && (a->data < data || a->data + 8 * a->count > end)) eb::fuzz::bug("an array lies outside the payload");
      for (std::size_t i = 0; i < a->count; ++i) (void)a->at(i);
    }
  }
  return 0;
}
