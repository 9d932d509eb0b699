#include "app/project/document_state.hpp"

namespace eb::project {

bool DocumentSettings::operator==(const DocumentSettings& o) const {
  return evaluation == o.evaluation && restToRest == o.restToRest && criterion == o.criterion &&
         optimizerTimeLimit == o.optimizerTimeLimit && optimizerStarts == o.optimizerStarts &&
         editMode == o.editMode && multisine == o.multisine;
}

bool sameTrajectory(const FourierTrajectory& a, const FourierTrajectory& b) {
  return a.period() == b.period() && a.harmonics() == b.harmonics() && a.dof() == b.dof() &&
         a.cycles() == b.cycles() && a.offsets() == b.offsets() && a.a() == b.a() && a.b() == b.b();
}

bool sameTrajectory(const MultisineTrajectory& a, const MultisineTrajectory& b) {
  if (a.duration() != b.duration() || a.rampTime() != b.rampTime() || a.dof() != b.dof() || a.offsets() != b.offsets())
    return false;
  for (int i = 0; i < a.dof(); ++i) {
    const std::vector<SineTerm>&x = a.terms(i), &y = b.terms(i);
    if (x.size() != y.size()) return false;
    for (size_t j = 0; j < x.size(); ++j)
      if (x[j].amplitude != y[j].amplitude || x[j].frequency != y[j].frequency || x[j].phase != y[j].phase)
        return false;
  }
  return true;
}

bool sameTrajectory(const Trajectory& a, const Trajectory& b) {
  if (a.index() != b.index()) return false;
  if (const auto* f = std::get_if<FourierTrajectory>(&a)) return sameTrajectory(*f, std::get<FourierTrajectory>(b));
  return sameTrajectory(std::get<MultisineTrajectory>(a), std::get<MultisineTrajectory>(b));
}

const char* editModeName(EditMode mode) {
  switch (mode) {
    case EditMode::FourierAB: return "fourier_ab";
    case EditMode::AmplitudePhase: return "amplitude_phase";
    case EditMode::Multisine: return "multisine";
  }
  return "fourier_ab";
}

std::optional<EditMode> parseEditMode(const QString& name) {
  for (EditMode m : {EditMode::FourierAB, EditMode::AmplitudePhase, EditMode::Multisine})
    if (name == editModeName(m)) return m;
  return std::nullopt;
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
