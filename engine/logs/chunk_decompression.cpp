#include "logs/chunk_decompression.hpp"

#include <lz4frame.h>
#include <zstd.h>

#include <algorithm>
#include <memory>

namespace eb {

namespace {

constexpr std::size_t kFirstOutput = 256 * 1024;
// A frame stating at most this size is decompressed in one pass into a buffer of that size: a
// false claim then costs at most this much memory (rosbag2's chunks are 768 KiB to a few MiB).
constexpr std::uint64_t kMaxSinglePassBytes = 16ull << 20;

// Grows `out` towards `ceiling` bytes (at least one more byte), doubling: memory follows the data.
bool growOutput(std::vector<std::uint8_t>& out, std::size_t used, std::uint64_t ceiling) {
  if (used >= ceiling) return false;
  const std::uint64_t want = std::min<std::uint64_t>(ceiling, std::max<std::uint64_t>(kFirstOutput, 2 * static_cast<std::uint64_t>(used)));
  out.resize(static_cast<std::size_t>(want));
  return true;
}

std::string sizeMismatch(std::uint64_t expected, std::uint64_t got, bool more) {
  return "uncompressed_size " + std::to_string(expected) + " does not match the data, which decompress to " +
         (more ? "more than " + std::to_string(expected) : std::to_string(got)) + " bytes";
}

// This thread's zstd context, reset for each use: creating one per chunk costs its tables and,
// when streaming, its window buffer (page faults on every chunk).
ZSTD_DCtx* threadZstdContext() {
  thread_local std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> context(ZSTD_createDCtx(), &ZSTD_freeDCtx);
  if (!context) throw std::bad_alloc();
  ZSTD_DCtx_reset(context.get(), ZSTD_reset_session_only);
  return context.get();
}

// Streams a zstd input into `out`, at most `ceiling` bytes; sets `produced`. "" or the error.
std::string zstdStream(const std::uint8_t* in, std::size_t size, std::uint64_t ceiling,
                       std::vector<std::uint8_t>& out, std::size_t& produced) {
  ZSTD_DCtx* stream = threadZstdContext();
  ZSTD_inBuffer input{in, size, 0};
  produced = 0;
  std::size_t last = 1;
  while (true) {
    if (produced == out.size() && !growOutput(out, produced, ceiling)) break;
    ZSTD_outBuffer output{out.data(), out.size(), produced};
    const std::size_t consumedBefore = input.pos, producedBefore = produced;
    const std::size_t r = ZSTD_decompressStream(stream, &output, &input);
    produced = output.pos;
    if (ZSTD_isError(r)) return std::string("zstd: ") + ZSTD_getErrorName(r);
    // A call that moves nothing (after a frame's end) would report the next frame's header as due.
    if (input.pos != consumedBefore || produced != producedBefore) last = r;
    if (input.pos == input.size && (output.pos < output.size || last == 0)) break;  // consumed and flushed
  }
  if (produced >= ceiling) return "";  // stopped at the ceiling: the caller sees the size
  if (last != 0) return "zstd: the data ends inside a frame";
  return "";
}

}  // namespace

bool looksLikeZstd(const std::uint8_t* data, std::size_t size) {
  return size >= 4 && data[0] == 0x28 && data[1] == 0xB5 && data[2] == 0x2F && data[3] == 0xFD;
}

std::string decompressChunk(std::string_view compression, const std::uint8_t* in, std::size_t size,
                            std::uint64_t expected, std::vector<std::uint8_t>& out) {
  // One byte beyond the claim tells "more than claimed" from "exactly".
  const std::uint64_t ceiling = expected + 1;
  std::size_t produced = 0;
  // `out` keeps its size from the previous chunk: refilled, not zeroed again.
  if (out.size() > ceiling) out.resize(static_cast<std::size_t>(ceiling));
  if (compression == "zstd") {
    // A frame that states its size is checked before anything is allocated.
    const unsigned long long stated = ZSTD_getFrameContentSize(in, size);
    const bool oneFrame = stated != ZSTD_CONTENTSIZE_UNKNOWN && stated != ZSTD_CONTENTSIZE_ERROR &&
                          ZSTD_findFrameCompressedSize(in, size) == size;
    if (oneFrame && stated != expected) return sizeMismatch(expected, stated, false);
    if (oneFrame && expected <= kMaxSinglePassBytes) {
      // The size is known and checked: one pass straight into `out`, without the streaming
      // path's window buffer and its extra copy of every byte.
      if (out.size() < expected) out.resize(static_cast<std::size_t>(expected));
      const std::size_t r = ZSTD_decompressDCtx(threadZstdContext(), out.data(), static_cast<std::size_t>(expected), in, size);
      if (ZSTD_isError(r)) return std::string("zstd: ") + ZSTD_getErrorName(r);
      produced = r;
    } else {
      const std::string error = zstdStream(in, size, ceiling, out, produced);
      if (!error.empty()) return error;
    }
  } else if (compression == "lz4") {
    LZ4F_dctx* raw = nullptr;
    if (LZ4F_isError(LZ4F_createDecompressionContext(&raw, LZ4F_VERSION))) throw std::bad_alloc();
    std::unique_ptr<LZ4F_dctx, decltype(&LZ4F_freeDecompressionContext)> ctx(raw, &LZ4F_freeDecompressionContext);
    std::size_t consumed = 0, hint = 1;
    while (consumed < size || hint != 0) {
      if (produced == out.size() && !growOutput(out, produced, ceiling)) break;
      std::size_t dst = out.size() - produced, src = size - consumed;
      hint = LZ4F_decompress(ctx.get(), out.data() + produced, &dst, in + consumed, &src, nullptr);
      if (LZ4F_isError(hint)) return std::string("lz4: ") + LZ4F_getErrorName(hint);
      produced += dst;
      consumed += src;
      if (hint == 0 && consumed < size) {
        // Another frame follows: LZ4F resets itself after a finished frame.
        hint = 1;
        continue;
      }
      if (dst == 0 && src == 0 && produced < out.size()) return "lz4: the data ends inside a frame";
    }
  } else {
    return "unknown compression '" + std::string(compression) + "' (supported: none, zstd, lz4)";
  }
  out.resize(produced);
  if (produced != expected) return sizeMismatch(expected, produced, produced > expected);
  return "";
}

std::string decompressZstdBlob(const std::uint8_t* in, std::size_t size, std::size_t limit,
                               std::vector<std::uint8_t>& out) {
  std::size_t produced = 0;
  out.clear();
  const std::string error = zstdStream(in, size, static_cast<std::uint64_t>(limit) + 1, out, produced);
  out.resize(produced);
  if (!error.empty()) return error;
  if (produced > limit) return "decompresses to more than " + std::to_string(limit) + " bytes";
  return "";
}

}  // namespace eb
