#include "model/inertial_parameters.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

namespace eb {

Vector10d standardParametersFromCom(double mass, const Eigen::Vector3d& com,
                                    const Eigen::Matrix3d& inertiaAboutCom) {
  // Parallel-axis theorem: I_O = I_C - m [c]x [c]x.
  const Eigen::Matrix3d c = skew(com);
  const Eigen::Matrix3d I = inertiaAboutCom - mass * c * c;
  Vector10d theta;
  theta << mass, mass * com.x(), mass * com.y(), mass * com.z(), I(0, 0), I(0, 1), I(1, 1), I(0, 2),
      I(1, 2), I(2, 2);
  return theta;
}

Eigen::Matrix3d rotationalInertiaAboutOrigin(const Vector10d& t) {
  Eigen::Matrix3d I;
  I << t[4], t[5], t[7], t[5], t[6], t[8], t[7], t[8], t[9];
  return I;
}

Eigen::Vector3d centreOfMass(const Vector10d& t) {
  if (t[0] == 0.0) return Eigen::Vector3d::Zero();
  return t.segment<3>(1) / t[0];
}

Eigen::Matrix3d inertiaAboutCom(const Vector10d& t) {
  if (t[0] == 0.0) return rotationalInertiaAboutOrigin(t);
  const Eigen::Matrix3d c = skew(centreOfMass(t));
  return rotationalInertiaAboutOrigin(t) + t[0] * c * c;
}

Vector10d transformStandardParameters(const Vector10d& theta_L, const Eigen::Matrix3d& R,
                                      const Eigen::Vector3d& p) {
  const double m = theta_L[0];
  const Eigen::Vector3d h = R * theta_L.segment<3>(1);  // first moment about L's origin, in B axes
  const Eigen::Matrix3d P = skew(p);
  const Eigen::Matrix3d H = skew(h);
  // I_B = R I_L R^T - [h][p] - [p][h] - m [p][p], with h = R h_L (point x_B = R x_L + p).
  const Eigen::Matrix3d I =
      R * rotationalInertiaAboutOrigin(theta_L) * R.transpose() - H * P - P * H - m * P * P;
  Vector10d out;
  const Eigen::Vector3d hB = h + m * p;
  out << m, hB.x(), hB.y(), hB.z(), I(0, 0), I(0, 1), I(1, 1), I(0, 2), I(1, 2), I(2, 2);
  return out;
}

Eigen::Matrix4d pseudoInertia(const Vector10d& t) {
  const Eigen::Matrix3d I = rotationalInertiaAboutOrigin(t);
  Eigen::Matrix4d J = Eigen::Matrix4d::Zero();
  J.topLeftCorner<3, 3>() = 0.5 * I.trace() * Eigen::Matrix3d::Identity() - I;
  J.topRightCorner<3, 1>() = t.segment<3>(1);
  J.bottomLeftCorner<1, 3>() = t.segment<3>(1).transpose();
  J(3, 3) = t[0];
  return J;
}

Vector10d standardParametersFromPseudoInertia(const Eigen::Matrix4d& J) {
  const Eigen::Matrix3d S = J.topLeftCorner<3, 3>();  // Sigma = 0.5 tr(I) 1 - I, so tr(I) = tr(Sigma)
  const Eigen::Matrix3d I = S.trace() * Eigen::Matrix3d::Identity() - S;
  Vector10d t;
  t << J(3, 3), J(0, 3), J(1, 3), J(2, 3), I(0, 0), I(0, 1), I(1, 1), I(0, 2), I(1, 2), I(2, 2);
  return t;
}

bool isPhysicallyConsistent(const Vector10d& theta) {
  return theta[0] > 0.0 && Eigen::LLT<Eigen::Matrix4d>(pseudoInertia(theta)).info() == Eigen::Success;
}

InertiaPrincipalAxes principalAxesOfInertia(const Eigen::Matrix3d& inertia) {
  InertiaPrincipalAxes out;
  if (inertia.isZero(0.0)) return out;
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(0.5 * (inertia + inertia.transpose()));
  // Decreasing moments, as MuJoCo keeps them; a right-handed frame.
  Eigen::Matrix3d R;
  for (int k = 0; k < 3; ++k) {
    out.moments[k] = std::max(0.0, eig.eigenvalues()[2 - k]);
    R.col(k) = eig.eigenvectors().col(2 - k);
  }
  if (R.determinant() < 0.0) R.col(2) = -R.col(2);
  out.axes = Eigen::Quaterniond(R).normalized();
  if (out.axes.w() < 0.0) out.axes.coeffs() = -out.axes.coeffs();
  return out;
}

}  // namespace eb
