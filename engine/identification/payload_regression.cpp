#include "identification/payload_regression.hpp"

#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"

namespace eb {
namespace {

int depthOf(const RobotModel& model, int body) {
  int depth = 0;
  for (int b = body; b >= 0; b = model.body(b).parent) ++depth;
  return depth;
}

}  // namespace

PayloadMount payloadMount(const RobotModel& model, const std::string& link) {
  if (model.bodyCount() == 0) throw InputError(model.name() + ": no moving body to carry a payload");
  PayloadMount mount;
  if (link.empty()) {
    int best = 0;
    for (int b = 0; b < model.bodyCount(); ++b)
      if (depthOf(model, b) >= depthOf(model, best)) best = b;
    mount.body = best;
    mount.link = model.body(best).name;
  } else {
    const LinkFrame* frame = nullptr;
    for (const LinkFrame& l : model.links())
      if (l.name == link) frame = &l;
    if (!frame) throw InputError(model.name() + ": no link '" + link + "' to carry the payload");
    if (frame->body < 0)
      throw InputError(model.name() + ": link '" + link + "' is fixed to the base; a payload there moves no joint");
    mount.body = frame->body;
    mount.link = link;
    mount.linkInBody = frame->poseInBody;
  }
  const Eigen::Matrix3d R = mount.linkInBody.linear();
  const Eigen::Vector3d p = mount.linkInBody.translation();
  for (int k = 0; k < 10; ++k)
    mount.toBody.col(k) = transformStandardParameters(Vector10d::Unit(k), R, p);
  return mount;
}

void payloadRegressor(const Eigen::MatrixXd& Y, const PayloadMount& mount, Eigen::MatrixXd& Yp) {
  Yp.noalias() = Y.middleCols<10>(10 * mount.body) * mount.toBody;
}

RobotModel withPayload(const RobotModel& model, const PayloadMount& mount, const Vector10d& phi) {
  Eigen::VectorXd theta = model.standardParameters();
  theta.segment<10>(10 * mount.body) += mount.toBody * phi;
  return model.withStandardParameters(theta);
}

const char* payloadParameterName(int k) {
  static const char* const names[10] = {"m", "mx", "my", "mz", "Ixx", "Ixy", "Iyy", "Ixz", "Iyz", "Izz"};
  return k >= 0 && k < 10 ? names[k] : "?";
}

}  // namespace eb
