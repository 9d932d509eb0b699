#pragma once
// Clearing the upper halves of the AVX registers before long SSE work on a thread.
//
// The engine is compiled for baseline x86-64 (SSE2). When code that ran before on a thread
// left the upper halves of the YMM/ZMM registers dirty (no vzeroupper: JIT-compiled code such
// as Mesa's llvmpipe software renderer does this to the GUI thread), every later SSE
// instruction on that thread pays a state penalty, and threads started from it inherit the
// dirty state. Measured in the workbench: sin + cos 420-510 ns instead of 18-28 ns, the
// information matrix 2-3x slower (docs/workbench-latency.md).

namespace eb {

/// Executes vzeroupper when the CPU has AVX (x86-64 only; a no-op elsewhere). Cheap (~1 ns):
/// call it at the start of each unit of heavy numeric work on a thread that other code shares.
void clearUpperVectorState() noexcept;

}  // namespace eb
