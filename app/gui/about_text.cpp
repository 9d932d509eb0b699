#include "app/gui/about_text.hpp"

#include <assimp/version.h>
#include <nlopt.h>
#include <sqlite3.h>
#include <zlib.h>

#include <Eigen/Core>
#include <QCoreApplication>
#include <QtGlobal>
#include <nlohmann/json.hpp>
#include <osg/Version>
#include <pugixml.hpp>

namespace eb::gui {

QString excitebenchVersion() { return QStringLiteral(EB_VERSION); }

QStringList libraryVersions() {
  int nloptMajor = 0, nloptMinor = 0, nloptBugfix = 0;
  nlopt_version(&nloptMajor, &nloptMinor, &nloptBugfix);
  // pugixml says 1130 for 1.13.
  const QString pugixml = QString("%1.%2").arg(PUGIXML_VERSION / 1000).arg(PUGIXML_VERSION % 1000 / 10);
  return {
      QString("Qt %1").arg(qVersion()),
      QString("Eigen %1.%2.%3").arg(EIGEN_WORLD_VERSION).arg(EIGEN_MAJOR_VERSION).arg(EIGEN_MINOR_VERSION),
      QString("OpenSceneGraph %1").arg(osgGetVersion()),
      QString("Assimp %1.%2.%3").arg(aiGetVersionMajor()).arg(aiGetVersionMinor()).arg(aiGetVersionPatch()),
      QString("NLopt %1.%2.%3").arg(nloptMajor).arg(nloptMinor).arg(nloptBugfix),
      QString("SQLite %1").arg(sqlite3_libversion()),
      QString("zlib %1").arg(zlibVersion()),
      QString("pugixml %1").arg(pugixml),
      QString("nlohmann/json %1.%2.%3")
          .arg(NLOHMANN_JSON_VERSION_MAJOR)
          .arg(NLOHMANN_JSON_VERSION_MINOR)
          .arg(NLOHMANN_JSON_VERSION_PATCH),
  };
}

QString aboutText() {
  return QCoreApplication::translate("eb::gui::About",
                                     "<b>ExciteBench</b> %1<br>A workbench for robot dynamic parameter identification: "
                                     "design an exciting trajectory, watch the information matrix, identify the "
                                     "parameters.<p>Built with:<br>%2")
      .arg(excitebenchVersion(), libraryVersions().join("<br>"));
}

}  // namespace eb::gui
