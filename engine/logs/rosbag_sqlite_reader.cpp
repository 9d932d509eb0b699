#include "logs/rosbag_sqlite_reader.hpp"

#include "logs/bag_diagnostic.hpp"
#include "logs/chunk_decompression.hpp"

#include <sqlite3.h>

#include <cctype>
#include <cstdio>

namespace eb {

namespace {

constexpr std::size_t kMaxBagMessageBytes = 1u << 30;

struct Statement {
  sqlite3_stmt* s = nullptr;
  ~Statement() { sqlite3_finalize(s); }
};

std::string columnText(sqlite3_stmt* s, int i) {
  const unsigned char* t = sqlite3_column_text(s, i);
  return t ? std::string(reinterpret_cast<const char*>(t)) : std::string();
}

}  // namespace

std::string immutableSqliteUri(const std::string& path) {
  static const char* const hex = "0123456789ABCDEF";
  std::string uri = "file:";
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      uri += ch;
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri + "?mode=ro&immutable=1";
}

void RosbagSqliteReader::CloseDatabase::operator()(sqlite3* db) const { sqlite3_close(db); }

void RosbagSqliteReader::FinalizeStatement::operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }

void RosbagSqliteReader::fail(const std::string& what) const {
  throw inputErrorAt(path_, 0, "", what + (db_ ? std::string(" (sqlite: ") + sqlite3_errmsg(db_.get()) + ")" : ""));
}

RosbagSqliteReader::RosbagSqliteReader(const std::string& path) : path_(path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw inputErrorAt(path, 0, "", "cannot open the file");
  char head[16] = {};
  const bool isSqlite = std::fread(head, 1, 16, f) == 16 && std::string(head, 15) == "SQLite format 3";
  std::fclose(f);
  if (!isSqlite) throw inputErrorAt(path, 0, "", "not an sqlite3 database (bad magic: no 'SQLite format 3' header)");
  // sqlite3_open_v2 makes a handle even when it fails: owned at once, closed on every way out.
  sqlite3* opened = nullptr;
  const int openResult = sqlite3_open_v2(immutableSqliteUri(path).c_str(), &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
  db_.reset(opened);
  if (openResult != SQLITE_OK) fail("cannot open the database");
  auto tableExists = [&](const char* name) {
    Statement st;
    sqlite3_prepare_v2(db_.get(), "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", -1, &st.s, nullptr);
    sqlite3_bind_text(st.s, 1, name, -1, SQLITE_STATIC);
    return sqlite3_step(st.s) == SQLITE_ROW;
  };
  if (!tableExists("topics") || !tableExists("messages"))
    fail("not a rosbag2 database: the tables 'topics' and 'messages' are missing");
  if (tableExists("schema")) {
    Statement st;
    if (sqlite3_prepare_v2(db_.get(), "SELECT schema_version FROM schema", -1, &st.s, nullptr) == SQLITE_OK &&
        sqlite3_step(st.s) == SQLITE_ROW)
      schemaVersion_ = sqlite3_column_int(st.s, 0);
  }
  Statement st;
  if (sqlite3_prepare_v2(db_.get(), "SELECT id, name, type, serialization_format FROM topics ORDER BY id", -1, &st.s, nullptr) !=
      SQLITE_OK)
    fail("cannot read the topics table");
  int rc = 0;
  while ((rc = sqlite3_step(st.s)) == SQLITE_ROW)
    topics_.push_back({sqlite3_column_int64(st.s, 0), columnText(st.s, 1), columnText(st.s, 2), columnText(st.s, 3)});
  if (rc != SQLITE_DONE) fail("cannot read the topics table");
}

RosbagSqliteReader::~RosbagSqliteReader() = default;

RosbagSqliteReader::TopicStats RosbagSqliteReader::stats(std::int64_t topicId) const {
  Statement st;
  TopicStats out;
  if (sqlite3_prepare_v2(db_.get(), "SELECT COUNT(*), MIN(timestamp), MAX(timestamp) FROM messages WHERE topic_id = ?", -1,
                         &st.s, nullptr) != SQLITE_OK)
    fail("cannot read the messages table");
  sqlite3_bind_int64(st.s, 1, topicId);
  if (sqlite3_step(st.s) != SQLITE_ROW) fail("cannot read the messages table");
  out.count = static_cast<std::uint64_t>(sqlite3_column_int64(st.s, 0));
  out.first = sqlite3_column_int64(st.s, 1);
  out.last = sqlite3_column_int64(st.s, 2);
  return out;
}

void RosbagSqliteReader::select(std::int64_t topicId) {
  total_ = stats(topicId).count;
  read_ = 0;
  stmt_.reset();
  sqlite3_stmt* prepared = nullptr;
  const int rc = sqlite3_prepare_v2(db_.get(), "SELECT timestamp, id, data FROM messages WHERE topic_id = ? ORDER BY timestamp, id",
                                    -1, &prepared, nullptr);
  stmt_.reset(prepared);
  if (rc != SQLITE_OK) fail("cannot read the messages table");
  sqlite3_bind_int64(stmt_.get(), 1, topicId);
}

bool RosbagSqliteReader::next(SqliteMessage& out) {
  if (!stmt_) return false;
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_DONE) return false;
  if (rc != SQLITE_ROW) fail("cannot read the messages table");
  ++read_;
  out.timestamp = sqlite3_column_int64(stmt_.get(), 0);
  out.id = sqlite3_column_int64(stmt_.get(), 1);
  out.data = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_.get(), 2));
  out.size = static_cast<std::size_t>(sqlite3_column_bytes(stmt_.get(), 2));
  // rosbag2's message compression stores each payload as one zstd frame; CDR starts 00 0x.
  if (looksLikeZstd(out.data, out.size)) {
    const std::string error = decompressZstdBlob(out.data, out.size, kMaxBagMessageBytes, inflated_);
    if (!error.empty()) throw bagError(path_, "message id", static_cast<std::uint64_t>(out.id), "zstd-compressed message: " + error);
    out.data = inflated_.data();
    out.size = inflated_.size();
  }
  return true;
}

}  // namespace eb
