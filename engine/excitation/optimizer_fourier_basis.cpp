#include "excitation/optimizer_fourier_basis.hpp"

#include "excitation/optimizer_sample_basis.hpp"

#include <algorithm>
#include <stdexcept>

namespace eb {

namespace {

// FourierSampleBasis behind the SampleTable interface: three matrix products per evaluation.
class FourierSampleTable : public SampleTable {
 public:
  FourierSampleTable(const FourierRestParametrization& p, const FourierTrajectory& tr, const Eigen::VectorXd& times)
      : param_(p), trajectory_(tr), basis_(tr.period(), tr.harmonics(), times) {}
  int size() const override { return basis_.size(); }
  const Eigen::VectorXd& times() const override { return basis_.times(); }
  void evaluate(const Eigen::VectorXd& x, Eigen::MatrixXd& q, Eigen::MatrixXd& qd, Eigen::MatrixXd& qdd) override {
    param_.apply(x, trajectory_);
    basis_.evaluate(trajectory_, q, qd, qdd);
  }
  void chainToFree(const Eigen::MatrixXd& gq, const Eigen::MatrixXd& gqd, const Eigen::MatrixXd& gqdd,
                   double* grad) const override {
    basis_.chainToFree(param_, gq, gqd, gqdd, grad);
  }

 private:
  FourierRestParametrization param_;
  FourierTrajectory trajectory_;
  FourierSampleBasis basis_;
};

}  // namespace

FourierTrajectoryBasis::FourierTrajectoryBasis(const FourierRestParametrization& parametrization,
                                               const FourierTrajectory& trajectory)
    : param_(parametrization), trajectory_(trajectory) {
  if (parametrization.dof() != trajectory.dof() || parametrization.harmonics() != trajectory.harmonics())
    throw std::invalid_argument("Fourier trajectory basis: trajectory and parametrization sizes differ");
}

std::unique_ptr<TrajectoryBasis> FourierTrajectoryBasis::clone() const {
  return std::make_unique<FourierTrajectoryBasis>(*this);
}

int FourierTrajectoryBasis::detectionGridPoints() const { return std::max(200, 100 * trajectory_.harmonics()); }

void FourierTrajectoryBasis::addJointGradientAt(double t, int joint, double wq, double wqd, double wqdd,
                                                double* grad) const {
  eb::addJointGradientAt(param_, trajectory_.baseFrequency(), t, joint, wq, wqd, wqdd, grad);
}

std::unique_ptr<SampleTable> FourierTrajectoryBasis::sampleTable(const Eigen::VectorXd& times) const {
  return std::make_unique<FourierSampleTable>(param_, trajectory_, times);
}

}  // namespace eb
