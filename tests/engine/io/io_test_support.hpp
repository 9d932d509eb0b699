#pragma once
// Shared helpers for the IO tests: a scratch directory removed at the end of
// each test, whole-file reads, and bitwise comparison of doubles.

#include <Eigen/Core>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace eb::test {

class ScratchDir {
 public:
  ScratchDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("eb_io_test_" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }
  /// Names of all entries, sorted, to assert that no temporary was left behind.
  std::string listing() const {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(path_)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    std::string out;
    for (const std::string& n : names) out += n + ";";
    return out;
  }

 private:
  std::filesystem::path path_;
};

inline std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

inline std::uint64_t bits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

/// True when both matrices have the same size and every element has the same bit pattern.
inline ::testing::AssertionResult bitwiseEqual(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols())
    return ::testing::AssertionFailure() << "sizes " << a.rows() << "x" << a.cols() << " vs " << b.rows() << "x"
                                         << b.cols();
  for (Eigen::Index c = 0; c < a.cols(); ++c)
    for (Eigen::Index r = 0; r < a.rows(); ++r)
      if (bits(a(r, c)) != bits(b(r, c)))
        return ::testing::AssertionFailure() << "element (" << r << ", " << c << "): " << a(r, c) << " vs " << b(r, c);
  return ::testing::AssertionSuccess();
}

/// Doubles that stress exact round trips: wide exponents, subnormals, negative zero, awkward decimals.
inline double nastyDouble(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> kind(0, 5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> e(-300, 300);
  switch (kind(rng)) {
    case 0: return u(rng);
    case 1: return std::ldexp(u(rng), e(rng));
    case 2: return 0.1 * u(rng) + 1e-17;
    case 3: return 4.9406564584124654e-324 * (1 + (rng() % 1000));
    case 4: return -0.0;
    default: return std::nextafter(1.0 / 3.0, 1.0) * u(rng);
  }
}

}  // namespace eb::test
