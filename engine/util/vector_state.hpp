#pragma once
// Clearing the upper halves of the AVX registers before long SSE work on a thread.
//
// The engine is compiled for baseline x86-64 (SSE2). When code that ran before on a thread
// left the upper halves of the YMM/ZMM registers dirty (no vzeroupper; in the workbench, code
// run in Qt's event handling on the GUI thread: `excitebench-gui-bench --trace-vector-state`),
// every later SSE instruction on that thread pays a state penalty, and threads started from
// it inherit the dirty state. Measured in the workbench: sin + cos 420-510 ns instead of
// 18-28 ns, the live metrics stage ~13 ms instead of 6.5-9.7 (docs/workbench-latency.md).

namespace eb {

/// Executes vzeroupper when the CPU has AVX (x86-64 only; a no-op elsewhere). Cheap (~1 ns):
/// call it at the start of each unit of heavy numeric work on a thread that other code shares.
void clearUpperVectorState() noexcept;

}  // namespace eb
