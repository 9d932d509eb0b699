// Fuzz target: a sensor_msgs/msg/JointState payload, decoded as ROS 2 CDR and as ROS 1
// serialization, into one view (as a bag's messages are, the names of one reused for the next).
// Every count is checked against the bytes left: a decoded message's names lie in the copy of its
// own bytes the view keeps, its arrays inside the input, arrays are empty or as long as name[], and a refusal is one line.
#include "fuzz_support.hpp"
#include "logs/cdr_joint_state.hpp"

#include <cstring>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  eb::JointStateView view;
  for (const auto encoding : {eb::JointStateEncoding::Cdr, eb::JointStateEncoding::Ros1}) {
    const std::string error = eb::decodeJointState(data, size, encoding, view);
    if (!error.empty()) {
      if (error.find_first_of("\r\n") != std::string::npos) eb::fuzz::bug("refusal is not one line: " + error);
      continue;
    }
    const auto* end = data + size;
    // The names point into the view's copy of the payload's frame_id and name[] bytes (kept for
    // the next payload): that copy must be those bytes, and hold every name.
    const std::vector<uint8_t>& kept = view.namesBytes;
    if (kept.empty() || 12 + kept.size() > size || std::memcmp(data + 12, kept.data(), kept.size()) != 0)
      eb::fuzz::bug("the names kept are not the payload's bytes");
    for (const std::string_view name : view.names)
      if (reinterpret_cast<const uint8_t*>(name.data()) < kept.data() ||
          reinterpret_cast<const uint8_t*>(name.data()) + name.size() > kept.data() + kept.size())
        eb::fuzz::bug("a name lies outside the names kept");
    if (view.position.count != view.names.size()) eb::fuzz::bug("position[] and name[] differ in length");
    for (const eb::JointStateView::Array* a : {&view.position, &view.velocity, &view.effort}) {
      if (a->count != 0 && a->count != view.names.size()) eb::fuzz::bug("an array differs from name[] in length");
      if (a->count > 0 && (a->data < data || a->data + 8 * a->count > end)) eb::fuzz::bug("an array lies outside the payload");
      for (std::size_t i = 0; i < a->count; ++i) (void)a->at(i);
    }
    // The same payload again reuses its names and decodes to the same message.
    const std::vector<std::string> names(view.names.begin(), view.names.end());
    const eb::JointStateView before = view;
    if (!eb::decodeJointState(data, size, encoding, view).empty()) eb::fuzz::bug("a payload decodes only once");
    if (!view.namesRepeated || view.names.size() != names.size()) eb::fuzz::bug("repeated names not reused");
    for (std::size_t i = 0; i < names.size(); ++i)
      if (view.names[i] != names[i]) eb::fuzz::bug("repeated names decode to other names");
    if (view.position.count != before.position.count || view.position.data != before.position.data ||
        view.effort.data != before.effort.data || view.sec != before.sec || view.nanosec != before.nanosec)
      eb::fuzz::bug("repeated names change the arrays or the stamp");
  }
  return 0;
}
