#pragma once
// PlaybackClock: the animation's time base. While playing it advances the
// time by wall-clock time times the speed on every tick (so a slow frame does
// not slow the motion down), wraps or stops at the end.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace eb::widgets {

class PlaybackClock : public QObject {
  Q_OBJECT
 public:
  explicit PlaybackClock(QObject* parent = nullptr);

  double time() const { return time_; }          ///< [s]
  double duration() const { return duration_; }  ///< [s]
  double speed() const { return speed_; }
  bool isPlaying() const { return timer_.isActive(); }
  bool loops() const { return loop_; }
  /// Tick interval [ms] while playing (default 16: about 60 Hz).
  void setTickInterval(int ms) { timer_.setInterval(ms); }
  /// While held, ticks emit nothing (kMaxHoldMs at most); time keeps running, so the first
  /// tick after the release jumps to where the motion is. The workbench holds playback while
  /// an edit's metrics are computed: every tick repaints the time line and the charts'
  /// cursors, which on a 2-core machine took the cores the metrics need
  /// (docs/workbench-latency.md).
  void hold(bool on);
  bool isHeld() const { return held_; }
  static constexpr int kMaxHoldMs = 40;

 public slots:
  void play();
  void pause();
  void setPlaying(bool playing);
  void setTime(double t);
  void setDuration(double seconds);
  /// Speed factor, clamped to [0.1, 4].
  void setSpeed(double factor);
  void setLoop(bool on);

 signals:
  void timeChanged(double t);
  void playingChanged(bool playing);
  void durationChanged(double seconds);

 private:
  void tick();

  QTimer timer_;
  QTimer holdTimer_;
  QElapsedTimer wall_;
  bool held_ = false;
  double time_ = 0.0;
  double duration_ = 1.0;
  double speed_ = 1.0;
  bool loop_ = true;
};

}  // namespace eb::widgets
