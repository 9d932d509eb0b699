// Writes the variants of foxglove/mcap's conformance suite (tests/conformance/variants: every
// input of inputs.ts in every feature combination generateTestVariants.ts keeps) with the writer
// its TypeScript runner uses (TypescriptWriterTestRunner.ts: @mcap/core's McapWriter, the features
// mapped onto its options the same way; "pad" left out, as that runner does). The suite keeps its
// .mcap files in Git LFS; these are made here instead. expected.tsv lists, per file, the messages
// and the channel the suite's input declares, for test_mcap_reader's conformance test.
//
// Usage: mkdir /tmp/mcapgen && cd /tmp/mcapgen && npm init -y && npm i @mcap/core@2.2.2
//        cp make_conformance.mjs /tmp/mcapgen && cd /tmp/mcapgen && node make_conformance.mjs <this folder>
import { McapWriter } from "@mcap/core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const outDir = process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url));

// inputs.ts, as of foxglove/mcap main.
const bytes = (...b) => new Uint8Array(b);
const schema = { type: "Schema", id: 1, name: "Example", encoding: "c", data: bytes(4, 5, 6) };
const channel = { type: "Channel", id: 1, topic: "example", schemaId: 1, messageEncoding: "a", metadata: new Map([["foo", "bar"]]) };
const tenMessages = [0n, 2n, 1n, 3n, 3n, 5n, 4n, 7n, 8n, 9n].map((logTime, sequence) => ({
  type: "Message", channelId: 1, publishTime: logTime, logTime, data: bytes(1, 2, 3), sequence,
}));
const inputs = [
  { baseName: "NoData", records: [] },
  {
    baseName: "OneSchemalessMessage",
    records: [
      { type: "Channel", id: 1, topic: "example", schemaId: 0, messageEncoding: "text", metadata: new Map() },
      { type: "Message", channelId: 1, publishTime: 1n, logTime: 2n, data: bytes(1, 2, 3), sequence: 10 },
    ],
  },
  {
    baseName: "OneMessage",
    records: [schema, channel,
              { type: "Message", channelId: 1, publishTime: 1n, logTime: 2n, data: bytes(1, 2, 3), sequence: 10 }],
  },
  {
    baseName: "OneAttachment",
    records: [{ type: "Attachment", name: "myFile", mediaType: "application/octet-stream", logTime: 2n, createTime: 1n,
                data: bytes(1, 2, 3) }],
  },
  { baseName: "OneMetadata", records: [{ type: "Metadata", name: "myMetadata", metadata: new Map([["foo", "bar"]]) }] },
  { baseName: "TenMessages", records: [schema, channel, ...tenMessages] },
];

// types.ts's TestFeatures but "pad" (AddExtraDataToRecords), which the TypeScript runner skips.
const F = { UseChunks: "ch", UseMessageIndex: "mx", UseStatistics: "st", UseRepeatedSchemas: "rsh",
            UseRepeatedChannelInfos: "rch", UseAttachmentIndex: "ax", UseMetadataIndex: "mdx", UseChunkIndex: "chx",
            UseSummaryOffset: "sum" };

function* combinations(features) {
  if (features.length === 0) {
    yield new Set();
    return;
  }
  for (const rest of combinations(features.slice(1))) {
    yield rest;
    yield new Set([features[0], ...rest]);
  }
}

// generateTestVariants.ts's filters.
function* variants() {
  for (const input of inputs) {
    const has = (type) => input.records.some((r) => r.type === type);
    for (const f of combinations(Object.values(F))) {
      if (f.has(F.UseAttachmentIndex) && !has("Attachment")) continue;
      if (f.has(F.UseMetadataIndex) && !has("Metadata")) continue;
      if (f.has(F.UseRepeatedSchemas) && !has("Schema")) continue;
      if (f.has(F.UseRepeatedChannelInfos) && !has("Channel")) continue;
      if (!(has("Message") || has("Channel") || has("Schema")) &&
          (f.has(F.UseChunks) || f.has(F.UseChunkIndex) || f.has(F.UseMessageIndex)))
        continue;
      if (f.has(F.UseSummaryOffset) &&
          ![F.UseChunkIndex, F.UseRepeatedSchemas, F.UseRepeatedChannelInfos, F.UseMetadataIndex,
            F.UseAttachmentIndex, F.UseStatistics].some((x) => f.has(x)))
        continue;
      if ((f.has(F.UseChunkIndex) || f.has(F.UseMessageIndex)) && !f.has(F.UseChunks)) continue;
      yield { ...input, name: [input.baseName, ...Array.from(f).sort()].join("-"), features: f };
    }
  }
}

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
}

const rows = ["# file\tmessages\ttopic\tschema_name\tmessage_encoding"];
for (const v of variants()) {
  const out = new Buffered();
  const writer = new McapWriter({
    writable: out, startChannelId: 1,
    useStatistics: v.features.has(F.UseStatistics), useSummaryOffsets: v.features.has(F.UseSummaryOffset),
    useChunks: v.features.has(F.UseChunks), repeatSchemas: v.features.has(F.UseRepeatedSchemas),
    repeatChannels: v.features.has(F.UseRepeatedChannelInfos), useAttachmentIndex: v.features.has(F.UseAttachmentIndex),
    useMetadataIndex: v.features.has(F.UseMetadataIndex), useMessageIndex: v.features.has(F.UseMessageIndex),
    useChunkIndex: v.features.has(F.UseChunkIndex),
  });
  await writer.start({ library: "", profile: "" });
  const schemaIds = new Map(), channelIds = new Map();
  let messages = 0, declared = undefined, schemaName = "";
  for (const r of v.records) {
    if (r.type === "Schema") {
      schemaIds.set(r.id, await writer.registerSchema(r));
      schemaName = r.name;
    } else if (r.type === "Channel") {
      channelIds.set(r.id, await writer.registerChannel({ ...r, schemaId: r.schemaId === 0 ? 0 : schemaIds.get(r.schemaId) }));
      declared = r;
    } else if (r.type === "Message") {
      await writer.addMessage({ ...r, channelId: channelIds.get(r.channelId) });
      ++messages;
    } else if (r.type === "Attachment") {
      await writer.addAttachment(r);
    } else if (r.type === "Metadata") {
      await writer.addMetadata(r);
    }
  }
  await writer.end();
  fs.writeFileSync(path.join(outDir, v.name + ".mcap"), Buffer.concat(out.chunks));
  rows.push([v.name + ".mcap", messages, declared ? declared.topic : "-",
             declared && declared.schemaId !== 0 ? schemaName : "-", declared ? declared.messageEncoding : "-"].join("\t"));
}
fs.writeFileSync(path.join(outDir, "expected.tsv"), rows.join("\n") + "\n");
console.log(rows.length - 1, "files");
