// What reading a URDF costs, stage by stage: the located check (pugixml parse with line
// numbers, checkUrdf, the cleaned tree written back) against the whole import (that, then
// urdfdom's parse of the cleaned text and the model build). The difference is what parsing the
// text a second time (urdfdom only reads text) adds; docs/design.md cites these figures.

#include "model/builtin_robots.hpp"
#include "model/urdf_check.hpp"
#include "model/urdf_import.hpp"
#include "model/xml_document.hpp"

#include <benchmark/benchmark.h>

#include <string>

namespace {

std::string builtinUrdf(const char* file) { return std::string(eb::builtin_files::embeddedFile(file)); }

void BM_UrdfLocatedCheck(benchmark::State& state, const char* file) {
  const std::string text = builtinUrdf(file);
  for (auto _ : state) {
    const eb::xml::Element root = eb::xml::parse(text, file);
    const eb::UrdfCheck check = eb::checkUrdf(root, file);
    benchmark::DoNotOptimize(eb::xml::write(check.cleaned));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_UrdfImportWhole(benchmark::State& state, const char* file) {
  const std::string text = builtinUrdf(file);
  for (auto _ : state) benchmark::DoNotOptimize(eb::importUrdfString(text, file, ""));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

BENCHMARK_CAPTURE(BM_UrdfLocatedCheck, panda, "panda.urdf")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_UrdfImportWhole, panda, "panda.urdf")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_UrdfLocatedCheck, ur5, "ur5.urdf")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_UrdfImportWhole, ur5, "ur5.urdf")->Unit(benchmark::kMicrosecond);

}  // namespace
