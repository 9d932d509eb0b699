#include "identification/log_preprocessing.hpp"

#include "util/input_error.hpp"
#include "util/text_format.hpp"
#include "util/cancelled.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace eb {

// A named namespace, not an anonymous one: StreamingLogPreprocessor::Impl (declared in the
// header) holds a SegmentProcessor.
namespace log_preprocessing_detail {

// Transients are cut 10x below the 1e-12 the block/whole comparison needs: derivatives of the
// filtered signal see the residue too.
constexpr double kMarginTolerance = 1e-13;

// Largest sample rate / cutoff ratio (10 kHz with a 0.05 Hz cutoff): see SegmentProcessor.
constexpr double kMaxRateToCutoff = 2e5;

PreprocessOptions withCutoff(PreprocessOptions o, double sampleRateHz) {
  if (o.cutoffHz <= 0.0 && sampleRateHz > 0.0) o.cutoffHz = automaticCutoffHz(sampleRateHz);
  if (o.edgeTrimSeconds < 0.0 && o.cutoffHz > 0.0) o.edgeTrimSeconds = automaticEdgeTrimSeconds(o.cutoffHz);
  return o;
}

// The filters of one preprocessing setup and the arithmetic on one contiguous segment,
// shared by preprocessLog (one segment: the whole log) and the streaming form.
class SegmentProcessor {
 public:
  SegmentProcessor(int dof, double sampleRateHz, const PreprocessOptions& given, bool loggedVelocity)
      : dof_(dof), loggedVelocity_(loggedVelocity), options_(withCutoff(given, sampleRateHz)) {
    const PreprocessOptions& options = options_;
    if (dof < 1) throw std::invalid_argument("preprocessing needs at least one joint");
    if (!(sampleRateHz > 0.0)) throw std::invalid_argument("preprocessing needs a positive sample rate");
    if (options.decimation < 1)
      throw std::invalid_argument("decimation must be >= 1, got " + std::to_string(options.decimation));
    const double decimatedLimit = 0.8 * 0.5 * sampleRateHz / options.decimation;
    if (options.decimation > 1 && options.cutoffHz > decimatedLimit)
      throw std::invalid_argument("cutoff " + std::to_string(options.cutoffHz) + " Hz is too high to keep every " +
                                  std::to_string(options.decimation) + "th sample: at most " +
                                  std::to_string(decimatedLimit) + " Hz (0.8 x the new Nyquist frequency)");
    // The filter settles in a few samples per rate/cutoff ratio and the pads and the edge fit
    // are that long: a ratio beyond this (a time column in the wrong unit, a cutoff typed in
    // mHz) would be minutes and gigabytes, not a filter.
    if (options.cutoffHz > 0.0 && sampleRateHz / options.cutoffHz > kMaxRateToCutoff) {
      char text[160];
      std::snprintf(text, sizeof text, "cutoff %.6g Hz is more than %.0f times below the sample rate %.6g Hz",
                    options.cutoffHz, kMaxRateToCutoff, sampleRateHz);
      throw std::invalid_argument(std::string(text) + " (is the time column in seconds?)");
    }
    filter_ = designButterworthLowpass(options.filterOrder, options.cutoffHz, sampleRateHz);
    // Ends: a pad as long as the start-up transient (scipy's 3 x order samples leave it in the
    // data), continuing the curvature of a cubic fitted over one cutoff period, so qd and qdd
    // stay right near the ends of the log.
    filter_.padLength = settlingSamples(filter_, kMarginTolerance);
    filter_.extension = EdgeExtension::OddCubic;
    filter_.fitLength = static_cast<std::size_t>(std::lround(sampleRateHz / options.cutoffHz));
    support_ = 2;
    if (options.differentiator == Differentiator::SavitzkyGolay) {
      const double step = 1.0 / sampleRateHz;
      first_ = designSavitzkyGolay(options.savitzkyGolayWindow, options.savitzkyGolayOrder, 1, step);
      if (!loggedVelocity)
        second_ = designSavitzkyGolay(options.savitzkyGolayWindow, options.savitzkyGolayOrder, 2, step);
      support_ = static_cast<std::size_t>(options.savitzkyGolayWindow);
    }
    if (!(options.edgeTrimSeconds >= 0.0) || !std::isfinite(options.edgeTrimSeconds))
      throw std::invalid_argument("the edge trim must be a finite number of seconds >= 0");
    trim_ = static_cast<std::size_t>(std::lround(std::min(options.edgeTrimSeconds * sampleRateHz, 1e9)));
    margin_ = std::max(settlingSamples(filter_, kMarginTolerance) + support_ + 2, trim_);
  }

  std::size_t margin() const { return margin_; }
  const PreprocessOptions& options() const { return options_; }
  std::size_t minimumSamples() const { return std::max<std::size_t>(3, support_); }
  std::size_t trim() const { return trim_; }
  bool loggedVelocity() const { return loggedVelocity_; }
  std::size_t workspaceBytes() const { return workspace_.extended.capacity() * sizeof(double); }

  // Filters q and tau, and makes qd and qdd, on `n` samples. Inputs and outputs are one pointer
  // per joint to n contiguous samples; qd inputs are read only with logged velocities.
  void run(const double* t, const double* const* q, const double* const* qd, const double* const* tau, std::size_t n,
           double* const* qOut, double* const* qdOut, double* const* qddOut, double* const* tauOut) {
    for (int j = 0; j < dof_; ++j) {
      filtfilt(filter_, q[j], n, qOut[j], workspace_);
      if (options_.filterTorque)
        filtfilt(filter_, tau[j], n, tauOut[j], workspace_);
      else
        std::copy(tau[j], tau[j] + n, tauOut[j]);
      if (loggedVelocity_) {
        filtfilt(filter_, qd[j], n, qdOut[j], workspace_);
        firstDerivative(t, qdOut[j], n, qddOut[j]);
      } else {
        firstDerivative(t, qOut[j], n, qdOut[j]);
        secondDerivative(t, qOut[j], n, qddOut[j]);
      }
    }
  }

 private:
  void firstDerivative(const double* t, const double* x, std::size_t n, double* out) const {
    if (options_.differentiator == Differentiator::SavitzkyGolay) applySavitzkyGolay(first_, x, n, out);
    else centralDerivative(t, x, n, out);
  }
  void secondDerivative(const double* t, const double* x, std::size_t n, double* out) const {
    if (options_.differentiator == Differentiator::SavitzkyGolay) applySavitzkyGolay(second_, x, n, out);
    else centralSecondDerivative(t, x, n, out);
  }

  int dof_;
  bool loggedVelocity_;
  PreprocessOptions options_;
  ButterworthLowpass filter_;
  SavitzkyGolayFilter first_, second_;
  FiltfiltWorkspace workspace_;
  std::size_t support_ = 2, margin_ = 0, trim_ = 0;
};

template <class Matrix>
std::vector<double*> columnPointers(Matrix& m, Eigen::Index firstColumn, int count) {
  std::vector<double*> p(static_cast<std::size_t>(count));
  for (int j = 0; j < count; ++j) p[static_cast<std::size_t>(j)] = m.col(firstColumn + j).data();
  return p;
}

}  // namespace log_preprocessing_detail

using log_preprocessing_detail::columnPointers;
using log_preprocessing_detail::SegmentProcessor;
using log_preprocessing_detail::withCutoff;

// ---------------------------------------------------------------------------------------------
std::string PreprocessReport::text() const {
  std::string out = interpolatedPoints > 0
                        ? "resampled onto a uniform " + formatSignificant(gridRateHz, 6) + " Hz grid (cubic)"
                        : "uniform at " + formatSignificant(gridRateHz, 6) + " Hz";
  if (segmentsUsed > 1 || segmentsIn > 1)
    out += ", " + std::to_string(segmentsUsed) + " segments filtered on their own";
  if (segmentsTooShort > 0)
    out += " (" + std::to_string(segmentsTooShort) + (segmentsTooShort == 1 ? " segment" : " segments") +
           " too short for the filter dropped)";
  if (trimSeconds > 0.0) out += ", " + formatSignificant(trimSeconds, 3) + " s trimmed at each end";
  out += "; cutoff " + formatSignificant(cutoffHz, 3) + " Hz; " + std::to_string(rowsOut) + " samples";
  return out;
}

// ---------------------------------------------------------------------------------------------
struct StreamingLogPreprocessor::Impl {
  Impl(int dofIn, bool hasVelocity, double fs, const PreprocessOptions& options, std::size_t blockRowsIn)
      : dof(dofIn),
        processor(dofIn, fs, options, options.useLoggedVelocity && hasVelocity),
        resampler(dofIn * (options.useLoggedVelocity && hasVelocity ? 3 : 2), 1.0 / fs),
        blockRows(blockRowsIn),
        decimation(static_cast<std::size_t>(options.decimation)),
        gridRateHz(fs) {
    if (blockRows < 1) throw std::invalid_argument("StreamingLogPreprocessor: blockRows must be positive");
    margin = processor.margin();
    trim = processor.trim();
    capacity = blockRows + 2 * margin;
    const int velocityColumns = processor.loggedVelocity() ? dof : 0;
    qCol = 1;
    qdCol = qCol + dof;
    tauCol = qdCol + velocityColumns;
    const auto cap = static_cast<Eigen::Index>(capacity);
    input.resize(cap, tauCol + dof);
    qOut.resize(cap, dof);
    qdOut.resize(cap, dof);
    qddOut.resize(cap, dof);
    tauOut.resize(cap, dof);
    qIn.resize(static_cast<std::size_t>(dof));
    qdIn.assign(static_cast<std::size_t>(dof), nullptr);
    tauIn.resize(static_cast<std::size_t>(dof));
    for (int j = 0; j < dof; ++j) {
      qIn[static_cast<std::size_t>(j)] = input.col(qCol + j).data();
      if (velocityColumns) qdIn[static_cast<std::size_t>(j)] = input.col(qdCol + j).data();
      tauIn[static_cast<std::size_t>(j)] = input.col(tauCol + j).data();
    }
    qPtr = columnPointers(qOut, 0, dof);
    qdPtr = columnPointers(qdOut, 0, dof);
    qddPtr = columnPointers(qddOut, 0, dof);
    tauPtr = columnPointers(tauOut, 0, dof);
    sample.resize(static_cast<std::size_t>(tauCol - 1 + dof));
    nextOut = trim;
  }

  // One grid sample of the current segment from the resampler: [q | qd (logged) | tau].
  void append(double t, const double* values, const Sink& sink) {
    const auto at = static_cast<Eigen::Index>(bufferCount);
    input(at, 0) = t;
    for (Eigen::Index c = 1; c < input.cols(); ++c) input(at, c) = values[c - 1];
    ++bufferCount;
    // A block is ready once its right margin has arrived; the buffer is then full.
    while (bufferStart + bufferCount >= nextOut + blockRows + margin) emit(nextOut + blockRows, nextOut + blockRows + margin, sink);
  }

  // Computes the window [bufferStart, windowEnd) of the segment (it always starts at buffer row 0)
  // and emits its rows [nextOut, outEnd); then drops input rows no longer needed as left margin.
  void emit(std::size_t outEnd, std::size_t windowEnd, const Sink& sink) {
    const std::size_t length = windowEnd - bufferStart;
    processor.run(input.col(0).data(), qIn.data(), qdIn.data(), tauIn.data(), length, qPtr.data(), qdPtr.data(),
                  qddPtr.data(), tauPtr.data());

    // Decimation keeps rows trim, trim + k, ... of each segment.
    const std::size_t firstKept = trim + (nextOut - trim + decimation - 1) / decimation * decimation;
    const std::size_t count = firstKept < outEnd ? (outEnd - firstKept + decimation - 1) / decimation : 0;
    const auto c = static_cast<Eigen::Index>(count);
    block.firstRow = rowsOut;
    block.segment = segmentsUsed;
    block.t.resize(c);
    block.q.resize(c, dof);
    block.qd.resize(c, dof);
    block.qdd.resize(c, dof);
    block.tau.resize(c, dof);
    for (Eigen::Index i = 0; i < c; ++i) {
      const auto r = static_cast<Eigen::Index>(firstKept - bufferStart) + i * static_cast<Eigen::Index>(decimation);
      block.t(i) = input(r, 0);
      block.q.row(i) = qOut.row(r);
      block.qd.row(i) = qdOut.row(r);
      block.qdd.row(i) = qddOut.row(r);
      block.tau.row(i) = tauOut.row(r);
    }
    if (count > 0) sink(block);
    rowsOut += count;
    segmentEmitted += count;

    const std::size_t newStart = outEnd > margin ? outEnd - margin : 0;
    const std::size_t shift = newStart - bufferStart;
    if (shift > 0) {
      for (Eigen::Index j = 0; j < input.cols(); ++j) {
        double* column = input.col(j).data();
        std::copy(column + shift, column + bufferCount, column);  // forward copy: destination is before source
      }
      bufferStart = newStart;
      bufferCount -= shift;
    }
    nextOut = outEnd;
  }

  // Closes the segment: the resampler's last grid points, then its end rows (trimmed); a
  // segment too short for the filters and the trim is dropped.
  void endSegment(const Sink& sink) {
    if (!segmentOpen) return;
    segmentOpen = false;
    resampler.finishSegment([&](double t, const double* x) { append(t, x, sink); });
    const std::size_t end = bufferStart + bufferCount;
    const bool longEnough = end >= processor.minimumSamples() && end > 2 * trim;
    if (longEnough && nextOut < end - trim) emit(end - trim, end, sink);
    if (segmentEmitted > 0) ++segmentsUsed;
    else ++segmentsTooShort;
    bufferStart = bufferCount = segmentEmitted = 0;
    nextOut = trim;
  }

  void startSegment() {
    resampler.startSegment();
    segmentOpen = true;
    ++segmentsIn;
  }

  int dof;
  SegmentProcessor processor;
  UniformResampler resampler;
  std::size_t blockRows, decimation, margin = 0, trim = 0, capacity = 0;
  double gridRateHz;
  Eigen::Index qCol = 1, qdCol = 1, tauCol = 1;
  Eigen::MatrixXd input;  // capacity x [t | q | qd (logged velocities only) | tau] of the segment, rows from bufferStart
  Eigen::MatrixXd qOut, qdOut, qddOut, tauOut;
  std::vector<const double*> qIn, qdIn, tauIn;
  std::vector<double*> qPtr, qdPtr, qddPtr, tauPtr;
  std::vector<double> sample;  // one raw sample for the resampler
  std::size_t bufferStart = 0, bufferCount = 0, nextOut = 0, rowsIn = 0, rowsOut = 0, segmentEmitted = 0;
  std::size_t segmentsIn = 0, segmentsUsed = 0, segmentsTooShort = 0;
  bool segmentOpen = false;
  ProcessedBlock block;
};

StreamingLogPreprocessor::StreamingLogPreprocessor(int dof, bool hasVelocity, double sampleRateHz,
                                                   const PreprocessOptions& options, std::size_t blockRows)
    : impl_(std::make_unique<Impl>(dof, hasVelocity, sampleRateHz, options, blockRows)) {}

StreamingLogPreprocessor::~StreamingLogPreprocessor() = default;

void StreamingLogPreprocessor::push(const Eigen::Ref<const Eigen::VectorXd>& t,
                                    const Eigen::Ref<const Eigen::MatrixXd>& q,
                                    const Eigen::Ref<const Eigen::MatrixXd>& qd,
                                    const Eigen::Ref<const Eigen::MatrixXd>& tau, const Sink& sink,
                                    const std::vector<std::size_t>& segmentStarts) {
  Impl& s = *impl_;
  const Eigen::Index n = t.size();
  const bool logged = s.processor.loggedVelocity();
  if (q.rows() != n || tau.rows() != n || q.cols() != s.dof || tau.cols() != s.dof ||
      (logged && (qd.rows() != n || qd.cols() != s.dof)))
    throw std::invalid_argument("StreamingLogPreprocessor::push: sizes do not match");
  const auto emit = [&](double time, const double* x) { s.append(time, x, sink); };
  std::size_t nextStart = 0;  // index into segmentStarts
  const Eigen::Index velocity = logged ? s.dof : 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const bool starts = nextStart < segmentStarts.size() && segmentStarts[nextStart] == static_cast<std::size_t>(i);
    if (starts) ++nextStart;
    if (starts || !s.segmentOpen) {
      s.endSegment(sink);
      s.startSegment();
    }
    for (Eigen::Index j = 0; j < s.dof; ++j) {
      s.sample[static_cast<std::size_t>(j)] = q(i, j);
      if (logged) s.sample[static_cast<std::size_t>(s.dof + j)] = qd(i, j);
      s.sample[static_cast<std::size_t>(s.dof + velocity + j)] = tau(i, j);
    }
    s.resampler.push(t(i), s.sample.data(), emit);
    ++s.rowsIn;
  }
}

void StreamingLogPreprocessor::push(const LogBlock& block, const Sink& sink) {
  push(block.t, block.q, block.qd, block.tau, sink, block.segmentStarts);
}

void StreamingLogPreprocessor::endSegment(const Sink& sink) { impl_->endSegment(sink); }

void StreamingLogPreprocessor::finish(const Sink& sink) {
  Impl& s = *impl_;
  s.endSegment(sink);
  if (s.rowsOut == 0) {
    const std::size_t needed = std::max(s.processor.minimumSamples(), 2 * s.trim + 1);
    throw InputError(diagnosticAt(Severity::Error, "", 0, "",
                                  "no segment has the " + std::to_string(needed) + " samples the filters need (" +
                                      std::to_string(s.rowsIn) + " samples in " + std::to_string(s.segmentsIn) +
                                      (s.segmentsIn == 1 ? " segment)" : " segments)")));
  }
}

PreprocessReport StreamingLogPreprocessor::report() const {
  const Impl& s = *impl_;
  PreprocessReport r;
  r.gridRateHz = s.gridRateHz;
  r.cutoffHz = s.processor.options().cutoffHz;
  r.trimSeconds = static_cast<double>(s.trim) / s.gridRateHz;
  r.segmentsIn = s.segmentsIn;
  r.segmentsUsed = s.segmentsUsed;
  r.segmentsTooShort = s.segmentsTooShort;
  r.interpolatedPoints = s.resampler.interpolatedPoints();
  r.rowsIn = s.rowsIn;
  r.rowsOut = s.rowsOut;
  return r;
}

std::size_t StreamingLogPreprocessor::margin() const { return impl_->margin; }
std::size_t StreamingLogPreprocessor::trimRows() const { return impl_->trim; }

std::size_t StreamingLogPreprocessor::workingSetBytes() const {
  const Impl& s = *impl_;
  const auto bytes = [](const Eigen::MatrixXd& m) { return static_cast<std::size_t>(m.size()) * sizeof(double); };
  return bytes(s.input) + bytes(s.qOut) + bytes(s.qdOut) + bytes(s.qddOut) + bytes(s.tauOut) +
         static_cast<std::size_t>(s.block.t.size()) * sizeof(double) + bytes(s.block.q) + bytes(s.block.qd) +
         bytes(s.block.qdd) + bytes(s.block.tau) + s.processor.workspaceBytes();
}

std::size_t StreamingLogPreprocessor::rowsIn() const { return impl_->rowsIn; }
std::size_t StreamingLogPreprocessor::rowsOut() const { return impl_->rowsOut; }

// ---------------------------------------------------------------------------------------------
PreprocessedLog preprocessLog(const ExperimentLog& log, const PreprocessOptions& options) {
  PreprocessedLog out;
  out.source = log.source;
  const int dof = log.dof();
  const double fs = options.sampleRateHz > 0.0 ? options.sampleRateHz : log.sampleRateHz();
  const bool logged = options.useLoggedVelocity && log.hasVelocity();
  if (options.useLoggedVelocity && !log.hasVelocity())
    out.warnings.push_back(diagnosticAt(Severity::Warning, log.source, 0, "",
                                        "no logged velocities: qd computed from the filtered positions"));
  // The same stream as for hour-long logs, over the whole log: one arithmetic.
  StreamingLogPreprocessor processor(dof, logged, fs, options, std::max<std::size_t>(1024, std::min<std::size_t>(log.rows(), 65536)));
  std::vector<std::size_t> starts;
  for (const LogSegment& segment : log.segments()) starts.push_back(segment.firstRow);
  const std::size_t expected = log.rows() + 8;  // grid points of jittered stamps may exceed the samples by a few
  out.t.resize(static_cast<Eigen::Index>(expected));
  out.q.resize(static_cast<Eigen::Index>(expected), dof);
  out.qd.resize(static_cast<Eigen::Index>(expected), dof);
  out.qdd.resize(static_cast<Eigen::Index>(expected), dof);
  out.tau.resize(static_cast<Eigen::Index>(expected), dof);
  std::size_t lastSegment = static_cast<std::size_t>(-1);
  auto grow = [&](std::size_t rows) {
    if (rows <= static_cast<std::size_t>(out.t.size())) return;
    const auto n = static_cast<Eigen::Index>(std::max(rows, 2 * static_cast<std::size_t>(out.t.size())));
    out.t.conservativeResize(n);
    out.q.conservativeResize(n, Eigen::NoChange);
    out.qd.conservativeResize(n, Eigen::NoChange);
    out.qdd.conservativeResize(n, Eigen::NoChange);
    out.tau.conservativeResize(n, Eigen::NoChange);
  };
  const StreamingLogPreprocessor::Sink sink = [&](const ProcessedBlock& b) {
    const auto at = static_cast<Eigen::Index>(b.firstRow);
    const auto r = static_cast<Eigen::Index>(b.rows());
    grow(b.firstRow + b.rows());
    if (b.segment != lastSegment) {
      out.segmentStarts.push_back(b.firstRow);
      lastSegment = b.segment;
    }
    out.t.segment(at, r) = b.t;
    out.q.middleRows(at, r) = b.q;
    out.qd.middleRows(at, r) = b.qd;
    out.qdd.middleRows(at, r) = b.qdd;
    out.tau.middleRows(at, r) = b.tau;
  };
  const Eigen::MatrixXd noVelocity(static_cast<Eigen::Index>(log.rows()), 0);
  try {
    processor.push(log.t, log.q, logged ? log.qd : noVelocity, log.tau, sink, starts);
    processor.finish(sink);
  } catch (const InputError& e) {
    Diagnostic d = e.diagnostic();
    if (d.file.empty()) d.file = log.source;
    throw InputError(d);
  }
  const auto rows = static_cast<Eigen::Index>(processor.rowsOut());
  out.t.conservativeResize(rows);
  out.q.conservativeResize(rows, Eigen::NoChange);
  out.qd.conservativeResize(rows, Eigen::NoChange);
  out.qdd.conservativeResize(rows, Eigen::NoChange);
  out.tau.conservativeResize(rows, Eigen::NoChange);
  out.report = processor.report();
  out.timeBase = log.timeBase;
  out.sampleRateHz = fs / options.decimation;
  return out;
}

// ---------------------------------------------------------------------------------------------
StreamingPreprocessSummary preprocessCsvLogStreaming(const std::string& path, const LogImportOptions& importOptions,
                                                     const PreprocessOptions& options,
                                                     const StreamingLogPreprocessor::Sink& sink,
                                                     std::size_t blockRows) {
  constexpr std::size_t kReadRows = 16384;
  LogBlockReader reader(path, importOptions);
  StreamingPreprocessSummary summary;
  summary.sampleRateHz = options.sampleRateHz > 0.0 ? options.sampleRateHz
                         : reader.nominalStep() > 0.0 ? 1.0 / reader.nominalStep()
                                                      : 0.0;
  summary.cutoffHz = withCutoff(options, summary.sampleRateHz).cutoffHz;
  StreamingLogPreprocessor processor(importOptions.dof, reader.hasVelocity(), summary.sampleRateHz, options, blockRows);
  LogBlock block;
  while (reader.read(block, kReadRows) > 0) {
    processor.push(block, sink);
    if (importOptions.progress && !importOptions.progress(reader.progress())) throw Cancelled("preprocessing " + path);
  }
  try {
    processor.finish(sink);
  } catch (const InputError& e) {
    Diagnostic d = e.diagnostic();
    if (d.file.empty()) d.file = path;
    throw InputError(d);
  }
  summary.inputRows = processor.rowsIn();
  summary.outputRows = processor.rowsOut();
  summary.timeBase = reader.timeBase();
  summary.report = processor.report();
  summary.mapping = reader.mapping();
  summary.notes = reader.notes();
  summary.warnings = reader.warnings();
  summary.workingSetBytes = processor.workingSetBytes() + static_cast<std::size_t>(block.t.size()) * sizeof(double) *
                                                              static_cast<std::size_t>(1 + 4 * importOptions.dof);
  return summary;
}

}  // namespace eb
