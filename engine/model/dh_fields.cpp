#include "model/dh_fields.hpp"

namespace eb {

bool setDhField(DhRow& row, const std::string& key, double value) {
  static const char* const inertia[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
  static const int rc[6][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}};
  if (key == "a") row.a = value;
  else if (key == "alpha") row.alpha = value;
  else if (key == "d") row.d = value;
  else if (key == "theta") row.theta = value;
  else if (key == "mass") row.mass = value;
  else if (key == "cx") row.com.x() = value;
  else if (key == "cy") row.com.y() = value;
  else if (key == "cz") row.com.z() = value;
  else if (key == "lower") row.limits.lower = value;
  else if (key == "upper") row.limits.upper = value;
  else if (key == "velocity") row.limits.velocity = value;
  else if (key == "acceleration") row.limits.acceleration = value;
  else if (key == "effort") row.limits.effort = value;
  else {
    for (int i = 0; i < 6; ++i)
      if (key == inertia[i]) {
        row.inertia(rc[i][0], rc[i][1]) = value;
        row.inertia(rc[i][1], rc[i][0]) = value;
        return true;
      }
    return false;
  }
  return true;
}

bool parseDhJointType(const std::string& text, bool& prismatic) {
  if (text == "revolute" || text.empty()) prismatic = false;
  else if (text == "prismatic") prismatic = true;
  else return false;
  return true;
}

bool parseDhConvention(const std::string& text, DhConvention& convention) {
  if (text == "standard" || text == "distal") convention = DhConvention::Standard;
  else if (text == "modified" || text == "proximal" || text == "craig") convention = DhConvention::Modified;
  else return false;
  return true;
}

}  // namespace eb
