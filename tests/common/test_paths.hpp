#pragma once
// Absolute paths of this checkout that tests read or run. They are defined in one small source
// that cmake/TestPaths.cmake generates for each test target, not in -D flags, so that every other
// test source compiles to the same text in any checkout and a build in another folder or clone is
// read from the compiler cache (docs/build-times.md).

namespace eb::test_paths {

extern const char* const kSourceDir;          ///< the repository root
extern const char* const kTestDataDir;        ///< tests/data
extern const char* const kResourcesDir;       ///< resources/
extern const char* const kSharedRobotsDir;    ///< ../shared/robots-public (tests skip when absent)
extern const char* const kSharedRealLogsDir;  ///< ../shared/real-logs (tests skip when absent)
extern const char* const kSharedRosBagsDir;   ///< ../shared/ros-bags (tests skip when absent)
extern const char* const kCliPath;            ///< excitebench-cli; only in targets added with CLI
extern const char* const kWorkbenchPath;      ///< excitebench; only in targets added with WORKBENCH

}  // namespace eb::test_paths
