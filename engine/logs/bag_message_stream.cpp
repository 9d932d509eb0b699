#include "logs/bag_message_stream.hpp"

#include "logs/bag_diagnostic.hpp"
#include "logs/mcap_reader.hpp"
#include "logs/rosbag_sqlite_reader.hpp"

#include <algorithm>
#include <set>

namespace eb {

namespace {

JointStateEncoding encodingOf(const std::string& messageEncoding) {
  return messageEncoding == "ros1" ? JointStateEncoding::Ros1 : JointStateEncoding::Cdr;
}

BagTopic& topicNamed(std::vector<BagTopic>& topics, const std::string& name) {
  for (BagTopic& t : topics)
    if (t.name == name) return t;
  topics.push_back(BagTopic{name, "", "", 0, false, false, 0, 0});
  return topics.back();
}

void addSpan(BagTopic& t, std::uint64_t count, std::int64_t first, std::int64_t last) {
  if (count == 0) return;
  t.first = t.messages == 0 ? first : std::min(t.first, first);
  t.last = t.messages == 0 ? last : std::max(t.last, last);
  t.messages += count;
}

}  // namespace

std::vector<BagTopic> listBagTopics(const BagFiles& bag, bool count) {
  std::vector<BagTopic> topics;
  bool allCounted = true;
  std::set<std::string> uncounted;  // topics a summary without their statistics listed
  for (const std::string& file : bag.files) {
    if (bag.storage == BagStorage::Sqlite3) {
      RosbagSqliteReader db(file);
      for (const SqliteTopic& st : db.topics()) {
        BagTopic& t = topicNamed(topics, st.name);
        t.type = st.type;
        t.encoding = st.serializationFormat;
        const RosbagSqliteReader::TopicStats s = db.stats(st.id);
        addSpan(t, s.count, s.first, s.last);
      }
      continue;
    }
    McapReader mcap(file);
    if (!count && mcap.summaryIsComplete()) {
      for (const auto& [id, ch] : mcap.channels()) {
        BagTopic& t = topicNamed(topics, ch.topic);
        t.type = ch.schemaName;
        t.encoding = ch.messageEncoding;
        const auto c = mcap.summaryCounts().find(id);
        if (c == mcap.summaryCounts().end()) uncounted.insert(ch.topic);
        else t.messages += c->second;
      }
      allCounted = false;  // no time span without reading
      continue;
    }
    McapMessage m;
    while (mcap.next(m)) {
      BagTopic& t = topicNamed(topics, m.channel->topic);
      addSpan(t, 1, static_cast<std::int64_t>(m.logTime), static_cast<std::int64_t>(m.logTime));
    }
    for (const auto& [id, ch] : mcap.channels()) {
      BagTopic& t = topicNamed(topics, ch.topic);
      t.type = ch.schemaName;
      t.encoding = ch.messageEncoding;
    }
  }
  for (BagTopic& t : topics) {
    t.counted = allCounted || count || bag.storage == BagStorage::Sqlite3;
    t.messagesKnown = t.counted || uncounted.count(t.name) == 0;
  }
  return topics;
}

BagMessageStream::BagMessageStream(const BagFiles& bag, std::string topic) : bag_(bag), topic_(std::move(topic)) {}

BagMessageStream::~BagMessageStream() = default;

void BagMessageStream::closeFile() {
  if (mcap_ && mcap_->truncated()) {
    const std::string what =
        mcap_->lostBytes() > 0
            ? "the file ends inside a record (a recorder that stopped?): " + std::to_string(mcap_->lostBytes()) +
                  " bytes after the last complete record lost"
            : "the file ends without its footer (a recorder that stopped?); every record is complete";
    warnings_.push_back(bagDiagnostic(Severity::Warning, mcap_->path(), "offset", mcap_->truncationOffset(), what));
  }
  mcap_.reset();
  sqlite_.reset();
}

bool BagMessageStream::open(std::size_t file) {
  const std::string& path = bag_.files[file];
  if (bag_.storage == BagStorage::Sqlite3) {
    sqlite_ = std::make_unique<RosbagSqliteReader>(path);
    for (const SqliteTopic& t : sqlite_->topics())
      if (t.name == topic_) {
        encoding_ = encodingOf(t.serializationFormat);
        sqlite_->select(t.id);
        return true;
      }
    sqlite_.reset();
    return false;  // a split file without the topic
  }
  mcap_ = std::make_unique<McapReader>(path);
  mcap_->setFilter([this](const McapChannel& ch) { return ch.topic == topic_; });
  return true;
}

bool BagMessageStream::next(BagMessage& out) {
  while (file_ < bag_.files.size()) {
    if (!opened_) {
      opened_ = true;
      if (!open(file_)) {
        ++file_;
        opened_ = false;
        continue;
      }
    }
    out.file = &bag_.files[file_];
    if (mcap_) {
      McapMessage m;
      if (mcap_->next(m)) {
        out.data = m.data;
        out.size = m.size;
        out.logTime = static_cast<std::int64_t>(m.logTime);
        out.place = "message";
        out.number = m.index;
        out.encoding = encodingOf(m.channel->messageEncoding);
        out.index = ++index_;
        return true;
      }
    } else if (sqlite_) {
      SqliteMessage m;
      if (sqlite_->next(m)) {
        out.data = m.data;
        out.size = m.size;
        out.logTime = m.timestamp;
        out.place = "message id";
        out.number = static_cast<std::uint64_t>(m.id);
        out.encoding = encoding_;
        out.index = ++index_;
        return true;
      }
    }
    closeFile();
    opened_ = false;
    ++file_;
  }
  return false;
}

double BagMessageStream::progress() const {
  if (bag_.files.empty()) return 1.0;
  double within = 0.0;
  if (mcap_) within = mcap_->progress();
  else if (sqlite_) within = sqlite_->progress();
  return std::min(1.0, (static_cast<double>(file_) + within) / static_cast<double>(bag_.files.size()));
}

}  // namespace eb
