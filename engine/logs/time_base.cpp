#include "logs/time_base.hpp"

#include "util/input_error.hpp"
#include "util/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace eb {

namespace {

// A duration with a unit that keeps it readable: 5 ms, 0.8 us, 12.5 s.
std::string duration(double seconds) {
  const double a = std::abs(seconds);
  if (a >= 1.0 || a == 0.0) return formatSignificant(seconds, 4) + " s";
  if (a >= 1e-3) return formatSignificant(seconds * 1e3, 4) + " ms";
  return formatSignificant(seconds * 1e6, 4) + " us";
}

std::string counted(std::size_t n, const char* singular, const char* plural) {
  return std::to_string(n) + " " + (n == 1 ? singular : plural);
}

}  // namespace

const char* segmentStartName(SegmentStart start) {
  switch (start) {
    case SegmentStart::LogStart: return "start";
    case SegmentStart::Gap: return "gap";
    case SegmentStart::TimeReset: return "time reset";
    case SegmentStart::DroppedRows: return "dropped rows";
  }
  return "start";
}

void StepHistogram::add(double ratio) {
  if (!(ratio >= 0.0)) return;
  // Bins are centred on multiples of the width, so a step of exactly 1 nominal step (which
  // printed stamps make 0.9999999 or 1.0000001) always falls in the same bin.
  const double bin = std::round(ratio / kBinWidth);
  if (bin >= kBins) ++beyond;
  else ++counts[static_cast<std::size_t>(bin)];
}

std::size_t StepHistogram::total() const {
  std::size_t n = beyond;
  for (std::size_t c : counts) n += c;
  return n;
}

bool TimeBaseSummary::irregular() const {
  const bool jitter = nominalStep > 0.0 && steps > 0 &&
                      (stepMax - stepMin > 0.02 * nominalStep || stepStd > 0.01 * nominalStep);
  return jitter || segments.size() > 1 || dropped() > 0;
}

std::string TimeBaseSummary::text() const {
  const double rate = nominalStep > 0.0 ? 1.0 / nominalStep : 0.0;
  std::string out;
  if (uniformSource) {
    out = "uniform samples at " + formatSignificant(rate, 6) + " Hz (no time column)";
  } else {
    out = formatSignificant(rate, 4) + " Hz nominal (step " + duration(nominalStep);
    if (steps > 0 && stepMax - stepMin > 1e-6 * nominalStep)
      out += ", " + duration(stepMin) + " to " + duration(stepMax) + ", sd " + duration(stepStd);
    else if (steps > 0)
      out += ", all steps equal";
    out += ")";
  }
  out += ", " + counted(samples, "sample", "samples") + " in " + counted(segments.size(), "segment", "segments");
  std::vector<std::string> splits;
  if (gaps > 0)
    splits.push_back(counted(gaps, "gap", "gaps") + " over " + formatSignificant(gapSteps, 3) + " steps (longest " +
                     duration(longestGap) + " at " + place + " " + std::to_string(longestGapLine) + ")");
  if (resets > 0)
    splits.push_back(counted(resets, "time reset", "time resets") + " (time went back at " + place + " " +
                     std::to_string(firstResetLine) + (resets > 1 ? " first" : "") + ")");
  if (droppedRowBreaks > 0) splits.push_back(counted(droppedRowBreaks, "split at dropped rows", "splits at dropped rows"));
  if (!splits.empty()) {
    out += ": ";
    for (std::size_t i = 0; i < splits.size(); ++i) out += (i ? ", " : "") + splits[i];
  } else if (!uniformSource) {
    out += ", no gaps";
  }
  if (dropped() == 0) {
    out += "; nothing dropped";
  } else {
    std::vector<std::string> parts;
    if (repeatedStamps > 0) parts.push_back(counted(repeatedStamps, "repeated time stamp", "repeated time stamps"));
    if (repeatedRows > 0) parts.push_back(counted(repeatedRows, "repeated row", "repeated rows"));
    if (!parts.empty())
      parts.back() += " (first at " + place + " " + std::to_string(firstRepeatLine) + ")";
    if (badRows > 0)
      parts.push_back(counted(badRows, "bad row", "bad rows") + " (" + place + " " + std::to_string(firstBadLine) +
                      (badRows > 1 ? " first" : "") + (firstBadReason.empty() ? "" : ": " + firstBadReason) + ")");
    out += "; dropped ";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
TimeBaseTracker::TimeBaseTracker(double nominalStep, double gapSteps, std::string place) {
  if (!(nominalStep > 0.0) || !std::isfinite(nominalStep))
    throw std::invalid_argument("TimeBaseTracker: the nominal step must be positive");
  if (!(gapSteps > 1.0)) throw std::invalid_argument("TimeBaseTracker: gapSteps must be > 1");
  summary_.nominalStep = nominalStep;
  summary_.gapSteps = gapSteps;
  summary_.place = std::move(place);
}

TimeBaseTracker::Verdict TimeBaseTracker::next(double t, std::size_t line, bool sameValues, bool rowsDroppedBefore) {
  TimeBaseSummary& s = summary_;
  ++s.rowsRead;
  const double h = s.nominalStep;
  auto open = [&](SegmentStart why, double step) {
    if (!s.segments.empty()) s.segments.back().rows = kept_ - s.segments.back().firstRow;
    LogSegment segment;
    segment.firstRow = kept_;
    segment.line = line;
    segment.start = why;
    segment.stepBefore = step;
    segment.timeShift = shift_;
    s.segments.push_back(segment);
  };
  if (kept_ == 0) {
    open(SegmentStart::LogStart, 0.0);
    previous_ = t;
    ++kept_;
    return Verdict::Keep;
  }
  const double step = t - previous_;
  if (step >= 0.0 && step < kMinStepFraction * h) {
    if (s.repeatedStamps + s.repeatedRows == 0) s.firstRepeatLine = line;
    if (sameValues && step == 0.0) {
      ++s.repeatedRows;
      return Verdict::DropRepeatedRow;
    }
    ++s.repeatedStamps;
    return Verdict::DropRepeatedStamp;
  }
  Verdict verdict = Verdict::Keep;
  if (step < 0.0) {
    // Continue one nominal step after the previous sample (in shifted time).
    shift_ += previous_ - t + h;
    if (s.resets == 0) s.firstResetLine = line;
    ++s.resets;
    open(SegmentStart::TimeReset, step);
    verdict = Verdict::NewSegment;
  } else if (step > s.gapSteps * h) {
    if (step > s.longestGap) {
      s.longestGap = step;
      s.longestGapLine = line;
    }
    ++s.gaps;
    open(SegmentStart::Gap, step);
    verdict = Verdict::NewSegment;
  } else if (rowsDroppedBefore) {
    ++s.droppedRowBreaks;
    open(SegmentStart::DroppedRows, step);
    verdict = Verdict::NewSegment;
  } else {
    if (s.steps == 0) s.stepMin = s.stepMax = step;
    s.stepMin = std::min(s.stepMin, step);
    s.stepMax = std::max(s.stepMax, step);
    sum_ += step;
    sumSquares_ += step * step;
    ++s.steps;
    s.histogram.add(step / h);
  }
  previous_ = t;
  ++kept_;
  return verdict;
}

void TimeBaseTracker::dropBadRow(std::size_t line, const std::string& reason) {
  ++summary_.rowsRead;
  if (summary_.badRows++ == 0) {
    summary_.firstBadLine = line;
    summary_.firstBadReason = oneLineMessage(reason);  // it quotes the file: anything, one line
  }
}

TimeBaseSummary TimeBaseTracker::snapshot() const {
  TimeBaseTracker copy = *this;
  copy.finish();
  return copy.summary_;
}

void TimeBaseTracker::finish() {
  if (finished_) return;
  finished_ = true;
  TimeBaseSummary& s = summary_;
  s.samples = kept_;
  if (!s.segments.empty()) s.segments.back().rows = kept_ - s.segments.back().firstRow;
  if (s.steps > 0) {
    const double n = static_cast<double>(s.steps);
    s.stepMean = sum_ / n;
    s.stepStd = std::sqrt(std::max(0.0, sumSquares_ / n - s.stepMean * s.stepMean));
  }
}

double medianPositiveStep(const double* t, std::size_t n) {
  std::vector<double> steps;
  steps.reserve(n > 1 ? n - 1 : 0);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const double d = t[i + 1] - t[i];
    if (std::isfinite(d) && d > 0.0) steps.push_back(d);
  }
  if (steps.empty()) return 0.0;
  auto mid = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
  std::nth_element(steps.begin(), mid, steps.end());
  return *mid;
}

double nominalStepOf(const double* t, std::size_t n) {
  const double median = medianPositiveStep(t, n);
  if (!(median > 0.0)) return 0.0;
  double sum = 0.0;
  std::size_t count = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const double d = t[i + 1] - t[i];
    if (d > 0.5 * median && d < 1.5 * median) {
      sum += d;
      ++count;
    }
  }
  return count > 0 ? sum / static_cast<double>(count) : median;
}

}  // namespace eb
