#include "app/project/robot_source_loader.hpp"

#include "model/robot_loader.hpp"

#include <exception>

namespace eb::project {

std::shared_ptr<const RobotModel> loadRobotSource(const RobotSource& source, QString& error) {
  try {
    std::vector<std::string> roots;
    if (!source.packagesRoot.isEmpty()) roots.push_back(source.packagesRoot.toStdString());
    return std::make_shared<const RobotModel>(loadRobot(source.spec.toStdString(), roots));
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
    return nullptr;
  }
}

int unresolvedPackageMeshes(const RobotModel& robot, QString* first) {
  int n = 0;
  for (const LinkFrame& link : robot.links())
    for (const auto* shapes : {&link.visuals, &link.collisions})
      for (const Geometry& g : *shapes) {
        if (g.kind != Geometry::Kind::Mesh || !g.meshPath.empty() || g.meshUri.rfind("package://", 0) != 0) continue;
        if (n++ == 0 && first) *first = QString::fromStdString(g.meshUri);
      }
  return n;
}

}  // namespace eb::project
