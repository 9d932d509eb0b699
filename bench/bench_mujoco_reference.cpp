// In-run speed reference: MuJoCo's mj_inverse on the built-in Panda (same URDF
// text the engine loads), so ratios survive a noisy machine.
#ifdef EB_HAVE_MUJOCO
#include <benchmark/benchmark.h>
#include <mujoco/mujoco.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>
#include <unistd.h>

namespace eb::builtin_files {
std::string_view embeddedFile(std::string_view name);
}

namespace {

void mujocoInversePanda(benchmark::State& state) {
  char path[] = "/tmp/excitebench-bench-XXXXXX.urdf";
  const int fd = mkstemps(path, 5);
  if (fd < 0) {
    state.SkipWithError("cannot create a temporary file");
    return;
  }
  const std::string_view text = eb::builtin_files::embeddedFile("panda.urdf");
  const ssize_t written = write(fd, text.data(), text.size());
  close(fd);
  char error[1000] = "";
  mjModel* m = written == static_cast<ssize_t>(text.size()) ? mj_loadXML(path, nullptr, error, sizeof error) : nullptr;
  std::remove(path);
  if (!m) {
    state.SkipWithError(error);
    return;
  }
  mjData* d = mj_makeData(m);
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> states(256 * 3 * static_cast<size_t>(m->nv));
  for (double& x : states) x = u(rng);
  size_t i = 0;
  for (auto _ : state) {
    const double* s = &states[i * 3 * static_cast<size_t>(m->nv)];
    for (int j = 0; j < m->nv; ++j) {
      d->qpos[j] = 2.0 * s[j];
      d->qvel[j] = s[m->nv + j];
      d->qacc[j] = 3.0 * s[2 * m->nv + j];
    }
    mj_inverse(m, d);
    benchmark::DoNotOptimize(d->qfrc_inverse);
    i = (i + 1) & 255;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

BENCHMARK(mujocoInversePanda)->Name("mujoco_inverse/panda");

}  // namespace
#endif
