// `demo [--robot panda] [--out-dir DIR]`: the whole pipeline on the default
// robot — design an excitation, simulate the experiment and an independent
// validation run, identify (weighted LS and physically consistent), validate,
// export — with a short report.
#include "cli_commands.hpp"
#include "cli_support.hpp"
#include "simulation/simulated_log_csv.hpp"
#include "report/held_out_prediction.hpp"
#include "report/html_report.hpp"
#include "report/report_builder.hpp"
#include "report/run_details.hpp"

#include "excitation/default_excitation.hpp"
#include "excitation/excitation_optimizer.hpp"
#include "identification/butterworth_filter.hpp"
#include "identification/identification_pipeline.hpp"
#include "identification/validation.hpp"
#include "io/excitation_json.hpp"
#include "io/params_file.hpp"
#include "io/identified_dynamics.hpp"
#include "io/mjcf_conversion.hpp"
#include "io/urdf_export.hpp"
#include "model/robot_loader.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace eb::cli {
namespace {

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void addDemoCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("demo", "Design, simulate, identify, validate and export on the default robot");
  struct Args {
    std::string robot = "panda", outDir = "excitebench-demo";
    double designTime = 10.0, noiseTorque = 0.05, noisePosition = 1e-5;
    unsigned seed = 1;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--robot", a->robot, "Robot (default panda)");
  cmd->add_option("--out-dir", a->outDir, "Folder for the files the demo writes");
  cmd->add_option("--design-time", a->designTime, "Optimizer time limit [s]")->check(CLI::PositiveNumber);
  cmd->add_option("--noise-torque", a->noiseTorque, "Simulated torque noise sigma [N m]");
  cmd->add_option("--noise-position", a->noisePosition, "Simulated position noise sigma [rad]");
  cmd->add_option("--seed", a->seed, "Seed of the optimizer and of the noise");
  cmd->callback([a]() {
    namespace fs = std::filesystem;
    const auto t0 = std::chrono::steady_clock::now();
    fs::create_directories(a->outDir);
    const auto path = [&](const char* name) { return (fs::path(a->outDir) / name).string(); };
    const RobotModel model = loadRobot(a->robot);
    std::printf("ExciteBench demo on %s (%d joints)\n\n", model.name().c_str(), model.dof());

    // 1. Design.
    OptimizerSettings os;
    os.period = 10.0;  // the demo's own run (its printed figures), not the new-excitation default
    os.timeLimit = a->designTime;
    os.starts = 2;
    os.seed = a->seed;
    std::printf("1. design: Fourier, %d harmonics, T = %.0f s, criterion cond, %.0f s budget ...\n", os.harmonics,
                os.period, os.timeLimit);
    std::fflush(stdout);
    const OptimizerResult design = optimizeExcitation(model, std::nullopt, os);
    writeExcitationJson(path("excitation.json"), excitationFileOf(a->robot, model, design.trajectory, design.metrics, design.feasible));
    std::printf("   cond(Phi_b) = %.3g (column-scaled %.3g), feasible: %s, %d evaluations in %.1f s\n",
                design.metrics.cond, design.metrics.condScaled, design.feasible ? "yes" : "NO", design.evaluations,
                design.elapsed);

    // 2. Simulated experiment and an independent validation run.
    SimulationSettings ss;
    ss.noiseTorque = a->noiseTorque;
    ss.noisePosition = a->noisePosition;
    ss.seed = a->seed;
    const SimulatedLog log = simulateExperiment(model, Trajectory(design.trajectory), ss);
    writeSimulatedLogCsv(path("experiment.csv"), log);
    SimulationSettings vs = ss;
    vs.seed = a->seed + 1000;
    const SimulatedLog vlog = simulateExperiment(model, Trajectory(defaultExcitation(model, 8.0, 4)), vs);
    writeSimulatedLogCsv(path("validation.csv"), vlog);
    std::printf("2. simulate: %.0f s at %.0f Hz, torque noise %.3g N m, position noise %.3g rad -> experiment.csv, "
                "validation.csv (max tracking error %.2g rad)\n",
                log.t[log.t.size() - 1], ss.rateHz, ss.noiseTorque, ss.noisePosition, log.maxTrackingError);

    // 3. Identify from the log file, as a user would.
    IdentificationSettings is;
    is.estimation.method = EstimationMethod::Wls;
    is.preprocess.cutoffHz = defaultCutoffHz(os.harmonics / os.period, ss.rateHz);
    IdentificationRun run = identifyFromLogs(model, {path("experiment.csv")}, is);
    // The same equations again, physically consistent: the estimate step alone, no second read.
    const BaseEstimate consistent =
        estimateFromLogs(model, run, EstimationOptions{EstimationMethod::Consistent, 0.0, 1e8}).estimate;
    std::printf("3. identify: %d base parameters (rigid body + viscous + Coulomb), filter %.3g Hz, weighted LS and "
                "physically consistent\n",
                run.base.rank, is.preprocess.cutoffHz);
    const Eigen::VectorXd truth = run.base.baseFromFull(simulatedParameters(model, run.base.options, log));
    int within = 0, good = 0;
    for (int k = 0; k < run.base.rank; ++k) {
      if (run.estimate.relativeStddev[k] > 10.0) continue;
      ++good;
      within += std::abs(run.estimate.values[k] - truth[k]) <= 3.0 * run.estimate.stddev[k];
    }
    std::printf("   %d well-identified parameters (rel. std < 10 %%), %d of them within 3 sigma of the truth\n", good,
                within);

    // 4. Validate on the independent run.
    const PreprocessedLog vpre = loadAndPreprocess(model, path("validation.csv"), is);
    const ValidationResult vw = validatePrediction(model, run.base, run.estimate.values, vpre.q, vpre.qd, vpre.qdd, vpre.tau);
    const ValidationResult vc = validatePrediction(model, run.base, consistent.values, vpre.q, vpre.qd, vpre.qdd, vpre.tau);
    std::printf("4. validate on validation.csv (%ld samples):\n", vw.samples);
    std::printf("   joint  RMSE wls [N m]  NRMSE wls   RMSE consistent  NRMSE consistent\n");
    for (int j = 0; j < model.dof(); ++j)
      std::printf("   %5d  %14.4g  %8.2f %%  %15.4g  %14.2f %%\n", j + 1, vw.rmse[j], vw.nrmse[j], vc.rmse[j], vc.nrmse[j]);

    // 5. Export.
    writeParamsFile(path("params.json"), makeIdentifiedParameters(a->robot, model, run.base, run.estimate, {path("experiment.csv")}), model);
    writeParamsFile(path("params.yaml"), makeIdentifiedParameters(a->robot, model, run.base, run.estimate, {path("experiment.csv")}), model);
    IdentifiedParameters pc = makeIdentifiedParameters(a->robot, model, run.base, consistent, {path("experiment.csv")});
    // The report to share, of the consistent estimate: its spectrum, logs, settings and held-out
    // seconds go into params_consistent.json too, as identify --report writes them.
    IdentificationSettings cs = is;
    cs.estimation.method = EstimationMethod::Consistent;
    describeRun(pc, run, consistent, cs);
    const HeldOutPrediction heldOut =
        predictHeldOut(model, run.base, consistent.values, {LogInput(path("experiment.csv"))}, cs);
    recordHeldOut(pc, heldOut);
    writeParamsFile(path("params_consistent.json"), pc, model);
    writeHtmlReport(path("report.html"), reportOfRun(pc, model, &heldOut, "params_consistent.json"));
    // The identified model for simulators: URDF with <dynamics>, and MJCF for MuJoCo.
    const IdentifiedDynamics dynamics = identifiedDynamics(model, pc, "params_consistent.json");
    writeIdentifiedUrdf(path("identified.urdf"), model, robotUrdfText(a->robot), "params_consistent.json", dynamics);
    MjcfConversionOptions mjcf;
    mjcf.sourceName = a->robot;
    writeMjcfConversion(path("identified.xml"), model, dynamics, mjcf);
    std::printf("5. export: %s/{excitation.json, params.json, params.yaml, params_consistent.json, identified.urdf, "
                "identified.xml, report.html}\n",
                a->outDir.c_str());
    std::printf("\ndone in %.1f s\n", secondsSince(t0));
  });
}

}  // namespace eb::cli
