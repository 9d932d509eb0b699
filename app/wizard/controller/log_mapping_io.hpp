#pragma once
// The wizard's side of mapping files (engine/logs/log_mapping_file.hpp): the
// mapping and forced format of one log written for the CLI's --mapping, and a
// mapping file applied to a log (its format forced, its columns mapped by name
// or by layout, checked against the log's header).

#include "app/wizard/controller/document_types.hpp"
#include "app/wizard/controller/log_mapping_guess.hpp"

#include <QString>

#include <string>
#include <vector>

namespace eb::wizard {

/// Writes `log`'s mapping (and its forced CSV format, if any, and the torque signs when stated)
/// to `path`. Throws InputError.
void saveLogMapping(const LogSource& log, const std::vector<double>& torqueSigns, const QString& path);

/// Applies mapping-file `options` (withLogMappingFile of the document's import options and the
/// file, the CLI's --mapping rule) to `log`: a forced format re-reads the preview into `state`;
/// a layout is mapped onto the log's columns for `dof` joints with options.torqueConstants
/// [N m/A]. Throws InputError naming `mappingPath` when the result does not fit the log.
void applyMappingOptions(const LogImportOptions& options, const std::string& mappingPath, LogSource& log,
                         LogPreviewState& state, int dof, const std::vector<std::string>& jointNames,
                         std::size_t previewRows);

/// The mapping the column layout `text` (what excitebench-cli --columns takes) gives `log`'s
/// previewed columns for a robot with `jointNames`: the engine's parser and mappingFromLayout, as
/// the CLI's import uses them. Current columns take `torqueConstants` [N m/A] (one per joint);
/// without them, where the CLI refuses, they are read at scale 1 and `*currentsUnscaled` is set,
/// so constants typed afterwards replace that scale. Without a time column the log's sample rate
/// stays. Throws InputError with the engine's text (naming the item) when the layout is
/// malformed or does not fit the log.
LogColumnMapping mappingFromLayoutText(const QString& text, const LogSource& log, const LogPreviewState& state,
                                       const std::vector<std::string>& jointNames,
                                       const std::vector<double>& torqueConstants, bool* currentsUnscaled = nullptr);

}  // namespace eb::wizard
