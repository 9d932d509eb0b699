// Workbench speed figures, measured on the real window (run under Xvfb):
//
//   xvfb-run -a -s "-screen 0 1600x1000x24" build-gui/tests/gui/excitebench-gui-bench [--edits 50] [--sliders-only]
//       [--trace-events] [--trace-vector-state]
//
// 1. cold start: `excitebench --startup-probe` launched 5 times; wall time from
//    process launch until it has drawn the Panda at two different times of the
//    playing excitation (median).
// 2. slider latency: a coefficient slider of the built-in Panda (default 5 s
//    excitation, the automatic criterion rate: 251 samples) moved ~50 times while the robot
//    animates; from the slider's valueChanged to (a) the information charts
//    holding the new metrics and (b) those charts repainted (median, p90).
//    The same on the multi-sine editor ("Edit as" Multi-sine, the default excitation
//    converted: 7 joints x 5 components), alternating an amplitude and a frequency slider.
// 3. frame rate of the 3D view: the public Panda (DAE meshes) animating, at the
//    playback clock's 60 Hz tick and unthrottled; also while a slider is dragged.
// Prints one line per figure. Not a ctest: the figures depend on the machine.

#include "app/gui/main_window.hpp"
#include "app/gui/project_controller.hpp"
#include "app/gui/evaluation_service.hpp"
#include "app/gui/workbench_document.hpp"
#include "excitation/default_excitation.hpp"
#include "excitation/trajectory_conversion.hpp"
#include "model/builtin_robots.hpp"
#include "gui_test_support.hpp"
#include "widgets/excitation_editor.hpp"
#include "widgets/information_charts.hpp"
#include "widgets/multisine_editor.hpp"
#include "widgets/playback_clock.hpp"
#include "widgets/robot_view.hpp"
#include "widgets/value_slider.hpp"
#include "test_paths.hpp"

#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QPaintEvent>
#include <QEventLoop>
#include <QTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <thread>
#include <QProcess>
#include <QSlider>
#include <QTest>

#include <algorithm>
#if defined(__x86_64__)
#include <cpuid.h>
#endif
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace eb::gui;

namespace {

// --trace-events: where the GUI thread's time goes while an edit's metrics are computed
// (from the edit to the charts updated): top-level events summed per type and receiver
// class, and the paint events inside them per widget, with the painted rectangle.
// --trace-vector-state: the top-level events after which the AVX upper state is dirty on the
// GUI thread (XINUSE bit 2, xgetbv 1), which makes later SSE code slow (util/vector_state.hpp).
bool upperVectorStateInUse() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  unsigned a = 0, b = 0, c = 0, d = 0;
  static const bool readable =
      __builtin_cpu_supports("avx") && __get_cpuid_count(0x0d, 1, &a, &b, &c, &d) && (a & 4u) != 0;
  if (!readable) return false;
  unsigned lo = 0, hi = 0;
  asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
  return (lo & 4u) != 0;
#else
  return false;
#endif
}

class TracingApplication : public QApplication {
 public:
  using QApplication::QApplication;

  bool tracing = false;
  bool watchVectorState = false;
  std::map<std::string, std::pair<double, int>> spent;  // what -> (ms, count)
  std::map<std::string, int> leftDirty;                 // event -> times the upper state was dirty after it

  bool notify(QObject* receiver, QEvent* event) override {
    if (watchVectorState && depth_ == 0) {
      const std::string key = describeEvent(receiver, event);
      ++depth_;
      const bool r = QApplication::notify(receiver, event);
      --depth_;
      if (upperVectorStateInUse()) ++leftDirty[key];
      return r;
    }
    const bool paint = depth_ > 0 && event->type() == QEvent::Paint;
    if (!tracing || (depth_ > 0 && !paint)) return QApplication::notify(receiver, event);
    // Read before dispatch: a DeferredDelete ends with the receiver gone.
    const std::string key = paint ? describePaint(static_cast<QWidget*>(receiver), static_cast<QPaintEvent*>(event))
                                  : describeEvent(receiver, event);
    ++depth_;
    QElapsedTimer t;
    t.start();
    const bool r = QApplication::notify(receiver, event);
    --depth_;
    auto& e = spent[key];
    e.first += t.nsecsElapsed() * 1e-6;
    ++e.second;
    return r;
  }

 private:
  static std::string describeEvent(const QObject* receiver, const QEvent* event) {
    return "event " + std::to_string(static_cast<int>(event->type())) + " " + receiver->metaObject()->className();
  }
  static std::string describePaint(const QWidget* w, const QPaintEvent* e) {
    std::string text;
    if (const auto* label = qobject_cast<const QLabel*>(w)) text = label->text().left(40).toStdString();
    if (const auto* box = qobject_cast<const QGroupBox*>(w)) text = box->title().toStdString();
    const QWidget* parent = w->parentWidget();
    return "paint " + std::string(w->metaObject()->className()) + " " + w->objectName().toStdString() + " " +
           std::to_string(e->rect().width()) + "x" + std::to_string(e->rect().height()) + " in " +
           (parent ? parent->metaObject()->className() : "-") + " " + text;
  }
  int depth_ = 0;
};

bool traceEvents = false;

TracingApplication* tracer() { return static_cast<TracingApplication*>(qApp); }

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(std::min<double>(v.size() - 1, p * (v.size() - 1) + 0.5))];
}

void coldStart(int runs) {
  std::vector<double> wall, internal;
  for (int i = 0; i < runs; ++i) {
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(QString::fromUtf8(eb::test_paths::kWorkbenchPath), {"--startup-probe"});
    if (!p.waitForFinished(30000)) {
      std::printf("cold start: excitebench did not finish\n");
      p.kill();
      return;
    }
    const double ms = t.nsecsElapsed() * 1e-6;
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const int at = out.indexOf("first_animated_frame_ms ");
    if (at < 0) {
      std::printf("cold start: no probe line (%s)\n", qPrintable(QString::fromUtf8(p.readAllStandardError())));
      return;
    }
    internal.push_back(out.mid(at + 24).split('\n').first().toDouble());
    wall.push_back(ms);  // includes shutdown after the frame
  }
  std::printf("cold start to first animated frame (panda): median %.0f ms from main(), %.0f ms launch-to-exit "
              "wall (incl. shutdown), %d runs\n",
              percentile(internal, 0.5), percentile(wall, 0.5), runs);
}

// Moves each slider of `sliders` in turn, `edits` times in all, and prints the latency figures under `what`.
void measureSliders(MainWindow& w, const std::vector<QSlider*>& sliders, int edits, const char* what) {
  WorkbenchDocument* doc = w.document();
  QWidget* info = w.informationPanel();
  std::vector<double> model, painted, worker, sync, whole, waited, sampling, delivered;
  QElapsedTimer t;
  std::chrono::steady_clock::time_point editAt, shownAt;
  double modelMs = -1.0;
  // An event loop, not QTest::qWaitFor (which sleeps 10 ms between polls), so
  // the wait adds nothing to what is measured.
  QEventLoop loop;
  QTimer timeout;
  timeout.setSingleShot(true);
  QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
  // (a) is taken when the document has handed the new metrics to the charts.
  const QMetaObject::Connection connection = QObject::connect(doc, &WorkbenchDocument::metricsUpdated, &w, [&] {
    if (doc->metricsAreCurrent() && modelMs < 0.0) {
      modelMs = t.nsecsElapsed() * 1e-6;
      shownAt = std::chrono::steady_clock::now();
      tracer()->tracing = false;
      loop.quit();
    }
  });
  const quint64 framesBefore = w.robotView()->framesRendered();
  QElapsedTimer total;
  total.start();
  for (int i = 0; i < edits; ++i) {
    QSlider* slider = sliders[static_cast<size_t>(i) % sliders.size()];
    const int round = i / static_cast<int>(sliders.size());
    modelMs = -1.0;
    t.start();
    editAt = std::chrono::steady_clock::now();
    tracer()->tracing = traceEvents;
    const quint64 serial = doc->metrics() ? doc->metrics()->serial : 0;
    slider->setValue(slider->value() + (round % 2 ? -40 : 40));
    const double syncMs = t.nsecsElapsed() * 1e-6;
    if (modelMs < 0.0 && doc->metricsAreCurrent() && doc->metrics()->serial == serial) continue;  // no change
    if (modelMs < 0.0) {
      timeout.start(5000);
      loop.exec();
    }
    if (modelMs < 0.0) break;
    info->repaint();  // (b): synchronous paint of the three charts
    painted.push_back(t.nsecsElapsed() * 1e-6);
    model.push_back(modelMs);
    worker.push_back(doc->metrics()->metricsMs);
    sampling.push_back(doc->metrics()->samplingMs);
    using Ms = std::chrono::duration<double, std::milli>;
    waited.push_back(Ms(doc->metrics()->startedAt - editAt).count());
    delivered.push_back(Ms(shownAt - doc->metrics()->metricsAt).count());
    sync.push_back(syncMs);
    if (QTest::qWaitFor([&] { return doc->evaluationIsCurrent(); }, 5000)) whole.push_back(doc->evaluation()->totalMs);
    QTest::qWait(30);
  }
  QObject::disconnect(connection);
  const double fps = (w.robotView()->framesRendered() - framesBefore) / (total.nsecsElapsed() * 1e-9);
  std::printf("%s: slider edit -> info charts updated (panda, automatic criterion rate): median %.1f ms, p90 %.1f ms (%zu edits)\n",
              what, percentile(model, 0.5), percentile(model, 0.9), model.size());
  std::printf("%s: slider edit -> info charts repainted: median %.1f ms, p90 %.1f ms\n", what,
              percentile(painted, 0.5), percentile(painted, 0.9));
  std::printf("  of which: edit to worker start %.1f ms, worker metrics (sampling + information matrix + criteria) "
              "%.1f ms (setup %.1f ms), metrics to charts updated %.1f ms (medians)\n",
              percentile(waited, 0.5), percentile(worker, 0.5), percentile(sampling, 0.5), percentile(delivered, 0.5));
  std::printf("  whole evaluation after it (torques, constraint checks, chart data): median %.1f ms\n",
              percentile(whole, 0.5));
  std::printf("  of which the GUI thread's own work inside the edit (editor, document, views): median %.1f ms\n",
              percentile(sync, 0.5));
  std::printf("  3D view while editing: %.1f fps\n", fps);
  if (traceEvents) {
    std::vector<std::pair<double, std::string>> rows;
    for (const auto& [key, v] : tracer()->spent) rows.emplace_back(v.first, key + " x" + std::to_string(v.second));
    std::sort(rows.rbegin(), rows.rend());
    for (size_t i = 0; i < std::min<size_t>(rows.size(), 25); ++i)
      std::printf("    GUI thread while metrics pending: %7.1f ms over %zu edits: %s\n", rows[i].first,
                  model.size(), rows[i].second.c_str());
    tracer()->spent.clear();
  }
}

void sliderLatency(MainWindow& w, int edits) {
  WorkbenchDocument* doc = w.document();
  w.projects()->newProject({"panda", {}});
  if (!QTest::qWaitFor([&] { return doc->evaluationIsCurrent(); }, 30000)) {
    std::printf("slider latency: no first evaluation\n");
    return;
  }
  w.clock()->play();
  eb::widgets::ExcitationEditor* editor = w.excitationEditor();
  editor->setCurrentJoint(2);
  measureSliders(w, {editor->firstCoefficientControl(2)->slider()}, edits, "Fourier a/b");

  // The multi-sine editor: the default excitation converted (frequencies on the 5 s grid, snapping off
  // so every move of the frequency slider is a new frequency).
  editor->editAsBox()->setCurrentIndex(2);
  eb::widgets::MultisineEditor* ms = editor->multisineEditor();
  eb::project::MultisineSettings free = doc->settings().multisine;
  free.snapToGrid = false;
  doc->setMultisineSettings(free);
  if (!doc->multisine() || !QTest::qWaitFor([&] { return doc->evaluationIsCurrent(); }, 30000)) {
    std::printf("multi-sine slider latency: no multi-sine evaluation\n");
    return;
  }
  editor->setCurrentJoint(2);
  measureSliders(w, {ms->amplitudeControl(1)->slider(), ms->frequencyControl(2)->slider()}, edits,
                 "Multi-sine amplitude + frequency");
  while (!doc->fourier() && doc->undoStack()->canUndo()) doc->undoStack()->undo();  // the Fourier editor again
}

// The worker's metrics stage alone for the same motion as a Fourier series and as its
// multi-sine conversion, interleaved so both see the same machine load.
void workerInterleaved(int runs) {
  auto panda = std::make_shared<const eb::RobotModel>(eb::builtinRobot("panda"));
  EvaluationRequest fourier;
  fourier.robot = panda;
  fourier.robotKey = 1;
  fourier.trajectory = eb::defaultExcitation(*panda);
  EvaluationRequest multisine = fourier;
  multisine.trajectory = eb::multisineFromFourier(std::get<eb::FourierTrajectory>(fourier.trajectory));
  Evaluator evaluator;
  std::vector<double> f, m;
  for (int i = 0; i < runs; ++i) {
    double ms = 0.0;
    evaluator.evaluate(fourier, [&](const EvaluationResult& r) { ms = r.metricsMs; });
    f.push_back(ms);
    evaluator.evaluate(multisine, [&](const EvaluationResult& r) { ms = r.metricsMs; });
    m.push_back(ms);
  }
  std::printf("worker metrics stage, interleaved (panda, 2501 samples, %d runs each): Fourier median %.1f ms, "
              "multi-sine median %.1f ms\n",
              runs, percentile(f, 0.5), percentile(m, 0.5));
}

void frameRate(MainWindow& w, const QString& urdf, const QString& root) {
  if (!QFileInfo::exists(urdf)) {
    std::printf("frame rate: %s not found\n", qPrintable(urdf));
    return;
  }
  w.projects()->newProject({urdf, root});
  if (!QTest::qWaitFor([&] { return w.document()->evaluationIsCurrent(); }, 60000)) {
    std::printf("frame rate: no evaluation of %s\n", qPrintable(urdf));
    return;
  }
  eb::widgets::RobotView* view = w.robotView();
  eb::widgets::PlaybackClock* clock = w.clock();
  auto measure = [&](int tickMs, double seconds) {
    clock->setTickInterval(tickMs);
    clock->play();
    QTest::qWait(300);
    const quint64 f0 = view->framesRendered();
    QElapsedTimer t;
    t.start();
    QTest::qWait(static_cast<int>(seconds * 1000));
    return (view->framesRendered() - f0) / (t.nsecsElapsed() * 1e-9);
  };
  const double at60 = measure(16, 4.0);
  const double unthrottled = measure(0, 4.0);
  clock->setTickInterval(16);
  // While a slider is dragged (an edit every 33 ms, the worker busy).
  QSlider* slider = w.excitationEditor()->firstCoefficientControl(3)->slider();
  const quint64 f0 = view->framesRendered();
  QElapsedTimer t;
  t.start();
  slider->setSliderDown(true);
  for (int i = 0; i < 90; ++i) {
    slider->setValue(slider->value() + (i % 20 < 10 ? 5 : -5));
    QTest::qWait(33);
  }
  slider->setSliderDown(false);
  const double dragging = (view->framesRendered() - f0) / (t.nsecsElapsed() * 1e-9);
  const QSize size = view->size() * view->devicePixelRatioF();
  std::printf("3D view, public Panda with DAE meshes, %dx%d px: %.1f fps at the 60 Hz playback tick, %.1f fps "
              "unthrottled, %.1f fps while dragging a slider\n",
              size.width(), size.height(), at60, unthrottled, dragging);
}

// The machine may be shared: the figures mean little without the load they were taken under.
void printLoad(const char* when) {
  QFile f("/proc/loadavg");
  if (f.open(QIODevice::ReadOnly))
    std::printf("load average %s: %s (%d cores)\n", when, f.readLine().trimmed().constData(), static_cast<int>(std::thread::hardware_concurrency()));
}

}  // namespace

int main(int argc, char** argv) {
  test::prepareApplication();
  TracingApplication app(argc, argv);
  int edits = 50;
  const QStringList args = app.arguments();
  if (const int i = static_cast<int>(args.indexOf("--edits")); i >= 0 && i + 1 < args.size()) edits = args[i + 1].toInt();

  printLoad("before");
  const bool slidersOnly = args.contains("--sliders-only");
  traceEvents = args.contains("--trace-events");
  if (!slidersOnly) {
    workerInterleaved(30);
    coldStart(5);
  }

  MainWindowOptions options;
  options.prompts = std::make_shared<test::FakePrompts>();
  options.restoreLayout = false;
  options.autosaveSeconds = 3600;
  MainWindow w(options);
  w.resize(1600, 1000);
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) std::printf("window not exposed: figures may be off\n");
  app.watchVectorState = args.contains("--trace-vector-state");
  sliderLatency(w, edits);
  for (const auto& [key, n] : app.leftDirty)
    std::printf("AVX upper state dirty on the GUI thread after %s: %d times\n", key.c_str(), n);
  const QString robots = QString::fromUtf8(eb::test_paths::kSharedRobotsDir);
  if (!slidersOnly) frameRate(w, robots + "/example-robot-data/robots/panda_description/urdf/panda.urdf", robots);
  printLoad("after");
  w.document()->setClean();
  return 0;
}
