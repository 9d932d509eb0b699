// Fuzz target: a rosbag2 sqlite3 file (.db3) -> its topics, counts and messages, then an
// ExperimentLog of a 3-joint robot (joints j0, j1, j2). The reader must refuse what is no
// database, no rosbag2 database or a corrupt one with one-line InputErrors (nothing else may leave
// it), and close the database it opened whether it refused the file or read it: the process's file
// descriptors are the same after each input. Every message is decoded as a JointState too.
#include "bag_import_check.hpp"
#include "fuzz_support.hpp"
#include "logs/cdr_joint_state.hpp"
#include "logs/rosbag_sqlite_reader.hpp"

#include <filesystem>

namespace eb::fuzz {

// The process's open file descriptors (entries of /proc/self/fd); -1 where there is no /proc.
int openDescriptors() {
  std::error_code ec;
  int n = 0;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec)) ++n;
  return ec ? -1 : n;
}

}  // namespace eb::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const eb::fuzz::ScratchFile file(".db3");
  const std::string& path = file.write(data, size);
  const int descriptors = eb::fuzz::openDescriptors();
  eb::fuzz::runExpectingInputErrorOnly([&] {
    eb::RosbagSqliteReader reader(path);
    eb::JointStateView view;
    for (const eb::SqliteTopic& topic : reader.topics()) {
      reader.stats(topic.id);
      reader.select(topic.id);
      eb::SqliteMessage m;
      while (reader.next(m)) {
        if (m.size > 0 && m.data == nullptr) eb::fuzz::bug("message of " + std::to_string(m.size) + " bytes without data");
        if (eb::decodeJointState(m.data, m.size, eb::JointStateEncoding::Cdr, view).empty())
          for (std::size_t i = 0; i < view.position.count; ++i) (void)view.position.at(i);
      }
      const double progress = reader.progress();
      if (!(progress >= 0.0 && progress <= 1.0)) eb::fuzz::bug("progress outside [0, 1]");
    }
  });
  if (eb::fuzz::openDescriptors() != descriptors) eb::fuzz::bug("the reader left a file descriptor open");
  eb::fuzz::checkBagImport(path, {"j0", "j1", "j2"}, size > 0 && (data[size - 1] & 1) != 0);
  if (eb::fuzz::openDescriptors() != descriptors) eb::fuzz::bug("the import left a file descriptor open");
  return 0;
}
