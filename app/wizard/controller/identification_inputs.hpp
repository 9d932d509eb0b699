#pragma once
// What each result of the identification controller was computed from, as plain structs with
// operator== over the engine's own settings structs (no JSON text keys): a cached result keeps
// the inputs it was made with, and the controller drops it the moment the document's current
// inputs compare unequal. Results a result builds on (the estimate under a validation) are
// compared by identity: a new estimate is a new input even with equal settings.

#include <QString>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/wizard/controller/document_types.hpp"
#include "io/payload_file.hpp"

namespace eb::wizard {

struct EstimateResult;
struct ValidationData;

/// The training logs as they are read and preprocessed: paths, mappings, torque signs and
/// formats (LogSource), the importer's options and the preprocessing.
struct LogsInputs {
  std::vector<LogSource> logs;
  ImportSettings import;
  PreprocessingSettings preprocessing;
  bool operator==(const LogsInputs& o) const {
    return logs == o.logs && import == o.import && preprocessing == o.preprocessing;
  }
  bool operator!=(const LogsInputs& o) const { return !(*this == o); }
};

/// What the accumulated normal equations depend on: the logs and the regressor columns (the
/// estimation settings with the method and ridge weight at their defaults, which only the
/// estimate step reads).
struct AccumulationInputs {
  LogsInputs logs;
  EstimationSettings columns;
  bool operator==(const AccumulationInputs& o) const { return logs == o.logs && columns == o.columns; }
  bool operator!=(const AccumulationInputs& o) const { return !(*this == o); }
};

/// What the friction comparison depends on: the logs and the columns beside friction (offset,
/// armature), as compareFrictionModels reads them (the friction shapes are what it compares).
struct FrictionInputs {
  LogsInputs logs;
  RegressorOptions columns;
  bool operator==(const FrictionInputs& o) const { return logs == o.logs && columns == o.columns; }
  bool operator!=(const FrictionInputs& o) const { return !(*this == o); }
};

/// What a validation depends on: the estimate it predicts with (identity) and the log.
struct ValidationInputs {
  std::shared_ptr<const EstimateResult> estimate;
  QString logPath;  ///< absolute
  bool operator==(const ValidationInputs& o) const { return estimate == o.estimate && logPath == o.logPath; }
  bool operator!=(const ValidationInputs& o) const { return !(*this == o); }
};

/// What the drift check depends on: the validation (identity) and the window [s].
struct DriftInputs {
  std::shared_ptr<const ValidationData> validation;
  double window = 0.0;
  bool operator==(const DriftInputs& o) const { return validation == o.validation && window == o.window; }
  bool operator!=(const DriftInputs& o) const { return !(*this == o); }
};

/// The plant a closed-loop run drives and the controller's gains, as the panel chose them.
struct ClosedLoopRequest {
  enum class Plant { Description, Log, File };
  Plant plant = Plant::Description;  ///< the description with simulate's friction, a log's or a params.json's estimate
  QString plantPath;                 ///< the log (Log) or the params.json (File), absolute
  double kp = 0.0;                   ///< [1/s^2]
  double kd = 0.0;                   ///< [1/s]
  bool operator==(const ClosedLoopRequest& o) const {
    return plant == o.plant && plantPath == o.plantPath && kp == o.kp && kd == o.kd;
  }
  bool operator!=(const ClosedLoopRequest& o) const { return !(*this == o); }
};

/// What a closed-loop run depends on: the estimate and the validation (identity: its motion is
/// tracked) and the request.
struct ClosedLoopInputs {
  std::shared_ptr<const EstimateResult> estimate;
  std::shared_ptr<const ValidationData> validation;
  ClosedLoopRequest request;
  bool operator==(const ClosedLoopInputs& o) const {
    return estimate == o.estimate && validation == o.validation && request == o.request;
  }
  bool operator!=(const ClosedLoopInputs& o) const { return !(*this == o); }
};

/// What predicts the robot's own torques under the payload.
enum class PayloadRobot { SessionEstimate, ModelParameters, UnloadedLog };

/// A payload identification as the page asks for it.
struct PayloadRequest {
  QString loaded;    ///< the log with the payload, absolute
  QString unloaded;  ///< the log without it (UnloadedLog only), absolute
  PayloadRobot robot = PayloadRobot::SessionEstimate;
  std::string link;                 ///< the link the payload is fixed to; empty: the tip
  bool offsets = false;             ///< per-joint torque offsets among the columns
  std::optional<DriveGains> gains;  ///< calibrated torque constants the logs are read with
  bool operator==(const PayloadRequest& o) const {
    return loaded == o.loaded && unloaded == o.unloaded && robot == o.robot && link == o.link && offsets == o.offsets &&
           gains == o.gains;
  }
  bool operator!=(const PayloadRequest& o) const { return !(*this == o); }
};

/// What a payload depends on: the request, the estimate it predicts the robot with (identity;
/// SessionEstimate only, else null) and the training logs (their mapping and import read the
/// payload's logs).
struct PayloadInputs {
  PayloadRequest request;
  std::shared_ptr<const EstimateResult> estimate;
  LogsInputs logs;
  bool operator==(const PayloadInputs& o) const {
    return request == o.request && estimate == o.estimate && logs == o.logs;
  }
  bool operator!=(const PayloadInputs& o) const { return !(*this == o); }
};

/// A torque-constant calibration as the panel asks for it.
struct GainRequest {
  QString payloadFile;  ///< the known payload's payload.json, absolute
  QString loaded;       ///< the log with it, absolute
  QString unloaded;     ///< optional log without it, absolute
  QString link;         ///< the mount link when the file names none (empty: the tip)
  bool operator==(const GainRequest& o) const {
    return payloadFile == o.payloadFile && loaded == o.loaded && unloaded == o.unloaded && link == o.link;
  }
  bool operator!=(const GainRequest& o) const { return !(*this == o); }
};

/// What a calibration depends on: the request and the training logs (mapping, import).
struct GainInputs {
  GainRequest request;
  LogsInputs logs;
  bool operator==(const GainInputs& o) const { return request == o.request && logs == o.logs; }
  bool operator!=(const GainInputs& o) const { return !(*this == o); }
};

/// The inputs of each result for the document as it is now (what a cached result is compared with).
LogsInputs logsInputsOf(const IdentificationDocument& document);
AccumulationInputs accumulationInputsOf(const IdentificationDocument& document);
FrictionInputs frictionInputsOf(const IdentificationDocument& document);

}  // namespace eb::wizard
