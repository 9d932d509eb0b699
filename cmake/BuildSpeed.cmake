# How the project compiles fast on two cores (docs/build-times.md has the measurements):
#
# * Unity builds: each target's sources are compiled in batches of EXCITEBENCH_UNITY_BATCH_SIZE,
#   so Eigen's, gtest's, CLI11's and Qt's headers and templates are parsed and instantiated once
#   per batch instead of once per file (about half the compile time). Sources must therefore not
#   define the same name in their anonymous namespaces; shared constants live in headers
#   (util/math_constants.hpp). Turn it off for short edit-compile loops on one file:
#   -DEXCITEBENCH_UNITY_BUILD=OFF.
# * ccache, when installed (scripts/install-deps.sh installs it): a second build of the same
#   sources, in any build folder of this checkout, is read from the cache. Paths under the
#   source tree are hashed relative to it (CCACHE_BASEDIR) and the working directory is not
#   hashed (CCACHE_NOHASHDIR), so a build folder at another place still hits. For a clone at
#   another path to hit as well, no absolute path may reach a source's preprocessed text:
#   __FILE__ (in assert, gtest and Qt macros, through the unity files' absolute #includes) is
#   written relative to the source root (-fmacro-prefix-map), and the tests' paths live in one
#   generated source per target (cmake/TestPaths.cmake).
# Include before the first target is created.

option(EXCITEBENCH_UNITY_BUILD "Compile each target's sources in batches (CMake unity build)" ON)
set(EXCITEBENCH_UNITY_BATCH_SIZE 16 CACHE STRING "Sources per unity batch")
option(EXCITEBENCH_CCACHE "Compile through ccache when it is installed" ON)

if(EXCITEBENCH_UNITY_BUILD)
  set(CMAKE_UNITY_BUILD ON)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE ${EXCITEBENCH_UNITY_BATCH_SIZE})
endif()

add_compile_options(-fmacro-prefix-map=${PROJECT_SOURCE_DIR}/=)

find_program(EXCITEBENCH_CCACHE_PROGRAM ccache)
if(EXCITEBENCH_CCACHE AND EXCITEBENCH_CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER
      ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1 ${EXCITEBENCH_CCACHE_PROGRAM})
  message(STATUS "Compiler cache: ${EXCITEBENCH_CCACHE_PROGRAM} (base dir ${PROJECT_SOURCE_DIR})")
endif()
