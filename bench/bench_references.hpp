#pragma once
// Reference figures measured on a machine of this kind (issue 2): Pinocchio 3.7
// at -O3 -march=native, medians in microseconds; MuJoCo's mj_inverse on panda
// in the same reference run.
#include <string>

namespace eb::bench {

inline constexpr double kReferenceMujocoInversePanda = 1.85;

/// Pinocchio's median for `what` (fk, rnea, crba, regressor) on `robot`, 0 if not measured.
inline double pinocchioReference(const std::string& what, const std::string& robot) {
  struct Ref { const char* what; const char* robot; double us; };
  static const Ref refs[] = {
      {"fk", "panda", 0.24},       {"rnea", "panda", 0.71},      {"crba", "panda", 0.38},
      {"regressor", "panda", 1.41}, {"rnea", "ur5", 0.68},         {"regressor", "ur5", 1.17},
      {"rnea", "snake:7", 0.73},   {"regressor", "snake:7", 1.45}, {"rnea", "snake:20", 2.39},
      {"regressor", "snake:20", 8.99}};
  for (const Ref& r : refs)
    if (what == r.what && robot == r.robot) return r.us;
  return 0.0;
}

}  // namespace eb::bench
