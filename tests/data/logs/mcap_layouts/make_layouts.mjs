// Writes the MCAP files of this folder with the reference writer, @mcap/core's McapWriter (the
// writer foxglove/mcap's conformance suite drives, tests/conformance/scripts/run-tests/runners/
// TypescriptWriterTestRunner.ts), in the layouts its options make: with or without a summary,
// statistics, chunk indexes, repeated channels and schemas, chunked or not, chunks uncompressed,
// zstd or lz4. Every layout holds the same 20 JointState messages (3 joints, exact binary
// fractions, so C++ can name every value) on /joint_states and 5 std_msgs/msg/String on /chatter.
// Plus undeclared_channel.mcap: message 10 is on channel 9, which nothing declares.
//
// Usage (node >= 18; the zstd and lz4 command-line tools make the compressed chunks):
//   mkdir /tmp/mcapgen && cd /tmp/mcapgen && npm init -y && npm i @mcap/core@2.2.2
//   cp make_layouts.mjs /tmp/mcapgen && cd /tmp/mcapgen && node make_layouts.mjs <this folder>
import { McapWriter } from "@mcap/core";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const outDir = process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url));

export const kSec = 1700000000;
export const kStepNs = 2000000;  // 500 Hz
const kReceiveDelayNs = 300000n;

// The values of message i, joint j: binary fractions, exact in a double.
const position = (i, j) => 0.25 * i + j;
const velocity = (i, j) => j - 0.125 * i;
const effort = (i, j) => 10 * j + 0.5 * i;

// Little-endian CDR (XCDR1) with the 4-byte encapsulation 00 01 00 00; alignment counts from
// after the encapsulation, as rmw's does.
function jointStateCdr(i) {
  const bytes = [0x00, 0x01, 0x00, 0x00];
  const align = (n) => {
    while ((bytes.length - 4) % n !== 0) bytes.push(0);
  };
  const push = (size, write) => {
    const b = Buffer.alloc(size);
    write(b);
    bytes.push(...b);
  };
  const u32 = (v) => {
    align(4);
    push(4, (b) => b.writeUInt32LE(v));
  };
  const i32 = (v) => {
    align(4);
    push(4, (b) => b.writeInt32LE(v));
  };
  const str = (s) => {
    u32(s.length + 1);
    bytes.push(...Buffer.from(s, "utf8"), 0);
  };
  const doubles = (values) => {
    u32(values.length);
    if (values.length > 0) align(8);
    for (const v of values) push(8, (b) => b.writeDoubleLE(v));
  };
  i32(kSec);
  u32(i * kStepNs);
  str("base");
  const joints = [0, 1, 2];
  u32(joints.length);
  for (const j of joints) str("j" + j);
  doubles(joints.map((j) => position(i, j)));
  doubles(joints.map((j) => velocity(i, j)));
  doubles(joints.map((j) => effort(i, j)));
  return Uint8Array.from(bytes);
}

function stringCdr(s) {
  const b = Buffer.alloc(4 + 4 + s.length + 1);
  b.set([0x00, 0x01, 0x00, 0x00]);
  b.writeUInt32LE(s.length + 1, 4);
  b.write(s, 8, "utf8");
  return Uint8Array.from(b);
}

function compressWith(tool) {
  return (chunkData) => ({
    compression: tool,
    compressedData: Uint8Array.from(execFileSync(tool, ["-q", "-c"], { input: Buffer.from(chunkData) })),
  });
}

// A file in memory (the writer needs a position and a write).
class Buffered {
  chunks = [];
  size = 0;
  position() {
    return BigInt(this.size);
  }
  async write(data) {
    this.chunks.push(Buffer.from(data));
    this.size += data.byteLength;
  }
  bytes() {
    return Buffer.concat(this.chunks);
  }
}

const nothing = {
  useStatistics: false, useSummaryOffsets: false, repeatSchemas: false, repeatChannels: false,
  useAttachmentIndex: false, useMetadataIndex: false, useMessageIndex: false, useChunkIndex: false,
};
const everything = {
  useStatistics: true, useSummaryOffsets: true, repeatSchemas: true, repeatChannels: true,
  useAttachmentIndex: true, useMetadataIndex: true, useMessageIndex: true, useChunkIndex: true,
};

// name -> writer options; chunkSize 700 bytes makes several chunks of the 25 messages.
const chunked = { useChunks: true, chunkSize: 700 };
const layouts = {
  no_summary: { ...nothing, ...chunked },
  statistics_only: { ...nothing, ...chunked, useStatistics: true },
  chunk_indexes_only: { ...nothing, ...chunked, useChunkIndex: true, useMessageIndex: true },
  channels_without_schemas: { ...everything, ...chunked, repeatSchemas: false },
  schemas_without_channels: { ...everything, ...chunked, repeatChannels: false },
  everything: { ...everything, ...chunked },
  unchunked_no_summary: { ...nothing, useChunks: false },
  unchunked_statistics_only: { ...nothing, useChunks: false, useStatistics: true },
  unchunked_everything: { ...everything, useChunks: false },
  zstd_chunk_indexes_only: { ...nothing, ...chunked, useChunkIndex: true, useMessageIndex: true,
                             compressChunk: compressWith("zstd") },
  zstd_everything: { ...everything, ...chunked, compressChunk: compressWith("zstd") },
  lz4_statistics_only: { ...nothing, ...chunked, useStatistics: true, compressChunk: compressWith("lz4") },
  lz4_everything: { ...everything, ...chunked, compressChunk: compressWith("lz4") },
};

async function writeLayout(options, { jointStates = true } = {}) {
  const out = new Buffered();
  const writer = new McapWriter({ writable: out, startChannelId: 1, ...options });
  await writer.start({ profile: "ros2", library: "make_layouts.mjs" });
  const text = new TextEncoder();
  const jointSchema = await writer.registerSchema({
    name: "sensor_msgs/msg/JointState", encoding: "ros2msg",
    data: text.encode("std_msgs/Header header\nstring[] name\nfloat64[] position\nfloat64[] velocity\nfloat64[] effort\n"),
  });
  const stringSchema = await writer.registerSchema({
    name: "std_msgs/msg/String", encoding: "ros2msg", data: text.encode("string data\n"),
  });
  const joints = jointStates
    ? await writer.registerChannel({ topic: "/joint_states", messageEncoding: "cdr", schemaId: jointSchema, metadata: new Map() })
    : 0;
  const chatter = await writer.registerChannel({ topic: "/chatter", messageEncoding: "cdr", schemaId: stringSchema, metadata: new Map() });
  let sequence = 0;
  for (let i = 0; i < 20; ++i) {
    const stamp = BigInt(kSec) * 1000000000n + BigInt(i * kStepNs);
    if (jointStates)
      await writer.addMessage({ channelId: joints, sequence: sequence++, logTime: stamp + kReceiveDelayNs,
                                publishTime: stamp, data: jointStateCdr(i) });
    if (i % 4 === 0)
      await writer.addMessage({ channelId: chatter, sequence: sequence++, logTime: stamp + kReceiveDelayNs + 1n,
                                publishTime: stamp, data: stringCdr("hello " + i) });
  }
  await writer.end();
  return out.bytes();
}

// Offsets of the records of an unchunked data section: [opcode, offset] in file order.
function recordsOf(bytes) {
  const records = [];
  let at = 8;
  while (at + 9 <= bytes.length) {
    const op = bytes[at];
    records.push([op, at]);
    if (op === 0x0f || op === 0x02) break;  // DataEnd, Footer
    at += 9 + Number(bytes.readBigUInt64LE(at + 1));
  }
  return records;
}

for (const [name, options] of Object.entries(layouts)) {
  const bytes = await writeLayout(options);
  fs.writeFileSync(path.join(outDir, name + ".mcap"), bytes);
  console.log(name + ".mcap", bytes.length, "bytes");
}

const chatterOnly = await writeLayout({ ...nothing, ...chunked, useStatistics: true }, { jointStates: false });
fs.writeFileSync(path.join(outDir, "chatter_only_statistics_only.mcap"), chatterOnly);
console.log("chatter_only_statistics_only.mcap", chatterOnly.length, "bytes");

// The fuzz finding's shape: message 10 (a Message record outside chunks) names channel 9.
const bad = await writeLayout({ ...nothing, useChunks: false });
const messages = recordsOf(bad).filter(([op]) => op === 0x05);
const [, offset] = messages[9];
bad.writeUInt16LE(9, offset + 9);
fs.writeFileSync(path.join(outDir, "undeclared_channel.mcap"), bad);
console.log("undeclared_channel.mcap", bad.length, "bytes; message 10 on channel 9 at offset", offset);
