#!/usr/bin/env python3
"""Writes the .db3 files of this folder (rosbag2's sqlite3 storage, Humble's schema v3):

  joint_states.db3    the 20 JointState messages of ../mcap_layouts (their CDR bytes, copied from
                      unchunked_no_summary.mcap) on /joint_states: a good bag, and a fuzz seed
  no_tables.db3       a valid sqlite3 database without rosbag2's topics and messages tables
  corrupt_header.db3  the 16-byte sqlite3 magic, then bytes that are no database
  truncated.db3       joint_states.db3 cut in half (a copy that stopped)

Each bad one opens the database before it is refused: the reader must close it again.
Usage: python3 make_db3.py   (after ../mcap_layouts/make_layouts.mjs; writes next to itself)
"""
import os
import sqlite3
import struct

here = os.path.dirname(os.path.abspath(__file__))


def joint_state_messages():
    """(log_time, cdr) of every /joint_states message of the unchunked MCAP layout."""
    data = open(os.path.join(here, "..", "mcap_layouts", "unchunked_no_summary.mcap"), "rb").read()
    channels, out, at = {}, [], 8
    while at + 9 <= len(data):
        op, length = data[at], struct.unpack_from("<Q", data, at + 1)[0]
        body = data[at + 9 : at + 9 + length]
        if op == 0x04:  # Channel: id u16, schema_id u16, topic string
            (cid,) = struct.unpack_from("<H", body, 0)
            (n,) = struct.unpack_from("<I", body, 4)
            channels[cid] = body[8 : 8 + n].decode()
        elif op == 0x05:  # Message: channel u16, sequence u32, log_time u64, publish_time u64, data
            cid, _, log_time, _ = struct.unpack_from("<HIQQ", body, 0)
            if channels.get(cid) == "/joint_states":
                out.append((log_time, bytes(body[22:])))
        elif op == 0x0F:
            break
        at += 9 + length
    return out


def write_bag(path, messages):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE schema(schema_version INTEGER PRIMARY KEY, ros_distro TEXT NOT NULL);
        INSERT INTO schema VALUES (3, 'humble');
        CREATE TABLE topics(id INTEGER PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL,
                            serialization_format TEXT NOT NULL, offered_qos_profiles TEXT NOT NULL);
        CREATE TABLE messages(id INTEGER PRIMARY KEY, topic_id INTEGER NOT NULL, timestamp INTEGER NOT NULL,
                              data BLOB NOT NULL);
        CREATE INDEX timestamp_idx ON messages (timestamp ASC);
        """
    )
    db.execute("INSERT INTO topics VALUES (1, '/joint_states', 'sensor_msgs/msg/JointState', 'cdr', '')")
    db.executemany("INSERT INTO messages (topic_id, timestamp, data) VALUES (1, ?, ?)", messages)
    db.commit()
    db.close()


good = os.path.join(here, "joint_states.db3")
write_bag(good, joint_state_messages())

no_tables = os.path.join(here, "no_tables.db3")
if os.path.exists(no_tables):
    os.remove(no_tables)
db = sqlite3.connect(no_tables)
db.execute("CREATE TABLE readings(t INTEGER, value REAL)")
db.commit()
db.close()

with open(os.path.join(here, "corrupt_header.db3"), "wb") as f:
    f.write(b"SQLite format 3\0" + bytes((i * 37 + 11) % 256 for i in range(4080)))

whole = open(good, "rb").read()
with open(os.path.join(here, "truncated.db3"), "wb") as f:
    f.write(whole[: len(whole) // 2])

for name in sorted(os.listdir(here)):
    if name.endswith(".db3"):
        print(name, os.path.getsize(os.path.join(here, name)), "bytes")
