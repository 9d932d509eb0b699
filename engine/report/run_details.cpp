#include "report/run_details.hpp"

#include "report/html_text.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <functional>

namespace eb {

std::vector<double> informationEigenvalues(const NormalEquations& eq, const Eigen::VectorXd& weights) {
  if (eq.columns <= 0 || eq.A.empty()) return {};
  const Eigen::VectorXd w =
      weights.size() == eq.dof ? weights : Eigen::VectorXd::Ones(eq.dof);
  Eigen::MatrixXd A;
  Eigen::VectorXd c;
  eq.weightedTotals(w, A, c);
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(A, Eigen::EigenvaluesOnly);
  if (solver.info() != Eigen::Success) return {};
  std::vector<double> values(solver.eigenvalues().data(), solver.eigenvalues().data() + solver.eigenvalues().size());
  std::sort(values.begin(), values.end(), std::greater<double>());
  return values;
}

std::vector<std::pair<std::string, std::string>> settingsLines(const IdentificationSettings& s) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto yesNo = [](bool b) { return std::string(b ? "yes" : "no"); };
  const EstimationOptions& e = s.estimation;
  out.emplace_back("method (requested)", estimationMethodName(e.method));
  if (e.method == EstimationMethod::Ridge) out.emplace_back("ridge lambda", reportNumber(e.ridgeLambda));
  if (e.method == EstimationMethod::Consistent || e.method == EstimationMethod::Auto) {
    out.emplace_back("prior weight", e.priorWeight > 0.0 ? reportNumber(e.priorWeight) : "chosen on the held-out seconds");
    out.emplace_back("friction prior", frictionPriorName(e.frictionPrior));
  }
  out.emplace_back("refusal above cond", reportNumber(e.maxCondition));
  const RegressorOptions& r = s.regressor;
  std::string friction;
  if (r.viscous) friction = "viscous";
  if (r.coulomb)
    friction += std::string(friction.empty() ? "" : " + ") + (r.asymmetricCoulomb ? "asymmetric Coulomb" : "Coulomb");
  if (r.stribeck) friction += " + Stribeck";
  out.emplace_back("friction", friction.empty() ? "none" : friction);
  if (r.coulomb) {
    std::string widths;
    for (double w : r.coulombWidths) widths += (widths.empty() ? "" : ", ") + reportNumber(w, 3);
    out.emplace_back("Coulomb width [rad/s]", widths.empty() ? (r.coulombWidth > 0.0 ? reportNumber(r.coulombWidth, 3) : "0 (exact sign)") : widths);
  }
  if (r.stribeck) {
    std::string v;
    for (double x : r.stribeckVelocities) v += (v.empty() ? "" : ", ") + reportNumber(x, 3);
    out.emplace_back("Stribeck velocities [rad/s]", v);
  }
  out.emplace_back("torque offset column", yesNo(r.offset));
  out.emplace_back("armature column", yesNo(r.armature));
  const PreprocessOptions& p = s.preprocess;
  out.emplace_back("logged derivatives used", yesNo(s.useLoggedDerivatives));
  out.emplace_back("low-pass cutoff [Hz]", p.cutoffHz > 0.0 ? reportNumber(p.cutoffHz) : "automatic from the rate");
  out.emplace_back("filter order", std::to_string(p.filterOrder));
  out.emplace_back("torques filtered", yesNo(p.filterTorque));
  out.emplace_back("differentiator", p.differentiator == Differentiator::SavitzkyGolay
                                         ? "Savitzky-Golay (window " + std::to_string(p.savitzkyGolayWindow) +
                                               ", order " + std::to_string(p.savitzkyGolayOrder) + ")"
                                         : "central differences");
  out.emplace_back("segment edge trim [s]", p.edgeTrimSeconds < 0.0 ? "automatic" : reportNumber(p.edgeTrimSeconds));
  const LogImportOptions& i = s.import;
  out.emplace_back("gap threshold [nominal steps]", reportNumber(i.gapSteps));
  if (i.sampleRateHz > 0.0) out.emplace_back("sample rate given [Hz]", reportNumber(i.sampleRateHz));
  if (!i.torqueSigns.empty()) {
    std::string signs;
    for (double v : i.torqueSigns) signs += (signs.empty() ? "" : ",") + reportNumber(v, 2);
    out.emplace_back("torque signs", signs);
  }
  if (!i.torqueConstants.empty()) {
    std::string k;
    for (double v : i.torqueConstants) k += (k.empty() ? "" : ", ") + reportNumber(v);
    out.emplace_back("torque constants [N m/A]", k);
  }
  out.emplace_back("bad rows dropped", yesNo(i.dropBadRows));
  out.emplace_back("position range check", yesNo(s.checkPositionRanges));
  return out;
}

void describeRun(IdentifiedParameters& params, const AccumulatedEquations& logs, const BaseEstimate& estimate,
                 const IdentificationSettings& settings, const std::vector<LogWarning>& estimateWarnings) {
  params.informationEigenvalues = informationEigenvalues(logs.equations, estimate.jointWeights);
  params.logSummaries.clear();
  for (const LogSummary& log : logs.logs) params.logSummaries.push_back(log.text());
  params.findings.clear();
  for (const LogWarning& w : logs.warnings) params.findings.push_back(w.text());
  for (const LogWarning& w : estimateWarnings) params.findings.push_back(w.text());
  for (const std::string& note : estimate.notes) params.findings.push_back(note);
  params.settings = settingsLines(settings);
}

void recordHeldOut(IdentifiedParameters& params, const HeldOutPrediction& heldOut) {
  IdentifiedParameters::HeldOutScores scores;
  scores.source = heldOut.validation.source;
  scores.samples = heldOut.validation.samples;
  for (const ReportJointValidation& j : heldOut.validation.joints) {
    scores.nrmse.push_back(j.nrmseIdentified);
    scores.descriptionNrmse.push_back(j.nrmseDescription);
  }
  params.heldOut = scores;
  params.velocityRanges = heldOut.velocityRanges;
}

}  // namespace eb
