// `info ROBOT [--json]`: joints in model order, DOF, parameter counts and the
// base parameters with their expressions. Without ROBOT: the built-in robots.
#include "cli_info.hpp"

#include "cli_commands.hpp"
#include "cli_robot_locks.hpp"

#include "dynamics/base_parameters.hpp"
#include "model/builtin_robots.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>

namespace eb::cli {
namespace {

nlohmann::json limitValue(double v) {
  if (std::isfinite(v)) return v;
  return nullptr;  // JSON has no infinity: a missing limit is null
}

std::string limitText(double v) {
  if (!std::isfinite(v)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// Base parameters of one regressor, or why they were not computed (a model beyond
// kMaxBaseParameterColumns still gets its joints and counts).
struct BaseResult {
  std::optional<BaseParameters> base;
  std::string refusal;
};

BaseResult baseParametersOrRefusal(const RobotModel& model, const RegressorOptions& options) {
  BaseResult r;
  try {
    checkBaseParameterSize(model, options);
  } catch (const InputError& e) {
    r.refusal = e.diagnostic().message;
    return r;
  }
  r.base = computeBaseParameters(model, options);
  return r;
}

nlohmann::json countOrNull(const BaseResult& r) {
  if (r.base) return r.base->rank;
  return nullptr;
}

nlohmann::json jsonOf(const RobotModel& model, const BaseResult& rigidResult, const BaseResult& friction) {
  nlohmann::json j;
  j["name"] = model.name();
  j["source"] = model.source();
  j["dof"] = model.dof();
  j["root_link"] = model.rootLink();
  nlohmann::json joints = nlohmann::json::array();
  for (const Joint& jt : model.joints()) {
    joints.push_back({{"name", jt.name},
                      {"type", jointTypeName(jt.type)},
                      {"lower", limitValue(jt.limits.lower)},
                      {"upper", limitValue(jt.limits.upper)},
                      {"velocity", limitValue(jt.limits.velocity)},
                      {"acceleration", limitValue(jt.limits.acceleration)},
                      {"effort", limitValue(jt.limits.effort)},
                      {"link", model.body(jt.body).name}});
  }
  j["joints"] = joints;
  nlohmann::json bodies = nlohmann::json::array();
  // COM and inertia about it in the body frame (the joint frame), as a description writes them.
  for (const Body& b : model.bodies()) {
    const Eigen::Vector3d c = centreOfMass(b.inertia);
    const Eigen::Matrix3d I = inertiaAboutCom(b.inertia);
    bodies.push_back({{"name", b.name},
                      {"joint", b.jointName},
                      {"mass", b.inertia[0]},
                      {"com", {c.x(), c.y(), c.z()}},
                      {"inertia", {{"ixx", I(0, 0)}, {"ixy", I(0, 1)}, {"ixz", I(0, 2)},
                                   {"iyy", I(1, 1)}, {"iyz", I(1, 2)}, {"izz", I(2, 2)}}},
                      {"mimic", b.mimic}});
  }
  j["bodies"] = bodies;
  j["standard_parameter_count"] = 10 * model.bodyCount();
  j["base_parameter_count"] = countOrNull(rigidResult);
  j["base_parameter_count_with_friction"] = countOrNull(friction);
  if (!rigidResult.base) {
    j["base_parameters_not_computed"] = rigidResult.refusal;
    return j;
  }
  const BaseParameters& rigid = *rigidResult.base;
  nlohmann::json base = nlohmann::json::array();
  const Eigen::VectorXd values = rigid.baseFromFull(model.standardParameters());
  for (int k = 0; k < rigid.rank; ++k)
    base.push_back({{"name", rigid.name(k)}, {"expression", rigid.expression(k)}, {"value", values[k]}});
  j["base_parameters"] = base;
  std::vector<double> profile(rigid.pivotedRDiagonal.data(), rigid.pivotedRDiagonal.data() + rigid.pivotedRDiagonal.size());
  j["r_diagonal_profile"] = profile;
  return j;
}

void printText(const RobotModel& model, const BaseResult& rigidResult, const BaseResult& friction) {
  std::printf("robot: %s (%s)\n", model.name().c_str(), model.source().c_str());
  std::printf("dof: %d   moving bodies: %d   moving mass: %.4g kg\n", model.dof(), model.bodyCount(), model.movingMass());
  std::printf("\n  #  %-28s %-10s %9s %9s %9s %9s %9s\n", "joint", "type", "lower", "upper", "vel", "acc", "effort");
  for (int i = 0; i < model.dof(); ++i) {
    const Joint& j = model.joint(i);
    std::printf("%3d  %-28s %-10s %9s %9s %9s %9s %9s\n", i + 1, j.name.c_str(), jointTypeName(j.type),
                limitText(j.limits.lower).c_str(), limitText(j.limits.upper).c_str(),
                limitText(j.limits.velocity).c_str(), limitText(j.limits.acceleration).c_str(),
                limitText(j.limits.effort).c_str());
  }
  std::printf("\nstandard parameters: %d (10 per body)\n", 10 * model.bodyCount());
  if (!rigidResult.base) {
    std::printf("base parameters: not computed: %s\n", rigidResult.refusal.c_str());
    return;
  }
  const BaseParameters& rigid = *rigidResult.base;
  if (friction.base)
    std::printf("base parameters: %d rigid-body, %d with viscous and Coulomb friction\n", rigid.rank,
                friction.base->rank);
  else
    std::printf("base parameters: %d rigid-body; with friction not computed: %s\n", rigid.rank,
                friction.refusal.c_str());
  const Eigen::VectorXd values = rigid.baseFromFull(model.standardParameters());
  std::printf("\n  #  %-10s %14s  expression\n", "name", "value");
  for (int k = 0; k < rigid.rank; ++k)
    std::printf("%3d  %-10s %14.6g  %s\n", k + 1, rigid.name(k).c_str(), values[k], rigid.expression(k).c_str());
  if (rigid.pivotedRDiagonal.size() > rigid.rank && rigid.rank > 0)
    std::printf("\nrank gap: |R_%d,%d| / |R_1,1| = %.3g, next %.3g\n", rigid.rank, rigid.rank,
                rigid.pivotedRDiagonal[rigid.rank - 1] / rigid.pivotedRDiagonal[0],
                rigid.pivotedRDiagonal[rigid.rank] / rigid.pivotedRDiagonal[0]);
}

BaseResult frictionBaseOrRefusal(const RobotModel& model) {
  RegressorOptions withFriction;
  withFriction.viscous = withFriction.coulomb = true;
  return baseParametersOrRefusal(model, withFriction);
}

}  // namespace

nlohmann::json infoJson(const RobotModel& model) {
  return jsonOf(model, baseParametersOrRefusal(model, RegressorOptions{}), frictionBaseOrRefusal(model));
}

void addInfoCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("info", "Describe a robot: joints, limits, parameter counts, base parameters");
  auto robot = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto roots = std::make_shared<std::vector<std::string>>();
  auto locks = std::make_shared<std::vector<std::string>>();
  cmd->add_option("robot", *robot, "Built-in name (planar2r, snake:N, panda, ur5) or URDF / MJCF / DH table path");
  cmd->add_flag("--json", *json, "Print one JSON object");
  cmd->add_option("--package-root", *roots, "Folder that holds ROS packages for package:// URIs");
  addLockOption(cmd, *locks);
  cmd->callback([=]() {
    if (robot->empty()) {
      std::printf("built-in robots:\n");
      for (const std::string& name : builtinRobotNames()) std::printf("  %s\n", name.c_str());
      return;
    }
    const RobotModel model = loadRobotLocked(*robot, *roots, *locks);
    const BaseResult rigid = baseParametersOrRefusal(model, RegressorOptions{});
    const BaseResult friction = frictionBaseOrRefusal(model);
    if (*json)
      std::cout << jsonOf(model, rigid, friction).dump(2) << "\n";
    else
      printText(model, rigid, friction);
  });
}

}  // namespace eb::cli
