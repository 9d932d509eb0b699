#include "widgets/playback_clock.hpp"

#include <algorithm>
#include <cmath>

namespace eb::widgets {

PlaybackClock::PlaybackClock(QObject* parent) : QObject(parent) {
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(16);
  connect(&timer_, &QTimer::timeout, this, &PlaybackClock::tick);
  holdTimer_.setSingleShot(true);
  holdTimer_.setInterval(kMaxHoldMs);
  connect(&holdTimer_, &QTimer::timeout, this, [this] { hold(false); });
}

void PlaybackClock::hold(bool on) {
  if (on == held_) return;
  held_ = on;
  if (on) {
    holdTimer_.start();
  } else {
    holdTimer_.stop();
    if (timer_.isActive()) tick();  // catch up at once: the motion does not lag behind the numbers
  }
}

void PlaybackClock::play() {
  if (timer_.isActive()) return;
  if (!loop_ && time_ >= duration_) time_ = 0.0;  // replay from the start after a stop at the end
  wall_.start();
  timer_.start();
  emit playingChanged(true);
}

void PlaybackClock::pause() {
  if (!timer_.isActive()) return;
  timer_.stop();
  emit playingChanged(false);
}

void PlaybackClock::setPlaying(bool playing) { playing ? play() : pause(); }

void PlaybackClock::setTime(double t) {
  time_ = std::clamp(t, 0.0, duration_);
  emit timeChanged(time_);
}

void PlaybackClock::setDuration(double seconds) {
  if (!(seconds > 0.0)) return;
  duration_ = seconds;
  emit durationChanged(duration_);
  if (time_ > duration_) setTime(std::fmod(time_, duration_));
}

void PlaybackClock::setSpeed(double factor) { speed_ = std::clamp(factor, 0.1, 4.0); }

void PlaybackClock::setLoop(bool on) { loop_ = on; }

void PlaybackClock::tick() {
  if (held_) return;  // wall_ keeps running: the next tick advances by the held time too
  const double dt = wall_.nsecsElapsed() * 1e-9;
  wall_.start();
  double t = time_ + dt * speed_;
  if (t >= duration_) {
    if (loop_) {
      t = std::fmod(t, duration_);
    } else {
      t = duration_;
      timer_.stop();
      time_ = t;
      emit timeChanged(t);
      emit playingChanged(false);
      return;
    }
  }
  time_ = t;
  emit timeChanged(t);
}

}  // namespace eb::widgets
