#include "app/project/document_state.hpp"

namespace eb::project {

bool DocumentSettings::operator==(const DocumentSettings& o) const {
  return sampleRate == o.sampleRate && limitScale.position == o.limitScale.position &&
         limitScale.velocity == o.limitScale.velocity && limitScale.acceleration == o.limitScale.acceleration &&
         limitScale.torque == o.limitScale.torque && restToRest == o.restToRest && criterion == o.criterion &&
         optimizerTimeLimit == o.optimizerTimeLimit && optimizerStarts == o.optimizerStarts;
}

bool sameTrajectory(const FourierTrajectory& a, const FourierTrajectory& b) {
  return a.period() == b.period() && a.harmonics() == b.harmonics() && a.dof() == b.dof() &&
         a.cycles() == b.cycles() && a.offsets() == b.offsets() && a.a() == b.a() && a.b() == b.b();
}

bool sameLimits(const RobotModel& a, const RobotModel& b) {
  if (a.dof() != b.dof()) return false;
  for (int i = 0; i < a.dof(); ++i) {
    const JointLimits &x = a.joint(i).limits, &y = b.joint(i).limits;
    if (x.lower != y.lower || x.upper != y.upper || x.velocity != y.velocity || x.acceleration != y.acceleration ||
        x.effort != y.effort)
      return false;
  }
  return true;
}

}  // namespace eb::project
