// Fuzz target: an MCAP file (a ROS 2 bag) -> its messages and then an ExperimentLog of a
// 2-joint robot (joints j0, j1). The reader must refuse bad magic, chunks whose sizes or CRCs
// disagree, unknown compressions and records overrunning their chunk with one-line InputErrors,
// allocate nothing from an unchecked size (a 2^40-byte chunk claim), refuse a message on a channel
// nothing declares, and read a truncated file up to its last complete record; no exception but
// InputError may leave it. Every message is decoded as a JointState too.
#include "bag_import_check.hpp"
#include "fuzz_support.hpp"
#include "logs/cdr_joint_state.hpp"
#include "logs/mcap_reader.hpp"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const eb::fuzz::ScratchFile file(".mcap");
  const std::string& path = file.write(data, size);
  eb::fuzz::runExpectingInputErrorOnly([&] {
    eb::McapLimits limits;
    limits.maxChunkBytes = 16u << 20;  // a fuzz input never holds more; the default is 1 GiB
    limits.maxRecordBytes = 16u << 20;
    eb::McapReader reader(path, limits);
    eb::McapMessage m;
    eb::JointStateView view;
    std::size_t messages = 0;
    while (reader.next(m)) {
      if (m.index <= messages) eb::fuzz::bug("message numbers do not increase");
      messages = m.index;
      if (reader.channels().count(m.channelId) == 0 || m.channel != &reader.channels().at(m.channelId))
        eb::fuzz::bug("message of an unknown channel returned");
      const eb::McapChannel& ch = *m.channel;
      const auto encoding = ch.messageEncoding == "ros1" ? eb::JointStateEncoding::Ros1 : eb::JointStateEncoding::Cdr;
      if (eb::decodeJointState(m.data, m.size, encoding, view).empty())
        for (std::size_t i = 0; i < view.position.count; ++i) (void)view.position.at(i);
    }
    if (reader.truncated() && reader.lostBytes() > reader.fileSize()) eb::fuzz::bug("more bytes lost than the file has");
  });
  eb::fuzz::checkBagImport(path, {"j0", "j1"}, size > 0 && (data[size - 1] & 1) != 0);
  return 0;
}
