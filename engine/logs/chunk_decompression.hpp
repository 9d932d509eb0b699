#pragma once
// Decompressing an MCAP chunk (or a rosbag2 per-message zstd blob): zstd frames
// (libzstd) and LZ4 frames (liblz4's LZ4F API). The output grows with what the
// data actually yields and stops one byte past the claimed size, so a hostile
// claim (2^40 bytes) costs nothing and a wrong one is caught. Only a zstd frame
// that states its size, equal to the claim and at most 16 MiB, is decompressed
// in one pass into a buffer of that size. Each thread keeps one zstd context.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace eb {

/// Decompresses `size` bytes at `in`, compressed with `compression` ("zstd" or "lz4"), into `out`
/// (resized to the bytes produced). The result must be exactly `expected` bytes. Returns "" on
/// success, else one line saying what is wrong (unknown compression, corrupt data, wrong size).
std::string decompressChunk(std::string_view compression, const std::uint8_t* in, std::size_t size,
                            std::uint64_t expected, std::vector<std::uint8_t>& out);

/// Decompresses a zstd blob of unknown size (rosbag2's per-message compression), at most `limit`
/// bytes. Returns "" on success, else what is wrong.
std::string decompressZstdBlob(const std::uint8_t* in, std::size_t size, std::size_t limit,
                               std::vector<std::uint8_t>& out);

/// Whether `data` starts with the zstd frame magic (28 B5 2F FD).
bool looksLikeZstd(const std::uint8_t* data, std::size_t size);

}  // namespace eb
