#include "logs/bag_log_source.hpp"

#include "logs/bag_message_stream.hpp"
#include "logs/cdr_joint_state.hpp"
#include "logs/joint_state_rows.hpp"
#include "util/input_error.hpp"

#include <algorithm>

namespace eb {

namespace {

// Messages read to learn the joint names: enough for several publishers sharing the topic.
constexpr std::size_t kDiscoveryMessages = 64;

std::string joinedNames(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

BagJointStates inspectBagJointStates(const std::string& path, const std::string& topic) {
  BagFiles bag = resolveBagFiles(path);
  const std::vector<BagTopic> topics = listBagTopics(bag, false);
  return inspectBagJointStates(std::move(bag), topics, topic);
}

BagJointStates inspectBagJointStates(BagFiles bag, const std::vector<BagTopic>& topics, const std::string& topic) {
  BagJointStates out;
  out.bag = std::move(bag);
  const std::string& path = out.bag.path;
  std::vector<std::string> found, jointStateTopics;
  for (const BagTopic& t : topics) {
    found.push_back(t.name + " (" + (t.type.empty() ? "no schema" : t.type) + ")" +
                    (t.messagesKnown ? " " + std::to_string(t.messages) + (t.messages == 1 ? " message" : " messages") : ""));
    if (isJointStateType(t.type)) jointStateTopics.push_back(t.name);
  }
  const BagTopic* chosen = nullptr;
  if (!topic.empty()) {
    for (const BagTopic& t : topics)
      if (t.name == topic) chosen = &t;
    if (!chosen) throw inputErrorAt(path, 0, "", "no topic " + topic + " in the bag; topics: " + joinedNames(found));
    if (!isJointStateType(chosen->type))
      throw inputErrorAt(path, 0, "", "topic " + topic + " is " + chosen->type + ", not sensor_msgs/msg/JointState");
  } else if (jointStateTopics.empty()) {
    throw inputErrorAt(path, 0, "", "no sensor_msgs/msg/JointState topic in the bag; topics: " +
                                        (found.empty() ? std::string("none") : joinedNames(found)));
  } else if (jointStateTopics.size() > 1) {
    throw inputErrorAt(path, 0, "", "several JointState topics: " + joinedNames(jointStateTopics) + "; choose one with --topic");
  } else {
    for (const BagTopic& t : topics)
      if (t.name == jointStateTopics.front()) chosen = &t;
  }
  out.topic = chosen->name;
  out.type = chosen->type;
  out.messages = chosen->messages;
  if (chosen->encoding != "cdr" && chosen->encoding != "ros1")
    throw inputErrorAt(path, 0, "", "topic " + out.topic + " is serialized as '" + chosen->encoding +
                                        "' (supported: cdr, ros1)");
  BagMessageStream stream(out.bag, out.topic);
  BagMessage m;
  JointStateView view;
  std::size_t decoded = 0;
  std::string firstError;
  for (std::size_t read = 0; decoded < kDiscoveryMessages && read < 4 * kDiscoveryMessages && stream.next(m); ++read) {
    const std::string error = decodeJointState(m.data, m.size, m.encoding, view);
    if (!error.empty()) {
      if (firstError.empty()) firstError = *m.file + ": " + m.place + " " + std::to_string(m.number) + ": JointState: " + error;
      continue;
    }
    ++decoded;
    for (const std::string_view name : view.names)
      if (std::find(out.joints.begin(), out.joints.end(), name) == out.joints.end()) out.joints.emplace_back(name);
    out.velocity = out.velocity || view.velocity.count > 0;
    out.effort = out.effort || view.effort.count > 0;
  }
  if (decoded == 0)
    throw inputErrorAt(path, 0, "", "topic " + out.topic + " has no readable JointState message" +
                                        (firstError.empty() ? std::string() : " (" + firstError + ")"));
  out.columns.push_back(kBagTimeColumn);
  for (const char* field : {"position", "velocity", "effort"})
    for (const std::string& j : out.joints) out.columns.push_back(bagJointColumn(j, field));
  return out;
}

LogMappingGuess bagColumnMapping(const BagJointStates& states, int dof, const std::vector<std::string>& modelJoints) {
  const std::string& path = states.bag.path;
  LogMappingGuess guess;
  LogColumnMapping& m = guess.mapping;
  m.timeColumn = kBagTimeColumn;
  std::vector<std::string> order;
  std::vector<std::string> missing;
  for (const std::string& j : modelJoints) {
    if (std::find(states.joints.begin(), states.joints.end(), j) != states.joints.end()) order.push_back(j);
    else missing.push_back(j);
  }
  if (!modelJoints.empty() && static_cast<int>(modelJoints.size()) == dof && missing.empty()) {
    guess.notes.push_back("joints by name from " + states.topic);
  } else if (static_cast<int>(states.joints.size()) == dof && (order.empty() || modelJoints.empty())) {
    order = states.joints;
    guess.notes.push_back("the bag's joint names do not match the robot's: joints taken in the bag's order (" +
                          joinedNames(order) + ")");
  } else {
    throw inputErrorAt(path, 0, "", states.topic + " has joints " + joinedNames(states.joints) + "; the robot's " +
                                        joinedNames(missing) + (missing.size() == 1 ? " is" : " are") +
                                        " not among them (give a mapping file naming the columns joint/position, "
                                        "joint/velocity, joint/effort)");
  }
  std::vector<std::string> ignored;
  for (const std::string& j : states.joints)
    if (std::find(order.begin(), order.end(), j) == order.end()) ignored.push_back(j);
  if (!ignored.empty()) guess.notes.push_back("joints the robot does not have, ignored: " + joinedNames(ignored));
  if (!states.effort)
    throw inputErrorAt(path, 0, "", states.topic + " has no efforts (effort[] is empty in its messages): identification "
                                    "needs joint torques; record them (the controller's effort interface)");
  for (const std::string& j : order) {
    JointColumns c;
    c.name = j;
    c.q = bagJointColumn(j, "position");
    if (states.velocity) c.qd = bagJointColumn(j, "velocity");
    c.tau = bagJointColumn(j, "effort");
    m.joints.push_back(c);
  }
  if (!states.velocity) guess.notes.push_back("velocity[] is empty: velocities are differentiated from positions");
  return guess;
}

}  // namespace eb
