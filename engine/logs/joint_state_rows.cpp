#include "logs/joint_state_rows.hpp"

#include "logs/bag_diagnostic.hpp"
#include "util/text_format.hpp"

#include <charconv>
#include <cmath>
#include <cstring>

namespace eb {

namespace {

// Instants waiting for their other joints: publishers of one instant arrive within a few
// messages of each other; beyond this many open instants the oldest is given up (a gap).
constexpr std::size_t kMaxPending = 16;

const char* const kFieldNames[3] = {"position", "velocity", "effort"};

// Seconds since the epoch of a stamp in ns, as the double nearest to its decimal text
// "<sec>.<9 digits>": exactly what a CSV holding the same stamp parses to.
double stampSeconds(std::int64_t ns) {
  if (ns < 0) return static_cast<double>(ns) * 1e-9;
  char text[40];
  const std::int64_t sec = ns / 1000000000, frac = ns % 1000000000;
  char* end = std::to_chars(text, text + 20, sec).ptr;
  *end++ = '.';
  std::int64_t f = frac;
  for (int k = 8; k >= 0; --k) {
    end[k] = static_cast<char>('0' + f % 10);
    f /= 10;
  }
  end += 9;
  double v = 0.0;
  std::from_chars(text, end, v);
  return v;
}

}  // namespace

struct BagRowSource::Pending {
  std::int64_t stamp = 0;
  std::vector<double> values;
  std::vector<char> filled;
  std::size_t filledCount = 0, line = 0;
};

std::string bagJointColumn(const std::string& joint, const char* field) { return joint + "/" + field; }

BagRowSource::BagRowSource(const BagFiles& bag, const std::string& topic, std::vector<std::string> columns,
                           std::function<void(const Diagnostic&)> onBadMessage, bool timeAsTicks)
    : stream_(bag, topic),
      columns_(std::move(columns)),
      onBadMessage_(std::move(onBadMessage)),
      timeAsTicks_(timeAsTicks),
      bagPath_(bag.path) {
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    const std::string& name = columns_[c];
    if (name == kBagTimeColumn) {
      timeColumn_ = static_cast<int>(c);
      continue;
    }
    const std::size_t slash = name.rfind('/');
    int field = -1;
    for (int f = 0; f < 3 && slash != std::string::npos; ++f)
      if (name.compare(slash + 1, std::string::npos, kFieldNames[f]) == 0) field = f;
    if (field < 0) throw inputErrorAt(bag.path, 0, name, "not a column of a JointState bag (joint/position, /velocity, /effort)");
    const std::string joint = name.substr(0, slash);
    std::size_t j = 0;
    while (j < joints_.size() && joints_[j] != joint) ++j;
    if (j == joints_.size()) {
      joints_.push_back(joint);
      for (auto& cols : columnOf_) cols.push_back(-1);
    }
    columnOf_[field][j] = static_cast<int>(c);
  }
}

BagRowSource::~BagRowSource() = default;

double BagRowSource::firstRawTime() const { return haveFirstStamp_ ? stampSeconds(firstStamp_) : 0.0; }

const std::vector<LogWarning>& BagRowSource::warnings() const {
  warnings_ = stream_.warnings();
  if (zeroStamps_ > 0)
    warnings_.push_back(diagnosticAt(Severity::Warning, bagPath_, 0, "",
                                     std::to_string(zeroStamps_) + " JointState messages have a zero header.stamp (first: message " +
                                         std::to_string(firstZeroStamp_) + "): their receive time is used instead"));
  if (incomplete_ > 0)
    warnings_.push_back(diagnosticAt(Severity::Warning, bagPath_, 0, "",
                                     std::to_string(incomplete_) + " instants lack a joint and were skipped as gaps (first at message " +
                                         std::to_string(firstIncomplete_) + ")"));
  return warnings_;
}

void BagRowSource::badMessage(const BagMessage& m, const std::string& what) {
  const Diagnostic d = bagDiagnostic(Severity::Error, *m.file, m.place, m.number, "JointState: " + what);
  if (!onBadMessage_) throw InputError(d);
  onBadMessage_(d);
  ++skipped_;
}

double BagRowSource::timeValue(std::int64_t stamp) {
  // Integer nanoseconds subtract exactly; a double of epoch seconds would keep only 0.24 us.
  if (!haveFirstStamp_) {
    haveFirstStamp_ = true;
    firstStamp_ = stamp;
  }
  return timeAsTicks_ ? static_cast<double>(stamp - firstStamp_) : stampSeconds(stamp);
}

void BagRowSource::emit(std::size_t index) {
  for (std::size_t i = 0; i < index; ++i) {
    if (incomplete_++ == 0) firstIncomplete_ = pending_[i]->line;
  }
  Pending& p = *pending_[index];
  if (timeColumn_ >= 0) p.values[static_cast<std::size_t>(timeColumn_)] = timeValue(p.stamp);
  readyValues_.insert(readyValues_.end(), p.values.begin(), p.values.end());
  readyLines_.push_back(p.line);
  readySkipped_.push_back(skipped_);
  skipped_ = 0;
  for (std::size_t i = 0; i <= index; ++i) spare_.push_back(std::move(pending_[i]));
  pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(index + 1));
}

void BagRowSource::addMessage(const BagMessage& m) {
  const std::string error = decodeJointState(m.data, m.size, m.encoding, view_);
  if (!error.empty()) {
    namesMapped_ = false;  // the view's names may be this message's, never mapped
    return badMessage(m, error);
  }
  // Publishers repeat the same names message after message: map them once.
  bool same = view_.namesRepeated && namesMapped_;
  if (!same) {
    same = lastNames_.size() == view_.names.size();
    for (std::size_t i = 0; same && i < lastNames_.size(); ++i) same = lastNames_[i] == view_.names[i];
  }
  namesMapped_ = true;
  if (!same) mapNames();
  if (copies_.empty()) return;  // only joints the robot does not have (a gripper's own publisher)
  const JointStateView::Array* arrays[3] = {&view_.position, &view_.velocity, &view_.effort};
  // The usual message (every joint once, no instant open) is a row at once: its values go
  // straight into the ready rows as they are checked, and are taken back if one is bad.
  const bool direct = pending_.empty() && coversAll_;
  const std::size_t base = readyValues_.size();
  if (direct) readyValues_.resize(base + columns_.size());
  for (const ValueCopy& v : copies_) {
    const JointStateView::Array& a = *arrays[v.field];
    const double x = a.count == 0 ? 0.0 : a.at(v.index);
    if (a.count == 0 || !std::isfinite(x)) {
      readyValues_.resize(base);
      if (a.count == 0) return badMessage(m, std::string(kFieldNames[v.field]) + "[] is empty");
      return badMessage(m, std::string(kFieldNames[v.field]) + " of '" + lastNames_[v.index] + "' is " + formatSignificant(x));
    }
    if (direct) readyValues_[base + v.column] = x;
  }
  std::int64_t stamp = view_.stampNs();
  if (view_.sec == 0 && view_.nanosec == 0) {
    if (zeroStamps_++ == 0) firstZeroStamp_ = m.index;
    stamp = m.logTime;
  }
  if (direct) {
    if (timeColumn_ >= 0) readyValues_[base + static_cast<std::size_t>(timeColumn_)] = timeValue(stamp);
    readyLines_.push_back(m.index);
    readySkipped_.push_back(skipped_);
    skipped_ = 0;
    return;
  }
  // The open instant with this stamp, unless this message repeats a joint it already has.
  Pending* row = nullptr;
  std::size_t rowIndex = 0;
  for (std::size_t k = pending_.size(); k-- > 0 && !row;) {
    if (pending_[k]->stamp != stamp) continue;
    bool clash = false;
    for (const int j : lastSlots_) clash = clash || (j >= 0 && pending_[k]->filled[static_cast<std::size_t>(j)]);
    if (!clash) {
      row = pending_[k].get();
      rowIndex = k;
    }
    break;
  }
  if (!row) {
    if (pending_.size() >= kMaxPending) {
      if (incomplete_++ == 0) firstIncomplete_ = pending_.front()->line;
      spare_.push_back(std::move(pending_.front()));
      pending_.erase(pending_.begin());
    }
    std::unique_ptr<Pending> p;
    if (!spare_.empty()) {
      p = std::move(spare_.back());
      spare_.pop_back();
    } else {
      p = std::make_unique<Pending>();
    }
    p->stamp = stamp;
    p->values.assign(columns_.size(), 0.0);
    p->filled.assign(joints_.size(), 0);
    p->filledCount = 0;
    p->line = m.index;
    pending_.push_back(std::move(p));
    rowIndex = pending_.size() - 1;
    row = pending_.back().get();
  }
  for (std::size_t i = 0; i < lastSlots_.size(); ++i) {
    const int j = lastSlots_[i];
    if (j < 0 || row->filled[static_cast<std::size_t>(j)]) continue;
    for (int f = 0; f < 3; ++f) {
      const int c = columnOf_[f][static_cast<std::size_t>(j)];
      if (c >= 0) row->values[static_cast<std::size_t>(c)] = arrays[f]->at(i);
    }
    row->filled[static_cast<std::size_t>(j)] = 1;
    ++row->filledCount;
  }
  if (row->filledCount == joints_.size()) emit(rowIndex);
}

void BagRowSource::mapNames() {
  lastNames_.assign(view_.names.begin(), view_.names.end());
  lastSlots_.assign(view_.names.size(), -1);
  for (std::size_t i = 0; i < view_.names.size(); ++i)
    for (std::size_t j = 0; j < joints_.size(); ++j)
      if (joints_[j] == view_.names[i]) lastSlots_[i] = static_cast<int>(j);
  copies_.clear();
  std::vector<char> seen(joints_.size(), 0);
  bool repeated = false;
  for (std::size_t i = 0; i < lastSlots_.size(); ++i) {
    const int j = lastSlots_[i];
    if (j < 0) continue;
    repeated = repeated || seen[static_cast<std::size_t>(j)];
    seen[static_cast<std::size_t>(j)] = 1;
    for (int f = 0; f < 3; ++f) {
      const int c = columnOf_[f][static_cast<std::size_t>(j)];
      if (c >= 0) copies_.push_back({f, i, static_cast<std::size_t>(c)});
    }
  }
  std::size_t covered = 0;
  for (const char c : seen) covered += c != 0;
  coversAll_ = !repeated && covered == joints_.size();
}

bool BagRowSource::advance() {
  BagMessage m;
  while (readyLines_.size() == readyFirst_) {
    if (!stream_.next(m)) {
      if (!ended_) {
        ended_ = true;
        for (const auto& p : pending_)
          if (incomplete_++ == 0) firstIncomplete_ = p->line;
        pending_.clear();
      }
      return false;
    }
    addMessage(m);
  }
  return true;
}

std::size_t BagRowSource::read(Eigen::Ref<Eigen::MatrixXd> out, std::size_t* lines, std::size_t* skippedBefore) {
  const auto want = static_cast<std::size_t>(out.rows());
  const std::size_t cols = columns_.size();
  std::size_t got = 0;
  while (got < want) {
    if (readyFirst_ == readyLines_.size()) {
      readyValues_.clear();
      readyLines_.clear();
      readySkipped_.clear();
      readyFirst_ = 0;
      if (!advance()) break;
    }
    const std::size_t r = readyFirst_++;
    for (std::size_t c = 0; c < cols; ++c) out(static_cast<Eigen::Index>(got), static_cast<Eigen::Index>(c)) = readyValues_[r * cols + c];
    if (lines) lines[got] = readyLines_[r];
    if (skippedBefore) skippedBefore[got] = readySkipped_[r];
    ++got;
  }
  return got;
}

}  // namespace eb
