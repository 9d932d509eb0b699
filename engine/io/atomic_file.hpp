#pragma once
// Whole-file writes that never leave a half-written file behind: the bytes go
// to a temporary file in the destination's directory (same filesystem, so the
// final rename is atomic), are fsync'ed, and the temporary is renamed over
// the destination. A reader sees either the old file or the complete new one,
// even after a crash; on any failure the temporary is removed and the
// destination is untouched. A symbolic link is followed (its target is
// replaced, the link kept). An existing device, FIFO or terminal (/dev/null,
// /dev/full, /dev/stdout) is written in place, never replaced.

#include "util/input_error.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace eb {

/// Writes `contents` to `path` atomically; throws InputError ("<path>: cannot write: <reason>", the path as its file).
void writeFileAtomically(const std::string& path, std::string_view contents);

/// For libraries that write by file name (matio): calls writer(temporaryPath), then fsyncs
/// and renames it to `path`. The writer throws to abort; throws InputError otherwise.
void writeFileAtomically(const std::string& path, const std::function<void(const std::string& temporaryPath)>& writer);

}  // namespace eb
