#pragma once
// The wizard's side of mapping files (engine/logs/log_mapping_file.hpp): the
// mapping and forced format of one log written for the CLI's --mapping, and a
// mapping file applied to a log (its format forced, its columns mapped by name
// or by layout, checked against the log's header).

#include "app/wizard/identification_document.hpp"
#include "app/wizard/log_problems.hpp"

#include <QString>

#include <string>
#include <vector>

namespace eb::wizard {

/// Writes `log`'s mapping (and its forced CSV format, if any) to `path`. Throws InputError or FileWriteError.
void saveLogMapping(const LogSource& log, const QString& path);

/// Applies the mapping file at `path` to `log`: a forced format re-reads the preview into `state`;
/// a layout is mapped onto the log's columns for `dof` joints (`torqueConstants` [N m/A] unless
/// the file gives its own). Throws InputError when the file or the result does not fit the log.
void applyLogMappingFile(const QString& path, LogSource& log, LogPreviewState& state, int dof,
                         const std::vector<std::string>& jointNames, const std::vector<double>& torqueConstants,
                         std::size_t previewRows);

}  // namespace eb::wizard
