#include "excitation/optimizer_multisine_basis.hpp"

#include "util/math_constants.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace eb {

namespace {

// Motion of one term A sin(w t + phi) under the envelope, given sin u and cos u.
struct TermMotion {
  double q, qd, qdd;
};

TermMotion termMotion(const Envelope& e, double A, double w, double sn, double cs) {
  const double d = A * sn, dd = A * w * cs, ddd = -A * w * w * sn;
  return {e.e * d, e.de * d + e.e * dd, e.dde * d + 2.0 * e.de * dd + e.e * ddd};
}

// Adds the weighted derivatives of one term's (q, qd, qdd) with respect to its amplitude, phase
// and (if gF) frequency [Hz] to gA, gPhi, *gF: the product rule with the envelope (header).
void addTermGradient(const Envelope& e, double A, double w, double t, double sn, double cs, double wq, double wqd,
                     double wqdd, double& gA, double& gPhi, double* gF) {
  // Jets of sin u: s0 = sin u and its time derivatives s1 = w cos u, s2 = -w^2 sin u.
  // d/dA of (d, d', d'') = (s0, s1, s2); d/dphi = A (cos u, -w sin u, -w^2 cos u).
  const double s0 = sn, s1 = w * cs, s2 = -w * w * sn;
  const double p0 = A * cs, p1 = -A * w * sn, p2 = -A * w * w * cs;
  // Weights of (d, d', d'') in (wq q + wqd qd + wqdd qdd).
  const double c0 = wq * e.e + wqd * e.de + wqdd * e.dde;
  const double c1 = wqd * e.e + 2.0 * wqdd * e.de;
  const double c2 = wqdd * e.e;
  gA += c0 * s0 + c1 * s1 + c2 * s2;
  gPhi += c0 * p0 + c1 * p1 + c2 * p2;
  if (gF) {
    // d/dw of (A sin u, A w cos u, -A w^2 sin u) with du/dw = t.
    const double w0 = A * t * cs;
    const double w1 = A * cs - A * w * t * sn;
    const double w2 = -2.0 * A * w * sn - A * w * w * t * cs;
    *gF += kTwoPi * (c0 * w0 + c1 * w1 + c2 * w2);
  }
}

}  // namespace

// The multi-sine at fixed sample times: envelopes kept, sin/cos of every term recomputed per x.
class MultisineSampleTable : public SampleTable {
 public:
  MultisineSampleTable(const MultisineTrajectoryBasis& basis, const Eigen::VectorXd& times)
      : basis_(basis), times_(times) {
    for (Eigen::Index s = 0; s < times_.size(); ++s)
      envelopes_.push_back(restEnvelope(times_[s], basis.duration_, basis.rampTime_));
    sin_.resize(times_.size(), basis.amplitude_.size());
    cos_.resize(times_.size(), basis.amplitude_.size());
  }
  int size() const override { return static_cast<int>(times_.size()); }
  const Eigen::VectorXd& times() const override { return times_; }

  void evaluate(const Eigen::VectorXd& x, Eigen::MatrixXd& q, Eigen::MatrixXd& qd, Eigen::MatrixXd& qdd) override {
    basis_.apply(x);
    const int n = basis_.dof(), N = size();
    q.resize(N, n);
    qd.resize(N, n);
    qdd.resize(N, n);
    for (int s = 0; s < N; ++s) {
      const Envelope& e = envelopes_[static_cast<size_t>(s)];
      for (int i = 0; i < n; ++i) {
        double vq = 0.0, vqd = 0.0, vqdd = 0.0;
        for (int g = basis_.first_[static_cast<size_t>(i)]; g < basis_.first_[static_cast<size_t>(i) + 1]; ++g) {
          const double w = kTwoPi * basis_.frequency_[g];
          const double u = w * times_[s] + basis_.phase_[g];
          sin_(s, g) = std::sin(u);
          cos_(s, g) = std::cos(u);
          const TermMotion m = termMotion(e, basis_.amplitude_[g], w, sin_(s, g), cos_(s, g));
          vq += m.q;
          vqd += m.qd;
          vqdd += m.qdd;
        }
        q(s, i) = basis_.offsets_[i] + vq;
        qd(s, i) = vqd;
        qdd(s, i) = vqdd;
      }
    }
  }

  void chainToFree(const Eigen::MatrixXd& gq, const Eigen::MatrixXd& gqd, const Eigen::MatrixXd& gqdd,
                   double* grad) const override {
    const int n = basis_.dof(), N = size();
    std::fill(grad, grad + basis_.size(), 0.0);
    for (int i = 0; i < n; ++i) {
      if (basis_.includeOffsets_) grad[i] = gq.col(i).sum();  // q = q0 + ... at every time
      for (int k = 0; k < basis_.terms(i); ++k) {
        const int g = basis_.first_[static_cast<size_t>(i)] + k;
        const double A = basis_.amplitude_[g], w = kTwoPi * basis_.frequency_[g];
        double gA = 0.0, gPhi = 0.0, gF = 0.0;
        double* pF = basis_.includeFrequencies_ ? &gF : nullptr;
        for (int s = 0; s < N; ++s)
          addTermGradient(envelopes_[static_cast<size_t>(s)], A, w, times_[s], sin_(s, g), cos_(s, g), gq(s, i),
                          gqd(s, i), gqdd(s, i), gA, gPhi, pF);
        grad[basis_.amplitudeIndex(i, k)] = gA;
        grad[basis_.phaseIndex(i, k)] = gPhi;
        if (pF) grad[basis_.frequencyIndex(i, k)] = gF;
      }
    }
  }

 private:
  MultisineTrajectoryBasis basis_;  // own copy: its current x is the table's
  Eigen::VectorXd times_;
  std::vector<Envelope> envelopes_;
  Eigen::MatrixXd sin_, cos_;  // samples x terms, at the last evaluated x
};

MultisineTrajectoryBasis::MultisineTrajectoryBasis(const MultisineTrajectory& trajectory, bool includeOffsets,
                                                   bool includeFrequencies)
    : duration_(trajectory.duration()),
      rampTime_(trajectory.rampTime()),
      includeOffsets_(includeOffsets),
      includeFrequencies_(includeFrequencies),
      offsets_(trajectory.offsets()) {
  const int n = trajectory.dof();
  first_.assign(1, 0);
  for (int i = 0; i < n; ++i) first_.push_back(first_.back() + static_cast<int>(trajectory.terms(i).size()));
  const int total = first_.back();
  amplitude_.resize(total);
  phase_.resize(total);
  frequency_.resize(total);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < terms(i); ++k) {
      const SineTerm& term = trajectory.terms(i)[static_cast<size_t>(k)];
      const int g = first_[static_cast<size_t>(i)] + k;
      amplitude_[g] = term.amplitude;
      phase_[g] = term.phase;
      frequency_[g] = term.frequency;
    }
  size_ = (includeOffsets ? n : 0) + (includeFrequencies ? 3 : 2) * total;
}

std::unique_ptr<TrajectoryBasis> MultisineTrajectoryBasis::clone() const {
  return std::make_unique<MultisineTrajectoryBasis>(*this);
}

int MultisineTrajectoryBasis::detectionGridPoints() const {
  const double fmax = frequency_.size() ? frequency_.maxCoeff() : 0.0;
  double points = std::max(200.0, 100.0 * fmax * duration_);
  if (rampTime_ > 0.0) points = std::max(points, 40.0 * duration_ / rampTime_);
  return static_cast<int>(std::ceil(std::min(points, 1e6)));
}

int MultisineTrajectoryBasis::amplitudeIndex(int i, int k) const {
  return (includeOffsets_ ? dof() : 0) + (includeFrequencies_ ? 3 : 2) * first_[static_cast<size_t>(i)] + k;
}

int MultisineTrajectoryBasis::phaseIndex(int i, int k) const { return amplitudeIndex(i, k) + terms(i); }

int MultisineTrajectoryBasis::frequencyIndex(int i, int k) const {
  return includeFrequencies_ ? amplitudeIndex(i, k) + 2 * terms(i) : -1;
}

void MultisineTrajectoryBasis::apply(const Eigen::VectorXd& x) {
  if (x.size() != size_)
    throw std::invalid_argument("multi-sine basis: free vector has " + std::to_string(x.size()) +
                                " entries, expected " + std::to_string(size_));
  const int n = dof();
  if (includeOffsets_) offsets_ = x.head(n);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < terms(i); ++k) {
      const int g = first_[static_cast<size_t>(i)] + k;
      amplitude_[g] = x[amplitudeIndex(i, k)];
      phase_[g] = x[phaseIndex(i, k)];
      if (includeFrequencies_) frequency_[g] = x[frequencyIndex(i, k)];
    }
}

void MultisineTrajectoryBasis::evaluateJoint(int i, double t, double& q, double& qd, double& qdd) const {
  const Envelope e = restEnvelope(t, duration_, rampTime_);
  q = offsets_[i];
  qd = qdd = 0.0;
  for (int g = first_[static_cast<size_t>(i)]; g < first_[static_cast<size_t>(i) + 1]; ++g) {
    const double w = kTwoPi * frequency_[g], u = w * t + phase_[g];
    const TermMotion m = termMotion(e, amplitude_[g], w, std::sin(u), std::cos(u));
    q += m.q;
    qd += m.qd;
    qdd += m.qdd;
  }
}

void MultisineTrajectoryBasis::evaluate(double t, Eigen::VectorXd& q, Eigen::VectorXd& qd,
                                        Eigen::VectorXd& qdd) const {
  const int n = dof();
  q.resize(n);
  qd.resize(n);
  qdd.resize(n);
  for (int i = 0; i < n; ++i) evaluateJoint(i, t, q[i], qd[i], qdd[i]);
}

void MultisineTrajectoryBasis::addJointGradientAt(double t, int joint, double wq, double wqd, double wqdd,
                                                  double* grad) const {
  if (includeOffsets_) grad[joint] += wq;
  const Envelope e = restEnvelope(t, duration_, rampTime_);
  for (int k = 0; k < terms(joint); ++k) {
    const int g = first_[static_cast<size_t>(joint)] + k;
    const double w = kTwoPi * frequency_[g], u = w * t + phase_[g];
    double gA = 0.0, gPhi = 0.0, gF = 0.0;
    addTermGradient(e, amplitude_[g], w, t, std::sin(u), std::cos(u), wq, wqd, wqdd, gA, gPhi,
                    includeFrequencies_ ? &gF : nullptr);
    grad[amplitudeIndex(joint, k)] += gA;
    grad[phaseIndex(joint, k)] += gPhi;
    if (includeFrequencies_) grad[frequencyIndex(joint, k)] += gF;
  }
}

std::unique_ptr<SampleTable> MultisineTrajectoryBasis::sampleTable(const Eigen::VectorXd& times) const {
  return std::make_unique<MultisineSampleTable>(*this, times);
}

Eigen::VectorXd MultisineTrajectoryBasis::fromTrajectory(const MultisineTrajectory& trajectory) const {
  bool same = trajectory.dof() == dof();
  for (int i = 0; same && i < dof(); ++i) same = static_cast<int>(trajectory.terms(i).size()) == terms(i);
  if (!same) throw std::invalid_argument("multi-sine basis: the trajectory's joints or term counts differ");
  Eigen::VectorXd x(size_);
  if (includeOffsets_) x.head(dof()) = trajectory.offsets();
  for (int i = 0; i < dof(); ++i)
    for (int k = 0; k < terms(i); ++k) {
      const SineTerm& term = trajectory.terms(i)[static_cast<size_t>(k)];
      x[amplitudeIndex(i, k)] = term.amplitude;
      x[phaseIndex(i, k)] = term.phase;
      if (includeFrequencies_) x[frequencyIndex(i, k)] = term.frequency;
    }
  return x;
}

MultisineTrajectory MultisineTrajectoryBasis::toTrajectory(const Eigen::VectorXd& x) const {
  MultisineTrajectoryBasis b(*this);
  b.apply(x);
  std::vector<std::vector<SineTerm>> terms(static_cast<size_t>(dof()));
  for (int i = 0; i < dof(); ++i)
    for (int g = first_[static_cast<size_t>(i)]; g < first_[static_cast<size_t>(i) + 1]; ++g)
      terms[static_cast<size_t>(i)].push_back({b.amplitude_[g], b.frequency_[g], b.phase_[g]});
  return MultisineTrajectory(duration_, rampTime_, b.offsets_, std::move(terms));
}

}  // namespace eb
