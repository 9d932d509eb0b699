#!/usr/bin/env python3
"""Checks the files of this folder against the conformance suite's specs: for each NAME.mcap,
foxglove/mcap's tests/conformance/data/<input>/NAME.json lists every record it must hold (chunk
contents in place of the Chunk, message indexes left out); this compares the record types in order.
Usage: python3 check_against_suite.py <a foxglove/mcap git checkout or bare clone>
"""
import glob
import json
import os
import struct
import subprocess
import sys

NAMES = {1: "Header", 2: "Footer", 3: "Schema", 4: "Channel", 5: "Message", 6: "Chunk", 7: "MessageIndex",
         8: "ChunkIndex", 9: "Attachment", 10: "AttachmentIndex", 11: "Statistics", 12: "Metadata",
         13: "MetadataIndex", 14: "SummaryOffset", 15: "DataEnd"}


def record_types(b, start, end):
    out, at = [], start
    while at < end:
        op, n = b[at], struct.unpack_from("<Q", b, at + 1)[0]
        if op == 6:  # Chunk (uncompressed here): its records in its place
            body = b[at + 9 : at + 9 + n]
            clen = struct.unpack_from("<I", body, 28)[0]
            rlen = struct.unpack_from("<Q", body, 32 + clen)[0]
            inner = body[40 + clen : 40 + clen + rlen]
            out += record_types(inner, 0, len(inner))
        elif op != 7:
            out.append(NAMES.get(op, str(op)))
        at += 9 + n
    return out


repo, here, same, differ = sys.argv[1], os.path.dirname(os.path.abspath(__file__)), 0, 0
for path in sorted(glob.glob(os.path.join(here, "*.mcap"))):
    name = os.path.basename(path)[:-5]
    spec = subprocess.run(["git", "-C", repo, "show", f"HEAD:tests/conformance/data/{name.split('-')[0]}/{name}.json"],
                          capture_output=True, check=True).stdout
    want = [r["type"] for r in json.loads(spec)["records"]]
    data = open(path, "rb").read()
    if record_types(data, 8, len(data) - 8) == want:
        same += 1
    else:
        differ += 1
        print("differs:", name)
print(same, "files hold the records of their spec,", differ, "differ")
sys.exit(1 if differ else 0)
