#include "identification/experiment_log.hpp"

#include "model/model_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace eb {

double ExperimentLog::sampleRateHz() const {
  const double step = medianTimeStep(t.data(), rows());
  return step > 0.0 ? 1.0 / step : 0.0;
}

double medianTimeStep(const double* t, std::size_t n) {
  if (n < 2) return 0.0;
  std::vector<double> steps(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) steps[i] = t[i + 1] - t[i];
  auto mid = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
  std::nth_element(steps.begin(), mid, steps.end());
  return *mid;
}

TimeAxisChecker::TimeAxisChecker(std::string source, std::string column, std::string place)
    : source_(oneLineMessage(source)), column_(oneLineMessage(column)), place_(std::move(place)) {}  // quoted in warnings

namespace {
std::string formatSeconds(double s) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g s", s);
  return buffer;
}
}  // namespace

void TimeAxisChecker::check(double t, std::size_t line, std::vector<LogWarning>& warnings) {
  // Messages are built only on failure: this runs once per sample.
  auto where = [&] { return source_ + ": " + place_ + " " + std::to_string(line) + ": column '" + column_ + "': "; };
  if (!std::isfinite(t)) throw InputError(where() + "time is not finite");
  if (first_) {
    first_ = false;
  } else {
    const double step = t - previous_;
    if (step == 0.0)
      throw InputError(where() + "duplicate time " + formatSeconds(t) + " (same as " + place_ + " " +
                       std::to_string(previousLine_) + ")");
    if (step < 0.0)
      throw InputError(where() + "time goes backwards: " + formatSeconds(t) + " after " + formatSeconds(previous_) +
                       " (" + place_ + " " + std::to_string(previousLine_) + ")");
    if (nominalStep_ > 0.0 && step < kMinStepFraction * nominalStep_) {
      char ratio[32], stepText[32];
      std::snprintf(ratio, sizeof ratio, "%.3g", step / nominalStep_);
      std::snprintf(stepText, sizeof stepText, "%.3g s", step);
      throw InputError(where() + "time step of " + stepText + " after " + formatSeconds(previous_) + " (" +
                       place_ + " " + std::to_string(previousLine_) + ") is " + ratio + "x the median step " +
                       formatSeconds(nominalStep_) + " (a repeated sample?)");
    }
    if (nominalStep_ > 0.0 && step > 1.5 * nominalStep_) {
      ++gaps_;
      if (gaps_ <= kMaxListedGaps) {
        // The ratio can be anything a file holds (1e19 after a corrupted stamp): formatted as a
        // double, never converted to an integer type it may not fit.
        const double ratio = step / nominalStep_;
        char ratioText[32], missingText[32];
        std::snprintf(ratioText, sizeof ratioText, "%.3g", ratio);
        std::snprintf(missingText, sizeof missingText, ratio < 1e15 ? "%.0f" : "%.3g", std::round(ratio) - 1.0);
        warnings.push_back({line, where() + "gap of " + formatSeconds(step) + " after " + formatSeconds(previous_) +
                                      " (" + ratioText + "x the median step; about " + missingText +
                                      " samples dropped)"});
      }
    }
  }
  previous_ = t;
  previousLine_ = line;
}

void TimeAxisChecker::finish(std::vector<LogWarning>& warnings) const {
  if (gaps_ > kMaxListedGaps)
    warnings.push_back({0, source_ + ": " + std::to_string(gaps_) + " gaps larger than 1.5x the median step in all (" +
                               std::to_string(gaps_ - kMaxListedGaps) + " not listed)"});
}

}  // namespace eb
