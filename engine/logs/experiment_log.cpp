#include "logs/experiment_log.hpp"

#include <algorithm>
#include <cmath>

namespace eb {

double ExperimentLog::sampleRateHz() const {
  // Logs made in memory (tests, simulations) carry no summary: their median step.
  const double step = timeBase.nominalStep > 0.0 ? timeBase.nominalStep : medianPositiveStep(t.data(), rows());
  return step > 0.0 ? 1.0 / step : 0.0;
}

std::vector<LogSegment> ExperimentLog::segments() const {
  if (!timeBase.segments.empty()) return timeBase.segments;
  LogSegment whole;
  whole.rows = rows();
  whole.line = 1;
  return {whole};
}

PositionBounds PositionBounds::aroundLimits(double lower, double upper) {
  PositionBounds b;
  if (!(std::isfinite(lower) && std::isfinite(upper) && lower < upper)) return b;
  const double margin = std::max(1.0, 0.5 * (upper - lower));
  b.lower = lower - margin;
  b.upper = upper + margin;
  return b;
}

}  // namespace eb
