#include "util/vector_state.hpp"

namespace eb {

void clearUpperVectorState() noexcept {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  // vzeroupper is an AVX instruction: faults on a CPU without AVX, hence the check.
  static const bool avx = __builtin_cpu_supports("avx");
  if (avx) asm volatile("vzeroupper" ::: "memory");
#endif
}

}  // namespace eb
