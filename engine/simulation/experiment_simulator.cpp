#include "simulation/experiment_simulator.hpp"
#include "util/cancelled.hpp"

#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/mass_matrix.hpp"

#include <Eigen/Cholesky>

#include <cmath>
#include <random>
#include <stdexcept>

namespace eb {

void defaultFriction(const RobotModel& model, Eigen::VectorXd& viscous, Eigen::VectorXd& coulomb) {
  const int n = model.dof();
  viscous.resize(n);
  coulomb.resize(n);
  for (int j = 0; j < n; ++j) {
    const double effort = model.joint(j).limits.effort;
    const double e = std::isfinite(effort) ? effort : 50.0;
    viscous[j] = 0.01 * e;
    coulomb[j] = 0.005 * e;
  }
}

Eigen::VectorXd simulatedFriction(const SimulationSettings& s, const Eigen::VectorXd& fv, const Eigen::VectorXd& fc,
                                  const Eigen::VectorXd& qd) {
  Eigen::VectorXd f(qd.size());
  for (Eigen::Index j = 0; j < qd.size(); ++j) {
    const double sign = coulombSign(qd[j], s.coulombWidths.size() ? s.coulombWidths[j] : s.coulombWidth);
    const double level = sign < 0.0 && s.coulombNegative.size() ? s.coulombNegative[j] : fc[j];
    f[j] = fv[j] * qd[j] + level * sign;
    if (s.stribeck.size()) {
      const double u = qd[j] / s.stribeckVelocity[j];
      f[j] += s.stribeck[j] * std::exp(-u * u) * coulombSign(qd[j], 0.0);
    }
  }
  return f;
}

namespace {

struct Plant {
  const RobotModel& model;
  DynamicsWorkspace& ws;
  const Eigen::VectorXd& fv;
  const Eigen::VectorXd& fc;
  const Eigen::VectorXd& ia;
  double width;
  const SimulationSettings& rich;  // coulombNegative, coulombWidths, stribeck (empty: none)
  Eigen::MatrixXd M;  // M(q) + Ia at the last evaluate()
  Eigen::VectorXd h;  // h(q, qd) at the last evaluate()
  Eigen::LLT<Eigen::MatrixXd> llt;

  // Friction torque opposing the motion [N m].
  Eigen::VectorXd friction(const Eigen::VectorXd& qd) const {
    return simulatedFriction(rich, fv, fc, qd);  // rich.coulombWidth == width
  }
  // M + Ia and h at (q, qd), factorized: the controller and the plant share them at a control instant.
  void evaluate(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    M = computeMassMatrix(model, ws, q);
    M.diagonal() += ia;
    h = computeNonlinearEffects(model, ws, q, qd);
    llt.compute(M);
  }
  // (M + Ia) qdd = tau - h(q, qd) - friction(qd), at the (q, qd) of the last evaluate().
  Eigen::VectorXd evaluatedAcceleration(const Eigen::VectorXd& qd, const Eigen::VectorXd& tau) const {
    return llt.solve(tau - h - friction(qd));
  }
  Eigen::VectorXd acceleration(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const Eigen::VectorXd& tau) {
    evaluate(q, qd);
    return evaluatedAcceleration(qd, tau);
  }
};

}  // namespace

SimulatedLog simulateExperiment(const RobotModel& model, const Trajectory& trajectory,
                                const SimulationSettings& s, const SimulationProgress& progress) {
  const int n = model.dof();
  if (trajectoryDof(trajectory) != n)
    throw std::invalid_argument("simulate: trajectory has " + std::to_string(trajectoryDof(trajectory)) +
                                " joints, robot has " + std::to_string(n));
  const DesiredMotion desired = [&trajectory](double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, Eigen::VectorXd& qdd) {
    evaluateTrajectory(trajectory, t, q, qd, qdd);
  };
  return simulateTracking(model, desired, s.duration > 0.0 ? s.duration : trajectoryDuration(trajectory), s, {},
                          progress);
}

SimulatedLog simulateTracking(const RobotModel& model, const DesiredMotion& desired, double duration,
                              const SimulationSettings& s, const ControllerTorque& controller,
                              const SimulationProgress& progress) {
  const int n = model.dof();
  if (!(s.rateHz > 0.0) || s.substeps < 1) throw std::invalid_argument("simulate: rate and substeps must be positive");
  if (!(s.clockJitter >= 0.0 && s.clockJitter < 1.0))
    throw std::invalid_argument("simulate: the clock jitter must be in [0, 1) control periods");
  if (!(duration >= 0.0) || !std::isfinite(duration)) throw std::invalid_argument("simulate: bad duration");
  SimulatedLog log;
  log.viscous = s.viscous;
  log.coulomb = s.coulomb;
  if (log.viscous.size() == 0 || log.coulomb.size() == 0) defaultFriction(model, log.viscous, log.coulomb);
  log.armature = s.armature.size() == n ? s.armature : Eigen::VectorXd::Zero(n);
  if (log.viscous.size() != n || log.coulomb.size() != n)
    throw std::invalid_argument("simulate: friction vectors must have one entry per joint");
  for (const Eigen::VectorXd* v : {&s.coulombNegative, &s.coulombWidths, &s.stribeck, &s.stribeckVelocity})
    if (v->size() != 0 && v->size() != n)
      throw std::invalid_argument("simulate: friction vectors must have one entry per joint");
  if (s.stribeck.size() != s.stribeckVelocity.size() ||
      (s.stribeckVelocity.size() && !(s.stribeckVelocity.array() > 0.0).all()))
    throw std::invalid_argument("simulate: the Stribeck term needs a positive velocity per joint");

  const double dt = 1.0 / s.rateHz;
  const long N = static_cast<long>(std::floor(duration * s.rateHz + 1e-9)) + 1;
  log.t.resize(N);
  log.q.resize(N, n);
  log.tau.resize(N, n);
  log.qTrue.resize(N, n);
  log.qdTrue.resize(N, n);
  log.qddTrue.resize(N, n);
  log.tauTrue.resize(N, n);

  DynamicsWorkspace ws(model);
  Plant plant{model, ws, log.viscous, log.coulomb, log.armature, s.coulombWidth, s, {}, {}, {}};
  Eigen::VectorXd qD(n), qdD(n), qddD(n);
  desired(0.0, qD, qdD, qddD);
  Eigen::VectorXd q = qD, qd = qdD;
  std::mt19937_64 rng(s.seed);
  std::normal_distribution<double> gauss(0.0, 1.0);
  // Control instants; a separate generator, so a jitter-free run draws nothing and is as before.
  Eigen::VectorXd instants(N);
  std::mt19937_64 jitterRng(s.jitterSeed);
  std::uniform_real_distribution<double> offset(-0.5 * s.clockJitter, 0.5 * s.clockJitter);
  for (long k = 0; k < N; ++k) instants[k] = k * dt + (k > 0 && s.clockJitter > 0.0 ? offset(jitterRng) * dt : 0.0);

  for (long k = 0; k < N; ++k) {
    const double t = instants[k];
    const double h = s.clockJitter > 0.0 ? ((k + 1 < N ? instants[k + 1] : t + dt) - t) / s.substeps : dt / s.substeps;
    desired(t, qD, qdD, qddD);
    // Computed torque with the true model (or the controller's own): tracks the desired motion, the PD term
    // removes the drift of integration. Friction is fed forward from the desired
    // velocity, as real controllers do: compensating from the measured velocity
    // makes the Coulomb term chatter around zero crossings.
    const Eigen::VectorXd qddCmd = qddD + s.kp * (qD - q) + s.kd * (qdD - qd);
    plant.evaluate(q, qd);
    const Eigen::VectorXd tau =
        controller ? controller(q, qd, qddCmd, qdD) : Eigen::VectorXd(plant.M * qddCmd + plant.h + plant.friction(qdD));
    if (tau.size() != n) throw std::invalid_argument("simulate: the controller's torque has the wrong size");
    const Eigen::VectorXd qdd = plant.evaluatedAcceleration(qd, tau);

    log.t[k] = t;
    log.qTrue.row(k) = q.transpose();
    log.qdTrue.row(k) = qd.transpose();
    log.qddTrue.row(k) = qdd.transpose();
    log.tauTrue.row(k) = tau.transpose();
    for (int j = 0; j < n; ++j) {
      log.q(k, j) = q[j] + s.noisePosition * gauss(rng);
      log.tau(k, j) = tau[j] + s.noiseTorque * gauss(rng);
    }
    log.maxTrackingError = std::max(log.maxTrackingError, (qD - q).cwiseAbs().maxCoeff());

    // RK4 over the control period with tau held (zero-order hold). The first stage of the first
    // substep is the state the controller just evaluated: its acceleration is qdd.
    for (int sub = 0; sub < s.substeps; ++sub) {
      const Eigen::VectorXd k1v = qd, k1a = sub == 0 ? qdd : plant.acceleration(q, qd, tau);
      const Eigen::VectorXd k2v = qd + 0.5 * h * k1a, k2a = plant.acceleration(q + 0.5 * h * k1v, k2v, tau);
      const Eigen::VectorXd k3v = qd + 0.5 * h * k2a, k3a = plant.acceleration(q + 0.5 * h * k2v, k3v, tau);
      const Eigen::VectorXd k4v = qd + h * k3a, k4a = plant.acceleration(q + h * k3v, k4v, tau);
      q += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
      qd += h / 6.0 * (k1a + 2.0 * k2a + 2.0 * k3a + k4a);
    }
    if (!q.allFinite() || !qd.allFinite()) throw SimulationDiverged(t);
    if (progress && (k % 500 == 0) && !progress(static_cast<double>(k) / N)) throw Cancelled("simulation");
  }
  return log;
}

RegressorOptions regressorOptionsFor(const SimulationSettings& s, const SimulatedLog& log) {
  RegressorOptions o;
  o.viscous = true;
  o.coulomb = true;
  o.armature = log.armature.size() > 0 && log.armature.cwiseAbs().maxCoeff() > 0.0;
  o.coulombWidth = s.coulombWidth;
  return o;
}

Eigen::VectorXd simulatedParameters(const RobotModel& model, const RegressorOptions& options, const SimulatedLog& log) {
  return regressorParameters(model, options, options.viscous ? log.viscous : Eigen::VectorXd(),
                             options.coulomb ? log.coulomb : Eigen::VectorXd(), Eigen::VectorXd(),
                             options.armature ? log.armature : Eigen::VectorXd());
}

}  // namespace eb
