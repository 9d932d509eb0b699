#include "identification/log_preprocessing.hpp"

#include "model/model_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace eb {

namespace {

// Transients are cut 10x below the 1e-12 the block/whole comparison needs: derivatives of the
// filtered signal see the residue too.
constexpr double kMarginTolerance = 1e-13;

// Largest sample rate / cutoff ratio (10 kHz with a 0.05 Hz cutoff): see SegmentProcessor.
constexpr double kMaxRateToCutoff = 2e5;

PreprocessOptions withCutoff(PreprocessOptions o, double sampleRateHz) {
  if (o.cutoffHz <= 0.0 && sampleRateHz > 0.0) o.cutoffHz = automaticCutoffHz(sampleRateHz);
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
    margin_ = settlingSamples(filter_, kMarginTolerance) + support_ + 2;
  }

  std::size_t margin() const { return margin_; }
  std::size_t minimumSamples() const { return std::max<std::size_t>(3, support_); }
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
  std::size_t support_ = 2, margin_ = 0;
};

template <class Matrix>
std::vector<double*> columnPointers(Matrix& m, Eigen::Index firstColumn, int count) {
  std::vector<double*> p(static_cast<std::size_t>(count));
  for (int j = 0; j < count; ++j) p[static_cast<std::size_t>(j)] = m.col(firstColumn + j).data();
  return p;
}

std::vector<const double*> constColumnPointers(const Eigen::MatrixXd& m, int count) {
  std::vector<const double*> p(static_cast<std::size_t>(count), nullptr);
  for (int j = 0; j < count && j < m.cols(); ++j) p[static_cast<std::size_t>(j)] = m.col(j).data();
  return p;
}

std::string tooShort(const std::string& source, std::size_t rows, std::size_t needed) {
  return source + ": only " + std::to_string(rows) + " samples; the filters need at least " + std::to_string(needed);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
PreprocessedLog preprocessLog(const ExperimentLog& log, const PreprocessOptions& options) {
  PreprocessedLog out;
  out.source = log.source;
  const int dof = log.dof();
  const double fs = options.sampleRateHz > 0.0 ? options.sampleRateHz : log.sampleRateHz();
  const bool logged = options.useLoggedVelocity && log.hasVelocity();
  if (options.useLoggedVelocity && !log.hasVelocity())
    out.warnings.push_back({0, log.source + ": no logged velocities: qd computed from the filtered positions"});
  SegmentProcessor processor(dof, fs, options, logged);
  const std::size_t n = log.rows();
  if (n < processor.minimumSamples()) throw InputError(tooShort(log.source, n, processor.minimumSamples()));

  const auto rows = static_cast<Eigen::Index>(n);
  Eigen::MatrixXd q(rows, dof), qd(rows, dof), qdd(rows, dof), tau(rows, dof);
  const auto qIn = constColumnPointers(log.q, dof), qdIn = constColumnPointers(log.qd, dof),
             tauIn = constColumnPointers(log.tau, dof);
  processor.run(log.t.data(), qIn.data(), qdIn.data(), tauIn.data(), n, columnPointers(q, 0, dof).data(),
                columnPointers(qd, 0, dof).data(), columnPointers(qdd, 0, dof).data(),
                columnPointers(tau, 0, dof).data());

  const int k = options.decimation;
  out.sampleRateHz = fs / k;
  if (k == 1) {
    out.t = log.t;
    out.q = std::move(q);
    out.qd = std::move(qd);
    out.qdd = std::move(qdd);
    out.tau = std::move(tau);
  } else {
    const Eigen::Index kept = (rows + k - 1) / k;
    out.t.resize(kept);
    out.q.resize(kept, dof);
    out.qd.resize(kept, dof);
    out.qdd.resize(kept, dof);
    out.tau.resize(kept, dof);
    for (Eigen::Index i = 0; i < kept; ++i) {
      out.t(i) = log.t(i * k);
      out.q.row(i) = q.row(i * k);
      out.qd.row(i) = qd.row(i * k);
      out.qdd.row(i) = qdd.row(i * k);
      out.tau.row(i) = tau.row(i * k);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
struct StreamingLogPreprocessor::Impl {
  Impl(int dofIn, bool hasVelocity, double fs, const PreprocessOptions& options, std::size_t blockRowsIn)
      : dof(dofIn),
        processor(dofIn, fs, options, options.useLoggedVelocity && hasVelocity),
        blockRows(blockRowsIn),
        decimation(static_cast<std::size_t>(options.decimation)) {
    if (blockRows < 1) throw std::invalid_argument("StreamingLogPreprocessor: blockRows must be positive");
    margin = processor.margin();
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
  }

  // Computes the segment [bufferStart, segmentEnd) (it always starts at buffer row 0) and emits
  // its rows [nextOut, outEnd); then drops input rows no longer needed as left margin.
  void emit(std::size_t outEnd, std::size_t segmentEnd, const Sink& sink) {
    const std::size_t length = segmentEnd - bufferStart;
    processor.run(input.col(0).data(), qIn.data(), qdIn.data(), tauIn.data(), length, qPtr.data(), qdPtr.data(),
                  qddPtr.data(), tauPtr.data());

    const std::size_t firstKept = (nextOut + decimation - 1) / decimation * decimation;
    const std::size_t count = firstKept < outEnd ? (outEnd - firstKept + decimation - 1) / decimation : 0;
    const auto c = static_cast<Eigen::Index>(count);
    block.firstRow = firstKept / decimation;
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

  int dof;
  SegmentProcessor processor;
  std::size_t blockRows, decimation, margin = 0, capacity = 0;
  Eigen::Index qCol = 1, qdCol = 1, tauCol = 1;
  Eigen::MatrixXd input;  // capacity x [t | q | qd (logged velocities only) | tau], global rows from bufferStart
  Eigen::MatrixXd qOut, qdOut, qddOut, tauOut;
  std::vector<const double*> qIn, qdIn, tauIn;
  std::vector<double*> qPtr, qdPtr, qddPtr, tauPtr;
  std::size_t bufferStart = 0, bufferCount = 0, nextOut = 0, rowsIn = 0, rowsOut = 0;
  ProcessedBlock block;
};

StreamingLogPreprocessor::StreamingLogPreprocessor(int dof, bool hasVelocity, double sampleRateHz,
                                                   const PreprocessOptions& options, std::size_t blockRows)
    : impl_(std::make_unique<Impl>(dof, hasVelocity, sampleRateHz, options, blockRows)) {}

StreamingLogPreprocessor::~StreamingLogPreprocessor() = default;

void StreamingLogPreprocessor::push(const Eigen::Ref<const Eigen::VectorXd>& t,
                                    const Eigen::Ref<const Eigen::MatrixXd>& q,
                                    const Eigen::Ref<const Eigen::MatrixXd>& qd,
                                    const Eigen::Ref<const Eigen::MatrixXd>& tau, const Sink& sink) {
  Impl& s = *impl_;
  const Eigen::Index n = t.size();
  const bool logged = s.processor.loggedVelocity();
  if (q.rows() != n || tau.rows() != n || q.cols() != s.dof || tau.cols() != s.dof ||
      (logged && (qd.rows() != n || qd.cols() != s.dof)))
    throw std::invalid_argument("StreamingLogPreprocessor::push: sizes do not match");
  Eigen::Index offset = 0;
  while (offset < n) {
    const auto space = static_cast<Eigen::Index>(s.capacity - s.bufferCount);
    const Eigen::Index c = std::min(space, n - offset);
    const auto at = static_cast<Eigen::Index>(s.bufferCount);
    s.input.block(at, 0, c, 1) = t.segment(offset, c);
    s.input.block(at, s.qCol, c, s.dof) = q.middleRows(offset, c);
    if (logged) s.input.block(at, s.qdCol, c, s.dof) = qd.middleRows(offset, c);
    s.input.block(at, s.tauCol, c, s.dof) = tau.middleRows(offset, c);
    s.bufferCount += static_cast<std::size_t>(c);
    s.rowsIn += static_cast<std::size_t>(c);
    offset += c;
    // A block is ready once its right margin has arrived; the buffer is then full.
    while (s.bufferStart + s.bufferCount >= s.nextOut + s.blockRows + s.margin)
      s.emit(s.nextOut + s.blockRows, s.nextOut + s.blockRows + s.margin, sink);
  }
}

void StreamingLogPreprocessor::push(const LogBlock& block, const Sink& sink) {
  push(block.t, block.q, block.qd, block.tau, sink);
}

void StreamingLogPreprocessor::finish(const Sink& sink) {
  Impl& s = *impl_;
  if (s.rowsIn < s.processor.minimumSamples())
    throw InputError(tooShort("log", s.rowsIn, s.processor.minimumSamples()));
  const std::size_t end = s.bufferStart + s.bufferCount;
  if (s.nextOut < end) s.emit(end, end, sink);
}

std::size_t StreamingLogPreprocessor::margin() const { return impl_->margin; }

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
StreamingPreprocessSummary preprocessCsvLogStreaming(const std::string& path, const LogImportOptions& importOptions,
                                                     const PreprocessOptions& options,
                                                     const StreamingLogPreprocessor::Sink& sink,
                                                     std::size_t blockRows) {
  constexpr std::size_t kReadRows = 16384;
  LogBlockReader reader(path, importOptions);
  LogBlock block;
  reader.read(block, kReadRows);  // 0 rows: the reader has already thrown "too few rows"
  StreamingPreprocessSummary summary;
  summary.sampleRateHz = options.sampleRateHz > 0.0 ? options.sampleRateHz
                         : reader.nominalStep() > 0.0 ? 1.0 / reader.nominalStep()
                                                      : 0.0;
  summary.cutoffHz = withCutoff(options, summary.sampleRateHz).cutoffHz;
  StreamingLogPreprocessor processor(importOptions.dof, reader.hasVelocity(), summary.sampleRateHz, options, blockRows);
  do {
    processor.push(block, sink);
    if (importOptions.progress && !importOptions.progress(reader.progress()))
      throw InputError(path + ": preprocessing cancelled");
  } while (reader.read(block, kReadRows) > 0);
  processor.finish(sink);
  summary.inputRows = processor.rowsIn();
  summary.outputRows = processor.rowsOut();
  summary.mapping = reader.mapping();
  summary.notes = reader.notes();
  summary.warnings = reader.warnings();
  summary.workingSetBytes = processor.workingSetBytes() + static_cast<std::size_t>(block.t.size()) * sizeof(double) *
                                                              static_cast<std::size_t>(1 + 4 * importOptions.dof);
  return summary;
}

}  // namespace eb
