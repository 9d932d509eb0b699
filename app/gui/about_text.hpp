#pragma once
// What Help > About says: ExciteBench's version (the CMake project's) and the libraries it runs
// on, each with its version as the library itself reports it (the one loaded, where it can say).

#include <QString>
#include <QStringList>

namespace eb::gui {

/// The project version of CMakeLists.txt ("0.1.0").
QString excitebenchVersion();

/// One "Name version" entry per library: Qt, Eigen, OpenSceneGraph, Assimp, NLopt, SQLite, zlib,
/// pugixml, nlohmann/json.
QStringList libraryVersions();

/// The About box's rich text: name, version, one line of purpose, the libraries.
QString aboutText();

}  // namespace eb::gui
