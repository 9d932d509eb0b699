#pragma once
// The sanitizer pass (scripts/test-sanitizers.sh) runs the engine 20-40 times slower than the
// release build. Tests whose cost is an optimizer's evaluation budget rather than their data run
// 30 % of it there: the same code paths and the same assertions, which still hold with a wide
// margin at 20 % of the release budgets (docs/build-times.md has the figures).

#include <algorithm>

namespace eb::test {

#if defined(__SANITIZE_ADDRESS__)  // GCC
inline constexpr bool kSanitizerBuild = true;
#elif defined(__has_feature)  // Clang
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif
#else
inline constexpr bool kSanitizerBuild = false;
#endif

/// An evaluation budget: `evaluations` in the release build, 30 % of it (at least 1) under the sanitizers.
inline int sanitizerBudget(int evaluations) { return kSanitizerBuild ? std::max(1, evaluations * 3 / 10) : evaluations; }

}  // namespace eb::test
