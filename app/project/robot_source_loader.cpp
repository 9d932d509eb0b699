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

}  // namespace eb::project
