#pragma once
// The symmetric rank-k update behind every Gram matrix of the engine (the
// information matrix, the normal equations, the payload and friction
// regressions): G += Z Z^T on G's lower triangle.
//
// Why not Eigen's rankUpdate: the project is built for the baseline x86-64 ISA
// (no -march=native: Debian's Ceres shares Eigen types with us, see
// CMakeLists.txt), so Eigen's product kernels use SSE2 without FMA. This one
// function also has an AVX2 + FMA version, chosen at run time when the CPU has
// them: it is a plain function on raw arrays, so no Eigen template is compiled
// twice with different instruction sets. Both versions are deterministic; the
// two may differ in the last bits (their sums are grouped differently).

#include <Eigen/Core>

namespace eb {

/// G(a, b) += sum_s Z(a, s) Z(b, s) for a >= b: G is m x m column-major (leading dimension
/// ldg), Z is m x k column-major (leading dimension ldz, one column per sample). The strictly
/// upper triangle of G is not touched.
void lowerRankUpdate(double* G, Eigen::Index ldg, const double* Z, Eigen::Index ldz, Eigen::Index m, Eigen::Index k);

/// Whether lowerRankUpdate runs its AVX2 + FMA version on this CPU.
bool lowerRankUpdateUsesAvx2();

}  // namespace eb
