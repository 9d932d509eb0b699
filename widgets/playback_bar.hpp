#pragma once
// PlaybackBar: play/pause, back to start, loop, speed (0.1x - 4x), a time
// scrubber and "export frames" for a PlaybackClock.

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace eb::widgets {

class PlaybackClock;

class PlaybackBar : public QWidget {
  Q_OBJECT
 public:
  explicit PlaybackBar(PlaybackClock* clock, QWidget* parent = nullptr);

  QToolButton* playButton() const { return play_; }
  QSlider* scrubber() const { return scrubber_; }
  QComboBox* speedBox() const { return speed_; }

 signals:
  void exportFramesRequested();

 private:
  void showTime(double t);

  PlaybackClock* clock_;
  QToolButton* start_;
  QToolButton* play_;
  QToolButton* loop_;
  QSlider* scrubber_;
  QLabel* time_;
  QComboBox* speed_;
  QToolButton* export_;
};

}  // namespace eb::widgets
