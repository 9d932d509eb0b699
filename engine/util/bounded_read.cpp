#include "util/bounded_read.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace eb {

BoundedText readBoundedText(std::istream& in, std::size_t maxBytes, std::size_t maxLineBytes) {
  BoundedText out;
  std::vector<char> chunk(std::size_t{1} << 16);
  std::size_t line = 1, lineLength = 0;
  for (;;) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got == 0) break;
    if (out.text.size() + got > maxBytes) {
      out.tooLarge = true;
      return out;
    }
    const char* p = chunk.data();
    const char* end = p + got;
    while (p < end) {
      const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      const char* stop = nl ? static_cast<const char*>(nl) : end;
      lineLength += static_cast<std::size_t>(stop - p);
      if (lineLength > maxLineBytes) {
        out.longLine = line;
        return out;
      }
      if (!nl) break;
      ++line;
      lineLength = 0;
      p = stop + 1;
    }
    out.text.append(chunk.data(), got);
  }
  return out;
}

std::string describeByteLimit(std::size_t bytes) {
  if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace eb
