#include "app/gui/evaluation_service.hpp"

#include "excitation/trajectory_sampling.hpp"
#include "simulation/trajectory_torques.hpp"
#include "util/thread_pool.hpp"
#include "util/vector_state.hpp"

#include <QMetaObject>

#include <chrono>
#include <cmath>
#include <exception>

namespace eb::gui {
namespace {

constexpr int kDisplayPoints = 400;  // chart resolution: about one point per pixel of a small-multiple chart

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Decimated copy of the samples and torques, with limit bands and violation marks, for the charts.
std::shared_ptr<widgets::SignalChartData> chartData(const RobotModel& model, const TrajectorySamples& s,
                                                    const Eigen::MatrixXd& tau, const ConstraintReport& report,
                                                    const LimitScale& scale) {
  auto data = std::make_shared<widgets::SignalChartData>();
  const int n = s.size(), dof = model.dof();
  const int stride = std::max(1, (n + kDisplayPoints - 1) / kDisplayPoints);
  const int rows = (n + stride - 1) / stride;
  data->t.resize(rows);
  for (auto& m : data->values) m.resize(rows, dof);
  for (int r = 0; r < rows; ++r) {
    const int i = r * stride;
    data->t[r] = s.t[i];
    data->values[0].row(r) = s.q.row(i);
    data->values[1].row(r) = s.qd.row(i);
    data->values[2].row(r) = s.qdd.row(i);
    data->values[3].row(r) = tau.row(i);
  }
  std::vector<JointLimits> limits;
  for (const Joint& j : model.joints()) limits.push_back(j.limits);
  const std::vector<JointLimits> scaled = scaleLimits(limits, scale);
  for (int j = 0; j < dof; ++j) {
    const JointLimits& l = scaled[static_cast<size_t>(j)];
    data->limits[0].emplace_back(l.lower, l.upper);
    data->limits[1].emplace_back(-l.velocity, l.velocity);
    data->limits[2].emplace_back(-l.acceleration, l.acceleration);
    data->limits[3].emplace_back(-l.effort, l.effort);
    data->jointNames << QString::fromStdString(model.joint(j).name);
    data->prismatic.push_back(model.joint(j).type == JointType::Prismatic);
  }
  for (const ConstraintViolation& v : report.violations) {
    if (v.joint < 0 || v.quantity == LimitQuantity::KeepOut) continue;
    data->violations.push_back({v.joint, static_cast<int>(v.quantity), v.time, v.value});
  }
  return data;
}

}  // namespace

// The evaluator of one robot (key) and column set: base parameters and the accumulator are
// built once and reused for every edit. Its model copy serves the criterion only (the
// dynamics parameters, which a limit edit leaves alone); the limit check reads the request's model.
struct Evaluator::Robot {
  quint64 key = 0;
  std::unique_ptr<ExcitationEvaluator> evaluator;
};

Evaluator::Evaluator() = default;
Evaluator::~Evaluator() = default;

EvaluationResult Evaluator::evaluate(const EvaluationRequest& request,
                                     const std::function<void(const EvaluationResult&)>& metricsReady,
                                     const std::function<bool()>& superseded) {
  const auto start = std::chrono::steady_clock::now();
  EvaluationResult result;
  result.startedAt = start;
  result.serial = request.serial;
  result.robotKey = request.robotKey;
  try {
    const RobotModel& model = *request.robot;
    const ExcitationEvaluationSettings& settings = request.evaluation;
    // Base parameters depend on the robot and the columns, not on the trajectory: once for each.
    if (!robot_ || robot_->key != request.robotKey || !(robot_->evaluator->regressor() == settings.regressor)) {
      auto r = std::make_unique<Robot>();
      r->key = request.robotKey;
      r->evaluator = std::make_unique<ExcitationEvaluator>(model, settings.regressor, &sharedThreadPool());
      robot_ = std::move(r);
    }
    result.base = robot_->evaluator->sharedBase();
    result.samplingMs = msSince(start);
    // The one evaluation (excitation_evaluation.hpp): the cond `evaluate` and the optimizer report.
    result.metrics = robot_->evaluator->metrics(request.trajectory, settings, &result.sampleRate);
    result.metricsMs = msSince(start);
    result.metricsAt = std::chrono::steady_clock::now();
    if (metricsReady) metricsReady(result);
    if (superseded && superseded()) {
      result.totalMs = msSince(start);
      return result;
    }

    // The limit check `design` and `evaluate` report, with the document's (possibly edited) limits.
    result.constraints = checkExcitationLimits(model, request.trajectory, settings);
    if (superseded && superseded()) {
      result.totalMs = msSince(start);
      return result;
    }
    // The charts' own grid: about one point per pixel. As `excitebench-cli torques` computes
    // them; overflowing torques fail the evaluation, naming the sample.
    const double duration = trajectoryDuration(request.trajectory);
    const Eigen::VectorXd times = Eigen::VectorXd::LinSpaced(kDisplayPoints, 0.0, duration);  // both ends
    const TrajectorySamples samples = sampleTrajectoryAt(request.trajectory, times);
    const Eigen::MatrixXd tau = trajectoryTorques(model, samples, "trajectory");
    result.charts = chartData(model, samples, tau, result.constraints, settings.limitScale);
    result.usage.resize(static_cast<size_t>(model.dof()));
    const LimitQuantity quantities[4] = {LimitQuantity::Position, LimitQuantity::Velocity, LimitQuantity::Acceleration,
                                         LimitQuantity::Torque};
    for (int j = 0; j < model.dof(); ++j)
      for (int k = 0; k < 4; ++k) {
        const ConstraintMargin* m = result.constraints.margin(j, quantities[k]);
        result.usage[static_cast<size_t>(j)].fraction[static_cast<size_t>(k)] = m ? m->usage : NAN;
      }
  } catch (const std::exception& e) {
    result.error = e.what();
  }
  result.totalMs = msSince(start);
  result.complete = result.error.empty();
  return result;
}

EvaluationService::EvaluationService(QObject* parent)
    : QObject(parent), evaluator_(std::make_unique<Evaluator>()), thread_([this] { run(); }) {}

EvaluationService::~EvaluationService() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void EvaluationService::request(EvaluationRequest request) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_ = std::move(request);  // an older request not yet started is dropped here
  }
  wake_.notify_one();
}

void EvaluationService::run() {
  for (;;) {
    EvaluationRequest request;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || pending_.has_value(); });
      if (stop_) return;
      request = std::move(*pending_);
      pending_.reset();
    }
    // Queued to the GUI thread; dropped by Qt if this object is gone by then.
    auto post = [this](std::shared_ptr<const EvaluationResult> r) {
      QMetaObject::invokeMethod(this, [this, r] { emit resultReady(r); }, Qt::QueuedConnection);
    };
    auto superseded = [this] {
      std::lock_guard<std::mutex> lock(mutex_);
      return stop_ || pending_.has_value();
    };
    clearUpperVectorState();  // see util/vector_state.hpp: the GUI's renderer may have left it dirty
    auto result = std::make_shared<const EvaluationResult>(evaluator_->evaluate(
        request, [&post](const EvaluationResult& metrics) { post(std::make_shared<const EvaluationResult>(metrics)); },
        superseded));
    ++computed_;
    if (result->complete || !result->error.empty()) post(result);  // an incomplete one was posted as metrics
  }
}

}  // namespace eb::gui
