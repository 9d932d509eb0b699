#include "identification/payload_consistency.hpp"

#include "identification/consistent_residual.hpp"
#include "identification/plausibility_margins.hpp"
#include "model/inertial_parameters.hpp"
#include "util/input_error.hpp"
#include "util/text_format.hpp"

#include <ceres/ceres.h>

#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <memory>

namespace eb {
namespace payload_fit {

constexpr double kPriorWeight = 1e-6;   // log-det prior and start prior, relative to the data's mean information
constexpr double kClipRatio = 1e-3;     // a reference's eigenvalues are at least this share of its largest
constexpr double kMarginRatio = 1e-9;   // J >= mu I with mu = this x tr(J0)
constexpr double kSphereRadius = 0.02;  // [m] the MassAndCom model's shape without bounds
constexpr int kBoxMargins = 7;          // plausibility_margins.hpp g[0..6]: COM in the box, mass in its ellipsoid

using Matrix10d = Eigen::Matrix<double, 10, 10>;

// Consistent model: 10 log-Cholesky numbers z -> J = L0 W W^T L0^T + mu I -> phi.
struct LogCholeskyMap {
  static constexpr int kSize = 10;
  Eigen::Matrix4d L0 = Eigen::Matrix4d::Identity();
  double mu = 0.0;

  template <typename T>
  void operator()(const T* z, T* phi) const {
    using std::exp;
    T W[4][4];
    for (auto& row : W)
      for (T& v : row) v = T(0.0);
    for (int i = 0; i < 4; ++i) W[i][i] = exp(z[i]);
    W[0][1] = z[4];
    W[0][2] = z[5];
    W[0][3] = z[6];
    W[1][2] = z[7];
    W[1][3] = z[8];
    W[2][3] = z[9];
    T M[4][4];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        M[i][j] = T(0.0);
        for (int k = 0; k < 4; ++k) M[i][j] += L0(i, k) * W[k][j];
      }
    T J[4][4];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        J[i][j] = i == j ? T(mu) : T(0.0);
        for (int k = 0; k < 4; ++k) J[i][j] += M[i][k] * M[j][k];
      }
    consistent::parametersOfPseudoInertia(J, phi);
  }
};

// MassAndCom model: p = [log m, u] -> m, c (c = u, or inside the box through tanh), I_c = m G.
struct MassComMap {
  static constexpr int kSize = 4;
  Eigen::Matrix3d gyration = Eigen::Matrix3d::Zero();  // I_c / m [m^2]
  bool bounded = false;
  Eigen::Vector3d lower = Eigen::Vector3d::Zero(), upper = Eigen::Vector3d::Zero();

  template <typename T>
  void com(const T* p, T* c) const {
    using std::tanh;
    for (int i = 0; i < 3; ++i)
      c[i] = bounded ? T(lower[i]) + T(0.5 * (upper[i] - lower[i])) * (T(1.0) + tanh(p[1 + i])) : p[1 + i];
  }
  template <typename T>
  void operator()(const T* p, T* phi) const {
    using std::exp;
    const T m = exp(p[0]);
    T c[3];
    com(p, c);
    const T cc = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
    // I_origin = m G + m (|c|^2 1 - c c^T)
    T I[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) I[i][j] = m * (T(gyration(i, j)) + (i == j ? cc : T(0.0)) - c[i] * c[j]);
    phi[0] = m;
    for (int i = 0; i < 3; ++i) phi[1 + i] = m * c[i];
    phi[4] = I[0][0];
    phi[5] = I[0][1];
    phi[6] = I[1][1];
    phi[7] = I[0][2];
    phi[8] = I[1][2];
    phi[9] = I[2][2];
  }
};

// R (phi(p) - phi_hat), R^T R = C^+.
template <typename Map>
struct DataResidual {
  Map map;
  Matrix10d R;
  Vector10d estimate;

  template <typename T>
  bool operator()(const T* p, T* r) const {
    T phi[10];
    map(p, phi);
    for (int i = 0; i < 10; ++i) {
      r[i] = T(0.0);
      for (int k = 0; k < 10; ++k) r[i] += R(i, k) * (phi[k] - T(estimate[k]));
    }
    return true;
  }
};

// Log-det prior of the Consistent model: s * [entropic(d_i); w_ik] (consistent_estimation.hpp).
struct LogDetPrior {
  double scale = 0.0;
  template <typename T>
  bool operator()(const T* z, T* r) const {
    for (int i = 0; i < 4; ++i) r[i] = T(scale) * consistent::entropicDiagonal(z[i]);
    for (int i = 4; i < 10; ++i) r[i] = T(scale) * z[i];
    return true;
  }
};

// Start prior of the MassAndCom model: s * (p - p0), so unexcited directions stay at the start.
struct StartPrior {
  double scale = 0.0;
  Eigen::Vector4d start = Eigen::Vector4d::Zero();
  template <typename T>
  bool operator()(const T* p, T* r) const {
    for (int i = 0; i < 4; ++i) r[i] = T(scale) * (p[i] - T(start[i]));
    return true;
  }
};

// Barriers keeping the Consistent model's payload in the box: s * marginBarrier(g_k / g_k0).
struct BoxBarrier {
  LogCholeskyMap map;
  BodyLimits limits;
  double start[kBoxMargins] = {};
  double scale = 0.0;
  template <typename T>
  bool operator()(const T* z, T* r) const {
    T phi[10];
    map(z, phi);
    T g[kPlausibilityMargins];
    plausibilityMargins(phi, limits, g);
    for (int k = 0; k < kBoxMargins; ++k) {
      const T x = g[k] / T(start[k]);
      if (!(x > 0.0)) return false;  // outside: Ceres rejects the step
      r[k] = T(scale) * consistent::marginBarrier(x);
    }
    return true;
  }
};

// R with R^T R = C^+ (C symmetric positive semi-definite; eigenvalues below 1e-12 of the largest are null).
Matrix10d informationRoot(const Matrix10d& C) {
  // Dynamic-size decompositions here and below: the fixed-size ones cost ~30 s of compile time.
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(Eigen::MatrixXd(0.5 * (C + C.transpose())));
  const double largest = eig.eigenvalues().maxCoeff();
  Matrix10d R = Matrix10d::Zero();
  for (int k = 0; k < 10; ++k) {
    const double lambda = eig.eigenvalues()[k];
    if (largest > 0.0 && lambda > 1e-12 * largest) R.row(k) = eig.eigenvectors().col(k).transpose() / std::sqrt(lambda);
  }
  return R;
}

// Uniform solid box [lower, upper] of mass m: its pseudo-inertia in the frame of the bounds.
Eigen::Matrix4d boxPseudoInertia(double m, const Eigen::Vector3d& lower, const Eigen::Vector3d& upper) {
  const Eigen::Vector3d c = 0.5 * (lower + upper), half = 0.5 * (upper - lower);
  Eigen::Matrix4d J = Eigen::Matrix4d::Zero();
  J.topLeftCorner<3, 3>() = m * (half.array().square() / 3.0).matrix().asDiagonal();
  J.topLeftCorner<3, 3>() += m * c * c.transpose();
  J.topRightCorner<3, 1>() = m * c;
  J.bottomLeftCorner<1, 3>() = m * c.transpose();
  J(3, 3) = m;
  return J;
}

// The reference of the Consistent model: J(phi_hat) when consistent (and inside the bounds),
// else its eigenvalues clipped to kClipRatio of the largest, or the box filled when bounded.
Eigen::Matrix4d referencePseudoInertia(const Vector10d& estimate, const PayloadConstraints& c, double mass,
                                       bool& kept) {
  const Eigen::Matrix4d J = pseudoInertia(estimate);
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig{Eigen::MatrixXd(J)};
  const double largest = eig.eigenvalues().maxCoeff();
  kept = largest > 0.0 && eig.eigenvalues().minCoeff() > 2.0 * kMarginRatio * J.trace();
  if (kept && c.bounded) {
    BodyLimits limits;
    limits.box = true;
    limits.lower = c.lower;
    limits.upper = c.upper;
    limits.maxMass = 2.0 * estimate[0] + 1.0;
    double g[kPlausibilityMargins];
    plausibilityMargins(estimate.data(), limits, g);
    for (int k = 0; k < kBoxMargins; ++k) kept = kept && g[k] > 0.0;
  }
  if (kept) return J;
  if (c.bounded) return boxPseudoInertia(mass, c.lower, c.upper);
  const double floor = kClipRatio * std::max(largest, mass * kSphereRadius * kSphereRadius);
  return eig.eigenvectors() * eig.eigenvalues().cwiseMax(floor).asDiagonal() * eig.eigenvectors().transpose();
}

// d phi / d p by central differences (the maps are smooth; steps 1e-6 relative).
template <typename Map>
Eigen::Matrix<double, 10, Map::kSize> mapJacobian(const Map& map, const double* p) {
  Eigen::Matrix<double, 10, Map::kSize> J;
  double q[Map::kSize], up[10], down[10];
  for (int k = 0; k < Map::kSize; ++k) q[k] = p[k];
  for (int k = 0; k < Map::kSize; ++k) {
    const double h = 1e-6 * std::max(1.0, std::abs(p[k]));
    q[k] = p[k] + h;
    map(q, up);
    q[k] = p[k] - h;
    map(q, down);
    q[k] = p[k];
    for (int i = 0; i < 10; ++i) J(i, k) = (up[i] - down[i]) / (2.0 * h);
  }
  return J;
}

// Solves `problem` and fills the result from the parameters p of `map`.
template <typename Map>
ConstrainedPayload solve(ceres::Problem& problem, const Map& map, double* p, const Vector10d& estimate,
                         const Matrix10d& R) {
  ceres::Solver::Options options;
  options.linear_solver_type = ceres::DENSE_QR;
  options.max_num_iterations = 500;
  options.function_tolerance = 1e-15;
  options.gradient_tolerance = 1e-15;
  options.parameter_tolerance = 1e-13;
  options.logging_type = ceres::SILENT;
  ceres::Solver::Summary summary;
  ceres::Solve(options, &problem, &summary);
  ConstrainedPayload out;
  double phi[10];
  map(p, phi);
  out.parameters = Eigen::Map<const Vector10d>(phi);
  const Vector10d r = R * (out.parameters - estimate);
  out.cost = r.squaredNorm();
  // First-order covariance from the data alone, (Jp^T C^+ Jp)^+ mapped back: the prior only
  // holds what the data leave free, and must not read as information. A kept estimate gets C back.
  const Eigen::Matrix<double, 10, Map::kSize> Jp = mapJacobian(map, p);
  const Eigen::Matrix<double, 10, Map::kSize> RJ = R * Jp;
  const Eigen::MatrixXd H = RJ.transpose() * RJ;
  const Eigen::MatrixXd Hinv = Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(H).pseudoInverse();
  out.covariance = Jp * Hinv * Jp.transpose();
  if (summary.termination_type == ceres::NO_CONVERGENCE)
    out.notes.push_back("payload: the constrained fit stopped at its iteration limit (" +
                        std::to_string(summary.iterations.size()) + " iterations)");
  return out;
}

// s^2 = kPriorWeight x the mean diagonal of the data term's Gauss-Newton matrix at p.
template <typename Map>
double priorScale(const Map& map, const double* p, const Matrix10d& R) {
  const Eigen::Matrix<double, 10, Map::kSize> J = R * mapJacobian(map, p);
  const double mean = J.squaredNorm() / Map::kSize;
  if (!(mean > 0.0) || !std::isfinite(mean))
    throw InputError("payload: the logs carry no information on the payload's mass or first moments");
  return std::sqrt(kPriorWeight * mean);
}

}  // namespace payload_fit

Eigen::Matrix3d assumedGyration(const PayloadConstraints& c) {
  if (c.bounded) {
    const Eigen::Vector3d e = c.upper - c.lower;
    return Eigen::Vector3d((e.y() * e.y() + e.z() * e.z()) / 12.0, (e.x() * e.x() + e.z() * e.z()) / 12.0,
                           (e.x() * e.x() + e.y() * e.y()) / 12.0)
        .asDiagonal();
  }
  return 0.4 * payload_fit::kSphereRadius * payload_fit::kSphereRadius * Eigen::Matrix3d::Identity();
}

ConstrainedPayload constrainPayload(const Vector10d& estimate, const Eigen::Matrix<double, 10, 10>& covariance,
                                    const PayloadConstraints& c) {
  using namespace payload_fit;
  if (c.model == PayloadModel::Unconstrained)
    throw std::invalid_argument("constrainPayload: nothing to constrain in the Unconstrained model");
  if (c.bounded && !(c.upper.array() > c.lower.array()).all())
    throw InputError("payload bounds: every upper corner coordinate must exceed the lower one (" +
                     formatSignificant(c.lower.x(), 4) + ", " + formatSignificant(c.lower.y(), 4) + ", " +
                     formatSignificant(c.lower.z(), 4) + " .. " + formatSignificant(c.upper.x(), 4) + ", " +
                     formatSignificant(c.upper.y(), 4) + ", " + formatSignificant(c.upper.z(), 4) + " m)");
  const Matrix10d R = informationRoot(covariance);
  // A start mass: the estimate's when positive, else a tenth of its standard deviation (at least 1 g).
  const double mass =
      estimate[0] > 0.0 ? estimate[0] : std::max(1e-3, 0.1 * std::sqrt(std::max(covariance(0, 0), 0.0)));
  ceres::Problem problem;
  ConstrainedPayload out;

  if (c.model == PayloadModel::MassAndCom) {
    MassComMap map;
    map.gyration = assumedGyration(c);
    map.bounded = c.bounded;
    map.lower = c.lower;
    map.upper = c.upper;
    Eigen::Vector3d com =
        estimate[0] > 0.0 ? Eigen::Vector3d(estimate.segment<3>(1) / estimate[0]) : Eigen::Vector3d::Zero();
    Eigen::Vector4d p;
    p[0] = std::log(mass);
    for (int i = 0; i < 3; ++i) {
      if (c.bounded) {
        // Inverse of the tanh map, the start pulled 1 % inside the box.
        const double s = (com[i] - c.lower[i]) / (c.upper[i] - c.lower[i]);
        p[1 + i] = std::atanh(2.0 * std::clamp(s, 0.01, 0.99) - 1.0);
      } else {
        p[1 + i] = com[i];
      }
    }
    StartPrior* prior = new StartPrior;
    prior->start = p;
    prior->scale = priorScale(map, p.data(), R);
    problem.AddResidualBlock(new ceres::AutoDiffCostFunction<DataResidual<MassComMap>, 10, 4>(
                                 new DataResidual<MassComMap>{map, R, estimate}),
                             nullptr, p.data());
    problem.AddResidualBlock(new ceres::AutoDiffCostFunction<StartPrior, 4, 4>(prior), nullptr, p.data());
    out = solve(problem, map, p.data(), estimate, R);
    const Eigen::Matrix3d G = map.gyration;
    out.notes.push_back(
        "payload: mass and centre of mass only; the inertia about the centre of mass is that of a uniform " +
        (c.bounded ? std::string("box filling the bounds")
                   : "sphere of radius " + formatSignificant(kSphereRadius, 2) + " m") +
        " (" + formatSignificant(G(0, 0), 3) + ", " + formatSignificant(G(1, 1), 3) + ", " +
        formatSignificant(G(2, 2), 3) + " m^2 per kg)");
    return out;
  }

  bool kept = false;
  const Eigen::Matrix4d J0 = referencePseudoInertia(estimate, c, mass, kept);
  LogCholeskyMap map;
  map.mu = kMarginRatio * J0.trace();
  map.L0 = consistent::upperCholesky(J0 - map.mu * Eigen::Matrix4d::Identity());
  Eigen::Matrix<double, 10, 1> z = Eigen::Matrix<double, 10, 1>::Zero();
  const double scale = priorScale(map, z.data(), R);
  problem.AddResidualBlock(new ceres::AutoDiffCostFunction<DataResidual<LogCholeskyMap>, 10, 10>(
                               new DataResidual<LogCholeskyMap>{map, R, estimate}),
                           nullptr, z.data());
  problem.AddResidualBlock(new ceres::AutoDiffCostFunction<LogDetPrior, 10, 10>(new LogDetPrior{scale}), nullptr,
                           z.data());
  if (c.bounded) {
    auto* barrier = new BoxBarrier;
    barrier->map = map;
    barrier->limits.box = true;
    barrier->limits.lower = c.lower;
    barrier->limits.upper = c.upper;
    barrier->limits.maxMass = 1e300;  // g[7..8] are not used
    barrier->scale = scale;
    double phi0[10], g0[kPlausibilityMargins];
    map(z.data(), phi0);
    plausibilityMargins(phi0, barrier->limits, g0);
    for (int k = 0; k < kBoxMargins; ++k) barrier->start[k] = g0[k];
    problem.AddResidualBlock(new ceres::AutoDiffCostFunction<BoxBarrier, kBoxMargins, 10>(barrier), nullptr, z.data());
  }
  out = solve(problem, map, z.data(), estimate, R);
  out.notes.insert(out.notes.begin(),
                   kept ? std::string("payload: the least-squares estimate is physically consistent") +
                              (c.bounded ? " and inside the bounds" : "") + "; kept"
                        : "payload: the least-squares estimate is not physically consistent" +
                              std::string(c.bounded ? " or not inside the bounds" : "") +
                              "; the nearest consistent one in the fit's metric is " +
                              formatSignificant(std::sqrt(out.cost), 3) + " standard deviations from it");
  return out;
}

}  // namespace eb
