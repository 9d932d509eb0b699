#include "model/xacro_expand.hpp"

#include "model/urdf_import.hpp"
#include "util/input_error.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

extern char** environ;

namespace eb {
namespace {

namespace fs = std::filesystem;

// A temporary file that is removed when it goes out of scope.
class ScratchFile {
 public:
  ScratchFile() {
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "excitebench-xacro-XXXXXX").string();
    if (ec) pattern = "/tmp/excitebench-xacro-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = mkstemp(name.data());
    if (fd < 0) throw InputError(std::string("cannot create a temporary file for xacro: ") + std::strerror(errno));
    close(fd);
    path_ = name.data();
  }
  ~ScratchFile() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string lastLine(const std::string& file) {
  std::ifstream in(file);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  return last.size() > 300 ? last.substr(0, 300) + "..." : last;
}

// The environment with ROS_PACKAGE_PATH led by `roots` (unchanged when there are none).
std::vector<std::string> childEnvironment(const std::vector<std::string>& roots) {
  std::vector<std::string> env;
  std::string rosPath;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    if (entry.compare(0, 17, "ROS_PACKAGE_PATH=") == 0)
      rosPath = entry.substr(17);
    else
      env.push_back(entry);
  }
  std::string joined;
  for (const std::string& root : roots) {
    std::error_code ec;
    joined += (joined.empty() ? "" : ":") + fs::absolute(root, ec).lexically_normal().string();
  }
  if (!rosPath.empty()) joined += (joined.empty() ? "" : ":") + rosPath;
  if (!joined.empty()) env.push_back("ROS_PACKAGE_PATH=" + joined);
  return env;
}

}  // namespace

bool isXacroPath(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".xacro";
}

std::string findXacro() {
  const char* env = std::getenv("PATH");
  const std::string list = env ? env : "";
  std::size_t b = 0;
  while (b <= list.size()) {
    const std::size_t e = std::min(list.find(':', b), list.size());
    const fs::path candidate = fs::path(e > b ? list.substr(b, e - b) : std::string(".")) / "xacro";
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0) return candidate.string();
    b = e + 1;
  }
  return {};
}

std::string expandXacro(const std::string& path, const std::vector<std::string>& packageRoots) {
  const std::string program = findXacro();
  if (program.empty())
    throw inputErrorIn(path, "a xacro file; expand it first: xacro " + path + " -o robot.urdf (xacro is not installed)");
  ScratchFile output, messages;
  // Arguments go to the program as they are: no shell, so no quoting of file names.
  std::vector<std::string> args{program, path, "-o", output.path()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env = childEnvironment(packageRoots);
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, messages.path().c_str(), O_WRONLY | O_APPEND, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, messages.path().c_str(), O_WRONLY | O_APPEND, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw inputErrorIn(path, "cannot run " + program + ": " + std::strerror(spawned));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw inputErrorIn(path, std::string("xacro: ") + std::strerror(errno));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string why = lastLine(messages.path());
    const std::string how = WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status)) : "killed by a signal";
    throw inputErrorIn(path, "xacro failed (" + how + ")" + (why.empty() ? "" : ": " + why));
  }
  std::error_code ec;
  if (!fs::is_regular_file(output.path(), ec) || fs::file_size(output.path(), ec) == 0)
    throw inputErrorIn(path, "xacro wrote no URDF");
  return readUrdfText(output.path());
}

}  // namespace eb
