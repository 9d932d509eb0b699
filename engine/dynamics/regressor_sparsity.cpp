#include "dynamics/regressor_sparsity.hpp"

namespace eb {

std::vector<std::vector<int>> baseRegressorRowSupport(const RobotModel& model, const BaseParameters& base) {
  const int n = model.dof();
  const int nb = model.bodyCount();
  // moves[b][j]: joint j moves body b (some ancestor-or-self of b is driven by j).
  std::vector<std::vector<bool>> moves(static_cast<size_t>(nb), std::vector<bool>(static_cast<size_t>(n), false));
  for (int b = 0; b < nb; ++b)
    for (int a = b; a >= 0; a = model.body(a).parent) moves[static_cast<size_t>(b)][static_cast<size_t>(model.body(a).dof)] = true;
  const int extras = base.options.extrasPerJoint();
  std::vector<std::vector<int>> support(static_cast<size_t>(n));
  for (int k = 0; k < base.rank; ++k) {
    const int c = base.independent[static_cast<size_t>(k)];
    if (c < 10 * nb) {
      for (int j = 0; j < n; ++j)
        if (moves[static_cast<size_t>(c / 10)][static_cast<size_t>(j)]) support[static_cast<size_t>(j)].push_back(k);
    } else {
      support[static_cast<size_t>((c - 10 * nb) / extras)].push_back(k);
    }
  }
  return support;
}

}  // namespace eb
