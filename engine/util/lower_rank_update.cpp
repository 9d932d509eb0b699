#include "util/lower_rank_update.hpp"

#include <algorithm>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define EB_LOWER_RANK_UPDATE_AVX2 1
#endif

namespace eb {
namespace {

void lowerRankUpdateEigen(double* G, Eigen::Index ldg, const double* Z, Eigen::Index ldz, Eigen::Index m,
                          Eigen::Index k) {
  using Stride = Eigen::OuterStride<>;
  Eigen::Map<Eigen::MatrixXd, 0, Stride> g(G, m, m, Stride(ldg));
  const Eigen::Map<const Eigen::MatrixXd, 0, Stride> z(Z, m, k, Stride(ldz));
  g.selfadjointView<Eigen::Lower>().rankUpdate(z);
}

#ifdef EB_LOWER_RANK_UPDATE_AVX2

// A tile of G: 8 rows (two 4-double vectors, a0..a0+7) by 4 columns (b0..b0+3), summed over
// all k samples in registers (8 accumulators), then added to G's lower triangle. Rows and
// columns past m are read as zeros (masked loads) or repeat a valid column, and never stored.
template <bool kFullRows>
__attribute__((target("avx2,fma"))) void updateTile(double* G, Eigen::Index ldg, const double* Z, Eigen::Index ldz,
                                                    Eigen::Index m, Eigen::Index k, Eigen::Index a0,
                                                    Eigen::Index b0) {
  const Eigen::Index rows = std::min<Eigen::Index>(8, m - a0), cols = std::min<Eigen::Index>(4, m - b0);
  Eigen::Index col[4];
  for (int c = 0; c < 4; ++c) col[c] = b0 + std::min<Eigen::Index>(c, cols - 1);
  alignas(32) long long lane[8];
  for (int i = 0; i < 8; ++i) lane[i] = i < rows ? -1 : 0;
  const __m256i maskLo = _mm256_load_si256(reinterpret_cast<const __m256i*>(lane));
  const __m256i maskHi = _mm256_load_si256(reinterpret_cast<const __m256i*>(lane + 4));
  __m256d lo0 = _mm256_setzero_pd(), lo1 = lo0, lo2 = lo0, lo3 = lo0;
  __m256d hi0 = lo0, hi1 = lo0, hi2 = lo0, hi3 = lo0;
  const double* z = Z;
  for (Eigen::Index s = 0; s < k; ++s, z += ldz) {
    __m256d lo, hi;
    if constexpr (kFullRows) {
      lo = _mm256_loadu_pd(z + a0);
      hi = _mm256_loadu_pd(z + a0 + 4);
    } else {
      lo = _mm256_maskload_pd(z + a0, maskLo);
      hi = _mm256_maskload_pd(z + a0 + 4, maskHi);
    }
    const __m256d z0 = _mm256_broadcast_sd(z + col[0]), z1 = _mm256_broadcast_sd(z + col[1]);
    const __m256d z2 = _mm256_broadcast_sd(z + col[2]), z3 = _mm256_broadcast_sd(z + col[3]);
    lo0 = _mm256_fmadd_pd(lo, z0, lo0);
    hi0 = _mm256_fmadd_pd(hi, z0, hi0);
    lo1 = _mm256_fmadd_pd(lo, z1, lo1);
    hi1 = _mm256_fmadd_pd(hi, z1, hi1);
    lo2 = _mm256_fmadd_pd(lo, z2, lo2);
    hi2 = _mm256_fmadd_pd(hi, z2, hi2);
    lo3 = _mm256_fmadd_pd(lo, z3, lo3);
    hi3 = _mm256_fmadd_pd(hi, z3, hi3);
  }
  alignas(32) double tile[4][8];
  _mm256_store_pd(tile[0], lo0);
  _mm256_store_pd(tile[0] + 4, hi0);
  _mm256_store_pd(tile[1], lo1);
  _mm256_store_pd(tile[1] + 4, hi1);
  _mm256_store_pd(tile[2], lo2);
  _mm256_store_pd(tile[2] + 4, hi2);
  _mm256_store_pd(tile[3], lo3);
  _mm256_store_pd(tile[3] + 4, hi3);
  for (Eigen::Index c = 0; c < cols; ++c) {
    double* g = G + (b0 + c) * ldg;
    for (Eigen::Index r = std::max<Eigen::Index>(0, b0 + c - a0); r < rows; ++r) g[a0 + r] += tile[c][r];
  }
}

__attribute__((target("avx2,fma"))) void lowerRankUpdateAvx2(double* G, Eigen::Index ldg, const double* Z,
                                                             Eigen::Index ldz, Eigen::Index m, Eigen::Index k) {
  for (Eigen::Index b0 = 0; b0 < m; b0 += 4)
    for (Eigen::Index a0 = b0; a0 < m; a0 += 8) {
      if (a0 + 8 <= m) updateTile<true>(G, ldg, Z, ldz, m, k, a0, b0);
      else updateTile<false>(G, ldg, Z, ldz, m, k, a0, b0);
    }
}

bool cpuHasAvx2Fma() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

#endif

}  // namespace

bool lowerRankUpdateUsesAvx2() {
#ifdef EB_LOWER_RANK_UPDATE_AVX2
  static const bool has = cpuHasAvx2Fma();
  return has;
#else
  return false;
#endif
}

void lowerRankUpdate(double* G, Eigen::Index ldg, const double* Z, Eigen::Index ldz, Eigen::Index m, Eigen::Index k) {
  if (m <= 0 || k <= 0) return;
#ifdef EB_LOWER_RANK_UPDATE_AVX2
  if (lowerRankUpdateUsesAvx2()) return lowerRankUpdateAvx2(G, ldg, Z, ldz, m, k);
#endif
  lowerRankUpdateEigen(G, ldg, Z, ldz, m, k);
}

}  // namespace eb
