#include "report/held_out_prediction.hpp"

#include "identification/validation.hpp"
#include "report/decimation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace eb {
namespace held_out_prediction_detail {

// Per joint: the envelope of measured and predicted torque, and the sums NRMSE needs.
struct JointAccumulator {
  explicit JointAccumulator(std::size_t columns) : measured(columns), predicted(columns) {}
  EnvelopeBuffer measured, predicted;
  double measuredSquares = 0.0, errorSquares = 0.0, descriptionErrorSquares = 0.0;
};

double nrmsePercent(double errorSquares, double measuredSquares) {
  return measuredSquares > 0.0 ? 100.0 * std::sqrt(errorSquares / measuredSquares) : 0.0;
}

void fill(ReportJointValidation& out, const EnvelopeBuffer& measured, const EnvelopeBuffer& predicted) {
  measured.points(out.measuredTime, out.measured);
  predicted.points(out.predictedTime, out.predicted);
}

}  // namespace held_out_prediction_detail

HeldOutPrediction predictHeldOut(const RobotModel& model, const BaseParameters& base, const Eigen::VectorXd& values,
                                 const std::vector<LogInput>& logs, const IdentificationSettings& settings,
                                 std::size_t columns) {
  using namespace held_out_prediction_detail;
  const int dof = model.dof();
  const Eigen::VectorXd description = modelBaseParameters(model, base);
  std::vector<JointAccumulator> joints(static_cast<std::size_t>(dof), JointAccumulator(columns));
  HeldOutPrediction out;
  out.velocityRanges.assign(static_cast<std::size_t>(dof), {std::numeric_limits<double>::infinity(),
                                                            -std::numeric_limits<double>::infinity()});
  long samples = 0;
  double offset = 0.0;  // where this log starts on the report's time axis [s]
  std::string names;
  for (const LogInput& log : logs) {
    const IdentificationSettings s = settingsForLog(settings, log);
    bool started = false;
    double t0 = 0.0, last = 0.0;
    std::vector<LogWarning> warnings;  // identification reported them already
    const SampleSink sink = [&](const Eigen::VectorXd& t, const Eigen::MatrixXd& q, const Eigen::MatrixXd& qd,
                                const Eigen::MatrixXd& qdd, const Eigen::MatrixXd& tau) {
      if (t.size() == 0) return;
      if (!started) {
        t0 = t[0];
        started = true;
      }
      last = t[t.size() - 1];
      for (int j = 0; j < dof; ++j) {
        auto& range = out.velocityRanges[static_cast<std::size_t>(j)];
        range.first = std::min(range.first, qd.col(j).minCoeff());
        range.second = std::max(range.second, qd.col(j).maxCoeff());
      }
      std::vector<Eigen::Index> rows;
      for (Eigen::Index i = 0; i < t.size(); ++i)
        if (isHeldOutSample(t[i], t0)) rows.push_back(i);
      if (rows.empty()) return;
      const Eigen::Index n = static_cast<Eigen::Index>(rows.size());
      Eigen::MatrixXd hq(n, dof), hqd(n, dof), hqdd(n, dof), htau(n, dof);
      for (Eigen::Index k = 0; k < n; ++k) {
        hq.row(k) = q.row(rows[static_cast<std::size_t>(k)]);
        hqd.row(k) = qd.row(rows[static_cast<std::size_t>(k)]);
        hqdd.row(k) = qdd.row(rows[static_cast<std::size_t>(k)]);
        htau.row(k) = tau.row(rows[static_cast<std::size_t>(k)]);
      }
      const Eigen::MatrixXd predicted = predictTorques(model, base, values, hq, hqd, hqdd);
      const Eigen::MatrixXd own = predictTorques(model, base, description, hq, hqd, hqdd);
      for (int j = 0; j < dof; ++j) {
        JointAccumulator& a = joints[static_cast<std::size_t>(j)];
        for (Eigen::Index k = 0; k < n; ++k) {
          const double time = offset + t[rows[static_cast<std::size_t>(k)]] - t0;
          a.measured.add(time, htau(k, j));
          a.predicted.add(time, predicted(k, j));
          a.measuredSquares += htau(k, j) * htau(k, j);
          a.errorSquares += (predicted(k, j) - htau(k, j)) * (predicted(k, j) - htau(k, j));
          a.descriptionErrorSquares += (own(k, j) - htau(k, j)) * (own(k, j) - htau(k, j));
        }
      }
      samples += n;
    };
    preprocessLogInto(model, log.path, s, sink, warnings);
    offset += started ? last - t0 : 0.0;
    names += (names.empty() ? "" : ", ") + log.path;
  }
  out.validation.source = "the held-out seconds (every fifth) of " + names;
  out.validation.samples = samples;
  for (int j = 0; j < dof; ++j) {
    const JointAccumulator& a = joints[static_cast<std::size_t>(j)];
    ReportJointValidation v;
    v.joint = model.joint(j).name;
    v.nrmseIdentified = nrmsePercent(a.errorSquares, a.measuredSquares);
    v.nrmseDescription = nrmsePercent(a.descriptionErrorSquares, a.measuredSquares);
    fill(v, a.measured, a.predicted);
    out.validation.joints.push_back(std::move(v));
  }
  for (auto& range : out.velocityRanges)
    if (!(range.first <= range.second)) range = {0.0, 0.0};  // a log without samples
  return out;
}

ReportValidation reportValidation(const std::vector<std::string>& jointNames, const std::string& source,
                                  const Eigen::VectorXd& t, const Eigen::MatrixXd& measured,
                                  const Eigen::MatrixXd& predicted, const Eigen::VectorXd& nrmseIdentified,
                                  const Eigen::VectorXd& nrmseDescription, std::size_t columns) {
  using namespace held_out_prediction_detail;
  ReportValidation out;
  out.source = source;
  out.samples = static_cast<long>(t.size());
  for (std::size_t j = 0; j < jointNames.size(); ++j) {
    const Eigen::Index c = static_cast<Eigen::Index>(j);
    EnvelopeBuffer m(columns), p(columns);
    if (c < measured.cols() && c < predicted.cols() && measured.rows() == t.size() && predicted.rows() == t.size())
      for (Eigen::Index i = 0; i < t.size(); ++i) {
        m.add(t[i] - t[0], measured(i, c));
        p.add(t[i] - t[0], predicted(i, c));
      }
    ReportJointValidation v;
    v.joint = jointNames[j];
    v.nrmseIdentified = c < nrmseIdentified.size() ? nrmseIdentified[c] : std::numeric_limits<double>::quiet_NaN();
    v.nrmseDescription = c < nrmseDescription.size() ? nrmseDescription[c] : std::numeric_limits<double>::quiet_NaN();
    fill(v, m, p);
    out.joints.push_back(std::move(v));
  }
  return out;
}

}  // namespace eb
