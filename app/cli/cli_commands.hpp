#pragma once
// Each subcommand of excitebench-cli registers itself on the CLI11 app; its
// callback does the work through engine calls and throws on failure (main
// prints the one-line reason and exits non-zero).

namespace CLI {
class App;
}

namespace eb::cli {

void addInfoCommand(CLI::App& app);
void addTorquesCommand(CLI::App& app);
void addDesignCommand(CLI::App& app);
void addEvaluateCommand(CLI::App& app);  // evaluate ROBOT excitation.json: criteria, spectrum, limit usage
void addSampleCommand(CLI::App& app);
void addSimulateCommand(CLI::App& app);
void addIdentifyCommand(CLI::App& app);
void addPayloadCommands(CLI::App& app);  // identify-payload, identify-gains
void addCompareFrictionCommand(CLI::App& app);
void addValidateCommand(CLI::App& app);
void addClosedLoopCommand(CLI::App& app);
void addExportCommand(CLI::App& app);
void addDemoCommand(CLI::App& app);
void addInspectLogCommand(CLI::App& app);  // inspect-log
void addReportCommand(CLI::App& app);      // report A.json [--compare B.json]: the HTML identification report

}  // namespace eb::cli
