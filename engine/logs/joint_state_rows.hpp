#pragma once
// Turning a stream of JointState messages into rows of samples: header.stamp
// is the sample time (the receive time when stamps are zero, said once); joints
// are taken by name (others ignored); joints split across several messages of
// one instant (two hardware interfaces publishing on one topic) are merged into
// one row; an instant that never gets all its joints is skipped (a gap, as a
// missing CSV row is). A bad message (one that does not decode, arrays of
// different lengths, a non-finite value) throws InputError naming the file and
// the message, or is skipped and reported when the caller drops bad rows.

#include "logs/bag_message_stream.hpp"
#include "logs/log_row_source.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace eb {

/// Name of the time column a bag offers (header.stamp in seconds since the epoch).
inline constexpr const char* kBagTimeColumn = "header.stamp";

/// Column name of a joint's field in a bag: "<joint>/position", "/velocity" or "/effort".
std::string bagJointColumn(const std::string& joint, const char* field);

/// Rows of one JointState topic of a bag, with the columns asked for.
class BagRowSource : public LogRowSource {
 public:
  /// `columns`: kBagTimeColumn and bagJointColumn() names. `onBadMessage`, when set, receives each
  /// bad message (then skipped) instead of it throwing. `timeAsTicks`: the time column holds
  /// nanoseconds since the first row (exact integers), not seconds since the epoch.
  BagRowSource(const BagFiles& bag, const std::string& topic, std::vector<std::string> columns,
               std::function<void(const Diagnostic&)> onBadMessage = {}, bool timeAsTicks = false);
  ~BagRowSource() override;

  const std::vector<std::string>& selectedColumns() const override { return columns_; }
  std::size_t read(Eigen::Ref<Eigen::MatrixXd> out, std::size_t* lines = nullptr,
                   std::size_t* skippedBefore = nullptr) override;
  double progress() const override { return stream_.progress(); }
  const std::vector<LogWarning>& warnings() const override;
  double timeTicksPerUnit() const override { return timeAsTicks_ ? 1e9 : 0.0; }
  double firstRawTime() const override;

 private:
  struct Pending;
  // Reads messages until a row is complete (moved to `ready_`) or the bag ends; false at the end.
  bool advance();
  void addMessage(const BagMessage& m);
  void badMessage(const BagMessage& m, const std::string& what);
  void emit(std::size_t pendingIndex);
  // Maps the view's names to joint slots (lastNames_, lastSlots_, copies_, coversAll_).
  void mapNames();
  // The time column's value for a stamp [ns since the epoch]: ticks since the first row, or seconds.
  double timeValue(std::int64_t stamp);

  BagMessageStream stream_;
  std::vector<std::string> columns_;
  std::function<void(const Diagnostic&)> onBadMessage_;
  std::vector<std::string> joints_;                 // joints asked for, in slot order
  int timeColumn_ = -1;
  std::vector<int> columnOf_[3];                    // per field (position, velocity, effort), per joint: column or -1
  std::vector<std::string> lastNames_;              // the names of the previous message, and their slots
  std::vector<int> lastSlots_;
  bool namesMapped_ = false;                        // lastNames_ hold the names of the last decoded message
  struct ValueCopy {
    int field;               // 0 position, 1 velocity, 2 effort
    std::size_t index;       // in the message's arrays
    std::size_t column;      // in the row
  };
  std::vector<ValueCopy> copies_;                   // every value the last names give, in message order
  bool coversAll_ = false;                          // they name every joint once: one message, one row
  std::vector<std::unique_ptr<Pending>> pending_;   // instants waiting for joints, oldest first
  std::vector<std::unique_ptr<Pending>> spare_;
  std::vector<double> readyValues_;                 // complete rows, row-major
  std::vector<std::size_t> readyLines_, readySkipped_;
  std::size_t readyFirst_ = 0;
  std::size_t skipped_ = 0;                         // bad messages since the last complete row
  std::size_t incomplete_ = 0, firstIncomplete_ = 0, zeroStamps_ = 0, firstZeroStamp_ = 0;
  bool ended_ = false;
  bool timeAsTicks_ = false;
  bool haveFirstStamp_ = false;
  std::int64_t firstStamp_ = 0;                     // stamp of the first row [ns since the epoch]
  JointStateView view_;
  mutable std::vector<LogWarning> warnings_;
  std::string bagPath_;
};

}  // namespace eb
