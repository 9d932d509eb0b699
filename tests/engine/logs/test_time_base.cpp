// The time-base rules one sample at a time: what is kept, dropped, where segments
// start and what the one summary line says.
#include "logs/time_base.hpp"

#include "logs/test_log_support.hpp"

#include <gtest/gtest.h>

using namespace eb;
using Verdict = TimeBaseTracker::Verdict;

TEST(TimeBase, EachRuleOnItsOwnSample) {
  TimeBaseTracker tracker(0.01);
  EXPECT_EQ(tracker.next(0.00, 2, false, false), Verdict::Keep);
  EXPECT_EQ(tracker.next(0.01, 3, false, false), Verdict::Keep);
  EXPECT_EQ(tracker.next(0.01, 4, true, false), Verdict::DropRepeatedRow);
  EXPECT_EQ(tracker.next(0.01, 5, false, false), Verdict::DropRepeatedStamp);
  EXPECT_EQ(tracker.next(0.01 + 1e-12, 6, false, false), Verdict::DropRepeatedStamp);  // 1e-10 of a step
  EXPECT_EQ(tracker.next(0.023, 7, false, false), Verdict::Keep);                      // jitter
  EXPECT_EQ(tracker.next(0.07, 8, false, false), Verdict::Keep);                       // 4.7 steps: bridged
  EXPECT_EQ(tracker.next(0.13, 9, false, false), Verdict::NewSegment);                 // 6 steps: a gap
  EXPECT_DOUBLE_EQ(tracker.timeShift(), 0.0);
  EXPECT_EQ(tracker.next(0.05, 10, false, false), Verdict::NewSegment);  // back in time: a reset
  EXPECT_NEAR(tracker.timeShift(), 0.13 - 0.05 + 0.01, 1e-15);          // continues one step after 0.13
  EXPECT_EQ(tracker.next(0.06, 11, false, true), Verdict::NewSegment);  // after dropped rows
  tracker.dropBadRow(12, "column 'q1': 'x' is not a number");
  tracker.finish();
  const TimeBaseSummary& s = tracker.summary();
  EXPECT_EQ(s.samples, 7u);
  EXPECT_EQ(s.rowsRead, 11u);
  ASSERT_EQ(s.segments.size(), 4u);
  EXPECT_EQ(s.segments[0].rows, 4u);
  EXPECT_EQ(s.segments[1].start, SegmentStart::Gap);
  EXPECT_EQ(s.segments[1].line, 9u);
  EXPECT_EQ(s.segments[2].start, SegmentStart::TimeReset);
  EXPECT_LT(s.segments[2].stepBefore, 0.0);
  EXPECT_EQ(s.segments[3].start, SegmentStart::DroppedRows);
  EXPECT_EQ(s.repeatedRows, 1u);
  EXPECT_EQ(s.repeatedStamps, 2u);
  EXPECT_EQ(s.badRows, 1u);
  EXPECT_NEAR(s.stepMin, 0.01, 1e-15);
  EXPECT_NEAR(s.stepMax, 0.047, 1e-15);
  EXPECT_TRUE(s.irregular());
  EXPECT_EQ(s.text(), "100 Hz nominal (step 10 ms, 10 ms to 47 ms, sd 16.78 ms), 7 samples in 4 segments: 1 gap over "
                      "5 steps (longest 60 ms at line 9), 1 time reset (time went back at line 10), 1 split at dropped "
                      "rows; dropped 2 repeated time stamps, 1 repeated row (first at line 4), 1 bad row (line 12: "
                      "column 'q1': 'x' is not a number)");
}

TEST(TimeBase, NominalStepOfJitteredStampsTelescopes) {
  // 200 stamps with +-30 % jitter around 5 ms, one gap and one dropped sample among them.
  std::vector<double> t;
  unsigned state = 12345;
  auto next = [&] {
    state = state * 1103515245u + 12345u;
    return (state >> 8) / double(1u << 24) - 0.5;
  };
  for (int k = 0; k < 200; ++k) {
    if (k == 50) continue;
    t.push_back(0.005 * k + (k >= 120 ? 0.2 : 0.0) + 0.3 * 0.005 * next());
  }
  EXPECT_NEAR(nominalStepOf(t.data(), t.size()), 0.005, 0.005 * 0.005);  // 0.5 %
  EXPECT_EQ(nominalStepOf(t.data(), 1), 0.0);
}
