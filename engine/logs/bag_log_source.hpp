#pragma once
// A ROS 2 bag as a log: which topic holds the joint states (the one
// sensor_msgs/msg/JointState topic, or the one asked for), which joints and
// arrays its messages carry, and the column mapping onto the robot's joints by
// name. LogBlockReader then reads it like a CSV (joint_state_rows.hpp gives the rows).

#include "logs/bag_message_stream.hpp"
#include "logs/log_column_mapping.hpp"
#include "logs/rosbag_directory.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace eb {

/// What a bag's JointState topic carries (from its first messages).
struct BagJointStates {
  BagFiles bag;
  std::string topic, type;
  std::uint64_t messages = 0;               ///< messages of the topic when the storage counts them (0: unknown)
  std::vector<std::string> joints;          ///< joint names in order of first appearance
  bool velocity = false, effort = false;    ///< some message has a non-empty velocity[] / effort[]
  std::vector<std::string> columns;         ///< the columns a mapping may name (header.stamp, joint/position, ...)
};

/// Finds the JointState topic (`topic` when not empty) of the bag at `path` and reads its first
/// messages. Throws InputError: no JointState topic (naming the topics found, with their message
/// counts when known), several (naming them: choose one with --topic), the asked topic missing or
/// of another type, no decodable message.
BagJointStates inspectBagJointStates(const std::string& path, const std::string& topic);
/// The same for a bag already resolved, with its topics already listed (listBagTopics, counted
/// or not): the bag's files are not listed again.
BagJointStates inspectBagJointStates(BagFiles bag, const std::vector<BagTopic>& topics, const std::string& topic);

/// The mapping of a bag's joints onto the robot's: by name when `modelJoints` are given (joints
/// the robot does not have are ignored, said in a note), else in the bag's order when the counts
/// agree. Velocities when logged; effort is required. Throws InputError.
LogMappingGuess bagColumnMapping(const BagJointStates& states, int dof, const std::vector<std::string>& modelJoints);

}  // namespace eb
