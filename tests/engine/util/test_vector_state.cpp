// clearUpperVectorState(): after it, the CPU reports the AVX upper state clean (XINUSE bit 2,
// read with xgetbv(1)), so legacy SSE code on the thread runs without the dirty-state penalty.
#include "util/vector_state.hpp"

#include <gtest/gtest.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

namespace {

// xgetbv with ECX = 1 (XINUSE) exists when CPUID.(EAX=0Dh, ECX=1):EAX bit 2 is set.
bool canReadStateInUse() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__builtin_cpu_supports("avx") || !__get_cpuid_count(0x0d, 1, &a, &b, &c, &d)) return false;
  return (a & 4u) != 0;
}

bool upperStateInUse() {
  unsigned lo = 0, hi = 0;
  asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
  return (lo & 4u) != 0;  // bit 2: the upper halves of YMM0-15
}

// What code built for AVX without vzeroupper leaves behind: a 256-bit value in ymm0.
void dirtyUpperState() {
  static const float one = 1.0f;
  asm volatile("vbroadcastss %0, %%ymm0" : : "m"(one) : "xmm0");
}

}  // namespace

TEST(VectorState, ClearingLeavesTheUpperHalvesUnused) {
  if (!canReadStateInUse()) GTEST_SKIP() << "this CPU cannot report the AVX state in use (xgetbv 1)";
  dirtyUpperState();
  if (!upperStateInUse()) GTEST_SKIP() << "this CPU does not report a 256-bit write as state in use";
  eb::clearUpperVectorState();
  EXPECT_FALSE(upperStateInUse());
  eb::clearUpperVectorState();  // clearing a clean state is harmless
  EXPECT_FALSE(upperStateInUse());
}

#else

TEST(VectorState, IsANoOpOffX86) { eb::clearUpperVectorState(); }

#endif
